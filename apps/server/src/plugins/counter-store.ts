/** Windowed counters (login throttling); in process by default, Redis when the app is scaled out. */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  get(key: string): Promise<{ count: number; resetAt: number } | undefined>;
  reset(key: string): Promise<void>;
}

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const sweep = () => {
    const t = now();
    for (const [key, value] of counters) if (value.resetAt <= t) counters.delete(key);
  };
  let calls = 0;
  return {
    async increment(key, windowMs) {
      if (++calls % 1000 === 0) sweep();
      const t = now();
      const current = counters.get(key);
      const next =
        current && current.resetAt > t
          ? { count: current.count + 1, resetAt: current.resetAt }
          : { count: 1, resetAt: t + windowMs };
      counters.set(key, next);
      return next;
    },
    async get(key) {
      const current = counters.get(key);
      return current && current.resetAt > now() ? current : undefined;
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}
