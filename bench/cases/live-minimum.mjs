// B3: the live minimum of one tender pushed to 5,000 open Server-Sent Events viewers while 10 bids a second
// are placed; delivery latency from the bid's request to each viewer's receipt, and server memory per viewer,
// beside a raw node:http SSE broadcaster doing the same.
import { Buffer } from 'node:buffer';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startBuiltServer } from '../lib/server.mjs';
import { median, round, summarize } from '../lib/stats.mjs';
import { pinnedCommand } from '../lib/system.mjs';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5000);
const BIDS_PER_SECOND = 10;
const PASSWORD = 'bench-password-123';

export const RAW_BROADCASTER = `
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

const rssKb = (pids) =>
  pids.reduce(
    (total, pid) =>
      total + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN),
    0,
  );
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const MIN_BID = Buffer.from('"min_bid":');

/**
 * Opens `count` SSE connections (to `url`, or to `url(i)` for the i-th); each records when it receives each
 * value: the number after `marker` (min_bid by default). Plain TCP sockets: the
 * request is written by hand and each chunk is searched for the value as bytes. The bench's single core reads
 * all 5,000 streams, and Node's HTTP client (parser, stream, text decoding) cost it several times more per
 * event than this, which showed in the delivery figures of the app and of the raw baseline alike.
 */
export async function openViewers(url, headers, count, onValue, marker = MIN_BID) {
  const requestOf = (i) => {
    const target = new URL(typeof url === 'function' ? url(i) : url);
    const head =
      `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: text/event-stream\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n';
    return { target, head };
  };
  const sockets = [];
  let opened = 0;
  const openOne = (i) =>
    new Promise((resolve, reject) => {
      const { target, head } = requestOf(i);
      const socket = net.connect(Number(target.port), target.hostname);
      sockets.push(socket);
      let connected = false;
      socket.once('connect', () => socket.write(head));
      socket.on('error', (error) => (connected ? undefined : reject(error)));
      socket.on('data', (chunk) => {
        if (!connected) {
          const status = chunk.toString('latin1', 0, 12);
          if (!status.startsWith('HTTP/1.1 200')) return reject(new Error(`viewer got ${status}`));
          connected = true;
          opened += 1;
          resolve();
        }
        const at = performance.now();
        let index = chunk.indexOf(marker);
        while (index >= 0) {
          let end = index + marker.length;
          while (end < chunk.length && ((chunk[end] >= 48 && chunk[end] <= 57) || chunk[end] === 46)) end += 1;
          onValue(Number(chunk.toString('latin1', index + marker.length, end)), at);
          index = chunk.indexOf(marker, end);
        }
      });
    });
  for (let batch = 0; batch < count; batch += 250) {
    await Promise.all(Array.from({ length: Math.min(250, count - batch) }, (_, i) => openOne(batch + i)));
  }
  return { opened, close: () => sockets.forEach((socket) => socket.destroy()) };
}

/** Viewers open, then 10 s of bids; `pids`: the server processes whose memory the viewers cost. */
export async function measure({ viewerUrl, headers, pids, publish, log, label, amounts = { next: 9_000_000 } }) {
  const sentAt = new Map();
  const latencies = [];
  const received = new Map();
  const idleKb = rssKb(pids);
  const viewers = await openViewers(viewerUrl, headers, VIEWERS, (value, at) => {
    const t0 = sentAt.get(value);
    if (t0 === undefined) return;
    latencies.push(at - t0);
    received.set(value, (received.get(value) ?? 0) + 1);
  });
  await sleep(1000);
  const connectedKb = rssKb(pids);
  const seconds = 10;
  for (let i = 0; i < seconds * BIDS_PER_SECOND; i += 1) {
    const started = performance.now();
    // one falling sequence across rounds, so that every bid is lower than the last
    amounts.next -= 1;
    const amount = amounts.next;
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
  log(
    `${label}: ${viewers.opened} viewers, ${latencies.length}/${expected} deliveries, p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms, ${perViewerKb.toFixed(1)} KB per viewer`,
  );
  return { summary, perViewerKb, delivered: latencies.length, expected };
}

/** Through `url`: an owner's open tender, a viewer and a bidder signed in; bid(amount) places one bid. */
export async function prepareLiveTender(url) {
  const register = async (email, phone) => {
    await fetch(`${url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Bench', last_name: 'User', email, phone_number: phone, password: PASSWORD }),
    });
    const res = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return (await res.json()).accessToken;
  };
  const ownerToken = await register('sse-owner@yuktender.uz', '+998900000100');
  const viewerToken = await register('sse-viewer@yuktender.uz', '+998900000101');
  const bidderToken = await register('sse-bidder@yuktender.uz', '+998900000102');
  const created = await fetch(`${url}/api/tenders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({
      name: 'Live cargo',
      cargo_type: 'Truck',
      cargo_weight: 1000,
      cargo_volume: 10,
      origin_location: 'Tashkent',
      destination_location: 'Almaty',
      shipment_date: '2099-01-10',
      delivery_date: '2099-01-12',
      tender_start_date: '2026-01-01',
      tender_end_date: '2099-01-01',
      initial_price: 9_000_000,
    }),
  });
  const tender = await created.json();
  return {
    tenderId: tender.id,
    viewerToken,
    async bid(amount) {
      const res = await fetch(`${url}/api/tenders/${tender.id}/bids`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bidderToken}` },
        body: JSON.stringify({ bid_amount: amount }),
      });
      if (res.status !== 201) throw new Error(`bid refused: ${res.status} ${await res.text()}`);
    },
  };
}

export default {
  name: 'B3 live minimum',
  async run({ cores, rounds, log }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-bench-sse-'));
    const app = await startBuiltServer({ dataDir, core: cores.server });
    const port = await freePort();
    const [command, args] = pinnedCommand(cores.server, [process.execPath, '-e', RAW_BROADCASTER]);
    const raw = spawn(command, args, {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => raw.stdout.once('data', resolve));
    const results = [];
    try {
      const live = await prepareLiveTender(app.url);
      const amounts = { next: 9_000_000 };
      // interleaved: the app, then the raw broadcaster, in each round
      for (let i = 0; i < rounds; i += 1) {
        const ours = await measure({
          label: `app, round ${i + 1}`,
          viewerUrl: `${app.url}/api/tenders/${live.tenderId}/events`,
          headers: { authorization: `Bearer ${live.viewerToken}` },
          pids: [app.pid],
          log,
          amounts,
          publish: (amount) => live.bid(amount),
        });
        const baseline = await measure({
          label: `raw node:http broadcaster, round ${i + 1}`,
          viewerUrl: `http://127.0.0.1:${port}/`,
          headers: {},
          pids: [raw.pid],
          log,
          publish: async (amount) => {
            await fetch(`http://127.0.0.1:${port}/`, {
              method: 'POST',
              body: JSON.stringify({ min_bid: amount, bid_count: 1, status: 'opened' }),
            });
          },
        });
        results.push({ ours, baseline });
      }
    } finally {
      raw.kill('SIGKILL');
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const pick = (fn) => median(results.map(fn));
    const p99 = pick((r) => r.ours.summary.p99);
    const baselineP99 = pick((r) => r.baseline.summary.p99);
    const kbPerViewer = pick((r) => r.ours.perViewerKb);
    const delivered = results.reduce((total, r) => total + r.ours.delivered, 0);
    const expected = results.reduce((total, r) => total + r.ours.expected, 0);
    return [
      {
        case: `B3 live minimum to ${VIEWERS} viewers, ${BIDS_PER_SECOND} bids/s`,
        rounds,
        p50: round(pick((r) => r.ours.summary.p50)),
        p99: round(p99),
        baselineP50: round(pick((r) => r.baseline.summary.p50)),
        baselineP99: round(baselineP99),
        ratioP99: round(p99 / baselineP99, 1),
        delivered: `${delivered}/${expected}`,
        kbPerViewer: round(kbPerViewer, 1),
        baselineKbPerViewer: round(
          pick((r) => r.baseline.perViewerKb),
          1,
        ),
        target: 'delivery p99 ≤ 100 ms; ≤ 50 KB per viewer',
        met: p99 <= 100 && kbPerViewer <= 50 && delivered === expected,
      },
    ];
  },
};
