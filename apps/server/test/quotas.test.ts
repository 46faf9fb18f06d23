import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type AuthTokens, type QuotaHit, marketDateOf, type SavedSearchInput } from '@yuk/shared';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import {
  cleanupQuotas,
  DEFAULT_QUOTAS,
  leaseSize,
  parseQuotaSetting,
  quotaTableFromEnv,
  windowStartOf,
  type QuotaTable,
} from '../src/modules/quotas/index.js';
import {
  buildTenderInput,
  createShipment,
  createTender,
  createUser,
  makeModerator,
  multipart,
  freshIdUsers,
  quickUsers,
  vehicleFields,
} from './factories/index.js';
import { api, buildTestApp, engine, sql, TEST_JWT_SECRET, testDatabaseUrl, type ApiErrorBody } from './helpers.js';
import { requestsTo } from './requests.js';

/**
 * Quotas on each person's writes (decision 024): a burst over a limit answers 429 RATE_LIMITED with
 * Retry-After and a text in the reader's language, never a 5xx, and the refused attempt wrote nothing; a
 * window's end frees the quota; other users are not affected; two instances count together.
 */

// The app's clock (tokens and quota windows): tests move it to the end of a window.
let clock = Date.now();
const now = () => clock;
const HOUR_MS = 3_600_000;

/** Seconds from the clock to the end of its window of `seconds`: the Retry-After a refusal must carry. */
const secondsLeft = (seconds: number) => Math.ceil((windowStartOf(clock, seconds) + seconds * 1000 - clock) / 1000);

/** How many answers had each status (answers, or their statuses). */
const statusesOf = (answers: readonly (LightMyRequestResponse | number)[]) => {
  const counts: Record<number, number> = {};
  for (const answer of answers) {
    const status = typeof answer === 'number' ? answer : answer.statusCode;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
};

function expectRefused(res: LightMyRequestResponse, retryAfter?: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json<ApiErrorBody>().code).toBe('RATE_LIMITED');
  const header = Number(res.headers['retry-after']);
  expect(header).toBeGreaterThanOrEqual(1);
  if (retryAfter !== undefined) expect(header).toBe(retryAfter);
}

async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await api(app, { method: 'POST', url: apiPaths.users.login, payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuthTokens>().accessToken;
}

type Table = 'tenders' | 'bids' | 'vehicles' | 'reports' | 'saved_searches' | 'shipment_share_links' | 'outbox';
const countRows = async (app: { database: { db: Db } }, table: Table, column: string, value: number | string) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(app.database.db)
    ).rows[0]?.n ?? 0,
  );

// ---------------------------------------------------------------------------------------------------
// The defaults, as production runs them

const defaults = await buildTestApp({ now, quotas: DEFAULT_QUOTAS });

describe('the default quotas', () => {
  it('count a user under the company made after their first attempts, from when "no company" is no longer believed', async () => {
    // the minute moved below must stay inside the hour's and the day's windows
    if (windowStartOf(clock, 3600) + HOUR_MS - clock < 5 * 60_000) clock = windowStartOf(clock, 3600) + HOUR_MS + 1;
    const owner = await createUser(defaults.app);
    const tender = () => createTender(defaults.app, owner.accessToken);
    await tender(); // the company is looked up: none yet
    await tender(); // counted from what is kept of the user, alone
    const made = await api(defaults.app, { method: 'GET', url: apiPaths.companies.mine, token: owner.accessToken });
    expect(made.statusCode).toBe(200);
    const companyId = made.json<{ id: number }>().id;
    clock += 61_000; // "no company" is believed for a minute
    await tender(); // the company is looked up again, and found
    await tender(); // counted from what is kept, the company now with it
    const used = async (key: string) =>
      Number(
        (
          await defaults.database.db
            .selectFrom('quota_counters')
            .select('used')
            .where('key', '=', key)
            .where('window_start', '=', windowStartOf(clock, 3600))
            .executeTakeFirst()
        )?.used ?? 0,
      );
    expect(await used(`tenders:user:${owner.user.id}:3600`)).toBe(4);
    expect(await used(`tenders:company:${companyId}:3600`)).toBe(2);
  });

  it('stop a script posting tenders at the 30th of the hour: exactly 30 of 100 at once are written, no 5xx', async () => {
    const owner = await createUser(defaults.app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api(defaults.app, {
          method: 'POST',
          url: apiPaths.tenders.collection,
          token: owner.accessToken,
          payload: buildTenderInput({ name: `Burst ${i}` }),
          headers: { 'accept-language': 'en' },
        }),
      ),
    );
    expect(statusesOf(answers)).toEqual({ 201: 30, 429: 70 });
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expectRefused(refused, secondsLeft(3600));
    expect(refused.json<ApiErrorBody>().error).toMatch(
      /^You have done this too many times for now\. Try again in \d+ (minute|minutes|seconds?)$/,
    );
    expect(await countRows(defaults, 'tenders', 'owner_id', owner.user.id)).toBe(30);

    // in the reader's language
    const again = (lang: string) =>
      api(defaults.app, {
        method: 'POST',
        url: apiPaths.tenders.collection,
        token: owner.accessToken,
        payload: buildTenderInput(),
        headers: { 'accept-language': lang },
      });
    expect((await again('ru')).json<ApiErrorBody>().error).toMatch(
      /^Это действие повторялось слишком часто\. Повторите через \d+/,
    );
    expect((await again('uz')).json<ApiErrorBody>().error).toMatch(
      /^Bu amal juda ko'p takrorlandi\. \d+ (daqiqadan|soniyadan) keyin qayta urinib ko'ring$/,
    );

    // another shipper is not held back
    const other = await createUser(defaults.app);
    expect(
      (
        await api(defaults.app, {
          method: 'POST',
          url: apiPaths.tenders.collection,
          token: other.accessToken,
          payload: buildTenderInput(),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('stop bids at 60 a minute: every attempt counts, the refused ones write no bid, the next minute bids again', async () => {
    const owner = await createUser(defaults.app);
    const carrier = await createUser(defaults.app);
    const tender = await createTender(defaults.app, owner.accessToken, { initial_price: 5000 });
    const bid = (amount: number) => requestsTo(defaults.app).bid(carrier.accessToken, tender.id, amount);
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => bid(4900 - i)));
    const counts = statusesOf(answers);
    expect(counts[429]).toBe(10);
    expect((counts[201] ?? 0) + (counts[409] ?? 0)).toBe(60);
    expect(await countRows(defaults, 'bids', 'bidder_id', carrier.user.id)).toBe(counts[201]);
    expectRefused(
      answers.find((answer) => answer.statusCode === 429)!,
      secondsLeft(60),
    );

    clock = windowStartOf(clock, 60) + 60_000 + 1;
    expect((await bid(100)).statusCode).toBe(201);
  });

  it('count SMS codes per client address on top of the auth module’s own caps', async () => {
    const address = '198.51.100.201';
    const send = (i: number, from = address) =>
      api(defaults.app, {
        method: 'POST',
        url: apiPaths.auth.smsSend,
        payload: { phone: `+99897${String(1_000_000 + i).slice(-7)}` },
        remoteAddress: from,
      });
    const codes: number[] = [];
    for (let i = 0; i < 50; i += 1) codes.push((await send(i)).statusCode);
    // the auth module sends one address 30 codes a day and refuses the rest with its own code
    expect(codes.filter((status) => status === 202)).toHaveLength(30);
    expect(codes.filter((status) => status === 429)).toHaveLength(20);
    const over = await send(50);
    expectRefused(over);
    // another address is not held back
    expect((await send(51, '198.51.100.202')).statusCode).toBe(202);
  });
});

// ---------------------------------------------------------------------------------------------------
// Small limits, set as an operator sets them: QUOTA_<NAME> settings

const vehicleForm = await multipart(vehicleFields());
const FORM_BYTES = vehicleForm.payload.length;
const settings = {
  QUOTA_TENDERS: '3/h,5/d',
  QUOTA_BIDS: '3/m',
  QUOTA_UPLOADS: '10/h',
  QUOTA_UPLOAD_BYTES: `${Math.floor(2.5 * FORM_BYTES)}B/d`,
  QUOTA_REPORTS: '2/h',
  QUOTA_SAVED_SEARCHES: '2/h',
  QUOTA_SHARE_LINKS: '2/h',
  QUOTA_SMS_CODES: '2/h',
  QUOTA_PASSWORD_RESETS: '2/h',
};
const parsed = quotaTableFromEnv(settings);
const small: QuotaTable = parsed.table;
const limited = await buildTestApp({ now, quotas: small });
const { app } = limited;

const post = (url: string, token: string | undefined, payload?: unknown, headers: Record<string, string> = {}) =>
  api(app, {
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });

async function sendVehicle(token: string, fields = vehicleFields(), method: 'POST' | 'PUT' = 'POST', id?: number) {
  const form = await multipart(fields);
  return api(app, {
    method,
    url: id === undefined ? apiPaths.vehicles.collection : pathTo(apiPaths.vehicles.one, { id }),
    token,
    payload: form.payload,
    headers: form.headers,
  });
}

describe('quotas set by QUOTA_* settings', () => {
  it('reads the settings', () => {
    expect(parsed.errors).toEqual([]);
    expect(small.tenders.windows).toEqual([
      { seconds: 3600, max: 3 },
      { seconds: 86_400, max: 5 },
    ]);
    expect(small.uploadBytes.windows).toEqual([{ seconds: 86_400, max: Math.floor(2.5 * FORM_BYTES) }]);
  });

  it('counts every attempt, refused or failed: three bad tenders use up the hour, and the fourth, valid, writes nothing', async () => {
    const owner = await createUser(app);
    for (const payload of [{}, { name: 42 }, buildTenderInput({ initial_price: -1 })]) {
      expect((await post(apiPaths.tenders.collection, owner.accessToken, payload)).statusCode).toBe(400);
    }
    const refused = await post(apiPaths.tenders.collection, owner.accessToken, buildTenderInput());
    expectRefused(refused, secondsLeft(3600));
    expect(await countRows(limited, 'tenders', 'owner_id', owner.user.id)).toBe(0);
  });

  it('frees the hour at its end; the day stays counted', async () => {
    // the next hour must fall in the same Tashkent day: in the day's last hour, start from the next day
    const dayEnd = windowStartOf(clock, 86_400) + 24 * HOUR_MS;
    if (windowStartOf(clock, 3600) + 2 * HOUR_MS > dayEnd) clock = dayEnd + 1;
    const owner = await createUser(app);
    for (let i = 0; i < 3; i += 1) await createTender(app, owner.accessToken);
    expectRefused(await post(apiPaths.tenders.collection, owner.accessToken, buildTenderInput()));

    clock = windowStartOf(clock, 3600) + HOUR_MS + 1;
    let token = await signIn(app, owner.email, owner.password);
    // four attempts in the day so far (three written, one refused): one more fits the day's five
    expect((await post(apiPaths.tenders.collection, token, buildTenderInput())).statusCode).toBe(201);
    const dayOver = await post(apiPaths.tenders.collection, token, buildTenderInput());
    expectRefused(dayOver);
    // the day's window is what is over: Retry-After runs to the next Tashkent midnight
    expect(Number(dayOver.headers['retry-after'])).toBe(secondsLeft(86_400));
    expect(await countRows(limited, 'tenders', 'owner_id', owner.user.id)).toBe(4);

    clock = windowStartOf(clock, 86_400) + 24 * HOUR_MS + 1;
    token = await signIn(app, owner.email, owner.password);
    expect((await post(apiPaths.tenders.collection, token, buildTenderInput())).statusCode).toBe(201);
  });

  it('counts a user under their company too (one user per company today, its own key all the same)', async () => {
    const owner = await createUser(app);
    const company = await api(app, { method: 'GET', url: apiPaths.companies.mine, token: owner.accessToken });
    expect(company.statusCode).toBe(200);
    await createTender(app, owner.accessToken);
    const rows = await limited.database.db
      .selectFrom('quota_counters')
      .select(['key', 'used'])
      .where('key', 'like', 'tenders:%')
      .where((eb) =>
        eb.or([
          eb('key', '=', `tenders:user:${owner.user.id}:3600`),
          eb('key', '=', `tenders:company:${company.json<{ id: number }>().id}:3600`),
        ]),
      )
      .execute();
    expect(rows.map((row) => [row.key.split(':')[1], Number(row.used)]).sort()).toEqual([
      ['company', 1],
      ['user', 1],
    ]);
  });

  it('refuses the fourth bid of a minute from the same carrier, not another carrier’s', async () => {
    const owner = await createUser(app);
    const [carrier, other] = [await createUser(app), await createUser(app)];
    const tender = await createTender(app, owner.accessToken, { initial_price: 5000 });
    const bid = (token: string, amount: number) => requestsTo(app).bid(token, tender.id, amount);
    for (const amount of [4000, 3900, 3800]) expect((await bid(carrier.accessToken, amount)).statusCode).toBe(201);
    expectRefused(await bid(carrier.accessToken, 3700), secondsLeft(60));
    expect(await countRows(limited, 'bids', 'bidder_id', carrier.user.id)).toBe(3);
    expect((await bid(other.accessToken, 3700)).statusCode).toBe(201);
    // buying now is a bid too
    const buy = await post(pathTo(apiPaths.tenders.buyNow, { id: tender.id }), carrier.accessToken, {});
    expectRefused(buy);
  });

  it('counts uploads by number: the eleventh form of the hour is refused before it is read', async () => {
    const carrier = await createUser(app);
    // forms that fail count as well (small ones, far from the bytes of the day)
    const bad = await multipart({ vehicle_name: 'x' });
    for (let i = 0; i < 10; i += 1) {
      const url = i % 2 === 0 ? apiPaths.companies.mine : pathTo(apiPaths.vehicles.one, { id: 2_000_000_000 });
      const res = await api(app, {
        method: 'PUT',
        url,
        token: carrier.accessToken,
        payload: bad.payload,
        headers: bad.headers,
      });
      expect([400, 404], res.body).toContain(res.statusCode);
    }
    expectRefused(await sendVehicle(carrier.accessToken));
    expect(await countRows(limited, 'vehicles', 'owner_id', carrier.user.id)).toBe(0);
  });

  it('counts uploads by bytes: a refused one gives its bytes back; one larger than the whole day is 413', async () => {
    const carrier = await createUser(app);
    expect((await sendVehicle(carrier.accessToken)).statusCode).toBe(201);
    expect((await sendVehicle(carrier.accessToken)).statusCode).toBe(201);
    // a third full form would pass the day's 2.5 forms
    const third = await sendVehicle(carrier.accessToken);
    expectRefused(third, secondsLeft(86_400));
    expect(await countRows(limited, 'vehicles', 'owner_id', carrier.user.id)).toBe(2);
    // what is left (half a form) still takes a smaller upload: the refused one used none of it
    const smallForm = await multipart({ vehicle_name: 'x' });
    expect(smallForm.payload.length).toBeLessThan(FORM_BYTES / 2);
    const res = await api(app, {
      method: 'PUT',
      url: pathTo(apiPaths.vehicles.one, { id: 2_000_000_000 }),
      token: carrier.accessToken,
      payload: smallForm.payload,
      headers: smallForm.headers,
    });
    expect([400, 404], res.body).toContain(res.statusCode);

    const other = await createUser(app);
    const huge = await multipart(vehicleFields({ description: 'x'.repeat(3 * FORM_BYTES) }));
    const tooLarge = await api(app, {
      method: 'POST',
      url: apiPaths.vehicles.collection,
      token: other.accessToken,
      payload: huge.payload,
      headers: huge.headers,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<ApiErrorBody>().code).toBe('PAYLOAD_TOO_LARGE');
    // nothing was counted for it
    expect((await sendVehicle(other.accessToken)).statusCode).toBe(201);
  });

  it('limits reports, saved searches and share links, and writes nothing when refusing', async () => {
    const owner = await createUser(app);
    const carrier = await createUser(app);
    const tender = await createTender(app, owner.accessToken);
    const report = { subject_type: 'tender', subject_id: tender.id, reason: 'spam' };
    expect((await post(apiPaths.reports.collection, carrier.accessToken, report)).statusCode).toBe(201);
    expect(
      (await post(apiPaths.reports.collection, carrier.accessToken, { ...report, subject_id: 2_000_000_000 }))
        .statusCode,
    ).toBe(404);
    expectRefused(await post(apiPaths.reports.collection, carrier.accessToken, report));
    expect(await countRows(limited, 'reports', 'reporter_id', carrier.user.id)).toBe(1);

    const search: SavedSearchInput = { name: 'Tashkent → Almaty', origin: 'Tashkent', destination: 'Almaty' };
    for (let i = 0; i < 2; i += 1)
      expect(
        (await post(apiPaths.savedSearches.collection, carrier.accessToken, { ...search, name: `Lane ${i}` }))
          .statusCode,
      ).toBe(201);
    expectRefused(await post(apiPaths.savedSearches.collection, carrier.accessToken, search));
    expect(await countRows(limited, 'saved_searches', 'user_id', carrier.user.id)).toBe(2);

    const shipper = await createUser(app);
    const hauler = await createUser(app);
    const number = await createShipment(app, shipper, hauler);
    const share = () => post(pathTo(apiPaths.shipments.share, { number }), shipper.accessToken);
    expect((await share()).statusCode).toBe(201);
    expect((await share()).statusCode).toBe(201);
    expectRefused(await share());
    expect(await countRows(limited, 'shipment_share_links', 'created_by', shipper.user.id)).toBe(2);
  });

  it('counts password resets and SMS codes per client address', async () => {
    const users = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    const reset = (email: string, from: string) =>
      api(app, { method: 'POST', url: apiPaths.auth.passwordReset, payload: { email }, remoteAddress: from });
    expect((await reset(users[0].email, '203.0.113.50')).statusCode).toBe(202);
    expect((await reset(users[1].email, '203.0.113.50')).statusCode).toBe(202);
    expectRefused(await reset(users[2].email, '203.0.113.50'), secondsLeft(3600));
    expect(await countRows(limited, 'outbox', 'address', users[2].email)).toBe(0);
    expect((await reset(users[2].email, '203.0.113.51')).statusCode).toBe(202);
    expect(await countRows(limited, 'outbox', 'address', users[2].email)).toBe(1);

    const sms = (phone: string) =>
      api(app, { method: 'POST', url: apiPaths.auth.smsSend, payload: { phone }, remoteAddress: '203.0.113.60' });
    expect((await sms('+998971111111')).statusCode).toBe(202);
    expect((await sms('+998971111112')).statusCode).toBe(202);
    expectRefused(await sms('+998971111113'));
    expect(await countRows(limited, 'outbox', 'address', '+998971111113')).toBe(0);
  });

  it('never answers 5xx to odd requests at a limited route, and counts nobody without a token', async () => {
    const user = await createUser(app);
    const odd: InjectOptions[] = [
      { method: 'POST', url: apiPaths.tenders.collection },
      { method: 'POST', url: apiPaths.tenders.collection, headers: { authorization: 'Bearer nope' } },
      {
        method: 'POST',
        url: pathTo(apiPaths.tenders.bids, { id: 1 }),
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'POST', url: '/api/tenders/99999999999999999999/bids', payload: { bid_amount: 1e308 } },
      {
        method: 'POST',
        url: apiPaths.vehicles.collection,
        payload: 'x'.repeat(10_000),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
      {
        method: 'POST',
        url: apiPaths.reports.collection,
        payload: { subject_type: ['tender'], subject_id: '1', reason: null },
      },
    ];
    for (const options of odd) {
      const anonymous = await app.inject(options);
      expect(anonymous.statusCode, `${options.url as string} anonymous`).toBe(401);
      const signedIn = await api(app, { ...options, token: user.accessToken });
      expect(signedIn.statusCode, `${options.url as string}: ${signedIn.body}`).toBeLessThan(500);
    }
    // none of the 401s counted: the user still has the whole hour of tenders but the one odd attempt
    const fresh = await createUser(app);
    for (const options of odd) await app.inject(options);
    for (let i = 0; i < 3; i += 1) await createTender(app, fresh.accessToken);
  });
});

// ---------------------------------------------------------------------------------------------------
// What moderators see

describe('the accounts that meet the quotas most (moderators)', () => {
  const hitsAs = (token: string | undefined, query = '') =>
    api(app, { method: 'GET', url: `${apiPaths.admin.quotaHits}${query}`, ...(token ? { token } : {}) });

  it('lists them for moderators only, most refused first, with name, e-mail, company and the last refusal', async () => {
    const noisy = await createUser(app, { first_name: 'Noisy', last_name: 'Script' });
    const company = await api(app, { method: 'GET', url: apiPaths.companies.mine, token: noisy.accessToken });
    await limited.database.db
      .updateTable('companies')
      .set({ name: 'Noisy LLC' })
      .where('user_id', '=', noisy.user.id)
      .execute();
    for (let i = 0; i < 3; i += 1) await createTender(app, noisy.accessToken);
    for (let i = 0; i < 4; i += 1)
      expectRefused(await post(apiPaths.tenders.collection, noisy.accessToken, buildTenderInput()));
    const quiet = await createUser(app);
    for (let i = 0; i < 2; i += 1)
      await post(apiPaths.reports.collection, quiet.accessToken, {
        subject_type: 'tender',
        subject_id: 2_000_000_000,
        reason: 'spam',
      });
    expectRefused(
      await post(apiPaths.reports.collection, quiet.accessToken, {
        subject_type: 'tender',
        subject_id: 1,
        reason: 'spam',
      }),
    );

    const moderator = await createUser(app);
    await makeModerator(limited.database, moderator.email);
    const res = await hitsAs(moderator.accessToken, '?days=7');
    expect(res.statusCode, res.body).toBe(200);
    const hits = res.json<QuotaHit[]>();
    const noisyRow = hits.find((hit) => hit.user_id === noisy.user.id);
    expect(noisyRow).toEqual({
      user_id: noisy.user.id,
      name: 'Noisy Script',
      email: noisy.email,
      company: { id: company.json<{ id: number }>().id, name: 'Noisy LLC' },
      quota: 'tenders',
      hits: 4,
      last_hit_at: new Date(clock).toISOString(),
    });
    expect(hits.find((hit) => hit.user_id === quiet.user.id)).toMatchObject({
      quota: 'reports',
      hits: 1,
      company: null,
    });
    const order = hits.map((hit) => hit.hits);
    expect(order).toEqual([...order].sort((a, b) => b - a));

    // a refusal of 8 days ago is outside the week, inside a month
    await limited.database.db
      .insertInto('quota_hits')
      .values({
        user_id: quiet.user.id,
        quota: 'bids',
        day: marketDateOf(clock - 8 * 86_400_000),
        hits: 99,
        last_hit_at: new Date(clock - 8 * 86_400_000).toISOString(),
      })
      .execute();
    expect((await hitsAs(moderator.accessToken)).json<QuotaHit[]>().some((hit) => hit.hits === 99)).toBe(false);
    expect((await hitsAs(moderator.accessToken, '?days=30')).json<QuotaHit[]>()[0]).toMatchObject({
      user_id: quiet.user.id,
      quota: 'bids',
      hits: 99,
    });

    // anyone else: 403; no token: 401; bad days: 400
    const forbidden = await hitsAs(noisy.accessToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<ApiErrorBody>().code).toBe('MODERATOR_ONLY');
    expect((await hitsAs(undefined)).statusCode).toBe(401);
    for (const days of ['0', '-1', 'abc', '91', '1e400', '99999999999', '1.5']) {
      const bad = await hitsAs(moderator.accessToken, `?days=${days}`);
      expect(bad.statusCode, days).toBe(400);
      expect(bad.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('cleanup', () => {
  it('removes the counters of windows that are over, by their expiry, and keeps the current ones', async () => {
    const user = await createUser(app);
    await createTender(app, user.accessToken);
    await app.inject({ method: 'GET', url: apiPaths.health });
    const before = await limited.database.db.selectFrom('quota_counters').select(['key', 'expires_at_ms']).execute();
    expect(before.length).toBeGreaterThan(0);
    const hourEnd = windowStartOf(clock, 3600) + HOUR_MS;
    const removed = await cleanupQuotas(limited.database.db, hourEnd);
    const after = await limited.database.db.selectFrom('quota_counters').select(['key', 'expires_at_ms']).execute();
    expect(removed).toBe(before.filter((row) => Number(row.expires_at_ms) <= hourEnd).length);
    expect(after.every((row) => Number(row.expires_at_ms) > hourEnd)).toBe(true);
    expect(after.some((row) => row.key === `tenders:user:${user.user.id}:86400`)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------
// Settings

describe('QUOTA_* settings', () => {
  it('parse strictly', () => {
    expect(parseQuotaSetting('30/h,200/d', 'requests')).toEqual([
      { seconds: 3600, max: 30 },
      { seconds: 86_400, max: 200 },
    ]);
    expect(parseQuotaSetting(' 60/m ', 'requests')).toEqual([{ seconds: 60, max: 60 }]);
    expect(parseQuotaSetting('5/10m, 100/2d', 'requests')).toEqual([
      { seconds: 600, max: 5 },
      { seconds: 172_800, max: 100 },
    ]);
    expect(parseQuotaSetting('off', 'requests')).toEqual([]);
    expect(parseQuotaSetting('200MB/d', 'bytes')).toEqual([{ seconds: 86_400, max: 200 * 1024 * 1024 }]);
    expect(parseQuotaSetting('1GB/h,10GB/d', 'bytes')).toEqual([
      { seconds: 3600, max: 1024 ** 3 },
      { seconds: 86_400, max: 10 * 1024 ** 3 },
    ]);
    for (const bad of [
      '',
      '30',
      '30/x',
      '30/h;200/d',
      '-1/h',
      '0/h',
      '30 /h',
      '1.5/h',
      '30/h,40/h',
      '30/0m',
      '5/32d',
      '30/h,',
      'ten/h',
      '200MB/d',
      '99999999999/h',
    ]) {
      expect(typeof parseQuotaSetting(bad, 'requests'), bad).toBe('string');
    }
    for (const bad of ['200/d', '200mb/d', '200 MB/d', '0MB/d', '2000000GB/d']) {
      expect(typeof parseQuotaSetting(bad, 'bytes'), bad).toBe('string');
    }
  });

  it('replace the defaults one by one; a bad one stops the start with a clear message', () => {
    const config = loadConfig({ QUOTA_BIDS: '100/m', QUOTA_UPLOAD_BYTES: '1GB/d', QUOTA_SHARE_LINKS: 'off' });
    expect(config.quotas.bids.windows).toEqual([{ seconds: 60, max: 100 }]);
    expect(config.quotas.bids.routes).toEqual(DEFAULT_QUOTAS.bids.routes);
    expect(config.quotas.uploadBytes.windows).toEqual([{ seconds: 86_400, max: 1024 ** 3 }]);
    expect(config.quotas.shareLinks.windows).toEqual([]);
    expect(config.quotas.tenders).toEqual(DEFAULT_QUOTAS.tenders);
    expect(loadConfig({}).quotas).toEqual(DEFAULT_QUOTAS);
    expect(() => loadConfig({ QUOTA_TENDERS: '30/hour', QUOTA_UPLOAD_BYTES: '200/d' })).toThrow(
      /Invalid configuration:\n {2}QUOTA_TENDERS: "30\/hour" is not COUNT\/WINDOW \(e\.g\. 30\/h,200\/d, or off\)\n {2}QUOTA_UPLOAD_BYTES: "200\/d" is not SIZE\/WINDOW/,
    );
  });

  it('name only routes that exist: every route of the default table is registered', async () => {
    // buildTestApp would have failed at ready otherwise; the quota of each route answers 429 in the document
    const doc = (await app.inject({ method: 'GET', url: apiPaths.docsJson })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const rule of Object.values(DEFAULT_QUOTAS)) {
      for (const route of rule.routes) {
        const path = route.url.replace(/:(\w+)/g, '{$1}');
        expect(
          doc.paths[path]?.[route.method.toLowerCase()]?.responses['429'],
          `${route.method} ${route.url}`,
        ).toBeDefined();
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Several instances

const redisUrl = process.env.REDIS_TEST_URL;

/** A second instance on the same database: its own connection pool on PostgreSQL, the same file on SQLite. */
async function secondInstance(first: Awaited<ReturnType<typeof buildTestApp>>, options: Partial<AppOptions>) {
  const database =
    engine === 'postgres'
      ? openDatabase({
          url: testDatabaseUrl,
          dataDir: '.',
          ...(first.database.schema ? { schema: first.database.schema } : {}),
          poolSize: 5,
        })
      : first.database;
  const second = await buildApp({
    database,
    jwtSecret: TEST_JWT_SECRET,
    logLevel: 'silent',
    deadlineTickMs: 0,
    outboxTickMs: 0,
    ...options,
  });
  await second.ready();
  afterAll(async () => {
    await second.close();
    if (database !== first.database) await database.close();
  });
  return second;
}

async function alternate(first: FastifyInstance, second: FastifyInstance, token: string, count: number) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i += 1) {
    answers.push(
      await api(i % 2 === 0 ? first : second, {
        method: 'POST',
        url: apiPaths.tenders.collection,
        token,
        payload: buildTenderInput({ name: `Instance ${i % 2}` }),
      }),
    );
  }
  return answers.map((answer) => answer.statusCode);
}

describe('two instances', () => {
  it(`share the limit through the database (${engine})`, async () => {
    const first = await buildTestApp({ quotas: small });
    const second = await secondInstance(first, { quotas: small });
    const [owner] = await quickUsers(first.database, 1);
    expect(await alternate(first.app, second, owner!.accessToken, 6)).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await countRows(first, 'tenders', 'owner_id', owner!.user.id)).toBe(3);
  });

  it(`take a larger limit in leases: never more than the limit, at most a lease early, one write per lease (${engine})`, async () => {
    // 40 an hour: each instance takes two attempts at a time from the shared counter
    const table: QuotaTable = { ...small, tenders: { ...small.tenders, windows: [{ seconds: 3600, max: 40 }] } };
    expect(leaseSize(40)).toBe(2);
    const first = await buildTestApp({ quotas: table });
    const second = await secondInstance(first, { quotas: table });
    const [even, uneven] = await quickUsers(first.database, 2);
    const sharedCount = async (userId: number) =>
      Number(
        (
          await first.database.db
            .selectFrom('quota_counters')
            .select('used')
            .where('key', '=', `tenders:user:${userId}:3600`)
            .executeTakeFirst()
        )?.used ?? 0,
      );

    // used evenly, the two instances admit exactly the limit, then refuse without writing
    const evenly = await alternate(first.app, second, even!.accessToken, 46);
    expect(evenly.slice(0, 40).every((status) => status === 201)).toBe(true);
    expect(evenly.slice(40).every((status) => status === 429)).toBe(true);
    expect(await countRows(first, 'tenders', 'owner_id', even!.user.id)).toBe(40);
    expect(await sharedCount(even!.user.id)).toBeLessThanOrEqual(44);

    // one attempt at the first instance leaves it holding one unused: the second admits 38, never 39
    expect((await alternate(first.app, first.app, uneven!.accessToken, 1))[0]).toBe(201);
    expect(await sharedCount(uneven!.user.id)).toBe(2);
    const atSecond = await alternate(second, second, uneven!.accessToken, 45);
    expect(statusesOf(atSecond)).toEqual({ 201: 38, 429: 7 });
    expect(await countRows(first, 'tenders', 'owner_id', uneven!.user.id)).toBe(39);
  });

  it('take one attempt at a time for small limits, a twentieth of larger ones, at most a hundred', () => {
    expect([1, 5, 39, 40, 60, 2000, 10_000, 1_000_000_000].map(leaseSize)).toEqual([1, 1, 1, 2, 3, 100, 100, 100]);
  });

  it.skipIf(!redisUrl)(`share the limit through Redis (${engine} and Redis)`, async () => {
    const first = await buildTestApp({ quotas: small, redisUrl: redisUrl! });
    const second = await secondInstance(first, { quotas: small, redisUrl: redisUrl! });
    const [owner] = await freshIdUsers(first.database, 1);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        api(first.app, {
          method: 'POST',
          url: apiPaths.tenders.collection,
          token: owner!.accessToken,
          payload: buildTenderInput(),
        }),
      ),
      ...Array.from({ length: 4 }, () =>
        api(second, {
          method: 'POST',
          url: apiPaths.tenders.collection,
          token: owner!.accessToken,
          payload: buildTenderInput(),
        }),
      ),
    ]);
    expect(statusesOf(answers)).toEqual({ 201: 3, 429: 5 });
    expect(await countRows(first, 'tenders', 'owner_id', owner!.user.id)).toBe(3);
    // counted in Redis, not in the database
    const inDatabase = await first.database.db
      .selectFrom('quota_counters')
      .select('key')
      .where('key', 'like', `tenders:user:${owner!.user.id}:%`)
      .execute();
    expect(inDatabase).toEqual([]);
  });
});
