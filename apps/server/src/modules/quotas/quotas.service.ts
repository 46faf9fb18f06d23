import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  MARKET_OFFSET_MS,
  marketDateOf,
  QUOTA_HITS_DAYS_MAX,
  type Language,
  type QuotaHit,
  type QuotaHitsQuery,
  type QuotaName,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { requestLanguage } from '../../plugins/errors.js';
import { metrics } from '../../plugins/metrics.js';
import { repeatEvery } from '../../plugins/repeat.js';
import { findCompanyStanding } from '../companies/index.js';
import { assertModerator } from '../users/index.js';
import { createBatcher, type CounterEntry, type QuotaCounters } from './quota-counters.js';
import { createQuotaLeases } from './quota-leases.js';
import type { QuotaRule, QuotaSubject, QuotaTable, QuotaWindow } from './quotas.config.js';
import * as repo from './quotas.repository.js';

export interface QuotasContext {
  db: Db;
  table: QuotaTable;
  counters: QuotaCounters;
  now: () => number;
  log: FastifyBaseLogger;
}

const DAY_MS = 86_400_000;
/** A body whose length is not declared (chunked) is charged as the largest upload form. */
export const UNDECLARED_UPLOAD_BYTES = 32 * 1024 * 1024;
/** The moderators' list: the accounts refused most, at most this many rows. */
const TOP_HITS = 100;

/**
 * The start of the fixed window of `seconds` that holds `nowMs`: windows of whole days start at midnight in
 * Tashkent (a quota's day is the market's day), shorter ones on the epoch's multiples.
 */
export function windowStartOf(nowMs: number, seconds: number): number {
  const length = seconds * 1000;
  const offset = length % DAY_MS === 0 ? MARKET_OFFSET_MS : 0;
  return Math.floor((nowMs + offset) / length) * length - offset;
}

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

/** "in 3 minutes", "3 daqiqadan keyin", "через 3 минуты": the wait, in the reader's language. */
export function formatWait(seconds: number, language: Language): string {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
    relativeFormats.set(language, format);
  }
  if (seconds < 60) return format.format(seconds, 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

interface Charge {
  entry: CounterEntry;
  quota: QuotaName;
  window: QuotaWindow;
  bytes: boolean;
}

/** The bytes an upload says it sends (Node stops reading a body at its Content-Length). */
function declaredBytes(request: FastifyRequest): number {
  const header = request.headers['content-length'];
  const length = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : UNDECLARED_UPLOAD_BYTES;
}

/** Why a batch would be refused: what its quota allows now, and the seconds until its fullest window ends. */
export interface QuotaShortfall {
  allowed: number;
  retryAfterSeconds: number;
}

export interface QuotaGuard {
  /**
   * Counts an attempt at a write route against its quotas, before its body is read; throws 429
   * RATE_LIMITED (with Retry-After) when any of them is used up. Every attempt counts, refused or not.
   */
  admit(request: FastifyRequest, quotas: readonly QuotaName[]): Promise<void>;
  /**
   * admit, answered at once when it can be: undefined when the attempt is within its quotas and that was known
   * without waiting (the company known, every window's lease holding an attempt), the case of nearly every
   * attempt; else the promise of admit. Throws 429 at once when refused from the leases.
   */
  admitNow(request: FastifyRequest, quotas: readonly QuotaName[]): Promise<void> | undefined;
  /**
   * Counts `amount` of one quota at once (the tenders a file makes), all or none: when any window would pass
   * its limit, nothing is counted and 429 RATE_LIMITED (with Retry-After) is thrown.
   */
  admitMany(request: FastifyRequest, quota: QuotaName, amount: number): Promise<void>;
  /** What admitMany would say, counting nothing: the shortfall, or undefined when `amount` fits. */
  shortfall(request: FastifyRequest, quota: QuotaName, amount: number): Promise<QuotaShortfall | undefined>;
}

/** The counter of one window of one quota for one subject: `tenders:user:42:3600`. */
const counterKey = (quota: QuotaName, per: QuotaSubject, subject: number | string, window: QuotaWindow) =>
  `${quota}:${per}:${subject}:${window.seconds}`;

/** One window of a quota for one subject, kept for a user's attempts: its counter's key, made once. */
interface Slot {
  quota: QuotaName;
  window: QuotaWindow;
  key: string;
  /** The entry of the window that held the last attempt; a new one once that window is over. */
  entry?: CounterEntry;
}

/** The entry of a slot's window at `nowMs`: the same object for every attempt in that window. */
function currentEntry(slot: Slot, nowMs: number): CounterEntry {
  const windowStart = windowStartOf(nowMs, slot.window.seconds);
  if (slot.entry?.windowStart !== windowStart) {
    slot.entry = { key: slot.key, windowStart, windowMs: slot.window.seconds * 1000, amount: 1 };
  }
  return slot.entry;
}

/** What admitNow keeps of one route's quotas: whether any counts per company, and each user's slots. */
interface RoutePlan {
  perCompany: boolean;
  users: Map<number, { company: number | undefined; slots: Slot[] }>;
}

/** How long "no company yet" is believed: a carrier who never opens their company page would cost a query a write. */
const NO_COMPANY_TTL_MS = 60_000;
/**
 * Users whose counters admitNow keeps, at most, per route: those who wrote in the last minutes (a few hundred
 * bytes each); beyond, they are all made again as they come.
 */
const KEPT_USERS_MAX = 10_000;
/** Users whose company (or its absence) is remembered, at most. */
const COMPANY_CACHE_SIZE = 100_000;

/**
 * The quotas' check. The company of a user never changes (one company per user, made on first read), so it
 * is looked up once per process; a user without one yet is counted alone until it exists (noticed within a
 * minute). A company is one user today: it is still counted under its own key, so that a company of several
 * users will share its limit.
 */
export function createQuotaGuard(ctx: QuotasContext): QuotaGuard {
  const companies = new Map<number, number>();
  /** Users found without a company: until when (epoch ms) that answer stands. */
  const noCompanyUntil = new Map<number, number>();
  /** The company as remembered: its id, null when known to have none, undefined when it must be looked up. */
  const knownCompanyOf = (userId: number, nowMs: number): number | null | undefined => {
    const known = companies.get(userId);
    if (known !== undefined) return known;
    return (noCompanyUntil.get(userId) ?? 0) > nowMs ? null : undefined;
  };
  const companyOf = async (userId: number, nowMs: number): Promise<number | undefined> => {
    const known = knownCompanyOf(userId, nowMs);
    if (known !== undefined) return known ?? undefined;
    const company = await findCompanyStanding(ctx.db, userId);
    if (company) {
      if (companies.size >= COMPANY_CACHE_SIZE) companies.clear();
      companies.set(userId, company.id);
      noCompanyUntil.delete(userId);
    } else {
      if (noCompanyUntil.size >= COMPANY_CACHE_SIZE) noCompanyUntil.clear();
      noCompanyUntil.set(userId, nowMs + NO_COMPANY_TTL_MS);
    }
    return company?.id;
  };
  const recordHit = createHitRecorder(ctx.db);
  const leases = createQuotaLeases(ctx.counters, ctx.log);

  const perCompany = (quotas: readonly QuotaName[]) => quotas.some((name) => ctx.table[name].per.includes('company'));

  /**
   * What admitNow keeps of each route's quotas (the hook passes the same list for every attempt at a route), so
   * that an attempt within its leases allocates nothing: whether any counts per company, and each user's
   * counters. Kept by the list itself, so a list that is not kept is not either.
   */
  const routePlans = new WeakMap<readonly QuotaName[], RoutePlan | null>();
  const routePlanOf = (quotas: readonly QuotaName[]): RoutePlan | null => {
    let plan = routePlans.get(quotas);
    if (plan === undefined) {
      // attempts at uploads and by client address are charged as they come: only users' attempts are kept
      const kept = quotas.every(
        (name) => ctx.table[name].measure === 'requests' && !ctx.table[name].per.includes('address'),
      );
      plan = kept ? { perCompany: perCompany(quotas), users: new Map() } : null;
      routePlans.set(quotas, plan);
    }
    return plan;
  };
  /** A user's counters for a route's quotas, made again when the company they are counted under changes. */
  const userSlotsOf = (plan: RoutePlan, quotas: readonly QuotaName[], userId: number, company: number | undefined) => {
    let user = plan.users.get(userId);
    if (user === undefined || user.company !== company) {
      if (user === undefined && plan.users.size >= KEPT_USERS_MAX) plan.users.clear();
      const slots: Slot[] = [];
      for (const quota of quotas) {
        const rule = ctx.table[quota];
        for (const per of rule.per) {
          const subject = per === 'user' ? userId : company;
          if (subject === undefined) continue;
          for (const window of rule.windows)
            slots.push({ quota, window, key: counterKey(quota, per, subject, window) });
        }
      }
      user = { company, slots };
      plan.users.set(userId, user);
    }
    return user.slots;
  };

  /** The charges of an attempt; `count` attempts at once of the quotas that count requests (1 by default). */
  async function chargesOf(
    request: FastifyRequest,
    quotas: readonly QuotaName[],
    nowMs: number,
    count = 1,
  ): Promise<Charge[]> {
    const userId = request.principal?.userId;
    const company = userId !== undefined && perCompany(quotas) ? await companyOf(userId, nowMs) : undefined;
    return chargesWith(request, quotas, nowMs, count, company);
  }

  /** The charges of an attempt, the company (if any quota counts per company) already known. */
  function chargesWith(
    request: FastifyRequest,
    quotas: readonly QuotaName[],
    nowMs: number,
    count: number,
    company: number | undefined,
  ): Charge[] {
    const userId = request.principal?.userId;
    const rules: [QuotaName, QuotaRule][] = quotas.map((name) => [name, ctx.table[name]]);
    const charges: Charge[] = [];
    for (const [quota, rule] of rules) {
      const bytes = rule.measure === 'bytes';
      const amount = bytes ? declaredBytes(request) : count;
      // a body larger than a whole window's allowance can never pass: too large, not "later"
      if (bytes && rule.windows.some((window) => amount > window.max)) throw new AppError('PAYLOAD_TOO_LARGE');
      for (const per of rule.per) {
        const subject = per === 'user' ? userId : per === 'company' ? company : request.ip;
        if (subject === undefined) continue;
        for (const window of rule.windows) {
          const windowStart = windowStartOf(nowMs, window.seconds);
          charges.push({
            entry: {
              key: counterKey(quota, per, subject, window),
              windowStart,
              windowMs: window.seconds * 1000,
              amount,
            },
            quota,
            window,
            bytes,
          });
        }
      }
    }
    return charges;
  }

  /** Counts the bytes of an upload against their windows; 0 (within) when they cannot be counted. */
  const countBytes = (bytes: readonly Charge[]): Promise<number[]> =>
    ctx.counters.add(bytes.map((charge) => charge.entry)).catch((error: unknown) => {
      // the quotas protect the service; they never take it down: an upload that cannot be counted passes
      ctx.log.warn({ err: error }, 'quotas: could not count, letting the request through');
      return bytes.map(() => 0);
    });

  /**
   * Whether each charge is within its window: bytes as they come, attempts from the leases (most of them at
   * once, without a write or a promise each).
   */
  const within = async (charges: readonly Charge[]): Promise<boolean[]> => {
    const bytes = charges.filter((charge) => charge.bytes);
    const counted = bytes.length === 0 ? [] : await countBytes(bytes);
    let nextCounted = 0;
    const results = charges.map((charge) =>
      charge.bytes ? (counted[nextCounted++] ?? 0) <= charge.window.max : leases.take(charge.entry, charge.window.max),
    );
    return results.every((result) => typeof result === 'boolean')
      ? results
      : Promise.all(results.map((result) => Promise.resolve(result)));
  };

  /** The end of the fullest of these windows, as the seconds a refusal asks to wait. */
  const retryAfter = (over: readonly Charge[], nowMs: number) => {
    const endMs = Math.max(...over.map((charge) => charge.entry.windowStart + charge.entry.windowMs));
    return Math.max(1, Math.ceil((endMs - nowMs) / 1000));
  };

  const refusal = (request: FastifyRequest, seconds: number) =>
    new AppError('RATE_LIMITED', {
      params: { when: formatWait(seconds, requestLanguage(request)) },
      retryAfterSeconds: seconds,
    });

  /**
   * Adds each charge's amount to the shared counters at once (the leases are for single attempts); what each
   * counter holds after it. A failure to count lets the batch through, as for single attempts.
   */
  const addAll = (charges: readonly Charge[], amount: (charge: Charge) => number): Promise<number[]> =>
    ctx.counters.add(charges.map((charge) => ({ ...charge.entry, amount: amount(charge) }))).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'quotas: could not count, letting the request through');
      return charges.map(() => 0);
    });

  async function admit(request: FastifyRequest, quotas: readonly QuotaName[]): Promise<void> {
    const nowMs = ctx.now();
    const charges = await chargesOf(request, quotas, nowMs);
    if (charges.length === 0) return;
    await admitCharges(request, charges, nowMs);
  }

  async function admitCharges(request: FastifyRequest, charges: Charge[], nowMs: number): Promise<void> {
    await settle(request, charges, within(charges), nowMs);
  }

  /** Refuses (429, the refusal recorded) when any charge was not within its window. */
  async function settle(
    request: FastifyRequest,
    charges: Charge[],
    admitted: Promise<readonly boolean[]>,
    nowMs: number,
  ): Promise<void> {
    const answers = await admitted;
    const over = charges.filter((_, i) => !answers[i]);
    if (over.length === 0) return;

    // a refused upload sends nothing: its bytes are given back (its attempt still counts)
    const returned = charges
      .filter((charge) => charge.bytes)
      .map((charge) => ({ ...charge.entry, amount: -charge.entry.amount }));
    const userId = request.principal?.userId;
    await Promise.all([
      returned.length > 0 ? ctx.counters.add(returned) : undefined,
      userId !== undefined ? recordHit({ userId, quota: over[0]!.quota, atMs: nowMs }) : undefined,
    ]).catch((error: unknown) => ctx.log.warn({ err: error }, 'quotas: could not record a refusal'));

    metrics.quotaRefusals.inc({ quota: over[0]!.quota });
    throw refusal(request, retryAfter(over, nowMs));
  }

  /**
   * An attempt counted on a user's kept counters: each takes one from its lease. Within every lease (nearly
   * every attempt) it is answered at once and allocates nothing; else as admitNow's other attempts.
   */
  function admitKept(request: FastifyRequest, slots: readonly Slot[], nowMs: number): Promise<void> | undefined {
    let answers: (boolean | Promise<boolean>)[] | undefined;
    for (let i = 0; i < slots.length; i += 1) {
      const slot = slots[i]!;
      const answer = leases.take(currentEntry(slot, nowMs), slot.window.max);
      // the slots before this one were all within their leases
      if (answer !== true && answers === undefined) answers = slots.slice(0, i).map(() => true);
      answers?.push(answer);
    }
    if (answers === undefined) return undefined;
    const charges = slots.map((slot): Charge => ({
      entry: slot.entry!,
      quota: slot.quota,
      window: slot.window,
      bytes: false,
    }));
    return settle(request, charges, Promise.all(answers.map((answer) => Promise.resolve(answer))), nowMs);
  }

  return {
    async admitMany(request, quota, amount) {
      const nowMs = ctx.now();
      const charges = await chargesOf(request, [quota], nowMs, amount);
      if (charges.length === 0 || amount <= 0) return;
      const totals = await addAll(charges, (charge) => charge.entry.amount);
      const over = charges.filter((charge, i) => (totals[i] ?? 0) > charge.window.max);
      if (over.length === 0) return;
      // refused whole: nothing of it stays counted, so the attempts it did not make remain for others
      const userId = request.principal?.userId;
      await Promise.all([
        ctx.counters.add(charges.map((charge) => ({ ...charge.entry, amount: -charge.entry.amount }))),
        userId !== undefined ? recordHit({ userId, quota, atMs: nowMs }) : undefined,
      ]).catch((error: unknown) => ctx.log.warn({ err: error }, 'quotas: could not give back a refused batch'));
      throw refusal(request, retryAfter(over, nowMs));
    },

    async shortfall(request, quota, amount) {
      const nowMs = ctx.now();
      const charges = await chargesOf(request, [quota], nowMs, amount);
      if (charges.length === 0) return undefined;
      // adding nothing reads each counter (and what every instance holds in leases counts as used)
      const totals = await addAll(charges, () => 0);
      const left = charges.map((charge, i) => Math.max(0, charge.window.max - (totals[i] ?? 0)));
      const over = charges.filter((_, i) => amount > (left[i] ?? 0));
      if (over.length === 0) return undefined;
      return { allowed: Math.min(...left), retryAfterSeconds: retryAfter(over, nowMs) };
    },

    admitNow(request, quotas) {
      const nowMs = ctx.now();
      const userId = request.principal?.userId;
      const plan = userId === undefined ? null : routePlanOf(quotas);
      const company =
        userId !== undefined && (plan ? plan.perCompany : perCompany(quotas)) ? knownCompanyOf(userId, nowMs) : null;
      if (company === undefined) return admit(request, quotas);
      if (plan && userId !== undefined)
        return admitKept(request, userSlotsOf(plan, quotas, userId, company ?? undefined), nowMs);
      const charges = chargesWith(request, quotas, nowMs, 1, company ?? undefined);
      if (charges.length === 0) return undefined;
      // uploads are counted in the shared counter as they come: only attempts can be answered from the leases
      if (charges.some((charge) => charge.bytes)) return admitCharges(request, charges, nowMs);
      const admitted = charges.map((charge) => leases.take(charge.entry, charge.window.max));
      if (admitted.every((result) => result === true)) return undefined;
      return settle(request, charges, Promise.all(admitted.map((result) => Promise.resolve(result))), nowMs);
    },

    admit,
  };
}

/** Refusals per account, quota and Tashkent day, written in batches (an attack makes many at once). */
function createHitRecorder(db: Db) {
  return createBatcher<{ userId: number; quota: QuotaName; atMs: number }, void>(async (hits) => {
    const rows = new Map<string, repo.HitRow>();
    for (const hit of hits) {
      const day = marketDateOf(hit.atMs);
      const id = `${hit.userId}|${hit.quota}|${day}`;
      const at = new Date(hit.atMs).toISOString();
      const row = rows.get(id);
      if (row) {
        row.hits += 1;
        if (at > row.last_hit_at) row.last_hit_at = at;
      } else rows.set(id, { user_id: hit.userId, quota: hit.quota, day, hits: 1, last_hit_at: at });
    }
    const ordered = [...rows.values()].sort(
      (a, b) => a.user_id - b.user_id || a.quota.localeCompare(b.quota) || a.day.localeCompare(b.day),
    );
    await repo.addHits(db, ordered);
    return hits.map(() => undefined);
  });
}

/** The accounts refused most in the last `days` Tashkent days (today included), moderators only. */
export async function listQuotaHits(
  ctx: Pick<QuotasContext, 'db' | 'now'>,
  moderatorId: number,
  query: QuotaHitsQuery,
): Promise<QuotaHit[]> {
  await assertModerator(ctx.db, moderatorId);
  const since = marketDateOf(ctx.now() - (query.days - 1) * DAY_MS);
  const rows = await repo.topQuotaHits(ctx.db, since, TOP_HITS);
  return rows.map((row) => ({
    user_id: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    company: row.company_id !== null && row.company_name ? { id: row.company_id, name: row.company_name } : null,
    quota: row.quota,
    hits: Number(row.hits),
    last_hit_at: String(row.last_hit_at),
  }));
}

/** Counters removed per statement, and statements per round at most (the rest waits for the next round). */
const CLEANUP_BATCH = 5000;
const CLEANUP_STATEMENTS = 20;

/**
 * Removes the counters of windows that are over and the refusals older than the moderators can ask for.
 * Each statement deletes a bounded range of the expiry index; two instances doing it at once only delete
 * the same rows, so no claim is needed.
 */
export async function cleanupQuotas(db: Db, nowMs: number): Promise<number> {
  let removed = 0;
  for (let i = 0; i < CLEANUP_STATEMENTS; i += 1) {
    const count = await repo.deleteExpiredCounters(db, nowMs, CLEANUP_BATCH);
    removed += count;
    if (count < CLEANUP_BATCH) break;
  }
  await repo.deleteHitsBefore(db, marketDateOf(nowMs - QUOTA_HITS_DAYS_MAX * DAY_MS));
  return removed;
}

/** The cleanup every `everyMs` (0: never; tests call cleanupQuotas themselves). */
export function startQuotaCleanup(ctx: Pick<QuotasContext, 'db' | 'now' | 'log'>, everyMs: number): () => void {
  return repeatEvery(
    everyMs,
    async () => {
      const removed = await cleanupQuotas(ctx.db, ctx.now());
      if (removed > 0) ctx.log.debug({ removed }, 'quota counters removed');
    },
    (error) => ctx.log.warn({ err: error }, 'quota cleanup failed'),
  );
}
