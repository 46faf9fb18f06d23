// HTTP load with autocannon: the most a server answers at a fixed concurrency, and latencies at a fixed rate.
import autocannon from 'autocannon';
import { summarize } from './stats.mjs';

async function run(options) {
  const latencies = [];
  let failures = 0;
  const instance = autocannon({ ...options, renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  // autocannon's own histogram keeps whole milliseconds; the response events carry the exact time.
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else failures += 1;
  });
  const result = await instance;
  failures += result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${failures} failed requests (status ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}) for ${options.url}`);
  return { result, latency: summarize(latencies) };
}

/** Requests per second at `connections` open connections, as fast as the server answers. */
export async function measureMaxRate({ url, headers, connections, seconds }) {
  const { result, latency } = await run({ url, headers, connections, duration: seconds });
  return { reqPerSec: result.requests.total / seconds, latency, autocannon: { p50: result.latency.p50, p99: result.latency.p99 } };
}

/** Latencies at a fixed overall rate (requests per second). */
export async function measureAtRate({ url, headers, connections, seconds, rate }) {
  const { result, latency } = await run({ url, headers, connections, duration: seconds, overallRate: rate });
  return {
    reqPerSec: result.requests.total / seconds,
    latency,
    // autocannon's own figures (whole milliseconds, corrected for coordinated omission)
    autocannon: { p50: result.latency.p50, p99: result.latency.p99 },
  };
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
