import webPush from 'web-push';
import { SEND_TIMEOUT_MS, errorText, type SendOutcome } from './channel.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushConfig {
  /** Without keys the channel is off. */
  vapid?: VapidKeys | undefined;
  /** mailto: or https: contact the push services may reach the sender at. */
  subject: string;
  /**
   * The push services a subscription may point at (origins; "https://*.push.apple.com" covers the subdomains):
   * the server posts to these only, never to an address a client chose freely.
   */
  services: readonly string[];
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushChannel {
  readonly publicKey: string | null;
  /** Whether a subscription's endpoint is on one of the accepted push services. */
  accepts(endpoint: string): boolean;
  send(target: PushTarget, payload: string, topic: string): Promise<SendOutcome>;
}

/** How long a push service keeps a message for a browser that is offline (a day: a stale load is no use). */
const TTL_SECONDS = 24 * 60 * 60;

function originMatches(pattern: string, url: URL): boolean {
  const wanted = /^(https?):\/\/(\*\.)?([^/]+)$/.exec(pattern.trim().replace(/\/$/, ''));
  if (!wanted) return false;
  const [, protocol, wildcard, host] = wanted;
  if (`${protocol}:` !== url.protocol) return false;
  return wildcard ? url.host.endsWith(`.${host}`) : url.host === host;
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): the web-push library encrypts
 * and signs; the request itself goes out with fetch, under our own time limit.
 */
export function createPushChannel(config: PushConfig): PushChannel {
  const { vapid } = config;
  return {
    publicKey: vapid?.publicKey ?? null,
    accepts(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return false;
      }
      return config.services.some((pattern) => originMatches(pattern, url));
    },
    async send(target, payload, topic) {
      if (!vapid) return { ok: false, kind: 'refused', error: 'push is off' };
      try {
        const request = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails: { subject: config.subject, ...vapid }, TTL: TTL_SECONDS, topic, urgency: 'normal' },
        );
        const response = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: request.body,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (response.ok) return { ok: true };
        const error = `${response.status} ${(await response.text()).slice(0, 200)}`.trim();
        // 404 and 410: the subscription expired or was withdrawn
        if (response.status === 404 || response.status === 410) return { ok: false, kind: 'gone', error };
        if (response.status === 429) {
          const seconds = Number(response.headers.get('retry-after'));
          return { ok: false, kind: 'retry', error, ...(seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}) };
        }
        if (response.status >= 400 && response.status < 500) return { ok: false, kind: 'refused', error };
        return { ok: false, kind: 'retry', error };
      } catch (error) {
        return { ok: false, kind: 'retry', error: errorText(error) };
      }
    },
  };
}

export function generateVapidKeys(): VapidKeys {
  return webPush.generateVAPIDKeys();
}
