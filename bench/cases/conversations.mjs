// B12: the shipment conversation. 2,000 shipments on the way, each owner's page open on its shipment's event
// stream (2,000 streams), while the carriers write 50 messages a second spread over the shipments: the delay from
// the request of a message to its arrival on the other side's stream, beside a raw node:http SSE broadcaster
// (B3's baseline) carrying the same events to the same number of streams.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { median, round, summarize } from '../lib/stats.mjs';
import { pinnedCommand } from '../lib/system.mjs';
import { openViewers, RAW_BROADCASTER } from './live-minimum.mjs';
import { modules, seed } from './positions.mjs';

const SHIPMENTS = Number(process.env.BENCH_CONVERSATIONS ?? 2_000);
const MESSAGES_PER_SECOND = Number(process.env.BENCH_MESSAGES_PER_SECOND ?? 50);
const TARGET_P99_MS = 100;
/** A message's text is `m<sequence>`: the streams find the sequence after this, as bytes. */
const MARKER = Buffer.from('"text":"m');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Streams open on every shipment, then `seconds` of messages at the fixed rate; the delays of the deliveries. */
async function measure({ streamUrl, headers, count, send, seconds, log, label, sequence }) {
  const sentAt = new Map();
  const latencies = [];
  const streams = await openViewers(
    streamUrl,
    headers,
    count,
    (value, at) => {
      const t0 = sentAt.get(value);
      if (t0 !== undefined) latencies.push(at - t0);
    },
    MARKER,
  );
  await sleep(1000);
  const total = seconds * MESSAGES_PER_SECOND;
  const startedAt = performance.now();
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    // on schedule, whatever the answers: a slow answer must not slow the arrivals (coordinated omission)
    const due = startedAt + (i * 1000) / MESSAGES_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    sequence.next += 1;
    const value = sequence.next;
    sentAt.set(value, performance.now());
    pending.push(send(value, i % count));
  }
  await Promise.all(pending);
  await sleep(1000);
  streams.close();
  const summary = summarize(latencies);
  log(
    `${label}: ${streams.opened} streams, ${latencies.length}/${total} delivered, p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms`,
  );
  return { summary, delivered: latencies.length, expected: total };
}

export default {
  name: 'B12 conversations',
  async run({ cores, seconds, rounds, log }) {
    const server = await loadServerModules(modules);
    const secret = randomBytes(32).toString('hex');
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-conversations-'));
    try {
      const database = server.openDatabase({ url: undefined, dataDir });
      await server.migrateToLatest(database);
      const carriers = await seed(server, database.db, SHIPMENTS, secret);
      // the one owner of every shipment, signed in: their page is open on each
      const { owner_id: ownerId } = await database.db
        .selectFrom('shipments')
        .select('owner_id')
        .limit(1)
        .executeTakeFirstOrThrow();
      const sessionId = randomUUID();
      await server.insertSession(database.db, {
        id: sessionId,
        user_id: ownerId,
        created_at: new Date().toISOString(),
      });
      const ownerToken = await server.createTokenService(secret).signAccess({ userId: ownerId, sessionId });
      await database.close();
      log(`${SHIPMENTS} shipments on the way seeded`);

      // the carriers write far faster than a person: no quota refuses the bench's messages
      const instance = await startBuiltServer({
        dataDir,
        core: cores.server,
        env: { JWT_SECRET: secret, QUOTA_MESSAGES: 'off' },
      });
      const port = await freePort();
      const [command, args] = pinnedCommand(cores.server, [process.execPath, '-e', RAW_BROADCASTER]);
      const raw = spawn(command, args, {
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise((resolve) => raw.stdout.once('data', resolve));
      const results = [];
      const sequence = { next: 0 };
      try {
        for (let i = 0; i < rounds; i += 1) {
          const ours = await measure({
            label: `app, round ${i + 1}`,
            streamUrl: (s) => `${instance.url}/api/shipments/${encodeURIComponent(carriers[s].number)}/events`,
            headers: { authorization: `Bearer ${ownerToken}` },
            count: SHIPMENTS,
            seconds,
            log,
            sequence,
            send: async (value, s) => {
              const res = await fetch(
                `${instance.url}/api/shipments/${encodeURIComponent(carriers[s].number)}/messages`,
                {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${carriers[s].token}` },
                  body: JSON.stringify({ text: `m${value}` }),
                },
              );
              if (res.status !== 201) throw new Error(`message refused: ${res.status} ${await res.text()}`);
            },
          });
          const baseline = await measure({
            label: `raw node:http broadcaster, round ${i + 1}`,
            streamUrl: `http://127.0.0.1:${port}/`,
            headers: {},
            count: SHIPMENTS,
            seconds,
            log,
            sequence,
            // the raw broadcaster sends each event to every stream: its cost per event is the upper bound
            send: (value) =>
              fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: JSON.stringify({ text: `m${value}` }) }),
          });
          results.push({ ours, baseline });
        }
      } finally {
        raw.kill('SIGKILL');
        await instance.stop();
      }
      const pick = (fn) => median(results.map(fn));
      const p99 = pick((r) => r.ours.summary.p99);
      const delivered = results.reduce((sum, r) => sum + r.ours.delivered, 0);
      const expected = results.reduce((sum, r) => sum + r.ours.expected, 0);
      return [
        {
          case: `B12 conversations: ${SHIPMENTS} shipments, ${SHIPMENTS} open streams, ${MESSAGES_PER_SECOND} messages/s`,
          rounds,
          p50: round(pick((r) => r.ours.summary.p50)),
          p99: round(p99),
          baselineP50: round(pick((r) => r.baseline.summary.p50)),
          baselineP99: round(pick((r) => r.baseline.summary.p99)),
          delivered: `${delivered}/${expected}`,
          targetP99: TARGET_P99_MS,
          met: p99 <= TARGET_P99_MS && delivered === expected,
        },
      ];
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
