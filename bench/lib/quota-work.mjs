// The quotas' own work for each bid, timed in this process: the guard the server builds, with the same table and
// counters on the same database, called as the route's preParsing hook calls it, as many attempts at once as the
// load has in flight. B2's quota row shows its CPU time per attempt beside the servers' pair (with and without the
// quota): what of the cost the pair reads is the check's own code, and what is its effect on the rest of the server.

/** The server modules this needs (loaded into the bench process with the bid case's own). */
export const quotaModules = {
  createQuotaGuard: 'modules/quotas/index.ts#createQuotaGuard',
  createDatabaseCounters: 'modules/quotas/index.ts#createDatabaseCounters',
  quotaTableFromEnv: 'modules/quotas/index.ts#quotaTableFromEnv',
  // the hook's own reading of the table: the quotas of each route, those that are off left out
  quotasByRoute: 'modules/quotas/quotas.hook.ts#quotasByRoute',
  apiPaths: '../../../packages/shared/src/api-paths.ts#apiPaths',
};

/** Attempts before the timing: the company of each bidder looked up once, V8's optimized code in place. */
const WARM_UP_ATTEMPTS = 20_000;
/** Attempts timed: some thousands of lease reservations written among them, as the server writes them. */
const TIMED_ATTEMPTS = 200_000;

/** A logger as the guard expects one; it only warns when a counter cannot be written, which fails the row. */
function countingLogger() {
  const logger = {
    warnings: 0,
    warn: () => (logger.warnings += 1),
    error: () => (logger.warnings += 1),
    fatal: () => (logger.warnings += 1),
    info: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    silent: () => undefined,
    level: 'warn',
    child: () => logger,
  };
  return logger;
}

/** The quotas of the bid route in `table`, as the hook finds them; throws when there is none (nothing to time). */
function bidRouteQuotas(server, table) {
  const route = `POST ${server.apiPaths.tenders.bids}`;
  const names = server.quotasByRoute(table).get(route);
  if (!names) throw new Error(`no quota counts ${route}: the quota row would time nothing`);
  return names;
}

/**
 * CPU microseconds per bid attempt of the quotas' check, with the server's settings `env` (the bench's limits)
 * on the open database `db`, the attempts coming from `userIds` in turn, `inFlight` at a time (the load's
 * connections). Each attempt is made as the hook makes it: `admitNow`, answered at once from the leases or,
 * when a lease is used up, once its reservation is written. `warnings` counts counters that could not be written.
 */
export async function quotaWorkPerAttempt(server, { db, env, userIds, inFlight }) {
  const { table, errors } = server.quotaTableFromEnv(env);
  if (errors.length > 0) throw new Error(`the bench's quota settings do not parse: ${errors.join('; ')}`);
  const quotas = bidRouteQuotas(server, table);
  const log = countingLogger();
  const guard = server.createQuotaGuard({
    db,
    table,
    counters: server.createDatabaseCounters(db),
    now: Date.now,
    log,
  });
  // what the guard reads of a request: who (the session's principal), from where, the declared body
  const requests = userIds.map((userId) => ({
    method: 'POST',
    ip: '127.0.0.1',
    headers: { 'content-type': 'application/json', 'content-length': '28' },
    principal: { userId, sessionId: 'bench' },
  }));
  let next = 0;
  let refused = 0;
  /** `count` attempts started at once; resolves when every one has its answer (as the hook's `done`). */
  const attempts = (count) =>
    new Promise((resolve, reject) => {
      let left = count;
      const done = (error) => {
        if (error) {
          if (error.statusCode === 429) refused += 1;
          else return reject(error);
        }
        left -= 1;
        if (left === 0) resolve();
      };
      for (let i = 0; i < count; i += 1) {
        const request = requests[next % requests.length];
        next += 1;
        let waiting;
        try {
          waiting = guard.admitNow(request, quotas);
        } catch (error) {
          done(error);
          continue;
        }
        if (waiting === undefined) done();
        else waiting.then(() => done(), done);
      }
    });
  const run = async (total) => {
    for (let made = 0; made < total; made += inFlight) await attempts(Math.min(inFlight, total - made));
  };
  await run(WARM_UP_ATTEMPTS);
  const cpuBefore = process.cpuUsage();
  await run(TIMED_ATTEMPTS);
  const cpu = process.cpuUsage(cpuBefore);
  return { cpuMicrosPerAttempt: (cpu.user + cpu.system) / TIMED_ATTEMPTS, refused, warnings: log.warnings };
}
