import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * A small stand-in for the Telegram Bot API (https://core.telegram.org/bots/api) for the tests and the browser
 * journeys: getMe, setWebhook and sendMessage under /bot<token>/, answering as Telegram does ({ ok, result } or
 * { ok: false, error_code, description, parameters }), with 429s, 500s and blocked chats on demand. What it
 * was sent can be read back at GET /_test/messages.
 *
 * Run alone: node scripts/fake-telegram.mjs <port> <token>
 */
export async function startFakeTelegram({ token, port = 0, username = 'YukTenderTestBot' }) {
  /** @type {{ chat_id: string, text: string, message_id: number, reply_markup?: unknown }[]} */
  const messages = [];
  /** @type {{ status: number, retryAfter?: number }[]} */
  const failures = [];
  const blocked = new Set();
  /** @type {{ url: string, secret_token?: string } | undefined} */
  let webhook;
  let nextMessageId = 1;

  const send = (response, status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      let body = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return send(response, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      const url = request.url ?? '';
      if (url === '/_test/messages') return send(response, 200, messages);
      if (url === '/_test/webhook') return send(response, 200, webhook ?? null);
      if (url === '/_test/fail') {
        for (let i = 0; i < (body.count ?? 1); i++)
          failures.push({ status: body.status, retryAfter: body.retry_after });
        return send(response, 200, { ok: true });
      }
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(url);
      if (!match || request.method !== 'POST')
        return send(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token) return send(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = match[2];
      if (method === 'getMe') {
        return send(response, 200, { ok: true, result: { id: 1, is_bot: true, first_name: 'Yuk Tender', username } });
      }
      if (method === 'setWebhook') {
        if (typeof body.url !== 'string')
          return send(response, 400, { ok: false, error_code: 400, description: 'Bad Request: bad webhook' });
        webhook = { url: body.url, secret_token: body.secret_token };
        return send(response, 200, { ok: true, result: true, description: 'Webhook was set' });
      }
      if (method === 'sendMessage') {
        const failure = failures.shift();
        if (failure?.status === 429) {
          const retryAfter = failure.retryAfter ?? 1;
          return send(response, 429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${retryAfter}`,
            parameters: { retry_after: retryAfter },
          });
        }
        if (failure)
          return send(response, failure.status, {
            ok: false,
            error_code: failure.status,
            description: 'Internal Server Error',
          });
        if (body.chat_id === undefined || typeof body.text !== 'string' || body.text.length === 0) {
          return send(response, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        }
        const chatId = String(body.chat_id);
        if (blocked.has(chatId)) {
          return send(response, 403, {
            ok: false,
            error_code: 403,
            description: 'Forbidden: bot was blocked by the user',
          });
        }
        const message = {
          chat_id: chatId,
          text: body.text,
          message_id: nextMessageId++,
          reply_markup: body.reply_markup,
        };
        messages.push(message);
        return send(response, 200, {
          ok: true,
          result: { message_id: message.message_id, chat: { id: Number(chatId) }, text: body.text },
        });
      }
      return send(response, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url: base,
    messages,
    get webhook() {
      return webhook;
    },
    /** The next `count` sendMessage calls answer `status` (429 with retry_after seconds). */
    fail(status, count = 1, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, retryAfter });
    },
    block(chatId) {
      blocked.add(String(chatId));
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, token] = process.argv.slice(2);
  const bot = await startFakeTelegram({ token, port: Number(port) });
  console.log(`fake Telegram Bot API at ${bot.url}`);
}
