import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiPaths,
  SMS_CODE_MAX_WRONG,
  SMS_CODES_PER_ADDRESS_DAY,
  SMS_CODES_PER_PHONE_DAY,
  type AuthTokens,
  type SmsSent,
  type User,
} from '@yuk/shared';
import { startFakeEskiz } from '../../../scripts/fake-eskiz.mjs';
import { issuePasswordReset } from '../src/modules/auth/index.js';
import { createDeliveryChannels, runOutbox, type DeliveryOptions } from '../src/modules/delivery/index.js';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { createUser } from './factories/index.js';
import { startFakeSmtp } from './fakes/smtp.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const smtp = await startFakeSmtp();
const eskiz = await startFakeEskiz({ email: 'ops@yuk.example', password: 'eskiz-secret' });
afterAll(async () => {
  await Promise.all([smtp.close(), eskiz.close()]);
});

// The app's clock: the tests move it to reach the cooldown, the expiry and the next day.
let clock = Date.now();
const logLines: string[] = [];
const delivery: DeliveryOptions = {
  publicUrl: 'https://yuk.example',
  email: { smtpUrl: smtp.url, from: 'Yuk Tender <no-reply@yuk.example>' },
};
const { app, database } = await buildTestApp({
  delivery,
  now: () => clock,
  logLevel: 'info',
  logStream: { write: (line: string) => void logLines.push(line) },
});
const channels = createDeliveryChannels(delivery, app.log);
const send = () =>
  runOutbox({
    db: database.db,
    channels,
    now: () => new Date(clock),
    passwordResets: (address, nowMs, expiresAtMs) => issuePasswordReset(database.db, address, nowMs, expiresAtMs),
  });

beforeEach(async () => {
  clock += DAY; // a new day: no test sees another's codes or links
  await send();
  smtp.mails.length = 0;
});

let phoneSequence = 0;
/** A number no other test used. */
function freshPhone(): string {
  phoneSequence += 1;
  return `+99897${String(1_000_000 + phoneSequence).slice(-7)}`;
}
let addressSequence = 0;
/** A client address of its own, so that no test meets another's request limits. */
function freshAddress(): string {
  addressSequence += 1;
  return `198.51.100.${addressSequence}`;
}

const sendCode = (phone: unknown, remoteAddress: string, lang = 'en') =>
  api(app, {
    method: 'POST',
    url: apiPaths.auth.smsSend,
    payload: { phone },
    remoteAddress,
    headers: { 'accept-language': lang },
  });
const verify = (phone: string, code: unknown, remoteAddress = '203.0.113.1') =>
  api(app, {
    method: 'POST',
    url: apiPaths.auth.smsVerify,
    payload: { phone, code },
    remoteAddress,
    headers: { 'accept-language': 'en' },
  });
const proveOwnPhone = (token: string | undefined, phone: string, code: unknown) =>
  api(app, {
    method: 'POST',
    url: apiPaths.users.phoneVerify,
    payload: { phone, code },
    ...(token ? { token } : {}),
    headers: { 'accept-language': 'en' },
  });

/** The newest SMS the console provider wrote to the log for this phone, and its code. */
async function smsFromLog(phone: string): Promise<{ code: string; text: string }> {
  await send();
  const texts = logLines
    .map((line) => JSON.parse(line) as { msg?: string; phone?: string; text?: string })
    .filter((entry) => entry.msg === 'SMS (console provider)' && entry.phone === phone);
  const text = texts.at(-1)?.text ?? '';
  const code = /#(\d{6})$/.exec(text)?.[1];
  if (!code) throw new Error(`no code was logged for ${phone}`);
  return { code, text };
}

const codeFromLog = async (phone: string) => (await smsFromLog(phone)).code;

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A user whose phone is proven through the API (send, then verify). */
async function userWithProvenPhone() {
  const phone = freshPhone();
  const user = await createUser(app, { phone_number: phone });
  expect((await sendCode(phone, freshAddress())).statusCode).toBe(202);
  const proved = await proveOwnPhone(user.accessToken, phone, await codeFromLog(phone));
  expect(proved.statusCode, proved.body).toBe(200);
  expect(proved.json<User>()).toMatchObject({ phone_number: phone, phone_verified: true });
  clock += MINUTE + 1000;
  return { ...user, phone };
}

describe('sign-in by SMS code', () => {
  it('signs in the account whose phone is proven, with the tokens of a password login', async () => {
    const user = await userWithProvenPhone();
    const sent = await sendCode(user.phone, freshAddress());
    expect(sent.statusCode).toBe(202);
    expect(sent.json<SmsSent>()).toEqual({ expiresInSeconds: 300, resendInSeconds: 60 });
    const { code, text } = await smsFromLog(user.phone);
    expect(text).toContain(`Yuk Tender: your code is ${code}. It is valid for 5 minutes.`);
    expect(text.endsWith(`@yuk.example #${code}`)).toBe(true);

    const signedIn = await verify(user.phone, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const tokens = signedIn.json<AuthTokens>();
    expect(tokens.user).toMatchObject({ id: user.user.id, phone_verified: true });
    expect(String(signedIn.headers['set-cookie'])).toMatch(/refreshToken=.+HttpOnly/);
    const me = await api(app, { method: 'GET', url: apiPaths.users.me, token: tokens.accessToken });
    expect(me.json<User>().id).toBe(user.user.id);
    // the refresh token is a real one: it rotates like a password login's
    const refreshed = await api(app, {
      method: 'POST',
      url: apiPaths.users.refresh,
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);

    // a code signs in once
    const again = await verify(user.phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiErrorBody>().code).toBe('SMS_CODE_EXPIRED');
  });

  it('answers a number without an account exactly like one with, until the code is proven', async () => {
    const known = await userWithProvenPhone();
    const unknown = freshPhone();
    const forKnown = await sendCode(known.phone, freshAddress());
    const forUnknown = await sendCode(unknown, freshAddress());
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    // the unknown number really gets a code: only the one holding the phone learns there is no account
    const code = await codeFromLog(unknown);
    const wrong = await verify(unknown, wrongCodeOf(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiErrorBody>().code).toBe('SMS_CODE_WRONG');
    const right = await verify(unknown, code);
    expect(right.statusCode).toBe(404);
    expect(right.json<ApiErrorBody>()).toMatchObject({
      code: 'PHONE_NOT_REGISTERED',
      error: 'No account with this number yet: register',
    });
  });

  it('does not sign in with a number that is registered but not proven', async () => {
    const phone = freshPhone();
    await createUser(app, { phone_number: phone });
    await sendCode(phone, freshAddress());
    const answer = await verify(phone, await codeFromLog(phone));
    expect(answer.statusCode).toBe(404);
    expect(answer.json<ApiErrorBody>().code).toBe('PHONE_NOT_REGISTERED');
  });

  it('lets a code live five minutes', async () => {
    const user = await userWithProvenPhone();
    await sendCode(user.phone, freshAddress());
    const code = await codeFromLog(user.phone);
    clock += 5 * MINUTE + 1000;
    const late = await verify(user.phone, code);
    expect(late.statusCode).toBe(400);
    expect(late.json<ApiErrorBody>()).toMatchObject({ code: 'SMS_CODE_EXPIRED', fields: { code: expect.any(String) } });
  });

  it('counts wrong tries down and kills the code at the fifth', async () => {
    const user = await userWithProvenPhone();
    await sendCode(user.phone, freshAddress());
    const code = await codeFromLog(user.phone);
    for (let left = SMS_CODE_MAX_WRONG - 1; left >= 1; left -= 1) {
      const wrong = await verify(user.phone, wrongCodeOf(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ApiErrorBody>()).toMatchObject({
        code: 'SMS_CODE_WRONG',
        error: `The code is wrong. ${left} tries left`,
      });
    }
    const fifth = await verify(user.phone, wrongCodeOf(code));
    expect(fifth.json<ApiErrorBody>().code).toBe('SMS_CODE_EXPIRED');
    // dead: even the right code no longer works
    const right = await verify(user.phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json<ApiErrorBody>().code).toBe('SMS_CODE_EXPIRED');
  });

  it('holds the next code back for 60 seconds, with Retry-After', async () => {
    const phone = freshPhone();
    const address = freshAddress();
    expect((await sendCode(phone, address)).statusCode).toBe(202);
    clock += 20_000;
    const early = await sendCode(phone, address);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(early.json<ApiErrorBody>()).toMatchObject({
      code: 'SMS_RESEND_TOO_SOON',
      error: 'You can ask for a new code in 40 seconds',
    });
    clock += 40_000;
    expect((await sendCode(phone, address)).statusCode).toBe(202);
  });

  it('sends a phone at most 10 codes a day, and one address at most 30', async () => {
    const phone = freshPhone();
    for (let i = 0; i < SMS_CODES_PER_PHONE_DAY; i += 1) {
      const sent = await sendCode(phone, freshAddress());
      expect(sent.statusCode, `code ${i + 1}`).toBe(202);
      clock += MINUTE;
    }
    const eleventh = await sendCode(phone, freshAddress());
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json<ApiErrorBody>().code).toBe('SMS_DAILY_LIMIT');
    // the oldest of the ten leaves the day 24 hours after it was sent
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBe(DAY / 1000 - SMS_CODES_PER_PHONE_DAY * 60);
    clock += retryAfter * 1000 + 1000;
    expect((await sendCode(phone, freshAddress())).statusCode).toBe(202);

    const address = freshAddress();
    for (let i = 0; i < SMS_CODES_PER_ADDRESS_DAY; i += 1) {
      expect((await sendCode(freshPhone(), address)).statusCode, `code ${i + 1}`).toBe(202);
    }
    const tooMany = await sendCode(freshPhone(), address);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json<ApiErrorBody>().code).toBe('SMS_DAILY_LIMIT');
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(DAY / 1000 - 60);
    // another client is not held back by that one
    expect((await sendCode(freshPhone(), freshAddress())).statusCode).toBe(202);
  });

  it('keeps neither the code in its table nor in the outbox once sent', async () => {
    const phone = freshPhone();
    await sendCode(phone, freshAddress());
    const code = await codeFromLog(phone);
    const stored = await database.db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);
    const rows = await database.db.selectFrom('outbox').selectAll().where('address', '=', phone).execute();
    expect(rows).toMatchObject([{ channel: 'sms', kind: 'sms_code', status: 'sent', params: '{}', user_id: null }]);
  });

  it('refuses bad input with a clear error and no code sent', async () => {
    const address = freshAddress();
    for (const phone of ['', '12345', '+998 90 12', '+7 999 123 45 67', 42, null, 'x'.repeat(10_000)]) {
      const answer = await sendCode(phone, address);
      expect(answer.statusCode, String(phone).slice(0, 20)).toBe(400);
      expect(answer.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    const phone = freshPhone();
    for (const code of ['', '12345', '1234567', 'abcdef', 123456, null, '9'.repeat(5000)]) {
      const answer = await verify(phone, code);
      expect(answer.statusCode, String(code).slice(0, 20)).toBe(400);
      expect(answer.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    // a well-formed code for a number that was sent none
    const none = await verify(freshPhone(), '123456');
    expect(none.json<ApiErrorBody>().code).toBe('SMS_CODE_EXPIRED');
    // the spaced form people type is the same number
    expect((await sendCode('90 555 12 34', address)).statusCode).toBe(202);
  });
});

describe('proving a phone', () => {
  it('needs a signed-in user and the code of that number', async () => {
    const user = await createUser(app, { phone_number: freshPhone() });
    expect(user.user.phone_verified).toBe(false);
    const phone = freshPhone();
    await sendCode(phone, freshAddress());
    const code = await codeFromLog(phone);
    expect((await proveOwnPhone(undefined, phone, code)).statusCode).toBe(401);
    expect((await proveOwnPhone('not-a-token', phone, code)).statusCode).toBe(401);
    const otherNumber = await proveOwnPhone(user.accessToken, freshPhone(), code);
    expect(otherNumber.json<ApiErrorBody>().code).toBe('SMS_CODE_EXPIRED');
    // a new number proven becomes the user's number
    const proved = await proveOwnPhone(user.accessToken, phone, code);
    expect(proved.json<User>()).toMatchObject({ phone_number: phone, phone_verified: true });
  });

  it('gives a number to whoever proved it last', async () => {
    const first = await userWithProvenPhone();
    const second = await createUser(app, { phone_number: freshPhone() });
    await sendCode(first.phone, freshAddress());
    const proved = await proveOwnPhone(second.accessToken, first.phone, await codeFromLog(first.phone));
    expect(proved.json<User>()).toMatchObject({ phone_number: first.phone, phone_verified: true });
    const firstNow = await api(app, { method: 'GET', url: apiPaths.users.me, token: first.accessToken });
    expect(firstNow.json<User>().phone_verified).toBe(false);
    clock += MINUTE + 1000;
    await sendCode(first.phone, freshAddress());
    const signedIn = await verify(first.phone, await codeFromLog(first.phone));
    expect(signedIn.json<AuthTokens>().user.id).toBe(second.user.id);
  });
});

describe('forgotten password', () => {
  const requestReset = (email: unknown, lang = 'en') =>
    api(app, {
      method: 'POST',
      url: apiPaths.auth.passwordReset,
      payload: { email },
      headers: { 'accept-language': lang },
    });
  const confirm = (token: unknown, password: unknown) =>
    api(app, {
      method: 'POST',
      url: apiPaths.auth.passwordResetConfirm,
      payload: { token, password },
      headers: { 'accept-language': 'en' },
    });
  /** The token of the reset link in the newest mail to `email`, read from the local SMTP server. */
  async function tokenFromMail(email: string): Promise<string> {
    await send();
    const mail = smtp.mails.filter((m) => m.envelopeTo.includes(email)).at(-1);
    const link = /https:\/\/yuk\.example\/reset-password#token=([\w-]+)/.exec(mail?.text ?? '');
    if (!link?.[1]) throw new Error(`no reset link was mailed to ${email}`);
    return link[1];
  }

  it('mails a single-use link, sets the password and ends every session', async () => {
    const user = await createUser(app);
    const accepted = await requestReset(user.email.toUpperCase());
    expect(accepted.statusCode).toBe(202);
    const token = await tokenFromMail(user.email);
    const mail = smtp.mails.at(-1);
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain('The link works once, for 30 minutes');
    expect(mail?.html).toContain(`/reset-password#token=${token}`);

    const done = await confirm(token, 'a-brand-new-secret');
    expect(done.statusCode, done.body).toBe(204);
    // every session ended: the access token and the refresh token of before stop working
    expect((await api(app, { method: 'GET', url: apiPaths.users.me, token: user.accessToken })).statusCode).toBe(401);
    const refresh = await api(app, {
      method: 'POST',
      url: apiPaths.users.refresh,
      payload: { refreshToken: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = (password: string) =>
      api(app, { method: 'POST', url: apiPaths.users.login, payload: { email: user.email, password } });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login('a-brand-new-secret')).statusCode).toBe(200);

    const reused = await confirm(token, 'yet-another-secret');
    expect(reused.statusCode).toBe(400);
    expect(reused.json<ApiErrorBody>().code).toBe('RESET_LINK_INVALID');
    // the link's secret left the outbox with the mail
    const rows = await database.db
      .selectFrom('outbox')
      .select(['params', 'status'])
      .where('address', '=', user.email)
      .execute();
    expect(rows).toEqual([{ params: '{}', status: 'sent' }]);
  });

  it('answers 202 for an unknown e-mail and sends nothing', async () => {
    const known = await createUser(app);
    const forKnown = await requestReset(known.email);
    await send();
    smtp.mails.length = 0;
    const answer = await requestReset('nobody-here@example.uz');
    expect(answer.statusCode).toBe(202);
    expect(answer.body).toBe(forKnown.body);
    await send();
    expect(smtp.mails).toHaveLength(0);
  });

  it('lets a link work for 30 minutes, and only the newest of several once one is used', async () => {
    const user = await createUser(app);
    await requestReset(user.email);
    const older = await tokenFromMail(user.email);
    await requestReset(user.email, 'ru');
    const newer = await tokenFromMail(user.email);
    expect(smtp.mails.at(-1)?.subject).toBe('Сброс пароля');
    clock += 30 * MINUTE + 1000;
    const late = await confirm(newer, 'a-brand-new-secret');
    expect(late.json<ApiErrorBody>().code).toBe('RESET_LINK_INVALID');

    await requestReset(user.email);
    const fresh = await tokenFromMail(user.email);
    expect((await confirm(fresh, 'a-brand-new-secret')).statusCode).toBe(204);
    expect((await confirm(older, 'another-new-secret')).statusCode).toBe(400);
  });

  it('does the same work for a known and an unknown address: one mail queued each, alike, its link made only as it is sent', async () => {
    const known = await createUser(app);
    const unknown = `nobody-${known.user.id}@example.uz`;
    const resets = async () =>
      Number(
        (
          await database.db
            .selectFrom('password_resets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', known.user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const queued = (address: string) =>
      database.db
        .selectFrom('outbox')
        .select(['user_id', 'channel', 'kind', 'params', 'link', 'target_id', 'status', 'attempts', 'last_error'])
        .where('address', '=', address)
        .execute();
    const byId = (id: number) =>
      database.db.selectFrom('outbox').select(['status', 'params', 'address']).where('id', '=', id).execute();

    const forKnown = await requestReset(known.email);
    const forUnknown = await requestReset(unknown);
    expect([forKnown.statusCode, forUnknown.statusCode]).toEqual([202, 202]);
    expect(forUnknown.body).toBe(forKnown.body);
    // the request wrote the same row for both, and nothing that needs the account: no link yet, no secret
    const [knownRows, unknownRows] = [await queued(known.email), await queued(unknown)];
    expect(knownRows).toHaveLength(1);
    expect(unknownRows).toHaveLength(1);
    expect(unknownRows).toEqual(knownRows);
    expect(Object.keys(JSON.parse(knownRows[0]!.params) as object).sort()).toEqual([
      'expiresAtMs',
      'language',
      'minutes',
    ]);
    expect(await resets()).toBe(0);
    const [unknownRow] = await database.db.selectFrom('outbox').select('id').where('address', '=', unknown).execute();

    // the sender makes the link for the account, and drops the mail of the address that has none (forgetting it)
    await send();
    expect(await resets()).toBe(1);
    expect(smtp.mails.filter((mail) => mail.envelopeTo.includes(known.email))).toHaveLength(1);
    expect(smtp.mails.filter((mail) => mail.envelopeTo.includes(unknown))).toHaveLength(0);
    expect((await queued(known.email)).map((row) => [row.status, row.params])).toEqual([['sent', '{}']]);
    expect(await byId(unknownRow!.id)).toEqual([{ status: 'dropped', params: '{}', address: null }]);
  });

  it('mails one account at most three links an hour, answering the same', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 5; i += 1) expect((await requestReset(user.email)).statusCode).toBe(202);
    await send();
    expect(smtp.mails.filter((m) => m.envelopeTo.includes(user.email))).toHaveLength(3);
  });

  it('refuses bad input with a clear error', async () => {
    for (const email of ['', 'not-an-email', 42, null, `${'a'.repeat(300)}@example.uz`]) {
      const answer = await requestReset(email);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    for (const [token, password] of [
      ['', 'long-enough-pass'],
      ['some-token', 'short'],
      ['some-token', 'x'.repeat(129)],
      [42, 'long-enough-pass'],
      ['t'.repeat(500), 'long-enough-pass'],
    ]) {
      const answer = await confirm(token, password);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    const unknown = await confirm('no-such-token-at-all', 'long-enough-pass');
    expect(unknown.json<ApiErrorBody>().code).toBe('RESET_LINK_INVALID');
  });
});

// a second app whose SMS go to the local Eskiz
const eskizLogin = { email: 'ops@yuk.example', password: 'eskiz-secret', apiBase: eskiz.url, from: '4546' };
const eskizDelivery: DeliveryOptions = {
  publicUrl: 'https://yuk.example',
  sms: { provider: 'eskiz', eskiz: eskizLogin },
};
const eskizApp = await buildTestApp({ delivery: eskizDelivery });
const eskizChannels = createDeliveryChannels(eskizDelivery, eskizApp.app.log);
const eskizSend = (atMs = Date.now()) =>
  runOutbox({ db: eskizApp.database.db, channels: eskizChannels, now: () => new Date(atMs) });

describe('the Eskiz provider', () => {
  beforeEach(() => {
    eskiz.messages.length = 0;
  });

  it('logs in, sends the code, and signs in with it', async () => {
    const phone = freshPhone();
    const user = await createUser(eskizApp.app, { phone_number: phone });
    const sent = await api(eskizApp.app, {
      method: 'POST',
      url: apiPaths.auth.smsSend,
      payload: { phone },
      headers: { 'accept-language': 'uz' },
    });
    expect(sent.statusCode).toBe(202);
    expect(await eskizSend()).toBe(1);
    expect(eskiz.messages).toHaveLength(1);
    const [message] = eskiz.messages;
    expect(message).toMatchObject({ mobile_phone: phone.slice(1), from: '4546' });
    expect(message?.message).toMatch(/^Yuk Tender: tasdiqlash kodingiz \d{6}\. U 5 daqiqa amal qiladi\./);
    const code = /#(\d{6})$/.exec(message?.message ?? '')?.[1] ?? '';
    const proved = await api(eskizApp.app, {
      method: 'POST',
      url: apiPaths.users.phoneVerify,
      token: user.accessToken,
      payload: { phone, code },
    });
    expect(proved.json<User>().phone_verified).toBe(true);
  });

  it('logs in again when its token has expired', async () => {
    const channel = eskizChannels.sms;
    expect(await channel.send('+998901112233', 'first')).toEqual({ ok: true });
    const loginsBefore = eskiz.logins;
    eskiz.expireTokens();
    expect(await channel.send('+998901112233', 'second')).toEqual({ ok: true });
    expect(eskiz.logins).toBe(loginsBefore + 1);
    expect(eskiz.messages.map((m) => m.message)).toEqual(['first', 'second']);
  });

  it('tells a failure to retry from one that will not pass', async () => {
    const channel = eskizChannels.sms;
    eskiz.fail(500);
    expect(await channel.send('+998901112233', 'text')).toMatchObject({ ok: false, kind: 'retry' });
    eskiz.fail(429);
    expect(await channel.send('+998901112233', 'text')).toMatchObject({ ok: false, kind: 'retry', retryAfterMs: 2000 });
    expect(await channel.send('+99890111', 'text')).toMatchObject({ ok: false, kind: 'refused' });
    const wrongLogin = createDeliveryChannels(
      { publicUrl: 'https://yuk.example', sms: { provider: 'eskiz', eskiz: { ...eskizLogin, password: 'wrong' } } },
      eskizApp.app.log,
    ).sms;
    expect(await wrongLogin.send('+998901112233', 'text')).toMatchObject({
      ok: false,
      kind: 'retry',
      error: expect.stringContaining('login 401'),
    });
  });

  it('retries a code through the outbox, and drops it once the code has expired', async () => {
    const phone = freshPhone();
    await api(eskizApp.app, { method: 'POST', url: apiPaths.auth.smsSend, payload: { phone } });
    const start = Date.now();
    eskiz.fail(503);
    await eskizSend(start);
    const [row] = await eskizApp.database.db.selectFrom('outbox').selectAll().where('address', '=', phone).execute();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(eskiz.messages).toHaveLength(0);
    await eskizSend(start + MINUTE);
    expect(eskiz.messages).toHaveLength(1);

    const late = freshPhone();
    await api(eskizApp.app, { method: 'POST', url: apiPaths.auth.smsSend, payload: { phone: late } });
    eskiz.fail(503);
    await eskizSend(Date.now());
    // the service came back only after the code died: it is not sent late
    await eskizSend(start + 6 * MINUTE);
    const [dropped] = await eskizApp.database.db.selectFrom('outbox').selectAll().where('address', '=', late).execute();
    expect(dropped).toMatchObject({ status: 'dropped', params: '{}' });
    expect(eskiz.messages.filter((m) => m.mobile_phone === late.slice(1))).toHaveLength(0);
  });
});
