// Issue 35's comparison of two builds on B2's one-tender load: each round starts, for each build, a fresh built
// server on a database of its own (seeded by that build's own bench code: one tender, B2's carriers), warms it
// with WARM bids and loads it for SECONDS with B2's load (200 connections, B2's requests); then the raw
// node:http + better-sqlite3 server on a fresh database of this tree's schema. The order is reversed every
// other round. Prints accepted bids/s and the server's CPU per answer, round by round, and the medians.
// PROBE_BUILDS: the trees to compare, separated by `,` (each built: apps/server/dist/main.js); this tree first
// by default. PROBE_VARIANTS: instead, this tree's build started with each variant's environment (JSON of name →
// variables, e.g. {"semi 8":{"NODE_OPTIONS":"--max-semi-space-size=8"}}, as the idle-RSS probe takes them).
// PROBE_ROUNDS (3), PROBE_SECONDS (5), PROBE_WARM_BIDS (20000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bidLoad } from '../cases/bids.mjs';
import { startRawBidServer } from '../lib/raw-bids.mjs';
import { median } from '../lib/stats.mjs';
import { cores, pinSelf } from '../lib/system.mjs';

const here = fileURLToPath(new URL('../..', import.meta.url));
const builds = (process.env.PROBE_BUILDS ?? here).split(',').map((tree) => resolve(tree.trim()));
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 3);
const SECONDS = Number(process.env.PROBE_SECONDS ?? 5);
const WARM = Number(process.env.PROBE_WARM_BIDS ?? 20_000);

pinSelf(cores.bench);

/** A build's own bench modules: its seeding, its server start, its server modules. */
async function benchOf(tree) {
  const load = (path) => import(pathToFileURL(join(tree, 'bench', path)).href);
  const [bids, server, modules] = await Promise.all([
    load('cases/bids.mjs'),
    load('lib/server.mjs'),
    load('lib/server-modules.mjs'),
  ]);
  return { tree, bids, server, modules: await modules.loadServerModules(bids.bidModules) };
}

/** A fresh database of that build's schema with one tender and B2's carriers. */
async function seeded(bench) {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuk-probe-builds-'));
  const database = bench.modules.openDatabase({ dataDir });
  await bench.modules.migrateToLatest(database);
  const seed = await bench.bids.seedBidding(bench.modules, database, 1);
  const file = database.source?.file ?? join(dataDir, 'yuk-tender.db');
  await database.close();
  return { dataDir, file, seed };
}

/**
 * One measurement: a fresh database seeded by `bench`, a server `start` opens on it (its handle and the carriers'
 * tokens), warmed with WARM bids and then loaded for SECONDS; the server stopped and the database removed after.
 */
async function warmedThenLoaded(bench, start) {
  const prepared = await seeded(bench);
  try {
    const { server, tokens } = await start(prepared);
    try {
      const { tenderIds } = prepared.seed;
      const load = { tenderIds, spread: false, sequence: { counter: 0 }, url: server.url, tokens };
      await bidLoad({ ...load, amount: WARM });
      return await bidLoad({ ...load, pid: server.pid, seconds: SECONDS });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

const oneBuild = (bench, env = {}) =>
  warmedThenLoaded(bench, async ({ dataDir, seed }) => {
    const server = await bench.server.startBuiltServer({ dataDir, core: cores.server, env });
    return { server, tokens: await bench.bids.carrierTokens(server.url, seed.carriers) };
  });

const raw = (bench) =>
  warmedThenLoaded(bench, async ({ file, seed }) => {
    // the raw server takes any token it is given for its user
    const tokens = seed.carriers.map((carrier) => `raw-${carrier.id}`);
    const userIds = seed.carriers.map((carrier) => carrier.id);
    return { server: await startRawBidServer({ file, core: cores.server, tokens, userIds }), tokens };
  });

const benches = [];
for (const tree of builds) benches.push(await benchOf(tree));
const variants = process.env.PROBE_VARIANTS ? Object.entries(JSON.parse(process.env.PROBE_VARIANTS)) : undefined;
const runs = variants
  ? variants.map(([name, env]) => ({ name, run: () => oneBuild(benches[0], env) }))
  : benches.map((bench) => ({ name: bench.tree, run: () => oneBuild(bench) }));
runs.push({ name: 'raw', run: () => raw(benches[0]) });
const figures = new Map(runs.map((entry) => [entry.name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? runs : [...runs].reverse();
  for (const entry of order) {
    const result = await entry.run();
    const perSecond = result.accepted / SECONDS;
    figures.get(entry.name).push({ perSecond, cpuUs: (result.cpuMsPerAnswer ?? Number.NaN) * 1000, result });
    console.log(
      `round ${round + 1} ${entry.name}: ${Math.round(perSecond)} accepted/s, ${result.refused} refused, ` +
        `${result.failed} failed, ${Math.round((result.cpuMsPerAnswer ?? Number.NaN) * 1000)} µs CPU an answer`,
    );
  }
}
const rawRates = figures.get('raw').map((figure) => figure.perSecond);
for (const [name, list] of figures) {
  const ratios = list.map((figure, i) => (figure.perSecond / rawRates[i]).toFixed(2));
  console.log(
    `${name}: median ${Math.round(median(list.map((figure) => figure.perSecond)))} accepted/s, ` +
      `${Math.round(median(list.map((figure) => figure.cpuUs)))} µs CPU an answer; × raw by round ${ratios.join(', ')}`,
  );
}
