// The pieces of the tender list with a text, timed apart in this process on kept B14 databases (decision 036):
// the capped count, the page, and the whole call, p50 of 200 runs each.
//   PROBE_URLS   comma-separated databases kept by B14 (BENCH_CURVE_KEEP=1): a PostgreSQL URL, or sqlite:FILE
import { tmpdir } from 'node:os';
import { URLSearchParams } from 'node:url';
import { loadServerModules } from '../lib/server-modules.mjs';
import { measureInProcess } from '../lib/load.mjs';

const urls = (process.env.PROBE_URLS ?? '').split(',').filter(Boolean);
if (urls.length === 0) throw new Error('PROBE_URLS: the databases to read (kept by B14 with BENCH_CURVE_KEEP=1)');
const server = await loadServerModules({
  openDatabase: 'db/database.ts#openDatabase',
  countTendersUpTo: 'modules/tenders/tenders.repository.ts#countTendersUpTo',
  listTenderRows: 'modules/tenders/tenders.repository.ts#listTenders',
  listTenders: 'modules/tenders/tenders.service.ts#listTenders',
  tenderListQuery: '../../../packages/shared/src/tenders.ts#tenderListQuery',
  createMemoryEventBus: 'plugins/event-bus.ts#createMemoryEventBus',
  TENDER_TOTAL_CAP: '../../../packages/shared/src/list-answers.ts#TENDER_TOTAL_CAP',
});

/** p50 of 200 timed calls after 20 unmeasured ones, in ms. */
const p50 = async (call) => (await measureInProcess(call, { warmup: 20, iterations: 200 })).latency.p50.toFixed(2);

for (const url of urls) {
  const database = server.openDatabase({ url, dataDir: tmpdir() });
  try {
    const { db } = database;
    const viewer = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'bench-curve@yuktender.uz')
      .executeTakeFirstOrThrow();
    const ctx = { db, bus: server.createMemoryEventBus() };
    for (const [label, query] of [
      ['q', 'limit=50&q=sement'],
      ['name', 'limit=50&name=olma'],
    ]) {
      const params = server.tenderListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const filter = { viewerId: viewer.id, ...(params.q ? { q: params.q } : { name: params.name }) };
      const counted = await server.countTendersUpTo(db, filter, server.TENDER_TOTAL_CAP);
      const matching = counted.more ? Number.POSITIVE_INFINITY : counted.total;
      const count = await p50(() => server.countTendersUpTo(db, filter, server.TENDER_TOTAL_CAP));
      const page = await p50(() => server.listTenderRows(db, filter, { limit: params.limit + 1 }, matching));
      const whole = await p50(() => server.listTenders(ctx, viewer.id, params, 'all'));
      console.log(
        `${database.describe}, ${label}: ${counted.total}${counted.more ? '+' : ''} matching; ` +
          `p50 count ${count} ms, page ${page} ms, the whole call ${whole} ms`,
      );
    }
  } finally {
    await database.close();
  }
}
