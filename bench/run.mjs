// npm run bench: builds (see package.json), then measures each hot path beside a baseline taken on the same
// machine at the same time, prints one table and writes bench/results.json.
//   BENCH_SECONDS     seconds per measurement (default 10)
//   BENCH_CONNECTIONS autocannon connections (default 8)
//   BENCH_CASES       comma-separated case names to run (default: all)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cases } from './cases/index.mjs';
import { cores, describeMachine, pinSelf } from './lib/system.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const only = process.env.BENCH_CASES?.split(',').map((name) => name.trim()).filter(Boolean);

const log = (message) => console.log(`  ${message}`);
const pinned = pinSelf(cores.bench);
const machine = describeMachine();
console.log(
  `Yuk Tender bench on ${machine.cpus} CPU (${machine.model}), Node ${machine.node}; ` +
    (pinned ? `server on core ${cores.server}, load and baseline on core ${cores.bench}` : 'not pinned (taskset unavailable)'),
);

const results = [];
for (const benchCase of cases) {
  if (only && !only.includes(benchCase.name)) continue;
  console.log(`\n${benchCase.name}`);
  const rows = await benchCase.run({ cores, seconds, connections, log });
  results.push(...rows.map((row) => ({ group: benchCase.name, ...row })));
}

const columns = [
  ['case', (r) => r.case],
  ['max req/s', (r) => r.maxReqPerSec],
  ['at req/s', (r) => r.rate],
  ['p50 ms', (r) => r.p50],
  ['p99 ms', (r) => r.p99],
  ['in-proc p50', (r) => r.inProcessP50],
  ['in-proc p99', (r) => r.inProcessP99],
  ['ratio p50', (r) => (r.ratioP50 === undefined ? '' : `${r.ratioP50}x`)],
  ['ratio p99', (r) => (r.ratioP99 === undefined ? '' : `${r.ratioP99}x`)],
  ['target', (r) => (r.targetP99 === undefined ? (r.target ?? '') : `p99 ≤ ${r.targetP99} ms`)],
  ['met?', (r) => (r.met === undefined ? '' : r.met ? 'yes' : 'NO')],
];
const cells = results.map((row) => columns.map(([, cell]) => String(cell(row) ?? '')));
const widths = columns.map(([title], i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
const line = (values) => values.map((value, i) => value.padEnd(widths[i])).join('  ');
console.log(`\n${line(columns.map(([title]) => title))}`);
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of cells) console.log(line(row));

const file = fileURLToPath(new URL('./results.json', import.meta.url));
writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine, seconds, connections, results }, null, 2)}\n`);
console.log(`\nwritten to bench/results.json`);
if (results.some((row) => row.met === false)) process.exitCode = 1;
