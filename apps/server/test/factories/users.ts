import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiPaths, type AuthTokens, type RegisterInput } from '@yuk/shared';
import type { Database } from '../../src/db/database.js';
import { hashPassword } from '../../src/modules/users/passwords.js';
import { createTokenService } from '../../src/modules/users/tokens.js';
import { insertSession, insertUser } from '../../src/modules/users/users.repository.js';
import { engine, sql, TEST_JWT_SECRET } from '../helpers.js';

let sequence = 0;

export function buildRegisterInput(overrides: Partial<RegisterInput> = {}): RegisterInput {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
  return {
    first_name: 'Test',
    last_name: `User${sequence}`,
    email: `user-${unique}@example.uz`,
    phone_number: `+99890${String(1000000 + sequence).slice(-7)}`,
    password: 'correct-horse-battery',
    ...overrides,
  };
}

/** Registers and logs in a new user; returns the tokens and the password used. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<RegisterInput> = {},
): Promise<AuthTokens & { password: string; email: string }> {
  const input = buildRegisterInput(overrides);
  const registered = await app.inject({ method: 'POST', url: apiPaths.users.register, payload: input });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: apiPaths.users.login,
    payload: { email: input.email, password: input.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { ...login.json<AuthTokens>(), password: input.password, email: input.email };
}

// ---------------------------------------------------------------------------------------------------
// Users without the cost of argon2 for each: one real hash shared by all, real sessions, real tokens.

export interface QuickUser extends AuthTokens {
  password: string;
  email: string;
}

let sharedHash: Promise<string> | undefined;
const QUICK_PASSWORD = 'reliability-pass-123';
let quickSequence = 0;

/**
 * Users stored as registration stores them and signed in as login signs them in (a session row and tokens
 * from the product's token service), without an argon2 hash per user. For families that need many users.
 */
export async function quickUsers(database: Database, count: number, secret = TEST_JWT_SECRET): Promise<QuickUser[]> {
  sharedHash ??= hashPassword(QUICK_PASSWORD);
  const passwordHash = await sharedHash;
  const tokens = createTokenService(secret);
  const users: QuickUser[] = [];
  for (let i = 0; i < count; i += 1) {
    quickSequence += 1;
    const email = `quick-${process.pid}-${quickSequence}-${randomUUID().slice(0, 8)}@example.uz`;
    const created = await insertUser(database.db, {
      first_name: 'Quick',
      last_name: `User${quickSequence}`,
      email,
      phone_number: `+99893${String(1000000 + quickSequence).slice(-7)}`,
      password_hash: passwordHash,
      created_at: new Date().toISOString(),
    });
    if (!created) throw new Error('quick user not inserted');
    const sessionId = randomUUID();
    await insertSession(database.db, { id: sessionId, user_id: created.id, created_at: new Date().toISOString() });
    const accessToken = await tokens.signAccess({ userId: created.id, sessionId });
    const refresh = await tokens.signRefresh({ userId: created.id, sessionId });
    await database.db
      .insertInto('refresh_tokens')
      .values({
        id: refresh.tokenId,
        session_id: sessionId,
        token_hash: createHash('sha256').update(refresh.token).digest('hex'),
        expires_at: refresh.expiresAt.toISOString(),
        created_at: new Date().toISOString(),
        used_at: null,
      })
      .execute();
    users.push({ accessToken, refreshToken: refresh.token, user: created, password: QUICK_PASSWORD, email });
  }
  return users;
}

/**
 * Quick users whose ids no earlier run used: Redis outlives the test database, and what it keeps by user id
 * (quota counters, live stream slots) would otherwise carry over from another run's user of the same id.
 */
export async function freshIdUsers(database: Database, count: number): Promise<QuickUser[]> {
  const start = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  if (engine === 'postgres') await sql`select setval('users_id_seq', ${start})`.execute(database.db);
  else {
    await sql`delete from sqlite_sequence where name = 'users'`.execute(database.db);
    await sql`insert into sqlite_sequence (name, seq) values ('users', ${start})`.execute(database.db);
  }
  return quickUsers(database, count);
}
