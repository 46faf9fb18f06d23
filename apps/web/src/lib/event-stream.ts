import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { currentLanguage } from '../i18n';
import { apiUrl, refreshAccessToken } from './api-client';
import { getAccessToken } from './cookies';
import { clearSession } from './session';

export type { EventSourceMessage };

export interface EventStreamHandlers {
  /** Every event the server sends (`event:` name and `data:` text). */
  onEvent: (message: EventSourceMessage) => void;
  /** The stream is open: the first time and after every reconnect. */
  onOpen?: () => void;
  /** An open stream ended or broke (a reconnect follows unless it was closed). */
  onDisconnect?: () => void;
  /** The server refused the stream for good (a 4xx other than a renewable 401); no more attempts follow. */
  onRefused?: (status: number) => void;
}

export interface EventStreamOptions {
  /** The first wait before reconnecting; it doubles on each failed attempt (default 1 s). */
  initialDelayMs?: number;
  /** The longest wait between attempts (default 30 s). */
  maxDelayMs?: number;
}

type Outcome = 'reconnect' | 'stop';

/** A stream open at least this long counts as healthy; shorter ones keep the growing wait. */
const HEALTHY_STREAM_MS = 10_000;

/**
 * Follows a Server-Sent Events stream of the API, read with fetch so that the bearer token goes along in its
 * header (never in the URL). A 401 renews the access token once, like every other call; a failed renewal
 * ends the session. A dropped connection or a 5xx reconnects after a growing, jittered wait (1 s, 2 s, 4 s …
 * up to 30 s), which starts short again after a stream that stayed open a while. Returns the function that closes the stream for good.
 */
export function openEventStream(
  path: string,
  handlers: EventStreamHandlers,
  { initialDelayMs = 1000, maxDelayMs = 30_000 }: EventStreamOptions = {},
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let failures = 0;

  const request = (token: string | undefined) =>
    fetch(apiUrl(path), {
      headers: {
        Accept: 'text/event-stream',
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      cache: 'no-store',
      credentials: 'same-origin',
      signal,
    });

  async function follow(): Promise<Outcome> {
    const sentToken = getAccessToken();
    let response = await request(sentToken);
    if (response.status === 401) {
      const current = getAccessToken();
      const renewed = current !== undefined && current !== sentToken ? true : (await refreshAccessToken()) !== null;
      if (!renewed) {
        clearSession();
        return 'stop';
      }
      response = await request(getAccessToken());
      if (response.status === 401) {
        clearSession();
        return 'stop';
      }
    }
    if (response.status >= 400 && response.status < 500) {
      handlers.onRefused?.(response.status);
      return 'stop';
    }
    if (!response.ok || !response.body) return 'reconnect';

    const openedAt = Date.now();
    handlers.onOpen?.();
    const parser = createParser({ onEvent: handlers.onEvent });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      // a stream that stayed up a while was healthy: the next wait starts short again
      if (Date.now() - openedAt >= HEALTHY_STREAM_MS) failures = 0;
      handlers.onDisconnect?.();
    }
    // the server ended the stream (a restart, a proxy's time limit): follow it again
    return 'reconnect';
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  void (async () => {
    while (!signal.aborted) {
      let outcome: Outcome;
      try {
        outcome = await follow();
      } catch {
        outcome = 'reconnect'; // the network failed or the stream broke (or it was closed: the loop ends below)
      }
      if (outcome === 'stop' || signal.aborted) return;
      const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** failures);
      failures += 1;
      await pause(delay / 2 + (Math.random() * delay) / 2);
    }
  })();

  return () => controller.abort();
}
