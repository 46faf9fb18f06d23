import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME, type AuthTokens, type User, apiPaths } from '@yuk/shared';
import { api, buildTestApp, TEST_JWT_SECRET, type ApiErrorBody, type OpenApiDocument } from './helpers.js';
import { buildRegisterInput, createUser } from './factories/index.js';

const { app, database } = await buildTestApp({ loginPolicy: { perAccount: 5, perAddress: 1000, windowMs: 60_000 } });

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  api(app, { method: 'POST', url: apiPaths.users.register, payload: payload as object, headers });
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  api(app, { method: 'POST', url: apiPaths.users.login, payload: payload as object, headers });
const me = (token?: string) => api(app, { method: 'GET', url: apiPaths.users.me, ...(token ? { token } : {}) });

async function sign(claims: Record<string, unknown>, options: { secret?: string; exp?: number; sub?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('yuk-tender')
    .setAudience('yuk-tender-app')
    .setIssuedAt(now)
    .setJti('x')
    .setSubject(options.sub ?? '1');
  if (options.exp !== undefined) jwt = jwt.setExpirationTime(options.exp);
  return jwt.sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe('POST /api/users/register', () => {
  it('creates an account and never returns the password or its hash', async () => {
    const input = buildRegisterInput({ email: 'New.User@Example.UZ', phone_number: '90 123 45 67' });
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const body = res.json<User>();
    expect(body).toMatchObject({ first_name: 'Test', email: 'new.user@example.uz', phone_number: '+998901234567' });
    expect(body.id).toEqual(expect.any(Number));
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('argon2');
  });

  it('stores an argon2id hash with m=19456, t=2, p=1', async () => {
    const input = buildRegisterInput();
    await register(input);
    const row = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a duplicate e-mail in any letter case with 409', async () => {
    const input = buildRegisterInput();
    expect((await register(input)).statusCode).toBe(201);
    const again = await register({ ...input, email: input.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', error: "Bu email bilan allaqachon ro'yxatdan o'tilgan" });
  });

  it('answers 400 with a text for every missing or bad field', async () => {
    const res = await register({ first_name: '  ', email: 'not-an-email', phone_number: '12345', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'first_name', 'last_name', 'password', 'phone_number']);
    expect(body.fields.password).toBe("Parol kamida 8 ta belgidan iborat bo'lishi kerak");
  });

  it('refuses wrong types, too-long passwords and non-object bodies, never with a 500', async () => {
    expect((await register({ ...buildRegisterInput(), first_name: 42 })).statusCode).toBe(400);
    expect(
      (await register({ ...buildRegisterInput(), password: 'x'.repeat(129) })).json<ApiErrorBody>().fields.password,
    ).toBe('Parol 128 ta belgidan oshmasligi kerak');
    expect((await register([1, 2, 3])).statusCode).toBe(400);
    const text = await app.inject({
      method: 'POST',
      url: apiPaths.users.register,
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(text.statusCode).toBe(400);
  });

  it('keeps long and Unicode passwords whole (no trimming or truncation)', async () => {
    const password = `  пароль-${'ü'.repeat(100)}-日本  `;
    const input = buildRegisterInput({ password });
    expect((await register(input)).statusCode).toBe(201);
    expect((await login({ email: input.email, password })).statusCode).toBe(200);
    expect((await login({ email: input.email, password: password.trim() })).statusCode).toBe(401);
    expect((await login({ email: input.email, password: password.slice(0, -1) })).statusCode).toBe(401);
  });
});

describe('POST /api/users/login', () => {
  it('returns accessToken, refreshToken and user, and sets the HttpOnly refresh cookie', async () => {
    const input = buildRegisterInput();
    await register(input);
    const res = await login({ email: input.email.toUpperCase(), password: input.password });
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthTokens>();
    expect(body.user.email).toBe(input.email);
    expect(JSON.stringify(body.user)).not.toContain('hash');
    expect(decodePayload(body.accessToken)).toMatchObject({ typ: 'access', iss: 'yuk-tender', aud: 'yuk-tender-app' });
    const payload = decodePayload(body.accessToken);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(15 * 60);
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE_NAME);
    expect(cookie).toMatchObject({ value: body.refreshToken, httpOnly: true, sameSite: 'Strict', path: '/api/users' });
    expect(cookie?.maxAge).toBe(7 * 24 * 60 * 60);
  });

  it('gives the same 401 answer for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(app);
    const wrongPassword = await login({ email: user.email, password: 'wrong-password-1' });
    const unknownEmail = await login({ email: 'nobody-here@example.uz', password: 'wrong-password-1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.json()).toEqual({ code: 'INVALID_CREDENTIALS', error: "Email yoki parol noto'g'ri" });
  });

  it('answers blank credentials with 400', async () => {
    const res = await login({ email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ApiErrorBody>().fields).sort()).toEqual(['email', 'password']);
  });

  it('rate-limits failed logins per account with 429, leaving other accounts alone', async () => {
    const victim = await createUser(app);
    const bystander = await createUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await login({ email: victim.email, password: `wrong-${i}-pass` })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const blocked = await login({ email: victim.email, password: victim.password }, { 'accept-language': 'en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<ApiErrorBody>().error).toMatch(/^Too many failed attempts\. Try again in \d+ minutes$/);
    expect((await login({ email: bystander.email, password: bystander.password })).statusCode).toBe(200);
  });

  it('lets normal sign-up traffic through (20 sign-ups a minute from one address)', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => register(buildRegisterInput())));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
  });
});

describe('GET /api/users/me and access tokens', () => {
  it('returns the signed-in user', async () => {
    const user = await createUser(app);
    const res = await me(user.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user.user);
  });

  it('answers 401 without a token, with a malformed header, or with a token in the URL only', async () => {
    const user = await createUser(app);
    expect((await me()).json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    expect(
      (await api(app, { method: 'GET', url: apiPaths.users.me, headers: { authorization: 'Basic abc' } })).statusCode,
    ).toBe(401);
    expect((await api(app, { method: 'GET', url: `${apiPaths.users.me}?token=${user.accessToken}` })).statusCode).toBe(
      401,
    );
  });

  it('refuses tampered tokens: alg none, wrong key, edited sub, expired, missing exp, refresh as access', async () => {
    const user = await createUser(app);
    const real = decodePayload(user.accessToken);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const algNone = `${header}.${user.accessToken.split('.')[1]}.`;
    const now = Math.floor(Date.now() / 1000);
    const claims = { typ: 'access', sid: real.sid };
    const wrongKey = await sign(claims, {
      secret: 'another-secret-that-is-long-enough-0123456789',
      exp: now + 600,
      sub: String(user.user.id),
    });
    const expired = await sign(claims, { exp: now - 10, sub: String(user.user.id) });
    const noExp = await sign(claims, { sub: String(user.user.id) });
    const [h, p, s] = user.accessToken.split('.');
    const editedPayload = Buffer.from(JSON.stringify({ ...real, sub: '999999' })).toString('base64url');
    const editedSub = `${h}.${editedPayload}.${s}`;
    const otherSession = await sign(
      { typ: 'access', sid: 'not-a-session' },
      { exp: now + 600, sub: String(user.user.id) },
    );
    for (const token of [algNone, wrongKey, expired, noExp, editedSub, user.refreshToken, otherSession, `${h}.${p}`]) {
      const res = await me(token);
      expect(res.statusCode, token).toBe(401);
      expect(['TOKEN_INVALID', 'NOT_AUTHENTICATED']).toContain(res.json<ApiErrorBody>().code);
    }
  });
});

describe('POST /api/users/refresh and logout', () => {
  const refresh = (body?: object, cookie?: string) =>
    api(app, {
      method: 'POST',
      url: apiPaths.users.refresh,
      ...(body ? { payload: body } : {}),
      ...(cookie ? { cookies: { [REFRESH_COOKIE_NAME]: cookie } } : {}),
    });

  it('rotates the refresh token from the body or the cookie', async () => {
    const user = await createUser(app);
    const first = await refresh({ refreshToken: user.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = first.json<AuthTokens>();
    expect(rotated.refreshToken).not.toBe(user.refreshToken);
    expect((await me(rotated.accessToken)).statusCode).toBe(200);
    const viaCookie = await refresh(undefined, rotated.refreshToken);
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value).toBe(
      viaCookie.json<AuthTokens>().refreshToken,
    );
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const user = await createUser(app);
    const rotated = (await refresh({ refreshToken: user.refreshToken })).json<AuthTokens>();
    const replay = await refresh({ refreshToken: user.refreshToken });
    expect(replay.statusCode).toBe(401);
    // the thief's replay also ends the legitimate holder's newer tokens
    expect((await refresh({ refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    expect((await me(rotated.accessToken)).statusCode).toBe(401);
  });

  it('accepts only one of two simultaneous refreshes with the same token', async () => {
    const user = await createUser(app);
    const results = await Promise.all([
      refresh({ refreshToken: user.refreshToken }),
      refresh({ refreshToken: user.refreshToken }),
    ]);
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it('refuses an access token used as a refresh token, garbage, and no token', async () => {
    const user = await createUser(app);
    expect((await refresh({ refreshToken: user.accessToken })).statusCode).toBe(401);
    expect((await refresh({ refreshToken: 'garbage' })).statusCode).toBe(401);
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh({ refreshToken: 12 })).statusCode).toBe(400);
  });

  it('logout ends the session: its refresh and access tokens stop working', async () => {
    const user = await createUser(app);
    const out = await api(app, {
      method: 'POST',
      url: apiPaths.users.logout,
      payload: { refreshToken: user.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh({ refreshToken: user.refreshToken })).statusCode).toBe(401);
    expect((await me(user.accessToken)).statusCode).toBe(401);
  });
});

describe('errors, languages and headers', () => {
  it('localizes errors by Accept-Language (uz default, en, ru)', async () => {
    const texts = await Promise.all(
      ['', 'en-US,en;q=0.9', 'ru', 'de, ru;q=0.5', 'fr'].map(
        async (lang) =>
          (
            await api(app, { method: 'GET', url: apiPaths.users.me, headers: lang ? { 'accept-language': lang } : {} })
          ).json<ApiErrorBody>().error,
      ),
    );
    expect(texts).toEqual([
      'Tizimga kirish talab qilinadi',
      'Please log in first',
      'Необходимо войти в систему',
      'Необходимо войти в систему',
      'Tizimga kirish talab qilinadi',
    ]);
  });

  it('answers malformed JSON, wrong content types, oversized bodies and unknown routes with 4xx in the error shape', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: apiPaths.users.login,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiErrorBody>().code).toBe('MALFORMED_BODY');
    const wrongType = await app.inject({
      method: 'POST',
      url: apiPaths.users.login,
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    const huge = await app.inject({
      method: 'POST',
      url: apiPaths.users.login,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'ROUTE_NOT_FOUND', error: 'No such address: GET /api/nothing-here' });
    const proto = await login({ __proto__: { admin: true }, email: 'a@b.uz', password: 'whatever1' });
    expect(proto.statusCode).toBe(401);
  });

  it("sends the API's security headers: a policy that allows nothing, and none of a page's headers", async () => {
    const res = await app.inject({ method: 'GET', url: apiPaths.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'off' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of ['x-dns-prefetch-control', 'x-download-options', 'x-xss-protection', 'origin-agent-cluster'])
      expect(res.headers[pageOnly], pageOnly).toBeUndefined();
    // an address no route has is still the API's
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("sends a page's security headers with a strict CSP on the API's documentation", async () => {
    const res = await app.inject({ method: 'GET', url: apiPaths.docsJson });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: apiPaths.docsJson });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/login',
        '/api/users/register',
        '/api/users/me',
        '/api/users/refresh',
        '/api/health',
      ]),
    );
  });
});
