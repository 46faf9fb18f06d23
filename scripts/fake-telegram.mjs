import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * A small stand-in for the Telegram Bot API (https://core.telegram.org/bots/api) for the tests and the browser
 * journeys: getMe, setWebhook, sendMessage and editMessageText under /bot<token>/, answering as Telegram does
 * ({ ok, result } or { ok: false, error_code, description, parameters }), with 429s, 500s and blocked chats on
 * demand (a blocked channel answers as one whose admins the bot is not among). What it was sent can be read
 * back at GET /_test/messages and GET /_test/edits.
 *
 * Run alone: node scripts/fake-telegram.mjs <port> <token>
 */
export async function startFakeTelegram({ token, port = 0, username = 'YukTenderTestBot' }) {
  /** @type {{ chat_id: string, text: string, reply_markup?: unknown, message_id: number }[]} */
  const messages = [];
  /** @type {{ chat_id: string, message_id: number, text: string, reply_markup?: unknown }[]} */
  const edits = [];
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
      if (url === '/_test/edits') return send(response, 200, edits);
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
      if (method === 'sendMessage' || method === 'editMessageText') {
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
          const channel = chatId.startsWith('@') || chatId.startsWith('-100');
          return send(response, 403, {
            ok: false,
            error_code: 403,
            description: channel
              ? 'Forbidden: bot is not a member of the channel chat'
              : 'Forbidden: bot was blocked by the user',
          });
        }
        const chat = chatId.startsWith('@')
          ? { id: -1001000000000, type: 'channel', username: chatId.slice(1) }
          : { id: Number(chatId) };
        if (method === 'editMessageText') {
          const original = messages.find((m) => m.chat_id === chatId && m.message_id === body.message_id);
          if (!original) {
            return send(response, 400, {
              ok: false,
              error_code: 400,
              description: 'Bad Request: message to edit not found',
            });
          }
          if (
            original.text === body.text &&
            JSON.stringify(original.reply_markup) === JSON.stringify(body.reply_markup)
          ) {
            return send(response, 400, {
              ok: false,
              error_code: 400,
              description:
                'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
            });
          }
          original.text = body.text;
          original.reply_markup = body.reply_markup;
          edits.push({
            chat_id: chatId,
            message_id: body.message_id,
            text: body.text,
            reply_markup: body.reply_markup,
          });
          return send(response, 200, {
            ok: true,
            result: { message_id: body.message_id, chat, text: body.text, edit_date: Math.floor(Date.now() / 1000) },
          });
        }
        const message = {
          chat_id: chatId,
          text: body.text,
          reply_markup: body.reply_markup,
          message_id: nextMessageId++,
        };
        messages.push(message);
        return send(response, 200, {
          ok: true,
          result: { message_id: message.message_id, chat, date: Math.floor(Date.now() / 1000), text: body.text },
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
    edits,
    get webhook() {
      return webhook;
    },
    /** The next `count` sendMessage or editMessageText calls answer `status` (429 with retry_after seconds). */
    fail(status, count = 1, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, retryAfter });
    },
    block(chatId) {
      blocked.add(String(chatId));
    },
    unblock(chatId) {
      blocked.delete(String(chatId));
    },
    /** The message is deleted from its chat (by a channel's admin): editing it answers 400. */
    remove(chatId, messageId) {
      const at = messages.findIndex((m) => m.chat_id === String(chatId) && m.message_id === messageId);
      if (at >= 0) messages.splice(at, 1);
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, token] = process.argv.slice(2);
  const bot = await startFakeTelegram({ token, port: Number(port) });
  console.log(`fake Telegram Bot API at ${bot.url}`);
}
