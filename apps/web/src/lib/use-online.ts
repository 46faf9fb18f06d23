import { useSyncExternalStore } from 'react';
import { OFFLINE_COPY_HEADER } from './offline-cache';

/**
 * Whether the app is cut off: the browser says it has no network, or the last answer from the API came from
 * the copy kept offline (a network that is there but carries nothing). The next answer from the network
 * ends it.
 */
let servedFromCopy = false;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether a call that changes something may be sent now (offline it is refused, never queued for later). */
export function isOffline(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || servedFromCopy;
}

/**
 * The api client tells how each answer came: from the network or from the offline copy. (A call that got no
 * answer at all says nothing for the next one: it shows its own error.)
 */
export function noteAnswer(answer: Response): void {
  const fromCopy = answer.headers.get(OFFLINE_COPY_HEADER) === '1';
  if (fromCopy === servedFromCopy) return;
  servedFromCopy = fromCopy;
  for (const listener of listeners) listener();
}

/** Whether the app is online now; re-renders when that changes. */
export function useOnline(): boolean {
  return !useSyncExternalStore(subscribe, isOffline, () => false);
}
