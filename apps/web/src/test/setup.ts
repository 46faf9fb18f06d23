import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach } from 'vitest';
import { failOnUnexpectedConsole, watchConsole } from './console';

// jsdom has no matchMedia: answer as a wide screen (the side navigation starts open)
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: !query.includes('max-width') && !query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

// A React warning or a logged error is a defect: a test that expects one says so with allowConsole.
beforeEach(watchConsole);

afterEach(() => {
  failOnUnexpectedConsole();
  cleanup();
  toast.dismiss(); // a later test's toaster shows only its own toasts
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
