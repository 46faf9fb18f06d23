// B3: the live minimum of one tender pushed to 5,000 open Server-Sent Events viewers while 10 bids a second
// are placed; delivery latency from the bid's request to each viewer's receipt, and server memory per viewer,
// beside a raw node:http SSE broadcaster doing the same.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startBuiltServer } from '../lib/server.mjs';
import { round, summarize } from '../lib/stats.mjs';
import { pinnedCommand } from '../lib/system.mjs';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5000);
const BIDS_PER_SECOND = 10;
const PASSWORD = 'bench-password-123';

const RAW_BROADCASTER = `
const http = require('node:http');
const viewers = new Set();
http.createServer((req, res) => {
  if (req.method === 'POST') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const frame = 'event: state\\ndata: ' + body + '\\n\\n';
      for (const v of viewers) v.write(frame);
      res.end('ok');
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(': connected\\n\\n');
  viewers.add(res);
  req.on('close', () => viewers.delete(res));
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `count` SSE connections; each records when it receives each min_bid value. */
async function openViewers(url, headers, count, onValue) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests = [];
  let opened = 0;
  for (let batch = 0; batch < count; batch += 250) {
    const size = Math.min(250, count - batch);
    await Promise.all(
      Array.from({ length: size }, () => new Promise((resolve, reject) => {
        const request = http.get(url, { headers, agent }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`viewer got ${res.statusCode}`));
          opened += 1;
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const match = /"min_bid":([0-9.]+)/.exec(frame);
              if (match) onValue(Number(match[1]), performance.now());
            }
          });
          resolve();
        });
        request.on('error', reject);
        requests.push(request);
      })),
    );
  }
  return { opened, close: () => requests.forEach((request) => request.destroy()) };
}

async function measure({ viewerUrl, headers, pid, publish, log, label }) {
  const sentAt = new Map();
  const latencies = [];
  const received = new Map();
  const idleKb = rssKb(pid);
  const viewers = await openViewers(viewerUrl, headers, VIEWERS, (value, at) => {
    const t0 = sentAt.get(value);
    if (t0 === undefined) return;
    latencies.push(at - t0);
    received.set(value, (received.get(value) ?? 0) + 1);
  });
  await sleep(1000);
  const connectedKb = rssKb(pid);
  const seconds = 10;
  let amount = 9_000_000;
  for (let i = 0; i < seconds * BIDS_PER_SECOND; i += 1) {
    const started = performance.now();
    amount -= 1;
    sentAt.set(amount, started);
    await publish(amount);
    const wait = 1000 / BIDS_PER_SECOND - (performance.now() - started);
    if (wait > 0) await sleep(wait);
  }
  await sleep(1000);
  viewers.close();
  const expected = seconds * BIDS_PER_SECOND * VIEWERS;
  const summary = summarize(latencies);
  const perViewerKb = (connectedKb - idleKb) / VIEWERS;
  log(`${label}: ${viewers.opened} viewers, ${latencies.length}/${expected} deliveries, p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms, ${perViewerKb.toFixed(1)} KB per viewer`);
  return { summary, perViewerKb, delivered: latencies.length, expected };
}

export default {
  name: 'B3 live minimum',
  async run({ cores, log }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-sse-'));
    const app = await startBuiltServer({ dataDir, core: cores.server });
    let ours;
    try {
      const register = async (email, phone) => {
        await fetch(`${app.url}/api/users/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ first_name: 'Bench', last_name: 'User', email, phone_number: phone, password: PASSWORD }),
        });
        const res = await fetch(`${app.url}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        return (await res.json()).accessToken;
      };
      const ownerToken = await register('sse-owner@yuktender.uz', '+998900000100');
      const viewerToken = await register('sse-viewer@yuktender.uz', '+998900000101');
      const bidderToken = await register('sse-bidder@yuktender.uz', '+998900000102');
      const created = await fetch(`${app.url}/api/tenders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
        body: JSON.stringify({
          name: 'Live cargo', cargo_type: 'Truck', cargo_weight: 1000, cargo_volume: 10, origin_location: 'Tashkent',
          destination_location: 'Almaty', shipment_date: '2099-01-10', delivery_date: '2099-01-12',
          tender_start_date: '2026-01-01', tender_end_date: '2099-01-01', initial_price: 9_000_000,
        }),
      });
      const tender = await created.json();
      ours = await measure({
        label: 'app',
        viewerUrl: `${app.url}/api/tenders/${tender.id}/events`,
        headers: { authorization: `Bearer ${viewerToken}` },
        pid: app.pid,
        log,
        publish: async (amount) => {
          const res = await fetch(`${app.url}/api/tenders/${tender.id}/bids`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${bidderToken}` },
            body: JSON.stringify({ bid_amount: amount }),
          });
          if (res.status !== 201) throw new Error(`bid refused: ${res.status} ${await res.text()}`);
        },
      });
    } finally {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }

    const port = await freePort();
    const [command, args] = pinnedCommand(cores.server, [process.execPath, '-e', RAW_BROADCASTER]);
    const raw = spawn(command, args, { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => raw.stdout.once('data', resolve));
    let baseline;
    try {
      baseline = await measure({
        label: 'raw node:http broadcaster',
        viewerUrl: `http://127.0.0.1:${port}/`,
        headers: {},
        pid: raw.pid,
        log,
        publish: async (amount) => {
          await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: JSON.stringify({ min_bid: amount, bid_count: 1, status: 'opened' }) });
        },
      });
    } finally {
      raw.kill('SIGKILL');
    }
    return [
      {
        case: `B3 live minimum to ${VIEWERS} viewers, ${BIDS_PER_SECOND} bids/s`,
        p50: round(ours.summary.p50),
        p99: round(ours.summary.p99),
        baselineP50: round(baseline.summary.p50),
        baselineP99: round(baseline.summary.p99),
        ratioP99: round(ours.summary.p99 / baseline.summary.p99, 1),
        delivered: `${ours.delivered}/${ours.expected}`,
        kbPerViewer: round(ours.perViewerKb, 1),
        baselineKbPerViewer: round(baseline.perViewerKb, 1),
        target: 'delivery p99 ≤ 100 ms; ≤ 50 KB per viewer',
        met: ours.summary.p99 <= 100 && ours.perViewerKb <= 50 && ours.delivered === ours.expected,
      },
    ];
  },
};
