import { expect, it } from 'vitest';
import { apiPaths, type AuthTokens } from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from '../helpers.js';
import { buildRegisterInput } from '../factories/index.js';
import { printFigure } from './support.js';

/**
 * Password store (ASVS 2.4, OWASP Password Storage cheat sheet): the stored hash is argon2id with at least
 * m = 19456 KiB and t = 2, salted per user, and what the user typed is what is checked: long, Unicode and
 * space-edged passwords are never cut or trimmed.
 */
const { app, database } = await buildTestApp();

const PASSWORDS: Record<string, string> = {
  shortest: 'abcd1234',
  longest_ascii: 'A1b2C3d4'.repeat(16),
  // 2 bytes a letter: 256 bytes in UTF-8, far beyond bcrypt's 72
  cyrillic: 'пароль'.repeat(21) + 'ок',
  // 4 bytes a character: the first 72 bytes are 18 emoji
  emoji: '🔑🚚'.repeat(32),
  spaces_at_ends: `  tashkent samarqand 2024  `,
  combining: 'Cafe\u0301-Ünïcödé-日本語-ǅ',
};

const hashParams = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Variants a store that cuts or normalizes passwords would wrongly accept. */
function nearMisses(password: string): string[] {
  const bytes = Buffer.from(password, 'utf8');
  const first72 = bytes
    .subarray(0, 72)
    .toString('utf8')
    .replace(/\ufffd$/, '');
  const chars = [...password];
  const variants = [
    chars.slice(0, -1).join(''),
    `${chars.slice(0, -1).join('')}${chars.at(-1) === 'x' ? 'y' : 'x'}`,
    password.trim(),
    first72,
    password.normalize('NFC'),
    password.normalize('NFD'),
    password.toLowerCase(),
  ];
  return [...new Set(variants)].filter((variant) => variant !== password && variant.length >= 8);
}

it('password store: argon2id, m ≥ 19456, t ≥ 2, salted, never truncated or trimmed', async () => {
  let users = 0;
  let argon2id = 0;
  let minMemory = Number.POSITIVE_INFINITY;
  let minTime = Number.POSITIVE_INFINITY;
  let nearMissesTried = 0;
  let nearMissesAccepted = 0;
  let hashInAnswers = 0;
  const hashes: string[] = [];

  for (const [label, password] of Object.entries(PASSWORDS)) {
    const input = buildRegisterInput({ password });
    const registered = await api(app, { method: 'POST', url: apiPaths.users.register, payload: input });
    expect(registered.statusCode, label).toBe(201);
    users += 1;
    const row = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    hashes.push(row.password_hash);
    const match = hashParams.exec(row.password_hash);
    expect(match, `${label}: ${row.password_hash.slice(0, 40)}`).not.toBeNull();
    if (match) {
      argon2id += 1;
      minMemory = Math.min(minMemory, Number(match[1]));
      minTime = Math.min(minTime, Number(match[2]));
      expect(Buffer.from(match[4] ?? '', 'base64').length, 'salt bytes').toBeGreaterThanOrEqual(16);
      expect(Buffer.from(match[5] ?? '', 'base64').length, 'hash bytes').toBeGreaterThanOrEqual(32);
    }

    const login = await api(app, {
      method: 'POST',
      url: apiPaths.users.login,
      payload: { email: input.email, password },
    });
    expect(login.statusCode, label).toBe(200);
    const me = await api(app, { method: 'GET', url: apiPaths.users.me, token: login.json<AuthTokens>().accessToken });
    for (const body of [registered.body, login.body, me.body]) if (/\$argon2|password/i.test(body)) hashInAnswers += 1;

    for (const variant of nearMisses(password)) {
      nearMissesTried += 1;
      const res = await api(app, {
        method: 'POST',
        url: apiPaths.users.login,
        payload: { email: input.email, password: variant },
      });
      if (res.statusCode === 200) nearMissesAccepted += 1;
      expect([401, 429], `${label}: ${JSON.stringify(variant)}`).toContain(res.statusCode);
    }
  }

  // one character over the limit is refused, not cut to fit
  const tooLong = await api(app, {
    method: 'POST',
    url: apiPaths.users.register,
    payload: buildRegisterInput({ password: 'x'.repeat(129) }),
  });
  expect(tooLong.statusCode).toBe(400);
  expect(tooLong.json<ApiErrorBody>().fields.password).toBeDefined();

  // the same password twice gives two different hashes (a salt per user)
  const same = [
    buildRegisterInput({ password: 'same-password-123' }),
    buildRegisterInput({ password: 'same-password-123' }),
  ];
  for (const input of same)
    expect((await api(app, { method: 'POST', url: apiPaths.users.register, payload: input })).statusCode).toBe(201);
  const twins = await database.db
    .selectFrom('users')
    .select('password_hash')
    .where(
      'email',
      'in',
      same.map((u) => u.email),
    )
    .execute();
  const distinct = new Set([...hashes, ...twins.map((row) => row.password_hash)]).size;

  printFigure('password store', {
    users,
    argon2id,
    min_m_kib: minMemory,
    min_t: minTime,
    near_misses: nearMissesTried,
    truncated_or_altered_accepted: nearMissesAccepted,
    hash_in_answers: hashInAnswers,
    distinct_hashes: `${distinct}/${hashes.length + twins.length}`,
  });
  expect(argon2id).toBe(users);
  expect(minMemory).toBeGreaterThanOrEqual(19456);
  expect(minTime).toBeGreaterThanOrEqual(2);
  expect(nearMissesTried).toBeGreaterThanOrEqual(15);
  expect(nearMissesAccepted).toBe(0);
  expect(hashInAnswers).toBe(0);
  expect(distinct).toBe(hashes.length + twins.length);
}, 60_000);
