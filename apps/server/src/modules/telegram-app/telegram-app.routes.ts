import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, authTokens, telegramAccount, telegramInitDataInput } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { PUBLIC, SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { setRefreshCookie } from '../users/index.js';
import * as service from './telegram-app.service.js';

/** The Mini App's sign-in and linking by a launch's init data. */
export const telegramAppRoutes: FastifyPluginAsyncZod<{ ctx: service.TelegramAppContext }> = async (app, { ctx }) => {
  await app.register(cookie);

  app.post(
    apiPaths.auth.telegram,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'signInWithTelegram',
        security: PUBLIC,
        tags: ['auth'],
        summary:
          'Sign in inside the Telegram Mini App with the launch’s init data (the same tokens as a password login). 401 TELEGRAM_AUTH_INVALID (hash wrong or missing, a field changed) or TELEGRAM_AUTH_EXPIRED (older than 24 hours); 404 TELEGRAM_NOT_LINKED; 503 TELEGRAM_UNAVAILABLE without a bot',
        body: telegramInitDataInput,
        response: { 200: authTokens, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const tokens = await service.signIn(ctx, request.body.init_data);
      setRefreshCookie(request, reply, tokens.refreshToken);
      return tokens;
    },
  );

  app.post(
    apiPaths.users.telegram,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'linkMyTelegram',
        security: SIGNED_IN,
        tags: ['users'],
        summary:
          'Link my account to the Telegram user of a Mini App launch (its init data): the bot writes to them and the next launch signs me in. 409 TELEGRAM_ALREADY_LINKED when that Telegram user belongs to another account',
        body: telegramInitDataInput,
        response: { 200: telegramAccount, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request) => service.link(ctx, currentUser(request).userId, request.body.init_data),
  );
};
