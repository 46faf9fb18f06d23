import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  idParams,
  notificationSettings,
  notificationSettingsInput,
  pushSubscription,
  pushSubscriptionInput,
  telegramLink,
} from '@yuk/shared';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/errors.js';
import { PUBLIC, SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './delivery.service.js';

const secured = { security: SIGNED_IN, tags: ['notifications'] };

/** An update as the Bot API posts it; only what the bot reads is checked, the rest is let through. */
const telegramUpdate = z
  .looseObject({
    update_id: z.number().int(),
    message: z
      .looseObject({
        chat: z.looseObject({ id: z.union([z.number().int(), z.string().max(64)]) }),
        text: z.string().max(4096).optional(),
        from: z.looseObject({ language_code: z.string().max(35).optional() }).optional(),
      })
      .optional(),
  })
  .meta({ examples: [{ update_id: 1, message: { chat: { id: 5012345 }, text: '/start q3J9…' } }] });

const webhookAnswer = z
  .union([
    z.object({
      method: z.literal('sendMessage'),
      chat_id: z.string(),
      text: z.string(),
      reply_markup: z
        .object({
          inline_keyboard: z.array(z.array(z.object({ text: z.string(), web_app: z.object({ url: z.string() }) }))),
        })
        .optional()
        .describe('A button that opens the app in Telegram (a Mini App), when the app is served over https'),
    }),
    z.object({ ok: z.literal(true) }),
  ])
  .describe('A reply to the chat, as the Bot API lets a webhook answer with a method call; else { ok: true }')
  .meta({ examples: [{ method: 'sendMessage', chat_id: '5012345', text: 'Telegram is now linked to your account.' }] });

/** My delivery settings, my Telegram link and browsers, and the bot's webhook. */
export const deliveryRoutes: FastifyPluginAsyncZod<{ ctx: service.DeliveryContext }> = async (app, { ctx }) => {
  app.get(
    apiPaths.users.notificationSettings,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getNotificationSettings',
        ...secured,
        summary: 'Which channels each kind of event goes to, quiet hours, the state of each channel, failed messages',
        response: { 200: notificationSettings, ...errorResponses(401) },
      },
    },
    async (request) => service.getSettings(ctx, currentUser(request).userId, requestLanguage(request)),
  );

  app.put(
    apiPaths.users.notificationSettings,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'updateNotificationSettings',
        ...secured,
        summary: 'Change some of my delivery settings (what is left out stays); in_app is always on',
        body: notificationSettingsInput,
        response: { 200: notificationSettings, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.updateSettings(ctx, currentUser(request).userId, request.body, requestLanguage(request)),
  );

  app.post(
    apiPaths.users.telegramLink,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        operationId: 'createTelegramLink',
        ...secured,
        summary: 'A one-time deep link to the bot (valid 10 minutes); 409 TELEGRAM_OFF when the server has no bot',
        response: { 200: telegramLink, ...errorResponses(401, 409, 429, 503) },
      },
    },
    async (request) => service.createTelegramLink(ctx, currentUser(request).userId),
  );

  app.delete(
    apiPaths.users.telegramLink,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'unlinkTelegram',
        ...secured,
        summary: 'Unlink my Telegram chat; messages waiting for it are not sent',
        response: { 200: notificationSettings, ...errorResponses(401) },
      },
    },
    async (request) => service.unlinkTelegram(ctx, currentUser(request).userId, requestLanguage(request)),
  );

  app.post(
    apiPaths.users.retryDelivery,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'retryDelivery',
        ...secured,
        summary: 'Try one of my failed messages again (404 when it is not mine or has not failed)',
        params: idParams,
        response: { 200: notificationSettings, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.retryDelivery(ctx, currentUser(request).userId, request.params.id, requestLanguage(request)),
  );

  app.post(
    apiPaths.push.subscriptions,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'addPushSubscription',
        ...secured,
        summary: "Keep this browser's push subscription (its PushSubscription.toJSON()); 409 PUSH_OFF without keys",
        body: pushSubscriptionInput,
        response: { 201: pushSubscription, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addPushSubscription(ctx, currentUser(request).userId, request.body)),
  );

  app.delete(
    apiPaths.push.subscription,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'removePushSubscription',
        ...secured,
        summary: 'Forget one of my browsers (404 when it is not mine)',
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.removePushSubscription(ctx, currentUser(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    apiPaths.telegram.webhook,
    {
      // the secret is checked before the body is read or validated
      onRequest: async (request) => {
        const header = request.headers['x-telegram-bot-api-secret-token'];
        if (!service.webhookSecretMatches(ctx, typeof header === 'string' ? header : undefined)) {
          throw new AppError('FORBIDDEN');
        }
      },
      schema: {
        operationId: 'telegramWebhook',
        security: PUBLIC,
        tags: ['notifications'],
        summary: "The bot's updates (X-Telegram-Bot-Api-Secret-Token required, else 403): /start <token>, /stop",
        body: telegramUpdate,
        response: { 200: webhookAnswer, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const reply = await service.handleTelegramUpdate(ctx, request.body);
      if (!reply) return { ok: true as const };
      return {
        method: 'sendMessage' as const,
        chat_id: reply.chatId,
        text: reply.text,
        ...(reply.openApp
          ? { reply_markup: { inline_keyboard: [[{ text: reply.openApp.text, web_app: { url: reply.openApp.url } }]] } }
          : {}),
      };
    },
  );
};
