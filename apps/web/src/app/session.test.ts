import { QueryClient } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE_NAME } from '@yuk/shared';
import { getSession, setUserFlag, showSignedOut, USER_FLAG_KEY, USER_INFO_KEY } from '../lib/session';
import { jsonResponse, sampleUser, stubFetch } from '../test/render';
import { bootstrapSession } from './session';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('start-up session check', () => {
  beforeEach(() => showSignedOut());
  afterEach(() => vi.unstubAllGlobals());

  it('no token and no flag: the login screen, without any call', async () => {
    const { calls } = stubFetch(() => jsonResponse({}));
    await bootstrapSession(client());
    expect(getSession().status).toBe('signed-out');
    expect(calls).toHaveLength(0);
  });

  it('a token: signed in when /api/users/me answers', async () => {
    Cookies.set(ACCESS_COOKIE_NAME, 'good');
    const { calls } = stubFetch(() => jsonResponse(sampleUser));
    const queryClient = client();
    await bootstrapSession(queryClient);
    expect(getSession()).toEqual({ status: 'signed-in', user: sampleUser });
    expect(calls[0]).toMatchObject({ url: '/api/users/me', headers: { authorization: 'Bearer good' } });
    expect(queryClient.getQueryData(['users', 'me'])).toEqual(sampleUser);
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null')).toEqual(sampleUser);
  });

  it('a token the server refuses, and no refresh possible: session data cleared, login screen', async () => {
    Cookies.set(ACCESS_COOKIE_NAME, 'bad');
    localStorage.setItem(USER_FLAG_KEY, 'true');
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(sampleUser));
    const { calls } = stubFetch(() => jsonResponse({ error: 'no', code: 'TOKEN_INVALID' }, 401));
    await bootstrapSession(client());
    expect(calls.map((call) => call.url)).toEqual(['/api/users/me', '/api/users/refresh']);
    expect(getSession().status).toBe('signed-out');
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBeUndefined();
    expect(localStorage.getItem(USER_FLAG_KEY)).toBeNull();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });

  it('a token that fails for another reason (server error) also clears the session', async () => {
    Cookies.set(ACCESS_COOKIE_NAME, 'good');
    stubFetch(() => jsonResponse({ error: 'down' }, 503));
    await bootstrapSession(client());
    expect(getSession().status).toBe('signed-out');
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBeUndefined();
  });

  it('only the Mobile-ID / ERI-Key flag: not signed in, no call, the flag stays', async () => {
    setUserFlag();
    const { calls } = stubFetch(() => jsonResponse({}));
    await bootstrapSession(client());
    expect(getSession().status).toBe('signed-out');
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem(USER_FLAG_KEY)).toBe('true');
  });

  it('the flag and stored user info of an earlier login: one silent refresh signs in again', async () => {
    localStorage.setItem(USER_FLAG_KEY, 'true');
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(sampleUser));
    const { calls } = stubFetch(() => jsonResponse({ accessToken: 'fresh', refreshToken: 'r', user: sampleUser }));
    await bootstrapSession(client());
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/users/refresh', credentials: 'include' });
    expect(getSession()).toEqual({ status: 'signed-in', user: sampleUser });
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBe('fresh');
  });

  it('the flag and stored user info, but the refresh is refused: login screen, data cleared', async () => {
    localStorage.setItem(USER_FLAG_KEY, 'true');
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(sampleUser));
    stubFetch(() => jsonResponse({ error: 'no' }, 401));
    await bootstrapSession(client());
    expect(getSession().status).toBe('signed-out');
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });
});
