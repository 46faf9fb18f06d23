import type { FastifyInstance } from 'fastify';
import { apiPaths, type TelegramLink } from '@yuk/shared';

/** What the Bot API posts to the webhook for a message in a chat (a reply names the message it answers). */
export function telegramUpdate(updateId: number, chatId: number, text: string, replyTo?: number) {
  return {
    update_id: updateId,
    message: {
      chat: { id: chatId },
      text,
      ...(replyTo === undefined ? {} : { reply_to_message: { message_id: replyTo } }),
    },
  };
}

/** Links a chat to the user through the real flow: the deep link, then `/start <token>` to the webhook. */
export async function linkTelegramChat(
  app: FastifyInstance,
  accessToken: string,
  chatId: number,
  webhookSecret: string,
): Promise<void> {
  const link = await app.inject({
    method: 'POST',
    url: apiPaths.users.telegramLink,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (link.statusCode !== 200) throw new Error(`no deep link: ${link.statusCode} ${link.body}`);
  const token = new URL(link.json<TelegramLink>().url).searchParams.get('start') ?? '';
  const started = await app.inject({
    method: 'POST',
    url: apiPaths.telegram.webhook,
    headers: { 'x-telegram-bot-api-secret-token': webhookSecret },
    payload: telegramUpdate(1, chatId, `/start ${token}`),
  });
  if (started.statusCode !== 200) throw new Error(`not linked: ${started.statusCode} ${started.body}`);
}
