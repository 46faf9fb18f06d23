import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { URLSearchParams, fileURLToPath } from 'node:url';
import { createServer } from 'node:http';

/**
 * A small stand-in for Eskiz.uz's SMS API (notify.eskiz.uz/api) for the tests and the browser journeys:
 * POST /auth/login (form fields email, password) gives a bearer token, POST /message/sms/send (mobile_phone,
 * message, from) takes an SMS, each answering as Eskiz does. Tokens can be made to expire (401 token-invalid
 * "Expired token"), and sends to fail with a status of choice. What it took can be read back at
 * GET /_test/messages.
 *
 * Run alone: node scripts/fake-eskiz.mjs <port> <email> <password>
 */
export async function startFakeEskiz({ email, password, port = 0 }) {
  /** @type {{ mobile_phone: string, message: string, from: string }[]} */
  const messages = [];
  /** @type {number[]} */
  const failures = [];
  const tokens = new Set();
  let logins = 0;

  const send = (response, status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  /** Eskiz takes form fields (urlencoded or multipart); the fake reads the urlencoded form and JSON. */
  const fieldsOf = (request, raw) => {
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('application/json')) {
      try {
        return JSON.parse(raw);
      } catch {
        return {};
      }
    }
    return Object.fromEntries(new URLSearchParams(raw));
  };

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = fieldsOf(request, Buffer.concat(chunks).toString('utf8'));
      const url = (request.url ?? '').replace(/\/+$/, '');
      if (url === '/_test/messages') return send(response, 200, messages);
      if (request.method !== 'POST') return send(response, 405, { message: 'Method Not Allowed' });
      if (url === '/auth/login') {
        if (body.email !== email || body.password !== password) {
          return send(response, 401, { message: 'Invalid credentials', status: 'error' });
        }
        logins += 1;
        const token = `eskiz-${randomUUID()}`;
        tokens.add(token);
        return send(response, 200, { message: 'token_generated', data: { token }, token_type: 'bearer' });
      }
      if (url === '/message/sms/send') {
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        if (!bearer || !tokens.has(bearer)) {
          return send(response, 401, { status: 'token-invalid', message: 'Expired token' });
        }
        const failure = failures.shift();
        if (failure === 429) {
          response.setHeader('retry-after', '2');
          return send(response, 429, { status: 'error', message: 'Too Many Attempts.' });
        }
        if (failure !== undefined) return send(response, failure, { status: 'error', message: 'Server Error' });
        if (!/^998\d{9}$/.test(body.mobile_phone ?? '')) {
          return send(response, 400, {
            status: 'error',
            message: { mobile_phone: ['The mobile phone format is invalid.'] },
          });
        }
        if (typeof body.message !== 'string' || body.message.length === 0) {
          return send(response, 400, { status: 'error', message: { message: ['The message field is required.'] } });
        }
        messages.push({ mobile_phone: body.mobile_phone, message: body.message, from: body.from ?? '' });
        return send(response, 200, { id: randomUUID(), message: 'Waiting for SMS provider', status: 'waiting' });
      }
      return send(response, 404, { message: 'Not Found' });
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url: base,
    messages,
    get logins() {
      return logins;
    },
    /** Every token given so far stops working, as a month-old one does. */
    expireTokens() {
      tokens.clear();
    },
    /** The next `count` sends answer `status`. */
    fail(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, email, password] = process.argv.slice(2);
  const eskiz = await startFakeEskiz({ email, password, port: Number(port) });
  console.log(`fake Eskiz API at ${eskiz.url}`);
}
