import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum: m = 19456 KiB, t = 2, p = 1. Algorithm 2 is argon2id. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// A real hash of a random password, so that an unknown e-mail costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  const target = storedHash ?? (await decoyHash);
  try {
    const ok = await verify(target, password);
    return ok && storedHash !== undefined;
  } catch {
    return false;
  }
}
