// B6: the schedule of deadlines. 100,000 open tenders, 1,000 of them closing in the same second: how late
// after that second each close is done (its state published to the tender's page), with the deadline runner
// checking at its normal tick in this process; and what a tick costs when nothing is due, beside a primary-key
// read of the same table (the floor of any query).
import { measureInProcess } from '../lib/load.mjs';
import { rowsOnEachEngine } from '../lib/postgres.mjs';
import { loadServerModules } from '../lib/server-modules.mjs';
import { round, summarize } from '../lib/stats.mjs';

const TENDERS = Number(process.env.BENCH_DEADLINE_TENDERS ?? 100_000);
const DUE_TOGETHER = 1000;
const TICK_MS = 250;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const modules = {
  openDatabase: 'db/database.ts#openDatabase',
  migrateToLatest: 'db/migrate.ts#migrateToLatest',
  registerUser: 'modules/users/users.service.ts#registerUser',
  tenderRow: 'modules/tenders/tenders.service.ts#tenderRow',
  insertTenders: 'modules/tenders/tenders.repository.ts#insertTenders',
  createTenderInput: '../../../packages/shared/src/tenders.ts#createTenderInput',
  runDueActions: 'modules/deadlines/deadline-runner.ts#runDueActions',
  startDeadlineRunner: 'modules/deadlines/deadline-runner.ts#startDeadlineRunner',
  dueHandlers: 'due-handlers.ts#dueHandlers',
  createMemoryEventBus: 'plugins/event-bus.ts#createMemoryEventBus',
};

const quietLog = { error: (...args) => console.error(...args), info() {}, debug() {}, warn() {} };

async function seed(server, db) {
  const owner = await server.registerUser(db, {
    first_name: 'Bench',
    last_name: 'Owner',
    email: 'bench-deadlines@yuktender.uz',
    phone_number: '+998900000020',
    password: 'bench-password-123',
  });
  const values = server.createTenderInput.parse({
    name: 'Bench cargo',
    cargo_type: 'Truck - tented',
    cargo_weight: 10000,
    cargo_volume: 40,
    origin_location: 'Tashkent',
    destination_location: 'Almaty',
    shipment_date: '2099-01-10',
    delivery_date: '2099-01-14',
    tender_start_date: '2026-01-01',
    tender_end_date: '2099-01-01',
    initial_price: 1500,
    status: 'opened',
  });
  const row = server.tenderRow(owner.id, values, new Date().toISOString());
  for (let i = 0; i < TENDERS; i += 1000) {
    const chunk = Array.from({ length: Math.min(1000, TENDERS - i) }, (_, j) => ({
      ...row,
      name: `Bench cargo ${i + j}`,
    }));
    await db.transaction().execute(async (trx) => {
      for (let k = 0; k < chunk.length; k += 200) await server.insertTenders(trx, chunk.slice(k, k + 200));
    });
  }
  const ids = (await db.selectFrom('tenders').select('id').orderBy('id').execute()).map((r) => r.id);
  // the 1,000 that close together: spread over the table, not the newest ones
  const step = Math.floor(ids.length / DUE_TOGETHER);
  return Array.from({ length: DUE_TOGETHER }, (_, i) => ids[i * step]);
}

async function measure(server, database, engine, log) {
  const db = database.db;
  const seededAt = Date.now();
  const due = await seed(server, db);
  log(`${engine.name}: ${TENDERS} tenders scheduled in ${round((Date.now() - seededAt) / 1000, 1)} s`);
  const bus = server.createMemoryEventBus();
  const ctx = { db, bus };

  // an idle tick: nothing due among 100,000 scheduled closes
  const idle = await measureInProcess(() => server.runDueActions(ctx, server.dueHandlers), {
    warmup: 100,
    iterations: 1000,
  });
  const floor = await measureInProcess(
    () => db.selectFrom('due_actions').select('id').where('id', '=', 1).executeTakeFirst(),
    { warmup: 100, iterations: 1000 },
  );

  // 1,000 closes due in the same second, the runner at its normal tick
  const dueAt = Math.ceil((Date.now() + 3000) / 1000) * 1000;
  await db.updateTable('tenders').set({ closes_at_ms: dueAt }).where('id', 'in', due).execute();
  await db
    .updateTable('due_actions')
    .set({ due_at_ms: dueAt })
    .where('kind', '=', 'tender_close')
    .where('subject_id', 'in', due)
    .execute();
  const doneAt = new Map();
  const unsubscribe = due.map((id) =>
    bus.subscribe(`tender:${id}`, (state) => {
      if (state.status === 'closed' && !doneAt.has(id)) doneAt.set(id, Date.now());
    }),
  );
  const stop = server.startDeadlineRunner(ctx, server.dueHandlers, TICK_MS, quietLog);
  while (doneAt.size < DUE_TOGETHER && Date.now() < dueAt + 15_000) await sleep(20);
  stop();
  for (const off of unsubscribe) off();
  const lateness = summarize([...doneAt.values()].map((at) => at - dueAt));
  const closed = Number(
    (
      await db
        .selectFrom('tenders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'closed')
        .executeTakeFirstOrThrow()
    ).n,
  );
  log(
    `${engine.name}: ${doneAt.size}/${DUE_TOGETHER} closed, late p50 ${round(lateness.p50)} / max ${round(lateness.max)} ms; ` +
      `idle tick p50 ${round(idle.latency.p50, 3)} / p99 ${round(idle.latency.p99, 3)} ms`,
  );
  return [
    {
      case: `B6 ${DUE_TOGETHER} closes due in one second (${engine.name})`,
      unit: 'ms late',
      p50: round(lateness.p50),
      p99: round(lateness.p99),
      max: round(lateness.max),
      handled: doneAt.size,
      closedInDatabase: closed,
      target: 'all within 1000 ms of their time, each exactly once',
      met: doneAt.size === DUE_TOGETHER && closed === DUE_TOGETHER && lateness.max <= 1000,
    },
    {
      case: `B6 idle tick, ${TENDERS} scheduled (${engine.name})`,
      p50: round(idle.latency.p50, 3),
      p99: round(idle.latency.p99, 3),
      inProcessP50: round(floor.latency.p50, 3),
      inProcessP99: round(floor.latency.p99, 3),
      ratioP99: round(idle.latency.p99 / floor.latency.p99, 1),
      targetP99: 5,
      met: idle.latency.p99 < 5,
    },
  ];
}

export default {
  name: 'B6 deadlines',
  async run({ log }) {
    const server = await loadServerModules(modules);
    return rowsOnEachEngine(server, 'deadlines', (database, engine) => measure(server, database, engine, log));
  },
};
