import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';

/**
 * Closes the listening port and resolves once every open connection has ended, or after `waitMs`.
 *
 * Unlike `http.Server#close`, it leaves the open connections alone. That one also drops the idle ones, and a
 * connection a balancer has just opened counts as idle until its request has been read: dropping it loses a
 * request already on its way, and nginx never sends a POST again. Left alone, each connection ends after its
 * next answer (sent with `Connection: close` while stopping) or when the balancer lets it go.
 */
export function stopAccepting(server: Server, waitMs: number): Promise<'drained' | 'timed out'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timed out'), waitMs);
    timer.unref();
    NetServer.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve('drained');
    });
  });
}
