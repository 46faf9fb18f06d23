// The built server's resident memory once idle, as B5 reads it (started on an empty data folder, healthy, then
// 2 s idle), split as /proc gives it: anonymous pages (heaps, compiled code) and file pages (node, native
// modules). Each variant's environment is started in turn, round after round.
//   PROBE_ROUNDS     starts per variant (default 5)
//   PROBE_VARIANTS   JSON: { "name": { "ENV": "value" } } (default: as is, and without the API document)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from '../lib/server.mjs';
import { median } from '../lib/stats.mjs';
import { cores, memoryMb, pinSelf } from '../lib/system.mjs';

const rounds = Number(process.env.PROBE_ROUNDS ?? 5);
const variants = JSON.parse(process.env.PROBE_VARIANTS ?? '{"as is":{},"no API document":{"API_DOCS":"false"}}');

pinSelf(cores.bench);
const seen = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round < rounds; round += 1) {
  for (const [name, env] of Object.entries(variants)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-probe-rss-'));
    const app = await startBuiltServer({ dataDir, core: cores.server, env, pollMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const memory = memoryMb(app.pid, ['VmRSS', 'RssAnon', 'RssFile']);
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    seen[name].push(memory);
    console.log(
      `${name}, start ${round + 1}: ` +
        Object.entries(memory)
          .map(([key, mb]) => `${key} ${mb.toFixed(1)} MB`)
          .join(', '),
    );
  }
}
for (const [name, runs] of Object.entries(seen)) {
  const rss = runs.map((memory) => memory.VmRSS);
  console.log(`${name}: RSS median ${median(rss).toFixed(1)}, max ${Math.max(...rss).toFixed(1)} MB`);
}
