import { describe, expect, it } from 'vitest';
import { apiPaths, type AuthTokens, type NotificationSettings, type TelegramAccount } from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { createUser, newTelegramUserId, TEST_BOT_TOKEN, telegramInitData } from './factories/index.js';

const { app, database } = await buildTestApp({
  delivery: {
    publicUrl: 'https://yuk.example',
    // the Bot API is never called by these routes: the token only signs and checks launches
    telegram: { token: TEST_BOT_TOKEN, apiBase: 'http://127.0.0.1:9', botUsername: 'YukTenderTestBot' },
  },
});
// a server without a bot
const { app: botless } = await buildTestApp();

const signIn = (initData: unknown, on = app) =>
  api(on, { method: 'POST', url: apiPaths.auth.telegram, payload: { init_data: initData } });
const link = (token: string | undefined, payload: unknown, on = app) =>
  api(on, { method: 'POST', url: apiPaths.users.telegram, payload: payload as object, ...(token ? { token } : {}) });

const codeOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().code;

async function auditEntries(action: string, details: string) {
  const rows = await database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action as never)
    .execute();
  return rows.filter((row) => row.details.includes(details));
}

/** A user linked through the Mini App itself: signed in by password, then the launch's init data. */
async function linkedUser() {
  const user = await createUser(app);
  const telegramId = newTelegramUserId();
  const res = await link(user.accessToken, { init_data: telegramInitData({ userId: telegramId }) });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, telegramId };
}

describe('signing in with a Mini App launch', () => {
  it('signs a linked Telegram user in: the same tokens as a password login, a refresh cookie and an audit entry', async () => {
    const user = await linkedUser();
    const res = await signIn(telegramInitData({ userId: user.telegramId }));
    expect(res.statusCode, res.body).toBe(200);
    const tokens = res.json<AuthTokens>();
    expect(tokens.user.email).toBe(user.email);
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
    const me = await api(app, { method: 'GET', url: apiPaths.users.me, token: tokens.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ id: number }>().id).toBe(user.user.id);
    const entries = await auditEntries('auth.sign_in', '"telegram"');
    expect(entries.some((row) => row.actor_user_id === user.user.id)).toBe(true);
  });

  it('answers 404 TELEGRAM_NOT_LINKED for a valid launch of a Telegram user linked to nobody', async () => {
    const res = await signIn(telegramInitData({ userId: newTelegramUserId() }));
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('TELEGRAM_NOT_LINKED');
  });

  it('signs in a user whose chat the bot’s /start link bound (a private chat’s id is its user’s id)', async () => {
    const user = await createUser(app);
    const telegramId = newTelegramUserId();
    await database.db
      .insertInto('notification_settings')
      .values({
        user_id: user.user.id,
        events: null,
        quiet_start: null,
        quiet_end: null,
        telegram_chat_id: String(telegramId),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const res = await signIn(telegramInitData({ userId: telegramId }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AuthTokens>().user.id).toBe(user.user.id);
  });

  it('refuses init data older than 24 hours with 401 TELEGRAM_AUTH_EXPIRED, and accepts it just inside', async () => {
    const user = await linkedUser();
    const now = Math.floor(Date.now() / 1000);
    const old = await signIn(telegramInitData({ userId: user.telegramId, authDate: now - 24 * 3600 - 60 }));
    expect(old.statusCode).toBe(401);
    expect(codeOf(old)).toBe('TELEGRAM_AUTH_EXPIRED');
    const recent = await signIn(telegramInitData({ userId: user.telegramId, authDate: now - 23 * 3600 }));
    expect(recent.statusCode).toBe(200);
    expect(await auditEntries('auth.sign_in_failed', 'TELEGRAM_AUTH_EXPIRED')).not.toHaveLength(0);
  });

  it('refuses a launch with one field changed, no hash, a changed hash or another bot’s signature: 401 TELEGRAM_AUTH_INVALID', async () => {
    const user = await linkedUser();
    const genuine = telegramInitData({ userId: user.telegramId });
    const params = new URLSearchParams(genuine);

    const otherUser = new URLSearchParams(genuine);
    otherUser.set('user', (params.get('user') ?? '').replace(String(user.telegramId), String(user.telegramId + 1)));
    const laterDate = new URLSearchParams(genuine);
    laterDate.set('auth_date', String(Number(params.get('auth_date')) + 1));
    const added = new URLSearchParams(genuine);
    added.set('start_param', 'tender-1');
    const noHash = new URLSearchParams(genuine);
    noHash.delete('hash');
    const badHash = new URLSearchParams(genuine);
    badHash.set(
      'hash',
      (params.get('hash') ?? '').replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    const twoHashes = `${genuine}&hash=${params.get('hash')}`;
    const anotherBot = telegramInitData({ userId: user.telegramId, botToken: '7000002:AAanother-bot_token' });

    for (const [label, initData] of [
      ['another user id', otherUser.toString()],
      ['a later auth_date', laterDate.toString()],
      ['an added field', added.toString()],
      ['no hash', noHash.toString()],
      ['a changed hash', badHash.toString()],
      ['two hashes', twoHashes],
      ['another bot', anotherBot],
      ['not init data', 'hello'],
    ] as const) {
      const res = await signIn(initData);
      expect(res.statusCode, label).toBe(401);
      expect(codeOf(res), label).toBe('TELEGRAM_AUTH_INVALID');
    }
    expect(await auditEntries('auth.sign_in_failed', 'TELEGRAM_AUTH_INVALID')).not.toHaveLength(0);
  });

  it('refuses a signed launch without a user as invalid (it names no one)', async () => {
    const { signInitData } = await import('../src/modules/telegram-app/index.js');
    const res = await signIn(
      signInitData({ auth_date: String(Math.floor(Date.now() / 1000)), query_id: 'AAH1' }, TEST_BOT_TOKEN),
    );
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('TELEGRAM_AUTH_INVALID');
  });

  it('answers 400 for a missing, empty, wrongly typed or huge init_data', async () => {
    for (const payload of [{}, { init_data: '' }, { init_data: 42 }, { init_data: 'x'.repeat(5000) }, []]) {
      const res = await api(app, { method: 'POST', url: apiPaths.auth.telegram, payload: payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 503 TELEGRAM_UNAVAILABLE on a server without a bot', async () => {
    const res = await signIn(telegramInitData({ userId: newTelegramUserId() }), botless);
    expect(res.statusCode).toBe(503);
    expect(codeOf(res)).toBe('TELEGRAM_UNAVAILABLE');
  });
});

describe('linking my account to a Telegram user', () => {
  it('links the signed-in user, shows Telegram as linked in the settings, and records it in the audit trail', async () => {
    const user = await createUser(app);
    const telegramId = newTelegramUserId();
    const res = await link(user.accessToken, {
      init_data: telegramInitData({ userId: telegramId, firstName: 'Bobur', username: 'bobur_yuk' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TelegramAccount>()).toEqual({
      telegram_user_id: String(telegramId),
      first_name: 'Bobur',
      username: 'bobur_yuk',
    });
    const settings = await api(app, {
      method: 'GET',
      url: apiPaths.users.notificationSettings,
      token: user.accessToken,
    });
    expect(settings.json<NotificationSettings>().channels.telegram.linked).toBe(true);
    const entries = await auditEntries('user.telegram_linked', String(telegramId));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_user_id).toBe(user.user.id);
    // linking again to the same Telegram user changes nothing and is allowed
    const again = await link(user.accessToken, { init_data: telegramInitData({ userId: telegramId }) });
    expect(again.statusCode).toBe(200);
  });

  it('answers 409 TELEGRAM_ALREADY_LINKED when the Telegram user belongs to another account, leaving that link', async () => {
    const holder = await linkedUser();
    const other = await createUser(app);
    const res = await link(other.accessToken, { init_data: telegramInitData({ userId: holder.telegramId }) });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('TELEGRAM_ALREADY_LINKED');
    const signedIn = await signIn(telegramInitData({ userId: holder.telegramId }));
    expect(signedIn.json<AuthTokens>().user.id).toBe(holder.user.id);
  });

  it('moves my link to another Telegram user when I link again', async () => {
    const user = await linkedUser();
    const second = newTelegramUserId();
    expect((await link(user.accessToken, { init_data: telegramInitData({ userId: second }) })).statusCode).toBe(200);
    expect((await signIn(telegramInitData({ userId: second }))).statusCode).toBe(200);
    expect(codeOf(await signIn(telegramInitData({ userId: user.telegramId })))).toBe('TELEGRAM_NOT_LINKED');
  });

  it('refuses without a token, with bad or expired init data, with wrong types, and without a bot', async () => {
    const user = await createUser(app);
    const telegramId = newTelegramUserId();
    const noToken = await link(undefined, { init_data: telegramInitData({ userId: telegramId }) });
    expect(noToken.statusCode).toBe(401);
    const forged = await link(user.accessToken, {
      init_data: telegramInitData({ userId: telegramId, botToken: '7000002:AAanother-bot_token' }),
    });
    expect(forged.statusCode).toBe(401);
    expect(codeOf(forged)).toBe('TELEGRAM_AUTH_INVALID');
    const expired = await link(user.accessToken, {
      init_data: telegramInitData({ userId: telegramId, authDate: Math.floor(Date.now() / 1000) - 2 * 24 * 3600 }),
    });
    expect(codeOf(expired)).toBe('TELEGRAM_AUTH_EXPIRED');
    for (const payload of [{ init_data: 7 }, { init_data: 'y'.repeat(10_000) }, { other: 1 }]) {
      const res = await link(user.accessToken, payload);
      expect(res.statusCode).toBe(400);
    }
    // nothing was linked by the refused calls
    expect(codeOf(await signIn(telegramInitData({ userId: telegramId })))).toBe('TELEGRAM_NOT_LINKED');
    const botlessUser = await createUser(botless);
    const off = await link(botlessUser.accessToken, { init_data: telegramInitData({ userId: telegramId }) }, botless);
    expect(off.statusCode).toBe(503);
    expect(codeOf(off)).toBe('TELEGRAM_UNAVAILABLE');
  });
});
