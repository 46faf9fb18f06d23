// The bids quota's pair, loaded in slices: two fresh servers on one database, both warmed up, then loaded in
// turn, SLICE seconds each, in the order A B B A A B …, so that the machine's swings from second to second fall
// on both alike. Prints each pair of slices' ratio of accepted bids a second (B ÷ A) and of CPU time an answer,
// and their mean, spread and standard error. PROBE_A and PROBE_B: QUOTA_BIDS of each server (default: the
// bench's quota, and off); PROBE_PAIRS (12), PROBE_SLICE (3 s: one-second slices read the load's own start),
// PROBE_SPREAD (1: over 10,000 tenders; 0: one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bidLoad, bidModules, carrierTokens, seedBidding } from '../cases/bids.mjs';
import { BENCH_BIDS_QUOTA, startBuiltServer } from '../lib/server.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { median } from '../lib/stats.mjs';
import { cores, pinSelf } from '../lib/system.mjs';

const PAIRS = Number(process.env.PROBE_PAIRS ?? 12);
const SLICE = Number(process.env.PROBE_SLICE ?? 3);
const SPREAD = process.env.PROBE_SPREAD !== '0';
const A = process.env.PROBE_A ?? BENCH_BIDS_QUOTA;
const B = process.env.PROBE_B ?? 'off';
const WARM = 20_000;

pinSelf(cores.bench);
const server = await loadServerModules(bidModules);
const dataDir = mkdtempSync(join(tmpdir(), 'yuk-probe-quota-slices-'));
const database = server.openDatabase({ dataDir });
await server.migrateToLatest(database);
const seed = await seedBidding(server, database, SPREAD ? 10_000 : 1);
await database.close();
const base = { tenderIds: seed.tenderIds, spread: SPREAD, sequence: { counter: 0 } };
const servers = {};
try {
  for (const [name, quota] of [
    ['A', A],
    ['B', B],
  ]) {
    const started = await startBuiltServer({ dataDir, core: cores.server, env: { QUOTA_BIDS: quota } });
    servers[name] = {
      started,
      load: { ...base, url: started.url, pid: started.pid, tokens: await carrierTokens(started.url, seed.carriers) },
    };
  }
  for (const name of ['A', 'B']) await bidLoad({ ...servers[name].load, amount: WARM });
  const ratios = [];
  const cpuRatios = [];
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const order = pair % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    const got = {};
    for (const name of order) got[name] = await bidLoad({ ...servers[name].load, seconds: SLICE });
    const ratio = got.B.accepted / got.A.accepted;
    const cpuRatio = got.B.cpuMsPerAnswer / got.A.cpuMsPerAnswer;
    ratios.push(ratio);
    cpuRatios.push(cpuRatio);
    const figures = (run) => `${Math.round(run.accepted / SLICE)}/s ${(run.cpuMsPerAnswer * 1000).toFixed(0)} µs`;
    console.log(
      `pair ${pair + 1}: A ${figures(got.A)}, B ${figures(got.B)}; B ÷ A ${ratio.toFixed(3)}, CPU ${cpuRatio.toFixed(3)}`,
    );
  }
  const stats = (list) => {
    const mean = list.reduce((a, b) => a + b, 0) / list.length;
    const sd = Math.sqrt(list.reduce((a, x) => a + (x - mean) ** 2, 0) / (list.length - 1));
    return `mean ${mean.toFixed(3)}, median ${median(list).toFixed(3)}, sd ${sd.toFixed(3)}, se ${(sd / Math.sqrt(list.length)).toFixed(3)}`;
  };
  console.log(`B ÷ A accepted/s: ${stats(ratios)}`);
  console.log(`B ÷ A CPU an answer: ${stats(cpuRatios)}`);
} finally {
  for (const { started } of Object.values(servers)) await started.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
