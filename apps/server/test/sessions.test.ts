import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type AuthTokens, type UserSession } from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import { createUser } from './factories/index.js';

const { app } = await buildTestApp();

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Signs the user in once more, from a device of its own. */
async function signInFrom(user: { email: string; password: string }, userAgent: string, remoteAddress: string) {
  const res = await api(app, {
    method: 'POST',
    url: apiPaths.users.login,
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.json<AuthTokens>();
}

const sessions = (token?: string) =>
  api(app, { method: 'GET', url: apiPaths.users.sessions, ...(token ? { token } : {}) });
const signOut = (token: string | undefined, id: string) =>
  api(app, { method: 'DELETE', url: pathTo(apiPaths.users.session, { id }), ...(token ? { token } : {}) });
const me = (token: string) => api(app, { method: 'GET', url: apiPaths.users.me, token });
const refresh = (refreshToken: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  api(app, { method: 'POST', url: apiPaths.users.refresh, payload: { refreshToken }, headers, remoteAddress });

describe('GET /api/users/me/sessions', () => {
  it('lists my sessions with where and what they were signed in from, the calling one marked current', async () => {
    const user = await createUser(app);
    const phone = await signInFrom(user, PHONE_UA, '198.51.100.20');
    const laptop = await signInFrom(user, LAPTOP_UA, '198.51.100.21');
    const stranger = await createUser(app);

    const res = await sessions(phone.accessToken);
    expect(res.statusCode).toBe(200);
    const list = res.json<UserSession[]>();
    expect(list).toHaveLength(3);
    const current = list.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      ip: '198.51.100.20',
      user_agent: PHONE_UA,
      browser: 'Chrome 130',
      os: 'Android 14',
    });
    expect(list.find((session) => session.ip === '198.51.100.21')).toMatchObject({
      current: false,
      browser: 'Firefox 133',
      os: 'Linux',
    });
    for (const session of list) {
      expect(session.created_at).toMatch(/Z$/);
      expect(Date.parse(session.last_used_at)).toBeGreaterThanOrEqual(Date.parse(session.created_at));
    }
    // someone else's sessions are not in my list
    const theirs = (await sessions(stranger.accessToken)).json<UserSession[]>();
    expect(theirs).toHaveLength(1);
    expect(list.map((session) => session.id)).not.toContain(theirs[0]!.id);
    // from the laptop, the laptop is current
    expect((await sessions(laptop.accessToken)).json<UserSession[]>().find((s) => s.current)?.ip).toBe('198.51.100.21');
  });

  it('a renewal of the tokens moves last used and the address', async () => {
    const user = await createUser(app);
    const before = (await sessions(user.accessToken)).json<UserSession[]>()[0]!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renewed = await refresh(user.refreshToken, { 'user-agent': LAPTOP_UA }, '198.51.100.30');
    expect(renewed.statusCode).toBe(200);
    const after = (await sessions(renewed.json<AuthTokens>().accessToken)).json<UserSession[]>()[0]!;
    expect(after.id).toBe(before.id);
    expect(Date.parse(after.last_used_at)).toBeGreaterThan(Date.parse(before.last_used_at));
    expect(after).toMatchObject({ ip: '198.51.100.30', browser: 'Firefox 133' });
  });

  it('needs a token', async () => {
    expect((await sessions()).statusCode).toBe(401);
    expect((await sessions('not-a-token')).statusCode).toBe(401);
  });
});

describe('signing sessions out', () => {
  it('DELETE /api/users/me/sessions/{id} ends another session of mine at once', async () => {
    const user = await createUser(app);
    const other = await signInFrom(user, PHONE_UA, '198.51.100.40');
    const otherId = (await sessions(other.accessToken)).json<UserSession[]>().find((s) => s.current)!.id;

    const res = await signOut(user.accessToken, otherId);
    expect(res.statusCode).toBe(204);
    // its access token and its refresh token stop working; mine does not
    expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await me(user.accessToken)).statusCode).toBe(200);
    expect((await sessions(user.accessToken)).json<UserSession[]>().map((s) => s.id)).not.toContain(otherId);
    // once ended, it is not found
    const again = await signOut(user.accessToken, otherId);
    expect(again.statusCode).toBe(404);
    expect(again.json<ApiErrorBody>().code).toBe('SESSION_NOT_FOUND');
  });

  it("someone else's session is 404 and keeps working; my current one is 409", async () => {
    const user = await createUser(app);
    const stranger = await createUser(app);
    const theirs = (await sessions(stranger.accessToken)).json<UserSession[]>()[0]!.id;
    const res = await signOut(user.accessToken, theirs);
    expect(res.statusCode).toBe(404);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect((await me(stranger.accessToken)).statusCode).toBe(200);

    const mine = (await sessions(user.accessToken)).json<UserSession[]>()[0]!.id;
    const current = await api(app, {
      method: 'DELETE',
      url: pathTo(apiPaths.users.session, { id: mine }),
      token: user.accessToken,
      headers: { 'accept-language': 'en' },
    });
    expect(current.statusCode).toBe(409);
    expect(current.json<ApiErrorBody>()).toMatchObject({
      code: 'SESSION_IS_CURRENT',
      error: 'This is your current session: use Log out to end it',
    });
    expect((await me(user.accessToken)).statusCode).toBe(200);
  });

  it('refuses a missing token (401) and an id that is not one (400)', async () => {
    const user = await createUser(app);
    expect((await signOut(undefined, '0b6f3c1e-7a52-4c1f-9d0e-2f4a8b1c5d6e')).statusCode).toBe(401);
    for (const id of ['1', 'abc', 'x'.repeat(5000), "0b6f3c1e-7a52-4c1f-9d0e-2f4a8b1c5d6e' or 1=1"]) {
      const res = await signOut(user.accessToken, encodeURIComponent(id));
      expect(res.statusCode, id.slice(0, 40)).toBe(id.length > 200 ? 414 : 400);
    }
    const unknown = await signOut(user.accessToken, '0b6f3c1e-7a52-4c1f-9d0e-2f4a8b1c5d6e');
    expect(unknown.statusCode).toBe(404);
  });

  it('POST /api/users/me/sessions/sign-out-others ends every other session, not this one', async () => {
    const user = await createUser(app);
    const [a, b] = [
      await signInFrom(user, PHONE_UA, '198.51.100.50'),
      await signInFrom(user, LAPTOP_UA, '198.51.100.51'),
    ];
    const stranger = await createUser(app);
    const res = await api(app, { method: 'POST', url: apiPaths.users.signOutOtherSessions, token: b.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_out: 2 });
    expect((await me(user.accessToken)).statusCode).toBe(401);
    expect((await me(a.accessToken)).statusCode).toBe(401);
    expect((await me(b.accessToken)).statusCode).toBe(200);
    expect((await me(stranger.accessToken)).statusCode).toBe(200);
    const left = (await sessions(b.accessToken)).json<UserSession[]>();
    expect(left.map((s) => s.current)).toEqual([true]);
    // nothing left to end
    expect(
      (await api(app, { method: 'POST', url: apiPaths.users.signOutOtherSessions, token: b.accessToken })).json(),
    ).toEqual({ signed_out: 0 });
    expect((await api(app, { method: 'POST', url: apiPaths.users.signOutOtherSessions })).statusCode).toBe(401);
  });
});
