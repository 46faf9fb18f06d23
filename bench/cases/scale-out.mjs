// B2 and B3 on several instances: one and then two app instances on PostgreSQL and Redis behind nginx (the
// deploy/nginx.conf of the multi-instance test), bids through nginx and live viewers spread over the
// instances by nginx. Needs DATABASE_URL (a PostgreSQL admin connection), REDIS_URL and nginx; skipped otherwise.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { postgresAdminUrl } from '../lib/postgres.mjs';
import { BENCH_BIDS_QUOTA } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { round } from '../lib/stats.mjs';
import { bidLatency, bidLoad, bidModules, carrierTokens, checkInvariants, seedBidding } from './bids.mjs';
import { measure, prepareLiveTender } from './live-minimum.mjs';

const mainJs = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
const redisUrl = process.env.REDIS_URL || undefined;
const nginxFound = ['/usr/sbin/nginx', '/usr/bin/nginx', process.env.NGINX_PATH].some(
  (path) => path && existsSync(path),
);

/** One cluster size: B2 spread over the tenders (where instances can work in parallel) and B3 live minimum. */
async function measureCluster({ startCluster, server, instances, seconds, log }) {
  const cluster = await startCluster(instances, {
    adminUrl: postgresAdminUrl,
    redisUrl,
    bundle: mainJs,
    env: { QUOTA_BIDS: BENCH_BIDS_QUOTA },
  });
  const label = `${instances} instance${instances > 1 ? 's' : ''} behind nginx`;
  try {
    const database = server.openDatabase({ url: cluster.databaseUrl, dataDir: '.' });
    try {
      const seeded = await seedBidding(server, database);
      const tokens = await carrierTokens(cluster.nginxUrl, seeded.carriers);
      const load = {
        url: cluster.nginxUrl,
        tokens,
        tenderIds: seeded.tenderIds,
        spread: true,
        sequence: { counter: 0 },
      };
      await bidLoad({ ...load, seconds: 2 }); // warm-up
      const max = await bidLoad({ ...load, seconds });
      const rate = Math.max(1, Math.floor((max.accepted + max.refused) / seconds / 2));
      const fixed = await bidLatency({ ...load, seconds, rate });
      const invariants = await checkInvariants(database);
      log(
        `B2 spread, ${label}: ${(max.accepted / seconds).toFixed(0)} accepted/s (${max.limited} over a quota, ${max.failed} failed); at ${rate} req/s ` +
          `p50 ${fixed.latency.p50.toFixed(2)} / p99 ${fixed.latency.p99.toFixed(2)} ms; ${invariants.violations} invariant violations`,
      );
      const live = await prepareLiveTender(cluster.nginxUrl);
      const sse = await measure({
        label: `B3, ${label}`,
        viewerUrl: `${cluster.nginxUrl}/api/tenders/${live.tenderId}/events`,
        headers: { authorization: `Bearer ${live.viewerToken}` },
        pids: cluster.pids,
        log,
        publish: (amount) => live.bid(amount),
      });
      return { label, max, fixed, invariants, sse, seconds };
    } finally {
      await database.close();
    }
  } finally {
    await cluster.stop();
  }
}

export default {
  name: 'B2/B3 scale-out',
  async run({ seconds, log }) {
    if (!postgresAdminUrl || !redisUrl || !nginxFound) {
      const missing = [!postgresAdminUrl && 'DATABASE_URL', !redisUrl && 'REDIS_URL', !nginxFound && 'nginx']
        .filter(Boolean)
        .join(', ');
      log(`skipped: needs ${missing}`);
      return [{ case: 'B2/B3 on two instances behind nginx', target: `skipped (needs ${missing})` }];
    }
    const { startCluster } = await loadServerModules({ startCluster: '../test/scaleout/cluster.ts#startCluster' });
    const server = await loadServerModules(bidModules);
    const runs = [];
    for (const instances of [1, 2]) runs.push(await measureCluster({ startCluster, server, instances, seconds, log }));
    const rows = [];
    for (const run of runs) {
      // a bid over a quota is a fault of the run too: the bench's bids quota is far above its load
      const failed = run.max.failed + run.max.limited;
      rows.push({
        case: `B2 bids spread, PostgreSQL + Redis, ${run.label}`,
        acceptedPerSec: round(run.max.accepted / run.seconds, 0),
        p50: round(run.fixed.latency.p50),
        p99: round(run.fixed.latency.p99),
        invariantViolations: run.invariants.violations,
        target: 'invariants hold; compare one and two instances',
        met: run.invariants.violations === 0 && failed === 0,
      });
      rows.push({
        case: `B3 live minimum, PostgreSQL + Redis, ${run.label}`,
        p50: round(run.sse.summary.p50),
        p99: round(run.sse.summary.p99),
        delivered: `${run.sse.delivered}/${run.sse.expected}`,
        kbPerViewer: round(run.sse.perViewerKb, 1),
        target: 'every viewer gets every update; compare one and two instances',
        met: run.sse.delivered === run.sse.expected,
      });
    }
    const [one, two] = runs;
    rows.push({
      case: 'B2 scale-out: two instances ÷ one (accepted/s)',
      ratio: round(two.max.accepted / one.max.accepted, 2),
      target: 'what a second instance buys on this machine',
    });
    return rows;
  },
};
