import { createECDH } from 'node:crypto';
import type WebPush from 'web-push';
import { lazyModule } from '@yuk/shared';
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

/** web-push, loaded with the first push sent: an idle instance, or one without keys, keeps its memory. */
const loadWebPush = lazyModule<typeof WebPush>(() => import('web-push').then((module) => module.default));

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
        const webPush = await loadWebPush();
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

/**
 * A new VAPID key pair (RFC 8292): a P-256 key, the public key uncompressed (65 bytes) and the private key's 32
 * bytes, both base64url, as web-push's generateVAPIDKeys gives them. Written here with node:crypto because it
 * runs at start, where web-push itself is not loaded.
 */
export function generateVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // the private key is a number: one with leading zero bytes comes shorter, and is padded back to 32
  const privateKey = Buffer.alloc(32);
  const raw = curve.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: curve.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
