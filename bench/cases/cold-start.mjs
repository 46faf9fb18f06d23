// B5: cold start of the built server to a healthy /api/health (migrations of an empty database included),
// and its resident memory once idle.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from '../lib/server.mjs';
import { median, round } from '../lib/stats.mjs';
import { rssMb } from '../lib/system.mjs';

export default {
  name: 'B5 cold start',
  async run({ cores, log }) {
    const starts = [];
    const rss = [];
    for (let i = 0; i < 5; i += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-cold-'));
      const started = process.hrtime.bigint();
      const app = await startBuiltServer({ dataDir, core: cores.server, pollMs: 10 });
      starts.push(Number(process.hrtime.bigint() - started) / 1e6);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // taskset execs node, so the pid is the server's own
      rss.push(rssMb(app.pid));
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    log(
      `starts (ms): ${starts.map((v) => v.toFixed(0)).join(', ')}; idle RSS (MB): ${rss.map((v) => v.toFixed(0)).join(', ')}`,
    );
    return [
      {
        case: 'B5 cold start to healthy',
        p50: round(median(starts), 0),
        p99: round(Math.max(...starts), 0),
        target: '≤ 1500 ms',
        met: median(starts) <= 1500,
        unit: 'ms',
      },
      {
        case: 'B5 idle RSS',
        p50: round(median(rss), 1),
        p99: round(Math.max(...rss), 1),
        target: '≤ 150 MB',
        met: Math.max(...rss) <= 150,
        unit: 'MB',
      },
    ];
  },
};
