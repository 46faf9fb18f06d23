// HTTP load with autocannon: the most a server answers at a fixed concurrency, and latencies at a fixed rate.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { summarize } from './stats.mjs';

/**
 * One autocannon run; the exact latency of every 2xx answer (autocannon's own histogram keeps whole
 * milliseconds). `expected(status)` says which other answers are part of the test (B2's refused bids are
 * 409) rather than failures; those are counted, not timed.
 */
async function runRaw({ expected = () => false, ...options }) {
  const latencies = [];
  const statuses = {};
  let failures = 0;
  const instance = autocannon({
    ...options,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else if (!expected(statusCode)) failures += 1;
  });
  const result = await instance;
  failures += result.errors + result.timeouts;
  if (failures > 0)
    throw new Error(
      `${failures} failed requests (status ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}) for ${options.url}`,
    );
  return { result, latencies, statuses };
}

async function run(options) {
  const { result, latencies } = await runRaw(options);
  return { result, latency: summarize(latencies) };
}

/** Requests per second at `connections` open connections, as fast as the server answers. */
export async function measureMaxRate({ url, headers, connections, seconds }) {
  const { result, latency } = await run({ url, headers, connections, duration: seconds });
  return {
    reqPerSec: result.requests.total / seconds,
    latency,
    autocannon: { p50: result.latency.p50, p99: result.latency.p99 },
  };
}

/**
 * Latencies at a fixed overall rate (requests per second). autocannon paces by the second: each connection
 * sends its quota for the second back to back, then waits for the next second, so one instance at -R sends
 * a burst at the top of every second. To spread the arrivals over the second, the rate is split over
 * `streams` single-connection autocannon instances started 1/streams of a second apart (more instances
 * spread it further but cost the load generator more than they gain: 20 measured best). `requests` (with
 * `setupRequest`) makes each request anew, as autocannon's own option does.
 */
export async function measureAtRate({ url, headers, requests, expected, seconds, rate, streams = 20 }) {
  const count = Math.max(1, Math.min(streams, rate));
  const runs = [];
  for (let i = 0; i < count; i += 1) {
    const share = Math.floor(rate / count) + (i < rate % count ? 1 : 0);
    runs.push(
      new Promise((resolve) => setTimeout(resolve, Math.round((i * 1000) / count))).then(() =>
        runRaw({
          url,
          headers,
          ...(requests ? { requests } : {}),
          expected,
          connections: 1,
          duration: seconds,
          overallRate: share,
        }),
      ),
    );
  }
  const results = await Promise.all(runs);
  const latencies = results.flatMap((run) => run.latencies);
  const statuses = {};
  for (const run of results)
    for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    statuses,
    reqPerSec: results.reduce((total, run) => total + run.result.requests.total, 0) / seconds,
    latency: summarize(latencies),
    streams: count,
  };
}

/**
 * measureAtRate in a fresh process (on the bench's core, whose affinity it inherits). The latencies it reports
 * include the pauses of the process that sends the requests, and the bench process carries the server's modules
 * for the in-process calls with their garbage (60–70 MB of heap in B14). On a million tenders, a list's p99 was
 * 27.6 ms sent from a process holding 200 MB of heap, 9.9 ms from one holding 11 MB, 11.9 ms from a fresh one.
 * `expected` cannot cross to the other process.
 */
export function measureAtRateApart(options) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./rate-process.mjs', import.meta.url)), [], { stdio: 'inherit' });
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load process exited with ${code}`));
    });
    child.send(options);
  });
}

/** Times `fn` in a loop in this process: warm-up, then `iterations` timed calls (milliseconds). */
export async function measureInProcess(fn, { warmup = 200, iterations = 2000 } = {}) {
  for (let i = 0; i < warmup; i += 1) await fn();
  const samples = new Array(iterations);
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) {
    const t0 = process.hrtime.bigint();
    await fn();
    samples[i] = Number(process.hrtime.bigint() - t0) / 1e6;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { opsPerSec: iterations / seconds, latency: summarize(samples) };
}
