/** What an outside service answered to one message. */
export type SendOutcome =
  | { ok: true; telegramMessageId?: number }
  /** Try again later: after `retryAfterMs` when the service said so (a 429), else after the backoff. */
  | { ok: false; kind: 'retry'; error: string; retryAfterMs?: number }
  /** The service refused for good (a blocked bot, a bad address): no more tries. */
  | { ok: false; kind: 'refused'; error: string }
  /** The recipient is gone (an expired push subscription): forget it. */
  | { ok: false; kind: 'gone'; error: string };

/** How long any one call to an outside service may take: a slow one must not hold a sender. */
export const SEND_TIMEOUT_MS = 10_000;

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
