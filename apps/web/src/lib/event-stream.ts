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

/**
 * What to do after a stream ended: come back after the growing wait, stop, or come back once the tab is shown
 * (`shown`) or shown again after being hidden (`shownAgain`).
 */
type Outcome = 'reconnect' | 'stop' | 'shown' | 'shownAgain';

/** The `closed` event the server sends before it ends a stream itself, and why. */
export const STREAM_CLOSED_EVENT = 'closed';

function closedReason(data: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    const reason = typeof parsed === 'object' && parsed !== null ? (parsed as { reason?: unknown }).reason : undefined;
    return typeof reason === 'string' ? reason : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After the server closed a stream, when to come back. `replaced`: a newer stream of the same person took its
 * place (the server caps how many each may hold), so this tab waits until it is shown again: coming back at
 * once would push out the other tab's stream, which would come back and push out this one, endlessly.
 * `idle`: nothing happened for a long while; a tab on screen comes back at once, a hidden one when it is shown.
 * Anything else (a restart, a signed-out session) comes back after the usual wait.
 */
function afterClose(reason: string | undefined): Outcome {
  if (reason === 'replaced') return 'shownAgain';
  if (reason === 'idle') return 'shown';
  return 'reconnect';
}

/** Resolves when the page is visible (`again`: once it becomes visible after being hidden), or on abort. */
function untilShown(signal: AbortSignal, again: boolean): Promise<void> {
  if (!again && document.visibilityState === 'visible') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', onChange);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const onChange = () => {
      if (document.visibilityState === 'visible') done();
    };
    document.addEventListener('visibilitychange', onChange);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A stream open at least this long counts as healthy; shorter ones keep the growing wait. */
const HEALTHY_STREAM_MS = 10_000;

/**
 * Follows a Server-Sent Events stream of the API, read with fetch so that the bearer token goes along in its
 * header (never in the URL). A 401 renews the access token once, like every other call; a failed renewal
 * ends the session. A dropped connection or a 5xx reconnects after a growing, jittered wait (1 s, 2 s, 4 s …
 * up to 30 s), which starts short again after a stream that stayed open a while. A stream the server closed
 * with a `closed` event comes back as its reason says (see afterClose). Returns the function that closes the
 * stream for good.
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
    let closedBy: string | undefined;
    const parser = createParser({
      onEvent: (message) => {
        if (message.event === STREAM_CLOSED_EVENT) closedBy = closedReason(message.data) ?? '';
        else handlers.onEvent(message);
      },
    });
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
    // the server said why it ended the stream; otherwise (a restart, a proxy's time limit) follow it again
    return closedBy === undefined ? 'reconnect' : afterClose(closedBy);
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
      if (outcome === 'shown' || outcome === 'shownAgain') {
        await untilShown(signal, outcome === 'shownAgain');
        // then the shortest wait: never a tight loop, even against a server that closes at once
        failures = 0;
      }
      const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** failures);
      failures += 1;
      await pause(delay / 2 + (Math.random() * delay) / 2);
    }
  })();

  return () => controller.abort();
}
