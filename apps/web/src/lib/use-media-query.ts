import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}

/** Tailwind's md breakpoint: at least 768 px wide. */
export const WIDE_SCREEN = '(min-width: 768px)';

/** Tailwind's sm breakpoint: at least 640 px wide (narrower is a phone: cards and the bottom navigation). */
export const SMALL_SCREEN_UP = '(min-width: 640px)';
