// B0: GET /api/health of the built server beside a raw node:http server answering the same JSON (the target's
// baseline) and a bare Fastify app (what the framework alone costs), all on the server's core, at the same concurrency.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureMaxRate } from '../lib/load.mjs';
import { freePort, startBuiltServer } from '../lib/server.mjs';
import { median, round } from '../lib/stats.mjs';
import { pinnedCommand } from '../lib/system.mjs';

// APP_HEADERS, when given: the app's own headers (its security headers and content type, copied from one of its
// answers), for what those headers alone cost node:http beside what the app does with them. The two raw servers
// then differ in their headers only.
const RAW_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok', database: 'ok', redis: 'off' });
const given = process.env.APP_HEADERS ? JSON.parse(process.env.APP_HEADERS) : { 'content-type': 'application/json; charset=utf-8' };
const headers = { ...given, 'content-length': Buffer.byteLength(body) };
http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

/** The headers of an answer of the app that every answer carries (not those of the connection or this body). */
async function appHeaders(url) {
  const answer = await fetch(url);
  await answer.arrayBuffer();
  const perAnswer = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...answer.headers].filter(([name]) => !perAnswer.has(name)));
}

// The same answer from a bare Fastify app (no logger, hooks or plugins): what the framework itself costs.
const BARE_FASTIFY = `
const fastify = require(process.env.FASTIFY_PATH)({ logger: false });
const body = { status: 'ok', database: 'ok', redis: 'off' };
fastify.get('/', async () => body);
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;

const fastifyPath = createRequire(new URL('../../apps/server/package.json', import.meta.url)).resolve('fastify');

async function startRawServer(core, source = RAW_SERVER, env = {}) {
  const port = await freePort();
  const [command, args] = pinnedCommand(core, [process.execPath, '-e', source]);
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(port), FASTIFY_PATH: fastifyPath, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

export default {
  name: 'B0 health',
  async run({ cores, seconds, rounds: roundCount, connections, log }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-health-'));
    const raw = await startRawServer(cores.server);
    const bare = await startRawServer(cores.server, BARE_FASTIFY);
    const app = await startBuiltServer({ dataDir, core: cores.server });
    const headers = await appHeaders(`${app.url}/api/health`);
    const rawHeaders = await startRawServer(cores.server, RAW_SERVER, { APP_HEADERS: JSON.stringify(headers) });
    try {
      const rounds = [];
      const targets = {
        app: `${app.url}/api/health`,
        raw: `${raw.url}/`,
        bare: `${bare.url}/`,
        rawHeaders: `${rawHeaders.url}/`,
      };
      // interleaved: a warm-up of each, then rounds of the four in turn
      for (const url of Object.values(targets)) await measureMaxRate({ url, connections, seconds: 2 });
      for (let i = 0; i < roundCount; i += 1) {
        const ours = await measureMaxRate({ url: targets.app, connections, seconds });
        const baseline = await measureMaxRate({ url: targets.raw, connections, seconds });
        const fastify = await measureMaxRate({ url: targets.bare, connections, seconds });
        const withHeaders = await measureMaxRate({ url: targets.rawHeaders, connections, seconds });
        rounds.push({ ours, baseline, fastify, withHeaders });
        log(
          `round ${i + 1}: app ${ours.reqPerSec.toFixed(0)} req/s, raw node:http ${baseline.reqPerSec.toFixed(0)} req/s, ` +
            `bare Fastify ${fastify.reqPerSec.toFixed(0)} req/s, raw with the app's headers ${withHeaders.reqPerSec.toFixed(0)} req/s`,
        );
      }
      const ours = median(rounds.map((r) => r.ours.reqPerSec));
      const baseline = median(rounds.map((r) => r.baseline.reqPerSec));
      const fastify = median(rounds.map((r) => r.fastify.reqPerSec));
      const withHeaders = median(rounds.map((r) => r.withHeaders.reqPerSec));
      const p50 = median(rounds.map((r) => r.ours.latency.p50));
      const p99 = median(rounds.map((r) => r.ours.latency.p99));
      return [
        {
          case: 'B0 GET /api/health',
          rounds: roundCount,
          maxReqPerSec: round(ours, 0),
          baselineReqPerSec: round(baseline, 0),
          bareFastifyReqPerSec: round(fastify, 0),
          rawWithAppHeadersReqPerSec: round(withHeaders, 0),
          appHeaders: Object.keys(headers).length,
          p50: round(p50),
          p99: round(p99),
          ratio: round(ours / baseline, 2),
          ratioToBareFastify: round(ours / fastify, 2),
          ratioToRawWithAppHeaders: round(ours / withHeaders, 2),
          target: '≥ 0.9× raw node:http req/s',
          met: ours / baseline >= 0.9,
        },
      ];
    } finally {
      raw.stop();
      bare.stop();
      rawHeaders.stop();
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
