import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME, type AuthTokens, apiPaths } from '@yuk/shared';
import { api, buildTestApp, TEST_JWT_SECRET } from '../helpers.js';
import { createUser } from '../factories/index.js';
import { printFigure } from './support.js';

/**
 * Tokens (ASVS 3.5, OWASP JWT cheat sheet): every forged, altered, expired, misused or revoked token is
 * refused on every kind of route, and a replayed refresh token revokes its whole family.
 */
let clock = Date.now();
const { app } = await buildTestApp({ now: () => clock });

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const parts = (token: string) => {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return {
    header,
    payload,
    signature,
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
  };
};
const hmac = (alg: 'sha256' | 'sha512', key: string | Buffer, data: string) =>
  createHmac(alg, key).update(data).digest('base64url');

/** A token with exactly these header and claims, HMAC-signed with `key` (the app's own secret unless told). */
function forge(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  key: string | Buffer = TEST_JWT_SECRET,
  alg: 'sha256' | 'sha512' = 'sha256',
) {
  const data = `${b64(header)}.${b64(claims)}`;
  return `${data}.${hmac(alg, key, data)}`;
}

const seconds = () => Math.floor(clock / 1000);

/** Routes of each kind a stolen or forged token would be used on. */
const probes = (token: string | undefined, extra: { headers?: Record<string, string>; query?: string } = {}) =>
  [
    { method: 'GET' as const, url: `${apiPaths.users.me}${extra.query ?? ''}` },
    { method: 'GET' as const, url: `${apiPaths.tenders.all}${extra.query ?? ''}` },
    { method: 'GET' as const, url: `${apiPaths.notifications.unreadCount}${extra.query ?? ''}` },
    { method: 'POST' as const, url: `${apiPaths.tenders.collection}${extra.query ?? ''}`, payload: {} },
  ].map((probe) =>
    api(app, {
      ...probe,
      ...(token ? { token } : {}),
      ...(extra.headers ? { headers: extra.headers } : {}),
    }),
  );

it('tokens: forged, altered, expired, misused and revoked tokens are refused; a replay revokes the family', async () => {
  const victim = await createUser(app);
  const other = await createUser(app);
  const access = parts(victim.accessToken);
  const refresh = parts(victim.refreshToken);
  const base = access.claims;
  const now = seconds();
  const good = { ...base, iat: now, exp: now + 600 };

  const accessAttacks: Record<string, string> = {
    alg_none: `${b64({ alg: 'none', typ: 'JWT' })}.${access.payload}.`,
    alg_None: `${b64({ alg: 'None', typ: 'JWT' })}.${access.payload}.`,
    alg_none_with_signature: `${b64({ alg: 'none' })}.${access.payload}.${access.signature}`,
    wrong_key: forge({ alg: 'HS256', typ: 'JWT' }, good, 'an-attacker-secret-that-is-long-enough-000'),
    empty_key: forge({ alg: 'HS256', typ: 'JWT' }, good, ''),
    edited_sub: `${access.header}.${b64({ ...base, sub: String(other.user.id) })}.${access.signature}`,
    edited_exp: `${access.header}.${b64({ ...base, exp: now + 10 * 365 * 86400 })}.${access.signature}`,
    signature_stripped: `${access.header}.${access.payload}.`,
    two_parts: `${access.header}.${access.payload}`,
    five_parts: `${victim.accessToken}.x.y`,
    hs512_same_key: forge({ alg: 'HS512', typ: 'JWT' }, good, TEST_JWT_SECRET, 'sha512'),
    rs256_confusion: forge({ alg: 'RS256', typ: 'JWT' }, good),
    kid_injection: forge({ alg: 'HS256', kid: '../../../../dev/null' }, good, ''),
    jku_header: forge(
      { alg: 'HS256', jku: 'https://attacker.example/jwks.json' },
      good,
      'an-attacker-secret-that-is-long-enough-000',
    ),
    expired: forge({ alg: 'HS256', typ: 'JWT' }, { ...base, iat: now - 3600, exp: now - 60 }),
    missing_exp: forge({ alg: 'HS256', typ: 'JWT' }, { ...base, exp: undefined }),
    exp_as_text: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, exp: String(now + 600) }),
    not_before_future: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, nbf: now + 3600 }),
    missing_sub: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, sub: undefined }),
    missing_jti: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, jti: undefined }),
    wrong_issuer: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, iss: 'someone-else' }),
    wrong_audience: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, aud: 'another-app' }),
    missing_type: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, typ: undefined }),
    refresh_as_access: victim.refreshToken,
    unknown_session: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, sid: '00000000-0000-4000-8000-000000000000' }),
    // even with the key, a session answers only for its own user
    other_user_on_my_session: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, sub: String(other.user.id) }),
    negative_sub: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, sub: '-1' }),
    sub_as_text: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, sub: `${victim.user.id} or 1=1` }),
    garbage: 'not-a-token',
    huge: 'a'.repeat(20_000),
  };

  let attempts = 0;
  let accepted = 0;
  const acceptedNames: string[] = [];
  const tryAccess = async (name: string, token: string | undefined, extra: Parameters<typeof probes>[1] = {}) => {
    for (const res of await Promise.all(probes(token, extra))) {
      attempts += 1;
      if (res.statusCode !== 401) {
        accepted += 1;
        acceptedNames.push(`${name}: ${res.statusCode}`);
      }
    }
  };

  // the real token works: the attacks below fail for what they change, not by accident
  expect((await api(app, { method: 'GET', url: apiPaths.users.me, token: victim.accessToken })).statusCode).toBe(200);
  for (const [name, token] of Object.entries(accessAttacks)) await tryAccess(name, token);

  // no token travels in a URL or in a cookie
  await tryAccess('token_in_query', undefined, {
    query: `?token=${victim.accessToken}&access_token=${victim.accessToken}`,
  });
  await tryAccess('token_in_cookie', undefined, {
    headers: { cookie: `accessToken=${victim.accessToken}; token=${victim.accessToken}` },
  });

  // a real access token after its 15 minutes
  clock += 16 * 60_000;
  await tryAccess('expired_by_time', victim.accessToken);
  clock = Date.now();

  const postRefresh = (token: string | undefined, cookie?: string) =>
    api(app, {
      method: 'POST',
      url: apiPaths.users.refresh,
      ...(token ? { payload: { refreshToken: token } } : {}),
      ...(cookie ? { cookies: { [REFRESH_COOKIE_NAME]: cookie } } : {}),
    });
  let refreshAttempts = 0;
  let refreshAccepted = 0;
  const tryRefresh = async (name: string, token: string | undefined, cookie?: string) => {
    refreshAttempts += 1;
    const res = await postRefresh(token, cookie);
    if (res.statusCode === 200) {
      refreshAccepted += 1;
      acceptedNames.push(`refresh ${name}`);
    }
  };
  const refreshClaims = refresh.claims;
  await tryRefresh('access_as_refresh', victim.accessToken);
  await tryRefresh('alg_none', `${b64({ alg: 'none' })}.${refresh.payload}.`);
  await tryRefresh(
    'wrong_key',
    forge({ alg: 'HS256' }, { ...refreshClaims }, 'an-attacker-secret-that-is-long-enough-000'),
  );
  await tryRefresh('edited_sid', `${refresh.header}.${b64({ ...refreshClaims, sid: 'x' })}.${refresh.signature}`);
  // signed with the key but never issued: its id is unknown, or its hash does not match the stored one
  await tryRefresh('never_issued', forge({ alg: 'HS256', typ: 'JWT' }, { ...refreshClaims, jti: 'made-up', iat: now }));
  await tryRefresh('reissued_same_jti', forge({ alg: 'HS256', typ: 'JWT' }, { ...refreshClaims, iat: now + 1 }));
  await tryRefresh('expired', forge({ alg: 'HS256', typ: 'JWT' }, { ...refreshClaims, exp: now - 1 }));
  await tryRefresh('garbage_cookie', undefined, 'garbage');

  // rotation and replay: using an old refresh token again ends the whole session
  const rotated = (await postRefresh(victim.refreshToken)).json<AuthTokens>();
  expect(rotated.refreshToken).toBeDefined();
  await tryRefresh('rotated_replayed', victim.refreshToken);
  const familyRefresh = await postRefresh(rotated.refreshToken);
  const familyAccess = await api(app, { method: 'GET', url: apiPaths.users.me, token: rotated.accessToken });
  const replayRevokesFamily = familyRefresh.statusCode === 401 && familyAccess.statusCode === 401;
  await tryAccess('after_replay', rotated.accessToken);

  // after logout nothing of the session works
  const loggedOut = await createUser(app);
  expect(
    (await api(app, { method: 'POST', url: apiPaths.users.logout, payload: { refreshToken: loggedOut.refreshToken } }))
      .statusCode,
  ).toBe(204);
  await tryAccess('access_after_logout', loggedOut.accessToken);
  await tryRefresh('refresh_after_logout', loggedOut.refreshToken);
  await tryRefresh('refresh_cookie_after_logout', undefined, loggedOut.refreshToken);

  // two refreshes at once with one token: at most one wins
  const racer = await createUser(app);
  const race = await Promise.all([
    postRefresh(racer.refreshToken),
    postRefresh(racer.refreshToken),
    postRefresh(undefined, racer.refreshToken),
  ]);
  const raceWins = race.filter((res) => res.statusCode === 200).length;
  const otherStillWorks =
    (await api(app, { method: 'GET', url: apiPaths.users.me, token: other.accessToken })).statusCode === 200;

  printFigure('tokens', {
    access_attempts: attempts,
    refresh_attempts: refreshAttempts,
    accepted: accepted + refreshAccepted,
    replay_revokes_family: replayRevokesFamily ? 'yes' : 'no',
    concurrent_refresh_wins: `${raceWins}/3`,
    bystander_session_kept: otherStillWorks ? 'yes' : 'no',
  });
  expect(acceptedNames).toEqual([]);
  expect(attempts).toBeGreaterThan(100);
  expect(replayRevokesFamily).toBe(true);
  expect(raceWins).toBeLessThanOrEqual(1);
  expect(otherStillWorks).toBe(true);
}, 60_000);

it('tokens signed by the product itself still carry every claim that verification needs', async () => {
  // guards the forgeries above: a token made the same way with the right key and claims is accepted
  const user = await createUser(app);
  const { claims } = parts(user.accessToken);
  const now = seconds();
  const same = await new SignJWT({ typ: 'access', sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuer(String(claims.iss))
    .setAudience(String(claims.aud))
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .setJti('control')
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
  expect((await api(app, { method: 'GET', url: apiPaths.users.me, token: same })).statusCode).toBe(200);
  expect(
    (
      await api(app, {
        method: 'GET',
        url: apiPaths.users.me,
        token: forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now, exp: now + 600 }),
      })
    ).statusCode,
  ).toBe(200);
});
