import { format } from 'node:util';

type Level = 'error' | 'warn';

interface Watch {
  unexpected: string[];
  allowed: { level: Level; pattern: RegExp }[];
  restore: () => void;
}

let current: Watch | undefined;

/** Records every console.error and console.warn of the test about to run (they still print). */
export function watchConsole(): void {
  const watch: Watch = { unexpected: [], allowed: [], restore: () => undefined };
  const originals = { error: console.error, warn: console.warn };
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      const text = format(...args);
      if (!watch.allowed.some((allowed) => allowed.level === level && allowed.pattern.test(text))) {
        watch.unexpected.push(`console.${level}: ${text}`);
      }
      originals[level](...args);
    };
  }
  watch.restore = () => Object.assign(console, originals);
  current = watch;
}

/** A test that expects a console message (a logged failure it provokes) allows it, by level and text. */
export function allowConsole(level: Level, pattern: RegExp): void {
  current?.allowed.push({ level, pattern });
}

/** Ends the watch; fails the test if anything unexpected was written. */
export function failOnUnexpectedConsole(): void {
  const watch = current;
  current = undefined;
  if (!watch) return;
  watch.restore();
  if (watch.unexpected.length > 0) {
    throw new Error(`Unexpected console output:\n${watch.unexpected.join('\n')}`);
  }
}
