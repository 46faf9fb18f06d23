import type * as Sonner from 'sonner';

/**
 * The app's toasts. Sonner (about 9 KB gzipped) is not part of the first screen: its code loads with the
 * first toast, and the toaster is mounted then (see app/provider). Toasts made before it subscribes are not
 * lost: sonner shows the active ones to a toaster that subscribes late. The calls keep their order, since each
 * waits for the same import.
 */
type SonnerToast = typeof Sonner.toast;

let sonner: Promise<typeof Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<typeof Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner').catch((error: unknown) => {
    // offline before the first toast: the next toast tries again
    sonner = undefined;
    throw error;
  });
  return sonner;
}

/** Whether a toast has been asked for, so the toaster must be on the page (for useSyncExternalStore). */
export function toastsWanted(): boolean {
  return wanted;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function later<A extends unknown[]>(call: (real: SonnerToast, ...args: A) => unknown): (...args: A) => void {
  return (...args) => {
    loadSonner().then(
      ({ toast: real }) => call(real, ...args),
      () => {
        // sonner's code could not be loaded (offline): the message is lost, the page goes on
      },
    );
  };
}

export const toast = Object.assign(
  later((real, ...args: Parameters<SonnerToast>) => real(...args)),
  {
    success: later((real, ...args: Parameters<SonnerToast['success']>) => real.success(...args)),
    error: later((real, ...args: Parameters<SonnerToast['error']>) => real.error(...args)),
    dismiss: later((real, ...args: Parameters<SonnerToast['dismiss']>) => real.dismiss(...args)),
  },
);
