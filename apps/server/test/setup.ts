import { afterEach, vi } from 'vitest';

// A test that logs an unexpected error fails: errors must be expected and asserted, not printed.
const originalError = console.error;
let logged: unknown[][] = [];
console.error = (...args: unknown[]) => {
  logged.push(args);
  originalError(...args);
};
afterEach(() => {
  const seen = logged;
  logged = [];
  vi.useRealTimers();
  if (seen.length > 0) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
});
