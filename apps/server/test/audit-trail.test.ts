import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  pathTo,
  type AuditAction,
  type AuditEntry,
  type AuthTokens,
  type PlacedBid,
  type Report,
} from '@yuk/shared';
import { runAdminCommand } from '../src/admin.js';
import { openDatabase } from '../src/db/database.js';
import { issuePasswordReset } from '../src/modules/auth/index.js';
import { createDeliveryChannels, runOutbox } from '../src/modules/delivery/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { api, buildTestApp, engine, sql, type ApiErrorBody } from './helpers.js';
import {
  answerAward,
  createTender,
  createUser,
  makeModerator,
  pendingCompany,
  quickUsers,
  runSchedule,
} from './factories/index.js';

// The app's clock for sign-in codes (one a minute per phone): moved on by the tests.
let clock = Date.now();
const { app, database } = await buildTestApp({ now: () => clock });

/** Where the tests' own requests come from: the trail must keep both. */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0 Chrome/131.0.0.0 Safari/537.36';
const IP = '203.0.113.9';
const from = { remoteAddress: IP, headers: { 'user-agent': UA, 'accept-language': 'en' } };

const moderator = await createUser(app);
await makeModerator(database, moderator.email);

/** The entries of an action about a subject, straight from the table. */
async function entries(action: AuditAction, subject?: { type: string; id: number | string }) {
  let query = database.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (subject)
    query = query.where('subject_type', '=', subject.type as never).where('subject_id', '=', String(subject.id));
  return query.orderBy('id').execute();
}

/** The one entry of an action about a subject, with who, where from and when. */
async function onlyEntry(action: AuditAction, subject: { type: string; id: number | string }) {
  const found = await entries(action, subject);
  expect(found, `${action} ${subject.type}:${subject.id}`).toHaveLength(1);
  const entry = found[0]!;
  expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 10 * 60_000);
  expect(entry.at).toMatch(/Z$/);
  return { ...entry, details: JSON.parse(entry.details) as Record<string, unknown> };
}

/** The entry was made by a request of the tests': their address and user agent. */
function expectFromTests(entry: { ip: string | null; user_agent: string | null }) {
  expect(entry).toMatchObject({ ip: IP, user_agent: UA });
}

const login = (email: string, password: string) =>
  api(app, { method: 'POST', url: apiPaths.users.login, payload: { email, password }, ...from });

/** The code or link token waiting in the outbox for this address (the tests never run the outbox). */
async function outboxSecret(address: string): Promise<string> {
  const row = await database.db
    .selectFrom('outbox')
    .select('params')
    .where('address', '=', address)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const params = JSON.parse(row.params) as { code?: string; token?: string };
  return params.code ?? params.token ?? '';
}

/** The token of the reset link made as the queued mail is sent (the mail itself only reaches the log here). */
async function resetLinkToken(): Promise<string> {
  let token = '';
  await runOutbox({
    db: database.db,
    channels: createDeliveryChannels({ publicUrl: 'http://localhost:3000' }, app.log),
    now: () => new Date(clock),
    passwordResets: async (address, nowMs, expiresAtMs) => {
      const issued = await issuePasswordReset(database.db, address, nowMs, expiresAtMs);
      token = issued?.token ?? token;
      return issued;
    },
  });
  return token;
}

let phoneSequence = 0;
const freshPhone = () => `+99894${String(1_000_000 + ++phoneSequence).slice(-7)}`;

describe('each security-relevant action leaves exactly one entry: who, what, about what, where from, when', () => {
  it('sign-in by password, and its failures (the attempted e-mail masked, never the password)', async () => {
    const user = await createUser(app);
    const ok = await login(user.email, user.password);
    expect(ok.statusCode).toBe(200);
    const signIns = await entries('auth.sign_in', { type: 'user', id: user.user.id });
    // createUser signed in once (from the injector), the tests once more
    expect(signIns).toHaveLength(2);
    const mine = signIns.at(-1)!;
    expect(mine).toMatchObject({ actor_user_id: user.user.id, ip: IP, user_agent: UA });
    expect(JSON.parse(mine.details)).toEqual({ method: 'password' });

    expect((await login(user.email, 'a-wrong-password-123')).statusCode).toBe(401);
    const failed = await onlyEntry('auth.sign_in_failed', { type: 'user', id: user.user.id });
    expect(failed).toMatchObject({ actor_user_id: null });
    expectFromTests(failed);
    expect(failed.details).toEqual({ method: 'password', email: `${user.email[0]}***@example.uz` });

    const before = (await entries('auth.sign_in_failed')).length;
    expect((await login('nobody-here@example.uz', 'whatever-123')).statusCode).toBe(401);
    expect((await login('my-Secret-Passw0rd', 'whatever-123')).statusCode).toBe(401);
    const unknown = (await entries('auth.sign_in_failed')).slice(before);
    expect(unknown.map((row) => [row.subject_type, JSON.parse(row.details) as unknown])).toEqual([
      [null, { method: 'password', email: 'n***@example.uz' }],
      // not an e-mail (perhaps a password typed in the wrong field): nothing of it is kept
      [null, { method: 'password', email: null }],
    ]);
    const everything = JSON.stringify(await database.db.selectFrom('audit_log').selectAll().execute());
    expect(everything).not.toContain('a-wrong-password-123');
    expect(everything).not.toContain('my-Secret-Passw0rd');
    expect(everything).not.toContain(user.password);
  });

  it('a sign-in among bids, which run without the origin, still keeps its own', async () => {
    const owner = await createUser(app);
    const carrier = await createUser(app);
    const tender = await createTender(app, owner.accessToken, { initial_price: 1000 });
    const bid = (usd: number) =>
      api(app, {
        method: 'POST',
        url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
        token: carrier.accessToken,
        payload: { bid_amount: usd },
        ...from,
      });
    expect((await bid(900)).statusCode).toBe(201);
    const [during, signIn] = await Promise.all([bid(800), login(carrier.email, carrier.password), bid(700)]);
    expect([during.statusCode, signIn.statusCode]).toEqual([201, 200]);
    expect((await login(carrier.email, carrier.password)).statusCode).toBe(200);
    const signIns = await entries('auth.sign_in', { type: 'user', id: carrier.user.id });
    for (const entry of signIns.slice(-2)) expectFromTests(entry);
  });

  it('proving a phone, signing in by SMS code and a wrong code', async () => {
    const phone = freshPhone();
    const user = await createUser(app, { phone_number: phone });
    const send = () =>
      api(app, { method: 'POST', url: apiPaths.auth.smsSend, payload: { phone }, remoteAddress: '198.51.100.77' });
    expect((await send()).statusCode).toBe(202);
    const proved = await api(app, {
      method: 'POST',
      url: apiPaths.users.phoneVerify,
      token: user.accessToken,
      payload: { phone, code: await outboxSecret(phone) },
      ...from,
    });
    expect(proved.statusCode, proved.body).toBe(200);
    const verified = await onlyEntry('user.phone_verified', { type: 'user', id: user.user.id });
    expect(verified).toMatchObject({ actor_user_id: user.user.id });
    expectFromTests(verified);
    expect(verified.details).toEqual({ phone: `+998*******${phone.slice(-2)}` });

    clock += 61_000;
    expect((await send()).statusCode).toBe(202);
    const code = await outboxSecret(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const verify = (value: string) =>
      api(app, { method: 'POST', url: apiPaths.auth.smsVerify, payload: { phone, code: value }, ...from });
    expect((await verify(wrong)).statusCode).toBe(400);
    const failed = await onlyEntry('auth.sign_in_failed', { type: 'user', id: user.user.id });
    expect(failed).toMatchObject({ actor_user_id: null });
    expect(failed.details).toEqual({ method: 'sms', phone: `+998*******${phone.slice(-2)}` });
    expect((await verify(code)).statusCode).toBe(200);
    const smsSignIn = (await entries('auth.sign_in', { type: 'user', id: user.user.id })).at(-1)!;
    expect(JSON.parse(smsSignIn.details)).toEqual({ method: 'sms' });
    expectFromTests(smsSignIn);
  });

  it('a password reset', async () => {
    const user = await createUser(app);
    expect(
      (await api(app, { method: 'POST', url: apiPaths.auth.passwordReset, payload: { email: user.email } })).statusCode,
    ).toBe(202);
    const done = await api(app, {
      method: 'POST',
      url: apiPaths.auth.passwordResetConfirm,
      payload: { token: await resetLinkToken(), password: 'a-brand-new-secret' },
      ...from,
    });
    expect(done.statusCode).toBe(204);
    const reset = await onlyEntry('user.password_reset', { type: 'user', id: user.user.id });
    expect(reset).toMatchObject({ actor_user_id: user.user.id });
    expectFromTests(reset);
    expect(reset.details).toEqual({ sessions_ended: 1 });
    expect(JSON.stringify(reset)).not.toContain('a-brand-new-secret');
  });

  it('a role granted by a moderator, and from the command line', async () => {
    const next = await createUser(app);
    const granted = await api(app, {
      method: 'POST',
      url: apiPaths.admin.moderators,
      token: moderator.accessToken,
      payload: { email: next.email },
      ...from,
    });
    expect(granted.statusCode).toBe(200);
    const entry = await onlyEntry('user.role_granted', { type: 'user', id: next.user.id });
    expect(entry).toMatchObject({ actor_user_id: moderator.user.id });
    expectFromTests(entry);
    expect(entry.details).toEqual({ role: 'moderator' });
    // an unknown e-mail grants nothing and records nothing
    const before = (await entries('user.role_granted')).length;
    const missing = await api(app, {
      method: 'POST',
      url: apiPaths.admin.moderators,
      token: moderator.accessToken,
      payload: { email: 'no-such-user@example.uz' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await entries('user.role_granted')).toHaveLength(before);
  });

  it('a role granted from the command line: no actor, no request', async () => {
    // the command works on the configured database: an embedded one in a folder of its own
    const dataDir = mkdtempSync(join(tmpdir(), 'yuk-audit-cli-'));
    const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    try {
      const own = openDatabase({ url: undefined, dataDir });
      await migrateToLatest(own);
      const [first] = await quickUsers(own, 1);
      await own.close();
      expect(await runAdminCommand(['grant-moderator', first!.email])).toMatchObject({ code: 0 });
      const again = openDatabase({ url: undefined, dataDir });
      const rows = await again.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.role_granted')
        .execute();
      await again.close();
      expect(rows.map((row) => [row.actor_user_id, row.subject_id, row.ip, row.user_agent, row.details])).toEqual([
        [null, String(first!.user.id), null, null, JSON.stringify({ role: 'moderator', via: 'command line' })],
      ]);
    } finally {
      Object.assign(process.env, saved);
      if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
      if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('company verification, rejection, suspension and its lifting; a refused decision leaves nothing', async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const first = await pendingCompany(app, a.accessToken);
    const second = await pendingCompany(app, b.accessToken);
    const decide = (id: number, action: 'verify' | 'reject' | 'suspend' | 'unsuspend', reason?: string) =>
      api(app, {
        method: 'POST',
        url: pathTo(apiPaths.admin[action], { id }),
        token: moderator.accessToken,
        ...(reason ? { payload: { reason } } : {}),
        ...from,
      });
    expect((await decide(first.id, 'verify')).statusCode).toBe(200);
    expect((await decide(second.id, 'reject', 'The licence is unreadable')).statusCode).toBe(200);
    expect((await decide(first.id, 'suspend', 'Forged documents')).statusCode).toBe(200);
    expect((await decide(first.id, 'unsuspend')).statusCode).toBe(200);
    // verifying a company that is not pending is refused, and the refusal records nothing
    expect((await decide(first.id, 'verify')).statusCode).toBe(409);

    const company = (id: number) => ({ type: 'company', id });
    for (const [action, id, reason] of [
      ['company.verified', first.id, null],
      ['company.rejected', second.id, 'The licence is unreadable'],
      ['company.suspended', first.id, 'Forged documents'],
      ['company.unsuspended', first.id, null],
    ] as const) {
      const entry = await onlyEntry(action, company(id));
      expect(entry).toMatchObject({ actor_user_id: moderator.user.id });
      expectFromTests(entry);
      expect(entry.details).toEqual({ reason });
    }
  });

  it('a report resolved', async () => {
    const reporter = await createUser(app);
    const owner = await createUser(app);
    const tender = await createTender(app, owner.accessToken);
    const filed = await api(app, {
      method: 'POST',
      url: apiPaths.reports.collection,
      token: reporter.accessToken,
      payload: { subject_type: 'tender', subject_id: tender.id, reason: 'spam' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const report = filed.json<Report>();
    const resolved = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.admin.resolveReport, { id: report.id }),
      token: moderator.accessToken,
      ...from,
    });
    expect(resolved.statusCode).toBe(200);
    const entry = await onlyEntry('report.resolved', { type: 'report', id: report.id });
    expect(entry).toMatchObject({ actor_user_id: moderator.user.id });
    expectFromTests(entry);
    expect(entry.details).toEqual({ about: `tender:${tender.id}` });
  });

  it('an award, its confirmation and decline, a no-show, and buy-now', async () => {
    const owner = await createUser(app);
    const [carrierA, carrierB, carrierC] = [await createUser(app), await createUser(app), await createUser(app)];
    const place = async (token: string, tenderId: number, amount: number) => {
      const res = await api(app, {
        method: 'POST',
        url: pathTo(apiPaths.tenders.bids, { id: tenderId }),
        token,
        payload: { bid_amount: amount },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlacedBid>();
    };
    const award = (tenderId: number, bidId: number) =>
      api(app, {
        method: 'POST',
        url: pathTo(apiPaths.tenders.award, { id: tenderId }),
        token: owner.accessToken,
        payload: { bid_id: bidId },
        ...from,
      });
    const tender = await createTender(app, owner.accessToken, { initial_price: 2000, confirm_within_minutes: 10 });
    const bidA = await place(carrierA.accessToken, tender.id, 1500);
    const bidB = await place(carrierB.accessToken, tender.id, 1400);
    const bidC = await place(carrierC.accessToken, tender.id, 1300);
    const subject = { type: 'tender', id: tender.id };

    expect((await award(tender.id, bidC.id)).statusCode).toBe(200);
    const awarded = await onlyEntry('tender.awarded', subject);
    expect(awarded).toMatchObject({ actor_user_id: owner.user.id });
    expectFromTests(awarded);
    expect(awarded.details).toEqual({ bid_id: bidC.id, origin: 'owner' });

    // C declines: the award passes on to B (the schedule's award: no actor, no request)
    const declined = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.bids.decline, { id: bidC.id }),
      token: carrierC.accessToken,
      ...from,
    });
    expect(declined.statusCode).toBe(200);
    const declinedEntry = await onlyEntry('tender.award_declined', subject);
    expect(declinedEntry).toMatchObject({ actor_user_id: carrierC.user.id });
    expectFromTests(declinedEntry);
    expect(declinedEntry.details).toEqual({ bid_id: bidC.id });
    const passedOn = (await entries('tender.awarded', subject)).at(-1)!;
    expect(passedOn).toMatchObject({ actor_user_id: null });
    expect(JSON.parse(passedOn.details)).toEqual({ bid_id: bidB.id, origin: 'fallback' });

    // B says nothing for ten minutes: a no-show, recorded by the schedule; A is offered it next
    expect(await runSchedule(database, () => new Date(Date.now() + 11 * 60_000))).toBeGreaterThan(0);
    const noShow = await onlyEntry('tender.award_no_show', subject);
    expect(noShow).toMatchObject({ actor_user_id: null, ip: null, user_agent: null });
    expect(noShow.details).toEqual({ bid_id: bidB.id, carrier_id: carrierB.user.id });

    // A confirms
    const confirmed = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.bids.confirm, { id: bidA.id }),
      token: carrierA.accessToken,
      ...from,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const confirmedEntry = await onlyEntry('tender.award_confirmed', subject);
    expect(confirmedEntry).toMatchObject({ actor_user_id: carrierA.user.id });
    expectFromTests(confirmedEntry);
    expect(confirmedEntry.details).toEqual({ bid_id: bidA.id });
    expect(await entries('tender.awarded', subject)).toHaveLength(3);
    // a second answer is refused and records nothing
    expect((await answerAward(app, carrierA.accessToken, bidA.id)).statusCode).toBe(409);
    expect(await entries('tender.award_confirmed', subject)).toHaveLength(1);

    const quick = await createTender(app, owner.accessToken, { initial_price: 1500, buy_now_price: 1200 });
    const bought = await api(app, {
      method: 'POST',
      url: pathTo(apiPaths.tenders.buyNow, { id: quick.id }),
      token: carrierB.accessToken,
      ...from,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const boughtEntry = await onlyEntry('tender.bought_now', { type: 'tender', id: quick.id });
    expect(boughtEntry).toMatchObject({ actor_user_id: carrierB.user.id });
    expectFromTests(boughtEntry);
    expect(boughtEntry.details).toEqual({ bid_id: bought.json<PlacedBid>().id });
  });

  it('signing other sessions out', async () => {
    const user = await createUser(app);
    const other = (await login(user.email, user.password)).json<AuthTokens>();
    expect(other.accessToken).toBeTruthy();
    const res = await api(app, {
      method: 'POST',
      url: apiPaths.users.signOutOtherSessions,
      token: user.accessToken,
      ...from,
    });
    expect(res.json()).toEqual({ signed_out: 1 });
    const entry = await onlyEntry('user.sessions_signed_out', { type: 'user', id: user.user.id });
    expect(entry).toMatchObject({ actor_user_id: user.user.id });
    expectFromTests(entry);
    expect(entry.details).toEqual({ sessions: 1 });
  });
});

describe('the trail cannot be changed', () => {
  it('the engine itself refuses an UPDATE or a DELETE of an entry', async () => {
    const [first] = await database.db.selectFrom('audit_log').select(['id', 'action']).limit(1).execute();
    expect(first).toBeDefined();
    await expect(
      database.db.updateTable('audit_log').set({ action: 'report.resolved' }).where('id', '=', first!.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(database.db.deleteFrom('audit_log').where('id', '=', first!.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(database.db)).rejects.toThrow(/append-only/);
    if (engine === 'postgres') {
      await expect(sql`truncate audit_log`.execute(database.db)).rejects.toThrow(/append-only/);
    }
    const still = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('id', '=', first!.id)
      .executeTakeFirst();
    expect(still?.action).toBe(first!.action);
  });

  it('a rolled-back action leaves no entry', async () => {
    const before = (await entries('company.suspended')).length;
    await expect(
      database.db.transaction().execute(async (trx) => {
        const { recordAudit } = await import('../src/modules/audit/index.js');
        await recordAudit(trx, { actorUserId: moderator.user.id, action: 'company.suspended', subject: null });
        throw new Error('the action failed after its entry');
      }),
    ).rejects.toThrow('the action failed');
    expect(await entries('company.suspended')).toHaveLength(before);
  });

  it('no call of the API writes to it: the trail is read only', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await api(app, { method, url: apiPaths.admin.audit, token: moderator.accessToken, payload: {} });
      expect([404, 405], method).toContain(res.statusCode);
    }
  });
});

describe('GET /api/admin/audit', () => {
  const read = (query: string, token: string | null = moderator.accessToken) =>
    api(app, { method: 'GET', url: `${apiPaths.admin.audit}${query}`, ...(token ? { token } : {}) });

  it('answers moderators only: 401 without a token, 403 MODERATOR_ONLY for anyone else', async () => {
    expect((await read('', null)).statusCode).toBe(401);
    const user = await createUser(app);
    const refused = await read('', user.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiErrorBody>().code).toBe('MODERATOR_ONLY');
    expect((await read(`?actor=${user.user.id}`, user.accessToken)).statusCode).toBe(403);
  });

  it('filters by actor, action, subject and time, newest first, with the actor named', async () => {
    const user = await createUser(app);
    const company = await pendingCompany(app, user.accessToken);
    for (const action of ['suspend', 'unsuspend'] as const) {
      const res = await api(app, {
        method: 'POST',
        url: pathTo(apiPaths.admin[action], { id: company.id }),
        token: moderator.accessToken,
        ...(action === 'suspend' ? { payload: { reason: 'Checking' } } : {}),
        ...from,
      });
      expect(res.statusCode).toBe(200);
    }
    const history = await read(`?subject_type=company&subject_id=${company.id}`);
    expect(history.statusCode).toBe(200);
    expect(history.headers['x-total-count']).toBe('2');
    const list = history.json<AuditEntry[]>();
    expect(list.map((entry) => entry.action)).toEqual(['company.unsuspended', 'company.suspended']);
    expect(list[1]).toMatchObject({
      actor: { id: moderator.user.id, name: `Test ${moderator.user.last_name}`, email: moderator.email },
      subject_type: 'company',
      subject_id: String(company.id),
      ip: IP,
      user_agent: UA,
      details: { reason: 'Checking' },
    });

    const byActor = (await read(`?actor=${user.user.id}`)).json<AuditEntry[]>();
    expect(byActor.map((entry) => entry.action)).toEqual(['auth.sign_in']);
    const byAction = (await read(`?action=company.suspended&actor=${moderator.user.id}`)).json<AuditEntry[]>();
    expect(byAction.length).toBeGreaterThanOrEqual(2);
    expect(byAction.every((entry) => entry.action === 'company.suspended')).toBe(true);

    const at = Date.parse(list[1]!.at);
    const within = (fromTime: string, toTime: string) =>
      read(
        `?subject_type=company&subject_id=${company.id}&from=${encodeURIComponent(fromTime)}&to=${encodeURIComponent(toTime)}`,
      );
    expect((await within(new Date(at - 1000).toISOString(), new Date(at + 60_000).toISOString())).json()).toHaveLength(
      2,
    );
    expect((await within(new Date(at + 60_000).toISOString(), new Date(at + 120_000).toISOString())).json()).toEqual(
      [],
    );
    // Tashkent business dates: the day of the entries holds them both
    const day = new Date(at + 5 * 3600_000).toISOString().slice(0, 10);
    expect((await within(day, day)).json()).toHaveLength(2);
    expect((await within('2000-01-01', '2000-01-02')).json()).toEqual([]);
  });

  it('pages newest first with X-Total-Count and X-Next-Cursor', async () => {
    const all = await read('?limit=100');
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThan(5);
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const res = await read(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.headers['x-total-count']).toBe(String(total));
      seen.push(...res.json<AuditEntry[]>().map((entry) => entry.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('refuses bad filters with 400 and the field named', async () => {
    for (const [query, field] of [
      ['?action=user.deleted', 'action'],
      ['?actor=abc', 'actor'],
      ['?actor=99999999999', 'actor'],
      ['?actor=-1', 'actor'],
      ['?from=yesterday', 'from'],
      ['?to=2026-02-30', 'to'],
      [`?from=${'9'.repeat(5000)}`, 'from'],
      ['?from=2026-11-25&to=2026-11-24', 'to'],
      ['?limit=1000', 'limit'],
      ['?limit=0', 'limit'],
      ['?cursor=abc', 'cursor'],
      ['?subject_type=planet&subject_id=1', 'subject_type'],
      ['?subject_id=1', 'subject_type'],
      [`?subject_type=company&subject_id=${'x'.repeat(500)}`, 'subject_id'],
      ['?subject_type=company&subject_id=1%3Bdrop', 'subject_id'],
    ] as const) {
      const res = await read(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ApiErrorBody>().fields, query).toHaveProperty(field);
    }
    expect((await read('?action=&actor=&from=&to=&limit=')).statusCode).toBe(200);
  });
});
