// B0: GET /api/health of the built server beside a raw node:http server answering the same JSON, both on the
// server's core, at the same concurrency.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureMaxRate } from '../lib/load.mjs';
import { freePort, startBuiltServer } from '../lib/server.mjs';
import { round } from '../lib/stats.mjs';
import { pinnedCommand } from '../lib/system.mjs';

const RAW_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok', database: 'ok', redis: 'off' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

async function startRawServer(core) {
  const port = await freePort();
  const [command, args] = pinnedCommand(core, [process.execPath, '-e', RAW_SERVER]);
  const child = spawn(command, args, { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

export default {
  name: 'B0 health',
  async run({ cores, seconds, connections, log }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-health-'));
    const raw = await startRawServer(cores.server);
    const app = await startBuiltServer({ dataDir, core: cores.server });
    try {
      const rounds = [];
      // interleaved: warm-up, then three rounds of each
      await measureMaxRate({ url: `${app.url}/api/health`, connections, seconds: 2 });
      await measureMaxRate({ url: `${raw.url}/`, connections, seconds: 2 });
      for (let i = 0; i < 3; i += 1) {
        const ours = await measureMaxRate({ url: `${app.url}/api/health`, connections, seconds });
        const baseline = await measureMaxRate({ url: `${raw.url}/`, connections, seconds });
        rounds.push({ ours, baseline });
        log(`round ${i + 1}: app ${ours.reqPerSec.toFixed(0)} req/s, raw node:http ${baseline.reqPerSec.toFixed(0)} req/s`);
      }
      const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const ours = median(rounds.map((r) => r.ours.reqPerSec));
      const baseline = median(rounds.map((r) => r.baseline.reqPerSec));
      const p50 = median(rounds.map((r) => r.ours.latency.p50));
      const p99 = median(rounds.map((r) => r.ours.latency.p99));
      return [
        {
          case: 'B0 GET /api/health',
          maxReqPerSec: round(ours, 0),
          baselineReqPerSec: round(baseline, 0),
          p50: round(p50),
          p99: round(p99),
          ratio: round(ours / baseline, 2),
          target: '≥ 0.9× raw node:http req/s',
          met: ours / baseline >= 0.9,
        },
      ];
    } finally {
      raw.stop();
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
