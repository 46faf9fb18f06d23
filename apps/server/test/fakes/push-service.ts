import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { decrypt } from 'http_ece';

/** A browser's side of a push subscription: its key pair and auth secret, as PushSubscription.toJSON gives them. */
export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The payload, decrypted with the browser's private key (RFC 8291). */
  payload: { title: string; body: string; url: string };
}

/**
 * A small push service (RFC 8030) for the tests: it takes POSTs to /push/<id>, answers 201, or 410 for a
 * subscription marked gone, and decrypts each message as the browser of that subscription would.
 */
export async function startFakePushService() {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const id = path.replace('/push/', '');
      const browser = browsers.get(id);
      if (request.method !== 'POST' || !browser) return void response.writeHead(404).end();
      if (gone.has(id)) return void response.writeHead(410).end();
      // what a push service insists on: a VAPID signature, a TTL and the aes128gcm encoding
      if (!/^vapid t=.+, k=.+$/.test(request.headers.authorization ?? '') || !request.headers.ttl) {
        return void response.writeHead(401).end();
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') return void response.writeHead(415).end();
      const plain = decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth,
      });
      received.push({
        path,
        headers: request.headers,
        payload: JSON.parse(plain.toString('utf8')) as ReceivedPush['payload'],
      });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    received,
    /** A new browser subscribed with this service. */
    browser(): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const id = randomBytes(8).toString('hex');
      browsers.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
    },
    /** The browser unsubscribed: the service answers 410 Gone. */
    unsubscribe(browser: FakeBrowser) {
      gone.add(browser.endpoint.split('/push/')[1] ?? '');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
