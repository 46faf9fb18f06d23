import type { CounterStore } from '../../plugins/counter-store.js';

export interface LoginThrottlePolicy {
  /** Failed logins allowed per account within the window. */
  perAccount: number;
  /** Failed logins allowed per client address within the window. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_POLICY: LoginThrottlePolicy = { perAccount: 10, perAddress: 100, windowMs: 15 * 60_000 };

/** Counts failed logins per account and per address; a success clears the account's count. */
export function createLoginThrottle(store: CounterStore, policy: LoginThrottlePolicy = DEFAULT_LOGIN_POLICY) {
  const accountKey = (email: string) => `login:acct:${email.trim().toLowerCase()}`;
  const addressKey = (ip: string) => `login:ip:${ip}`;
  return {
    policy,
    /** The minutes left before another try is allowed, or 0 when trying is allowed now. */
    async blockedFor(email: string, ip: string): Promise<number> {
      const [account, address] = await Promise.all([store.get(accountKey(email)), store.get(addressKey(ip))]);
      const blocked = [
        account && account.count >= policy.perAccount ? account.resetAt : 0,
        address && address.count >= policy.perAddress ? address.resetAt : 0,
      ];
      const until = Math.max(...blocked);
      return until > Date.now() ? Math.max(1, Math.ceil((until - Date.now()) / 60_000)) : 0;
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all([
        store.increment(accountKey(email), policy.windowMs),
        store.increment(addressKey(ip), policy.windowMs),
      ]);
    },
    async recordSuccess(email: string): Promise<void> {
      await store.reset(accountKey(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
