// The built server's resident memory once idle, as B5 reads it (started on an empty data folder, healthy, then
// 2 s idle), split as /proc gives it: anonymous pages (heaps, compiled code) and file pages (node, native
// modules). Each variant's environment is started in turn, round after round.
//   PROBE_ROUNDS     starts per variant (default 5)
//   PROBE_IDLE_MS    idle times to read it after, comma-separated (default 2000, B5's; V8 shrinks its young
//                    generation only after the process has been idle a while)
//   PROBE_VARIANTS   JSON: { "name": { "ENV": "value" } } (default: as is, and without the API document)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from '../lib/server.mjs';
import { median } from '../lib/stats.mjs';
import { cores, memoryMb, pinSelf } from '../lib/system.mjs';

const rounds = Number(process.env.PROBE_ROUNDS ?? 5);
const idleTimes = (process.env.PROBE_IDLE_MS ?? '2000').split(',').map(Number);
const variants = JSON.parse(process.env.PROBE_VARIANTS ?? '{"as is":{},"no API document":{"API_DOCS":"false"}}');

pinSelf(cores.bench);
const seen = Object.fromEntries(
  Object.keys(variants).flatMap((name) => idleTimes.map((atMs) => [`${name} at ${atMs} ms`, []])),
);
for (let round = 0; round < rounds; round += 1) {
  for (const [name, env] of Object.entries(variants)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-probe-rss-'));
    const app = await startBuiltServer({ dataDir, core: cores.server, env, pollMs: 10 });
    let idleMs = 0;
    for (const atMs of idleTimes) {
      await new Promise((resolve) => setTimeout(resolve, atMs - idleMs));
      idleMs = atMs;
      const memory = memoryMb(app.pid, ['VmRSS', 'RssAnon', 'RssFile']);
      seen[`${name} at ${atMs} ms`].push(memory);
      console.log(
        `${name}, start ${round + 1}, ${atMs} ms idle: ` +
          Object.entries(memory)
            .map(([key, mb]) => `${key} ${mb.toFixed(1)} MB`)
            .join(', '),
      );
    }
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
for (const [name, runs] of Object.entries(seen)) {
  const rss = runs.map((memory) => memory.VmRSS);
  console.log(`${name}: RSS median ${median(rss).toFixed(1)}, max ${Math.max(...rss).toFixed(1)} MB`);
}
