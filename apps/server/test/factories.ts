import type { FastifyInstance } from 'fastify';
import type { AuthTokens, RegisterInput } from '@yuk/shared';

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
  const registered = await app.inject({ method: 'POST', url: '/api/users/register', payload: input });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: input.email, password: input.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { ...login.json<AuthTokens>(), password: input.password, email: input.email };
}
