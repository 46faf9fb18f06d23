// npm run bench: builds (see package.json), then measures each hot path beside a baseline taken on the same
// machine at the same time, prints one table and writes bench/results.json.
//   BENCH_SECONDS     seconds per measurement (default 5)
//   BENCH_ROUNDS      rounds of each measurement, interleaved with its baseline; the median is shown (default 3)
//   BENCH_CONNECTIONS autocannon connections (default 8)
//   BENCH_CASES       comma-separated case names to run (default: all)
//   BENCH_LIGHTHOUSE_RUNS  audits of each page in B4, the median one reported (default 3)
//   DATABASE_URL      PostgreSQL (an admin connection): B1 and B2 run there too, each in a fresh database
//   REDIS_URL         with DATABASE_URL: B2 and B3 on one and two instances behind nginx
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cases } from './cases/index.mjs';
import { failedRow } from './lib/stats.mjs';
import { cores, describeMachine, pinSelf } from './lib/system.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const only = process.env.BENCH_CASES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);

const log = (message) => console.log(`  ${message}`);
const pinned = pinSelf(cores.bench);
const machine = describeMachine();
console.log(
  `Yuk Tender bench on ${machine.cpus} CPU (${machine.model}), Node ${machine.node}; ` +
    (pinned
      ? `server on core ${cores.server}, load and baseline on core ${cores.bench}`
      : 'not pinned (taskset unavailable)'),
);

/**
 * The figures of the last full run, as committed (bench/results.json at HEAD, not a later partial run's file):
 * a case compares itself with them where it says so (B2 on one tender). Undefined when there is none.
 */
function recordedRun() {
  try {
    const text = execFileSync('git', ['show', 'HEAD:bench/results.json'], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const run = JSON.parse(text);
    // only a full run that finished is a reference
    return run.cases === 'all' && run.complete !== false ? run : undefined;
  } catch {
    return undefined;
  }
}
const recorded = recordedRun();
console.log(
  recorded
    ? `compared with the last full run recorded in bench/results.json (${recorded.date})`
    : 'no finished full run is committed in bench/results.json: no comparison with the last full run',
);

// A run of some cases only writes its own file (ignored by git), so that it can never take the place of the
// committed full run that B2 compares itself with.
const fileName = only ? 'results.partial.json' : 'results.json';
const file = fileURLToPath(new URL(`./${fileName}`, import.meta.url));
const results = [];
/** Minutes each case took (its seeding included): what a full run needs of a session, case by case. */
const minutes = {};
/** The file is rewritten after every case, so that a long run stopped (or failed) late keeps what it measured. */
function writeResults(complete) {
  writeFileSync(
    file,
    // `cases`: "all" for a full run, the one a later run compares itself with once committed; `complete` is false
    // while it runs and when a case failed
    `${JSON.stringify({ date: new Date().toISOString(), machine, seconds, rounds, connections, cases: only ?? 'all', complete, minutes, results }, null, 2)}\n`,
  );
}
const failed = [];
for (const benchCase of cases) {
  if (only && !only.includes(benchCase.name)) continue;
  console.log(`\n${benchCase.name}`);
  const started = performance.now();
  try {
    const rows = await benchCase.run({ cores, seconds, rounds, connections, log, recorded });
    results.push(...rows.map((row) => ({ group: benchCase.name, ...row })));
  } catch (error) {
    // One case's failure is reported in the table and the file, and the cases after it still run
    console.error(error);
    failed.push(benchCase.name);
    results.push({ group: benchCase.name, ...failedRow(benchCase.name, error) });
  }
  minutes[benchCase.name] = Math.round((performance.now() - started) / 6_000) / 10;
  log(`${benchCase.name}: ${minutes[benchCase.name]} min`);
  writeResults(false);
}

/** The throughput or size figure of a row, whichever it measured. */
function figure(r) {
  if (r.acceptedPerSec !== undefined) return `${r.acceptedPerSec} accepted/s`;
  if (r.maxReqPerSec !== undefined) return `max ${r.maxReqPerSec} req/s${r.rate ? `, measured at ${r.rate}` : ''}`;
  if (r.performance !== undefined) return `perf ${r.performance}, a11y ${r.accessibility}, CLS ${r.cls}`;
  if (r.kbPerViewer !== undefined) return `${r.delivered} delivered, ${r.kbPerViewer} KB/viewer`;
  if (r.delivered !== undefined) return `${r.delivered} delivered`;
  if (r.unit && r.p50 !== undefined) return `${r.p50} ${r.unit}`;
  if (r.peakRssMb !== undefined) return `${r.rows} rows in ${r.seconds} s, peak RSS ${r.peakRssMb} MB`;
  return '';
}

function baseline(r) {
  if (r.rawPerSec !== undefined) {
    const rawThen = r.recordedRawPerSec === undefined ? '' : ` (raw ${r.recordedRawPerSec})`;
    const before =
      r.recordedPerSec === undefined ? 'last run: none recorded' : `last run ${r.recordedPerSec}${rawThen}`;
    return `raw node:http + better-sqlite3 ${r.rawPerSec} accepted/s; ${before}`;
  }
  if (r.baselinePeakRssMb !== undefined) return `${r.baselineRows} rows: peak RSS ${r.baselinePeakRssMb} MB`;
  if (r.baselineReqPerSec !== undefined) {
    const bare = r.bareFastifyReqPerSec === undefined ? '' : `; bare Fastify ${r.bareFastifyReqPerSec}`;
    const withHeaders =
      r.rawWithAppHeadersReqPerSec === undefined ? '' : `; raw with the app's headers ${r.rawWithAppHeadersReqPerSec}`;
    return `raw ${r.baselineReqPerSec} req/s${bare}${withHeaders}`;
  }
  if (r.inProcessP50 !== undefined) return `in-process p50 ${r.inProcessP50} / p99 ${r.inProcessP99} ms`;
  if (r.quotasOffPerSec !== undefined) {
    const cpu =
      r.cpuMicrosPerBid === undefined ? '' : `; CPU/bid ${r.cpuMicrosPerBid} µs, off ${r.quotasOffCpuMicrosPerBid}`;
    const own =
      r.ownMicrosPerBid === undefined
        ? ''
        : `; the check's own work ${r.ownMicrosPerBid} µs${r.ownPercent === undefined ? '' : ` (${r.ownPercent} %)`}`;
    return `QUOTA_BIDS=off: ${r.quotasOffPerSec} accepted/s${cpu}${own}`;
  }
  if (r.baselineP99 !== undefined) {
    const memory = r.baselineKbPerViewer === undefined ? '' : `, ${r.baselineKbPerViewer} KB/viewer`;
    return `raw p50 ${r.baselineP50} / p99 ${r.baselineP99} ms${memory}`;
  }
  return '';
}

function ratio(r) {
  if (r.ratio !== undefined) return `${r.ratio}x`;
  if (r.rawRatio !== undefined) {
    const fall =
      r.fallPercent === undefined ? '' : `, ${r.fallPercent > 0 ? '-' : '+'}${Math.abs(r.fallPercent)} % vs last run`;
    const rawFall =
      r.rawFallPercent === undefined ? '' : ` (raw ${r.rawFallPercent > 0 ? '-' : '+'}${Math.abs(r.rawFallPercent)} %)`;
    return `${r.rawRatio}x raw${fall}${rawFall}`;
  }
  if (r.ratioP99 !== undefined) return `p99 ${r.ratioP99}x`;
  if (r.inProcessRatioP99 !== undefined) return `in-process p99 ${r.inProcessRatioP99}x`;
  if (r.costPercent !== undefined) return `cost ${r.costPercent} %`;
  if (r.extraMb !== undefined) return `+${r.extraMb} MB`;
  return '';
}

const columns = [
  ['case', (r) => r.case],
  ['figure', figure],
  ['p50 ms', (r) => (r.unit ? '' : (r.p50 ?? ''))],
  ['p99 ms', (r) => (r.unit ? '' : (r.p99 ?? ''))],
  ['baseline (same run)', baseline],
  ['ratio', ratio],
  ['target', (r) => (r.targetP99 === undefined ? (r.target ?? '') : `p99 ≤ ${r.targetP99} ms`)],
  ['met?', (r) => (r.met === undefined ? '' : r.met ? 'yes' : 'NO')],
];
const cells = results.map((row) => columns.map(([, cell]) => String(cell(row) ?? '')));
const widths = columns.map(([title], i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
const line = (values) => values.map((value, i) => value.padEnd(widths[i])).join('  ');
console.log(`\n${line(columns.map(([title]) => title))}`);
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of cells) console.log(line(row));

writeResults(failed.length === 0);
console.log(`\nwritten to bench/${fileName}${failed.length ? ` (failed: ${failed.join(', ')})` : ''}`);
// The bench reports; it does not fail the build on a missed target (the table says NO).
if (results.some((row) => row.met === false))
  console.log('some targets are not met: see the rows marked NO and the README');
