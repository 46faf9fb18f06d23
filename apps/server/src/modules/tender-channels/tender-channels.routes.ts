import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, telegramChannelsReport } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { assertModerator } from '../users/index.js';
import { channelsReport, type TenderChannelsSettings } from './tender-channels.service.js';

export interface TenderChannelsRoutesContext {
  db: Db;
  settings: TenderChannelsSettings | undefined;
  /** A bot is configured. */
  enabled: boolean;
}

/** What moderators see of the tender channels. */
export const tenderChannelsRoutes: FastifyPluginAsyncZod<{ ctx: TenderChannelsRoutesContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    apiPaths.admin.telegramChannels,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listTelegramChannels',
        security: SIGNED_IN,
        tags: ['moderation'],
        summary: 'Each tender channel in Telegram (TELEGRAM_CHANNELS) with its last post, its refusal and its failures',
        description: 'Moderators only: anyone else gets 403 MODERATOR_ONLY.',
        response: { 200: telegramChannelsReport, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await assertModerator(ctx.db, currentUser(request).userId);
      return channelsReport(ctx.db, ctx.settings, ctx.enabled);
    },
  );
};
