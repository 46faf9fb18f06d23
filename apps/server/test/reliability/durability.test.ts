import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiPaths,
  pathTo,
  type AuthTokens,
  type PlacedBid,
  type Tender,
  type TenderBid,
  type Vehicle,
} from '@yuk/shared';
// @ts-expect-error -- a plain ESM build script without type declarations
import { serverBuildOptions } from '../../build.mjs';
import { engine, testDatabaseUrl } from '../helpers.js';
import { buildTenderInput } from '../factories/index.js';
import { pngFile, vehicleFields } from '../factories/index.js';
import { printFigure, seededRandom, size } from './support.js';

/**
 * kill -9 durability (SQLite's crash testing, Jepsen's set check): a real server process takes tenders, bids
 * and vehicles from concurrent clients and is killed with SIGKILL at a random moment; after a restart every
 * write that was answered 2xx must be there as sent, nothing refused may be there, and the database file
 * must pass SQLite's integrity check.
 */
const SEED = Number(process.env.RELIABILITY_SEED ?? 9_119);
const CYCLES = size(20, 100);
const random = seededRandom(SEED);
const JWT_SECRET = 'durability-secret-that-is-long-enough-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'yuk-durability-'));
const outfile = fileURLToPath(new URL(`../../dist/durability-test-${process.pid}.js`, import.meta.url));
let databaseUrl = '';
let pgDatabase = '';
let child: ChildProcess | undefined;
let output = '';
let base = '';
/** Set just before the kill: the clients stop starting new writes. */
let stopping = false;
const timings = { start: 0, verify: 0, work: 0 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(): Promise<void> {
  const started = performance.now();
  stopping = false;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  output = '';
  child = spawn(process.execPath, [outfile], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      LOG_LEVEL: 'error',
      SEED_DEMO: '0',
      REDIS_URL: '',
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
  // a deadline rather than a count of tries: on a busy machine a start may take several seconds
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        timings.start += performance.now() - started;
        return;
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error(`server did not start:\n${output}`);
}

async function killServer(): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  stopping = true;
  running.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  await build({ ...serverBuildOptions, outfile, logLevel: 'silent', sourcemap: false });
  if (testDatabaseUrl) {
    pgDatabase = `yuk_durability_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${pgDatabase}`);
    await admin.end();
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${pgDatabase}`;
    databaseUrl = url.toString();
  }
}, 60_000);

afterAll(async () => {
  await killServer();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outfile, { force: true });
  if (pgDatabase && testDatabaseUrl) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${pgDatabase} with (force)`);
    await admin.end();
  }
}, 60_000);

// ---------------------------------------------------------------------------------------------------

type Outcome = 'acked' | 'refused' | 'unknown';

interface TenderWrite {
  name: string;
  outcome: Outcome;
  id?: number;
}
interface BidWrite {
  tenderId: number;
  carrier: number;
  amount: number;
  outcome: Outcome;
  id?: number;
}
interface VehicleWrite {
  carrier: number;
  name: string;
  outcome: Outcome;
  id?: number;
}

const tenders: TenderWrite[] = [];
const bids: BidWrite[] = [];
const vehicles: VehicleWrite[] = [];
let ownerToken = '';
let carrierTokens: string[] = [];
/** Opened tenders to bid on, with the lowest amount we know was offered. */
const biddable = new Map<number, number>();

async function call(
  path: string,
  init: RequestInit & { token: string },
): Promise<{ status: number; body: unknown } | undefined> {
  try {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${init.token}` },
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    return undefined; // the server died with the request in flight: its outcome is unknown
  }
}

let nameSequence = 0;
async function writeTender(): Promise<void> {
  nameSequence += 1;
  const write: TenderWrite = { name: `Durable cargo ${SEED}-${nameSequence}`, outcome: 'unknown' };
  tenders.push(write);
  const res = await call(apiPaths.tenders.collection, {
    method: 'POST',
    token: ownerToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buildTenderInput({ name: write.name, initial_price: 50_000 })),
  });
  if (!res) return;
  if (res.status === 201) {
    write.outcome = 'acked';
    write.id = (res.body as Tender).id;
    biddable.set(write.id, 50_000);
  } else write.outcome = 'refused';
}

async function writeBid(): Promise<void> {
  const open = [...biddable.keys()];
  if (open.length === 0) return writeTender();
  const tenderId = open[Math.floor(random() * open.length)]!;
  const carrier = Math.floor(random() * carrierTokens.length);
  const amount = Math.round(((biddable.get(tenderId) ?? 50_000) - 1 - random() * 50) * 100) / 100;
  if (amount <= 1) {
    biddable.delete(tenderId);
    return;
  }
  const write: BidWrite = { tenderId, carrier, amount, outcome: 'unknown' };
  bids.push(write);
  biddable.set(tenderId, Math.min(biddable.get(tenderId) ?? amount, amount));
  const res = await call(pathTo(apiPaths.tenders.bids, { id: tenderId }), {
    method: 'POST',
    token: carrierTokens[carrier]!,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bid_amount: amount }),
  });
  if (!res) return;
  if (res.status === 201) {
    write.outcome = 'acked';
    write.id = (res.body as PlacedBid).id;
  } else write.outcome = 'refused';
}

async function writeVehicle(): Promise<void> {
  nameSequence += 1;
  const carrier = Math.floor(random() * carrierTokens.length);
  const write: VehicleWrite = { carrier, name: `Durable truck ${SEED}-${nameSequence}`, outcome: 'unknown' };
  vehicles.push(write);
  const form = new FormData();
  for (const [key, value] of Object.entries(vehicleFields({ vehicle_name: write.name })))
    if (value !== undefined) form.append(key, value);
  const photo = pngFile();
  form.append('vehicle_photo', new Blob([photo.data], { type: 'image/png' }), photo.filename);
  const res = await call(apiPaths.vehicles.collection, { method: 'POST', token: carrierTokens[carrier]!, body: form });
  if (!res) return;
  if (res.status === 201) {
    write.outcome = 'acked';
    write.id = (res.body as Vehicle).id;
  } else write.outcome = 'refused';
}

/** Concurrent clients writing until the server dies under them. */
async function workload(clients: number): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stopping) {
        const dice = random();
        if (dice < 0.25) await writeTender();
        else if (dice < 0.85) await writeBid();
        else await writeVehicle();
      }
    }),
  );
}

async function readJson<T>(path: string, token: string): Promise<{ body: T; headers: Headers }> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as T, headers: res.headers };
}

interface Check {
  acknowledged: number;
  lost: string[];
  unexpected: string[];
}

/** Reads everything back through the API and compares it with what the clients were told. */
async function verify(): Promise<Check> {
  const lost: string[] = [];
  const unexpected: string[] = [];

  const storedTenders: Tender[] = [];
  let cursor = '';
  for (;;) {
    const page = await readJson<Tender[]>(
      `${apiPaths.tenders.mine}?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
      ownerToken,
    );
    storedTenders.push(...page.body);
    cursor = page.headers.get('x-next-cursor') ?? '';
    if (!cursor) break;
  }
  const tenderByName = new Map(storedTenders.map((t) => [t.name, t]));
  for (const write of tenders) {
    const found = tenderByName.get(write.name);
    if (write.outcome === 'acked' && (!found || found.id !== write.id)) lost.push(`tender ${write.name}`);
    if (write.outcome === 'refused' && found) unexpected.push(`refused tender ${write.name} exists`);
    if (write.outcome === 'unknown' && found) {
      write.outcome = 'acked';
      write.id = found.id;
      biddable.set(found.id, 50_000);
    }
  }
  const known = new Set(tenders.map((t) => t.name));
  for (const t of storedTenders) if (!known.has(t.name)) unexpected.push(`tender nobody wrote: ${t.name}`);

  const tenderIds = [...new Set(bids.map((b) => b.tenderId))];
  for (const tenderId of tenderIds) {
    const { body: stored } = await readJson<TenderBid[]>(pathTo(apiPaths.tenders.bids, { id: tenderId }), ownerToken);
    const byAmount = new Map(stored.map((b) => [b.bid_amount, b]));
    const written = bids.filter((b) => b.tenderId === tenderId);
    for (const write of written) {
      const found = byAmount.get(write.amount);
      if (write.outcome === 'acked' && (!found || found.id !== write.id))
        lost.push(`bid ${write.amount} on ${tenderId}`);
      if (write.outcome === 'refused' && found) unexpected.push(`refused bid ${write.amount} on ${tenderId} exists`);
      if (write.outcome === 'unknown' && found) {
        write.outcome = 'acked';
        write.id = found.id;
      }
    }
    const amounts = new Set(written.map((b) => b.amount));
    for (const b of stored)
      if (!amounts.has(b.bid_amount)) unexpected.push(`bid nobody made: ${b.bid_amount} on ${tenderId}`);
    const lowest = stored.length ? Math.min(...stored.map((b) => b.bid_amount)) : 50_000;
    // a bid and the tender's counters are one transaction: after any crash they agree
    const tender = storedTenders.find((t) => t.id === tenderId);
    if (tender && (tender.bid_count !== stored.length || (tender.current_min_bid ?? 50_000) !== lowest)) {
      unexpected.push(
        `tender ${tenderId} counters ${tender.bid_count}/${tender.current_min_bid} vs bids ${stored.length}/${lowest}`,
      );
    }
    biddable.set(tenderId, Math.min(biddable.get(tenderId) ?? lowest, lowest));
  }

  for (const [carrier, token] of carrierTokens.entries()) {
    const { body: stored } = await readJson<Vehicle[]>(apiPaths.vehicles.mine, token);
    const byName = new Map(stored.map((v) => [v.vehicle_name, v]));
    for (const write of vehicles.filter((v) => v.carrier === carrier)) {
      const found = byName.get(write.name);
      if (write.outcome === 'acked' && (!found || found.id !== write.id || !found.documents.vehicle_photo))
        lost.push(`vehicle ${write.name}`);
      if (write.outcome === 'refused' && found) unexpected.push(`refused vehicle ${write.name} exists`);
      if (write.outcome === 'unknown' && found) {
        write.outcome = 'acked';
        write.id = found.id;
      }
      // the photo of a stored vehicle is whole: its signed link serves the same bytes
      if (found?.documents.vehicle_photo && write.outcome === 'acked' && random() < 0.2) {
        const photo = await fetch(`${base}${found.documents.vehicle_photo}`);
        if (!Buffer.from(await photo.arrayBuffer()).equals(Buffer.from(pngFile().data)))
          lost.push(`photo of ${write.name}`);
      }
    }
    const names = new Set(vehicles.filter((v) => v.carrier === carrier).map((v) => v.name));
    for (const v of stored) if (!names.has(v.vehicle_name)) unexpected.push(`vehicle nobody added: ${v.vehicle_name}`);
  }
  for (const token of [ownerToken, ...carrierTokens]) {
    const me = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    if (me.status !== 200) lost.push(`account or session (${me.status})`);
  }
  const acknowledged = [...tenders, ...bids, ...vehicles].filter((w) => w.outcome === 'acked').length;
  return { acknowledged, lost, unexpected };
}

it(
  `kill -9 durability: ${CYCLES} random SIGKILLs, no acknowledged write lost, nothing unexpected`,
  async () => {
    await startServer();
    const register = async (label: string): Promise<string> => {
      const email = `${label}-${SEED}-${randomBytes(3).toString('hex')}@example.uz`;
      const password = 'durable-password-1';
      const phone = `+99899${String(Math.floor(random() * 9_000_000) + 1_000_000)}`;
      const created = await fetch(`${base}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Durable', last_name: label, email, phone_number: phone, password }),
      });
      expect(created.status).toBe(201);
      const login = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await login.json()) as AuthTokens).accessToken;
    };
    ownerToken = await register('owner');
    carrierTokens = [await register('carrier-a'), await register('carrier-b'), await register('carrier-c')];

    let lostTotal: string[] = [];
    let unexpectedTotal: string[] = [];
    let acknowledged = 0;
    let killedInFlight = 0;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      if (cycle > 0) await startServer();
      const verifyStarted = performance.now();
      const check = await verify();
      timings.verify += performance.now() - verifyStarted;
      lostTotal = [...lostTotal, ...check.lost];
      unexpectedTotal = [...unexpectedTotal, ...check.unexpected];
      acknowledged = check.acknowledged;
      if (check.lost.length || check.unexpected.length) break;
      const killAfter = 20 + Math.floor(random() * 250);
      const unknownBefore = [...tenders, ...bids, ...vehicles].filter((w) => w.outcome === 'unknown').length;
      const workStarted = performance.now();
      const work = workload(6);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      await killServer();
      await work;
      timings.work += performance.now() - workStarted;
      killedInFlight +=
        [...tenders, ...bids, ...vehicles].filter((w) => w.outcome === 'unknown').length - unknownBefore;
    }
    // the final state, after the last kill
    await startServer();
    const last = await verify();
    lostTotal = [...lostTotal, ...last.lost];
    unexpectedTotal = [...unexpectedTotal, ...last.unexpected];
    acknowledged = last.acknowledged;
    await killServer();

    let integrity = 'not SQLite';
    if (engine === 'sqlite') {
      const file = join(dataDir, 'yuk-tender.db');
      expect(existsSync(file)).toBe(true);
      const sqlite = new SqliteDatabase(file);
      integrity = String(sqlite.pragma('integrity_check', { simple: true }));
      const foreignKeys = sqlite.pragma('foreign_key_check') as unknown[];
      sqlite.close();
      if (foreignKeys.length > 0) integrity = `foreign keys broken: ${foreignKeys.length}`;
    }

    printFigure('kill -9 durability', {
      engine,
      seed: SEED,
      cycles: CYCLES,
      acknowledged_writes: acknowledged,
      in_flight_at_kill: killedInFlight,
      refused: [...tenders, ...bids, ...vehicles].filter((w) => w.outcome === 'refused').length,
      lost: lostTotal.length,
      unexpected: unexpectedTotal.length,
      integrity_check: integrity.replaceAll(' ', '_'),
      ms_start_verify_work: `${Math.round(timings.start)}/${Math.round(timings.verify)}/${Math.round(timings.work)}`,
    });
    expect(lostTotal).toEqual([]);
    expect(unexpectedTotal).toEqual([]);
    expect(acknowledged).toBeGreaterThan(CYCLES);
    if (engine === 'sqlite') expect(integrity).toBe('ok');
  },
  size(120_000, 900_000),
);
