import { afterAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  ERI_PKCS7_MAX,
  REFRESH_COOKIE_NAME,
  type AuthTokens,
  type Company,
  type EriChallenge,
  type EriLink,
  type User,
} from '@yuk/shared';
import { companyForm, createUser, makeModerator, putCompany } from './factories/index.js';
import { certificatesFrom, closedPortUrl, eimzoDate, startFakeEimzo } from './fakes/eimzo-server.js';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';

const fake = await startFakeEimzo();
afterAll(() => fake.close());

const OUR_HOST = 'yuktender.test';
const { app, database } = await buildTestApp({ eimzo: { serverUrl: fake.url, host: OUR_HOST, timeoutMs: 400 } });

/** A person's certificate, in force: a fresh PINFL each time. */
const person = certificatesFrom(31_234_567_890_000);

const signIn = (pkcs7: unknown, headers: Record<string, string> = {}) =>
  api(app, { method: 'POST', url: apiPaths.auth.eri, payload: { pkcs7 }, headers });
const link = (token: string | undefined, payload: unknown) =>
  api(app, { method: 'POST', url: apiPaths.users.eri, payload: payload as object, ...(token ? { token } : {}) });
const myLink = (token: string) => api(app, { method: 'GET', url: apiPaths.users.eri, token });
const unlink = (token: string) => api(app, { method: 'DELETE', url: apiPaths.users.eri, token });
const myCompany = async (token: string) =>
  (await api(app, { method: 'GET', url: apiPaths.companies.mine, token })).json<Company>();

async function auditEntries(action: string, details: string) {
  const rows = await database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action as never)
    .execute();
  return rows.filter((row) => row.details.includes(details));
}

describe('ERI-Key challenge', () => {
  it('hands out E-IMZO-SERVER’s challenge and its lifetime', async () => {
    const res = await api(app, { method: 'GET', url: apiPaths.auth.eriChallenge });
    expect(res.statusCode).toBe(200);
    const body = res.json<EriChallenge>();
    expect(body.challenge).toMatch(/^[\w-]{36}$/);
    expect(body.ttl).toBe(120);
  });
});

describe('signing in with an ERI key', () => {
  it('answers 404 ERI_NOT_LINKED for a valid signature of nobody we know, after asking with the user’s address and our host', async () => {
    const pkcs7 = fake.signed(person());
    const res = await signIn(pkcs7, { 'x-forwarded-for': '198.51.100.1' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ApiErrorBody>().code).toBe('ERI_NOT_LINKED');
    const call = fake.authCalls.find((c) => c.body === pkcs7);
    expect(call).toMatchObject({ host: OUR_HOST, realIp: '127.0.0.1' });
  });

  it('links a signed-in user, then signs them in with a later signature: tokens that work, a refresh cookie and an audit entry', async () => {
    const owner = await createUser(app);
    const certificate = person({ cn: 'KARIMOVA NODIRA' });
    const linked = await link(owner.accessToken, { pkcs7: fake.signed(certificate) });
    expect(linked.statusCode).toBe(200);
    const shown = linked.json<EriLink>();
    expect(shown).toEqual({
      pinfl: `**********${certificate.pinfl.slice(-4)}`,
      name: 'KARIMOVA NODIRA',
      stir: null,
      valid_to: expect.stringMatching(/Z$/) as unknown,
    });
    expect((await myLink(owner.accessToken)).json<EriLink | null>()).toEqual(shown);

    // a renewed key of the same person: a new serial, the same PINFL
    const res = await signIn(fake.signed({ ...certificate, serialNumber: 'renewed-01' }));
    expect(res.statusCode).toBe(200);
    const tokens = res.json<AuthTokens>();
    expect(tokens.user.id).toBe(owner.user.id);
    expect(String(res.headers['set-cookie'])).toContain(`${REFRESH_COOKIE_NAME}=`);
    const me = await api(app, { method: 'GET', url: apiPaths.users.me, token: tokens.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json<User>().id).toBe(owner.user.id);
    const signIns = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.sign_in')
      .where('actor_user_id', '=', owner.user.id)
      .execute();
    expect(signIns.some((row) => (JSON.parse(row.details) as { method?: string }).method === 'eri')).toBe(true);
  });

  it('answers 401 ERI_SIGNATURE_REFUSED for a refused signature, recorded as a failed sign-in', async () => {
    const res = await signIn(fake.refused('Signature is not valid'));
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiErrorBody>().code).toBe('ERI_SIGNATURE_REFUSED');
    expect(await auditEntries('auth.sign_in_failed', 'ERI_SIGNATURE_REFUSED')).not.toHaveLength(0);
  });

  it('answers 401 ERI_CERTIFICATE_EXPIRED for a certificate out of its dates, even a linked one', async () => {
    const owner = await createUser(app);
    const certificate = person();
    expect((await link(owner.accessToken, { pkcs7: fake.signed(certificate) })).statusCode).toBe(200);
    const expired = await signIn(fake.signed({ ...certificate, validFrom: eimzoDate(-800), validTo: eimzoDate(-1) }));
    expect(expired.statusCode).toBe(401);
    expect(expired.json<ApiErrorBody>().code).toBe('ERI_CERTIFICATE_EXPIRED');
    const notYet = await link(owner.accessToken, {
      pkcs7: fake.signed({ ...certificate, validFrom: eimzoDate(2), validTo: eimzoDate(700) }),
    });
    expect(notYet.statusCode).toBe(401);
    expect(notYet.json<ApiErrorBody>().code).toBe('ERI_CERTIFICATE_EXPIRED');
  });

  it('answers 503 ERI_UNAVAILABLE when E-IMZO-SERVER is slower than the timeout', async () => {
    const started = Date.now();
    const res = await signIn(fake.slow(person(), 1500));
    expect(res.statusCode).toBe(503);
    expect(res.json<ApiErrorBody>().code).toBe('ERI_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('refuses what is not a base64 PKCS#7 with 400, before asking anyone', async () => {
    const calls = fake.authCalls.length;
    for (const pkcs7 of [42, null, '', 'not base64!', '<script>', 'A'.repeat(ERI_PKCS7_MAX + 4), ['QQ==']]) {
      const res = await signIn(pkcs7);
      expect(res.statusCode, JSON.stringify(pkcs7).slice(0, 40)).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    const noBody = await api(app, { method: 'POST', url: apiPaths.auth.eri, payload: {} });
    expect(noBody.statusCode).toBe(400);
    expect(fake.authCalls.length).toBe(calls);
  });
});

describe('linking an account to an ERI key', () => {
  it('keeps one account per holder: 409 for a second user, the same user again is fine, and unlinking frees it', async () => {
    const first = await createUser(app);
    const second = await createUser(app);
    const certificate = person();
    expect((await link(first.accessToken, { pkcs7: fake.signed(certificate) })).statusCode).toBe(200);

    const taken = await link(second.accessToken, { pkcs7: fake.signed(certificate) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ApiErrorBody>().code).toBe('ERI_ALREADY_LINKED');
    // someone else's link is not shown to the second user
    expect((await myLink(second.accessToken)).json<EriLink | null>()).toBeNull();

    expect((await link(first.accessToken, { pkcs7: fake.signed(certificate) })).statusCode).toBe(200);

    const removed = await unlink(first.accessToken);
    expect(removed.statusCode).toBe(204);
    expect((await myLink(first.accessToken)).json<EriLink | null>()).toBeNull();
    const nobody = await signIn(fake.signed(certificate));
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json<ApiErrorBody>().code).toBe('ERI_NOT_LINKED');

    expect((await link(second.accessToken, { pkcs7: fake.signed(certificate) })).statusCode).toBe(200);
    expect((await signIn(fake.signed(certificate))).json<AuthTokens>().user.id).toBe(second.user.id);

    // the audit trail has each link and unlink, and nothing for the refused link or an unlink of nothing
    expect((await unlink(first.accessToken)).statusCode).toBe(204);
    const trail = async (userId: number) =>
      (
        await database.db
          .selectFrom('audit_log')
          .select('action')
          .where('subject_type', '=', 'user')
          .where('subject_id', '=', String(userId))
          .where('action', 'in', ['user.eri_linked', 'user.eri_unlinked'])
          .orderBy('id')
          .execute()
      ).map((row) => row.action);
    expect(await trail(first.user.id)).toEqual(['user.eri_linked', 'user.eri_linked', 'user.eri_unlinked']);
    expect(await trail(second.user.id)).toEqual(['user.eri_linked']);
  });

  it('asks for a token on every call of one’s own link, and reads bad bodies as 400', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await api(app, {
        method,
        url: apiPaths.users.eri,
        ...(method === 'POST' ? { payload: { pkcs7: 'QQ==' } } : {}),
      });
      expect(res.statusCode, method).toBe(401);
    }
    const user = await createUser(app);
    for (const payload of [{ pkcs7: 7 }, { pkcs7: 'A'.repeat(ERI_PKCS7_MAX + 4) }, { pkcs7: 'ä' }, { other: 'QQ==' }]) {
      const res = await link(user.accessToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    const refused = await link(user.accessToken, { pkcs7: fake.refused() });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ApiErrorBody>().code).toBe('ERI_SIGNATURE_REFUSED');
    // the refusal is about the signature: the session still works
    expect((await myLink(user.accessToken)).statusCode).toBe(200);
  });
});

describe('a company verified by its signature', () => {
  it('verifies the company at once when the key’s STIR is the company’s, recorded for moderators and in the audit trail', async () => {
    const owner = await createUser(app);
    const stir = '301234321';
    const form = companyForm({ stir });
    expect((await putCompany(app, owner.accessToken, form)).statusCode).toBe(200);
    const res = await link(owner.accessToken, { pkcs7: fake.signed(person({ stir })) });
    expect(res.statusCode).toBe(200);
    expect(res.json<EriLink>().stir).toBe(stir);

    const company = await myCompany(owner.accessToken);
    expect(company).toMatchObject({ verification_status: 'verified', verified_by: 'digital_signature' });
    expect(company.verified_at).not.toBeNull();

    const moderator = await createUser(app);
    await makeModerator(database, moderator.email);
    const listed = await api(app, {
      method: 'GET',
      url: `${apiPaths.admin.companies}?status=verified`,
      token: moderator.accessToken,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Company[]>().find((c) => c.id === company.id)?.verified_by).toBe('digital_signature');
    const entries = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'company.verified')
      .where('subject_id', '=', String(company.id))
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor_user_id).toBe(owner.user.id);
    expect(JSON.parse(entries[0]!.details)).toMatchObject({ method: 'digital_signature' });
  });

  it('leaves the company as it was when the STIRs differ, or the key is a person’s', async () => {
    const owner = await createUser(app);
    expect((await putCompany(app, owner.accessToken)).statusCode).toBe(200);
    expect((await link(owner.accessToken, { pkcs7: fake.signed(person({ stir: '299999999' })) })).statusCode).toBe(200);
    expect(await myCompany(owner.accessToken)).toMatchObject({ verification_status: 'unverified', verified_by: null });
    expect((await link(owner.accessToken, { pkcs7: fake.signed(person()) })).statusCode).toBe(200);
    expect((await myCompany(owner.accessToken)).verification_status).toBe('unverified');
  });

  it('records a moderator’s verification as such', async () => {
    const moderator = await createUser(app);
    await makeModerator(database, moderator.email);
    const owner = await createUser(app);
    expect((await putCompany(app, owner.accessToken)).statusCode).toBe(200);
    const sent = await api(app, { method: 'POST', url: apiPaths.companies.verification, token: owner.accessToken });
    const id = sent.json<Company>().id;
    const verified = await api(app, {
      method: 'POST',
      url: apiPaths.admin.verify.replace(':id', String(id)),
      token: moderator.accessToken,
      payload: {},
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<Company>().verified_by).toBe('moderator');
  });
});

describe('ERI-Key without E-IMZO-SERVER', () => {
  it('answers 503 ERI_UNAVAILABLE when not configured, and when nothing answers at its address', async () => {
    const off = await buildTestApp();
    const down = await buildTestApp({ eimzo: { serverUrl: await closedPortUrl(), host: OUR_HOST, timeoutMs: 400 } });
    for (const target of [off.app, down.app]) {
      const challenge = await api(target, { method: 'GET', url: apiPaths.auth.eriChallenge });
      expect(challenge.statusCode).toBe(503);
      expect(challenge.json<ApiErrorBody>().code).toBe('ERI_UNAVAILABLE');
      const res = await api(target, { method: 'POST', url: apiPaths.auth.eri, payload: { pkcs7: 'QQ==' } });
      expect(res.statusCode).toBe(503);
      expect(res.json<ApiErrorBody>().code).toBe('ERI_UNAVAILABLE');
      const user = await createUser(target);
      const mine = await api(target, {
        method: 'POST',
        url: apiPaths.users.eri,
        token: user.accessToken,
        payload: { pkcs7: 'QQ==' },
      });
      expect(mine.statusCode).toBe(503);
      expect(
        (await api(target, { method: 'GET', url: apiPaths.users.eri, token: user.accessToken })).json<EriLink | null>(),
      ).toBeNull();
    }
    await off.close();
    await down.close();
  });
});
