import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE_NAME } from '@yuk/shared';
import { changeLanguage } from '../i18n';
import { jsonResponse, sampleUser, signedIn, stubFetch } from '../test/render';
import { api, ApiError, apiRequest, refreshAccessToken } from './api-client';
import { getSession, USER_FLAG_KEY, USER_INFO_KEY } from './session';

const refreshed = { accessToken: 'new-token', refreshToken: 'rotated', user: { ...sampleUser, first_name: 'Aziza' } };

describe('api client', () => {
  signedIn('uz');

  it('sends JSON with the bearer token from the cookie and the current language', async () => {
    await changeLanguage('ru');
    const { calls } = stubFetch(() => jsonResponse({ ok: true }));
    await expect(
      api.post('/api/things', { a: 1 }, { query: { q: 'x y', empty: '', none: undefined } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/things?q=x+y',
      method: 'POST',
      body: { a: 1 },
      headers: { authorization: 'Bearer token', 'accept-language': 'ru', 'content-type': 'application/json' },
    });
  });

  it('on a 401 refreshes once (with the refresh cookie), stores the new token and retries', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/users/refresh') return jsonResponse(refreshed);
      return call.headers.authorization === 'Bearer new-token'
        ? jsonResponse([{ id: 1 }])
        : jsonResponse({ error: 'Sessiya yaroqsiz', code: 'TOKEN_INVALID' }, 401);
    });

    await expect(api.get('/api/tenders/all')).resolves.toEqual([{ id: 1 }]);

    expect(calls.map((call) => call.url)).toEqual(['/api/tenders/all', '/api/users/refresh', '/api/tenders/all']);
    expect(calls[1]).toMatchObject({ method: 'POST', credentials: 'include', body: undefined });
    expect(calls[1]?.headers.authorization).toBeUndefined();
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBe('new-token');
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? '{}')).toMatchObject({ first_name: 'Aziza' });
    expect(getSession()).toMatchObject({ status: 'signed-in', user: { first_name: 'Aziza' } });
  });

  it('when the refresh fails it clears the session and throws the 401 as an ApiError', async () => {
    const { calls } = stubFetch((call) =>
      call.url === '/api/users/refresh'
        ? jsonResponse({ error: 'Tizimga kirish talab qilinadi', code: 'NOT_AUTHENTICATED' }, 401)
        : jsonResponse({ error: 'Sessiya yaroqsiz', code: 'TOKEN_INVALID' }, 401),
    );

    const error = await api.get('/api/users/me').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'TOKEN_INVALID', message: 'Sessiya yaroqsiz' });
    expect(calls.map((call) => call.url)).toEqual(['/api/users/me', '/api/users/refresh']);
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBeUndefined();
    expect(localStorage.getItem(USER_FLAG_KEY)).toBeNull();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(getSession()).toEqual({ status: 'signed-out', user: null });
  });

  it('clears the session when the retry after a successful refresh is refused again', async () => {
    const { calls } = stubFetch((call) =>
      call.url === '/api/users/refresh'
        ? jsonResponse(refreshed)
        : jsonResponse({ error: 'no', code: 'TOKEN_INVALID' }, 401),
    );
    await expect(api.get('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(3);
    expect(getSession().status).toBe('signed-out');
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBeUndefined();
  });

  it('shares one refresh between calls that get a 401 at the same time', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = stubFetch(async (call) => {
      if (call.url === '/api/users/refresh') {
        await gate;
        return jsonResponse(refreshed);
      }
      return call.headers.authorization === 'Bearer new-token'
        ? jsonResponse({ url: call.url })
        : jsonResponse({ error: 'expired', code: 'TOKEN_INVALID' }, 401);
    });

    const all = Promise.all([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);
    await vi.waitFor(() => expect(calls.filter((call) => call.url === '/api/users/refresh')).toHaveLength(1));
    release();

    await expect(all).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(calls.filter((call) => call.url === '/api/users/refresh')).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });

  it('does not refresh for the session calls themselves (auth: false): a wrong password is just an error', async () => {
    const { calls } = stubFetch(() =>
      jsonResponse({ error: "Email yoki parol noto'g'ri", code: 'INVALID_CREDENTIALS' }, 401),
    );
    await expect(
      api.post('/api/users/login', { email: 'a@b.uz', password: 'x' }, { auth: false }),
    ).rejects.toMatchObject({ status: 401, message: "Email yoki parol noto'g'ri", code: 'INVALID_CREDENTIALS' });
    expect(calls).toHaveLength(1);
  });

  it("picks the error text as the spec says: the server's error, else its message, else the caller's default", async () => {
    let answer: Response = jsonResponse({});
    stubFetch(() => answer);

    answer = jsonResponse({ error: 'Server text', message: 'Other', code: 'CONFLICT' }, 409);
    await expect(apiRequest('/api/x', { errorMessage: 'Default' })).rejects.toMatchObject({
      message: 'Server text',
      status: 409,
    });

    answer = jsonResponse({ message: 'Message text' }, 500);
    await expect(apiRequest('/api/x', { errorMessage: 'Default' })).rejects.toMatchObject({ message: 'Message text' });

    answer = new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    await expect(apiRequest('/api/x', { errorMessage: 'Default' })).rejects.toMatchObject({
      message: 'Default',
      status: 502,
    });

    answer = jsonResponse({}, 500);
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: "Xatolik yuz berdi. Birozdan keyin qayta urinib ko'ring",
    });
  });

  it('keeps the field texts of a 400', async () => {
    stubFetch(() =>
      jsonResponse(
        { error: "Ma'lumotlar noto'g'ri", code: 'VALIDATION_FAILED', fields: { email: "Email manzili noto'g'ri" } },
        400,
      ),
    );
    await expect(api.post('/api/users/register', {}, { auth: false })).rejects.toMatchObject({
      status: 400,
      fields: { email: "Email manzili noto'g'ri" },
    });
  });

  it('turns an unreachable server into an ApiError with status 0, without touching the session', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(getSession().status).toBe('signed-in');
  });

  it('answers undefined for 204 and resolves refreshAccessToken to null when refused', async () => {
    stubFetch((call) =>
      call.url === '/api/users/refresh' ? jsonResponse({ error: 'no' }, 401) : new Response(null, { status: 204 }),
    );
    await expect(api.post('/api/users/logout', undefined, { auth: false })).resolves.toBeUndefined();
    await expect(refreshAccessToken()).resolves.toBeNull();
  });
});
