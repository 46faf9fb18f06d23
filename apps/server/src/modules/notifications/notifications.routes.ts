import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, idParams, notification, notificationListQuery, unreadCount } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/errors.js';
import { SIGNED_IN, errorResponses, eventStreamResponse } from '../../plugins/openapi.js';
import * as service from './notifications.service.js';

const secured = { security: SIGNED_IN, tags: ['notifications'] };

/** My notifications only; texts in the reader's language (Accept-Language). Mounted at /api/notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: service.NotificationsContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.notifications.list,
    {
      schema: {
        operationId: 'listNotifications',
        ...secured,
        summary: 'My notifications, newest first; tab all | unread | system | offers; page with `before`',
        querystring: notificationListQuery,
        response: { 200: z.array(notification), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      service.listNotifications(ctx, currentUser(request).userId, request.query, requestLanguage(request)),
  );

  app.get(
    apiPaths.notifications.unreadCount,
    {
      schema: {
        operationId: 'countUnreadNotifications',
        ...secured,
        summary: 'How many of my notifications are unread',
        response: { 200: unreadCount, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await service.unreadCount(ctx, currentUser(request).userId) }),
  );

  app.post(
    apiPaths.notifications.read,
    {
      schema: {
        operationId: 'markNotificationRead',
        ...secured,
        summary: 'Mark one of my notifications read (404 when it is not mine)',
        params: idParams,
        response: { 200: unreadCount, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ count: await service.markRead(ctx, currentUser(request).userId, request.params.id) }),
  );

  app.post(
    apiPaths.notifications.readAll,
    {
      schema: {
        operationId: 'markAllNotificationsRead',
        ...secured,
        summary: 'Mark all my notifications read',
        response: { 200: unreadCount, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await service.markAllRead(ctx, currentUser(request).userId) }),
  );

  app.get(
    apiPaths.notifications.stream,
    {
      schema: {
        operationId: 'streamNotifications',
        ...secured,
        summary: 'Server-Sent Events: `unread` { count } now and on every change, `notification` for each new one',
        description:
          'Capped per user (5) and per client address (20): a new stream over a cap closes the oldest, which gets a ' +
          'last `closed` event { reason: "replaced" }. A comment line comes every 25 s; a stream with no event for ' +
          '15 minutes ends with `closed` { reason: "idle" }, and one of a session signed out with { reason: "signed_out" }.',
        response: {
          200: eventStreamResponse('`notification` events as they are created, and `unread` with the unread count'),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const lang = requestLanguage(request);
      let lastId = await service.latestId(ctx, userId);
      // capped per user and per address: a sixth tab closes the oldest one's stream (plugins/live-streams)
      const stream = await app.liveStreams.open(request, reply, 'notifications');
      stream.send('unread', { count: await service.unreadCount(ctx, userId) });
      // Wake-ups may come in bursts; one catch-up at a time keeps the order and skips nothing.
      let running: Promise<void> = Promise.resolve();
      const catchUp = async () => {
        const fresh = await service.notificationsAfter(ctx, userId, lastId, lang);
        for (const item of fresh) {
          stream.send('notification', item);
          lastId = Math.max(lastId, item.id);
        }
        stream.send('unread', { count: await service.unreadCount(ctx, userId) });
      };
      const unsubscribe = ctx.bus.subscribe(service.userChannel(userId), () => {
        running = running
          .then(catchUp)
          .catch((error: unknown) => request.log.warn({ err: error }, 'notification stream catch-up failed'));
      });
      await stream.closed;
      unsubscribe();
    },
  );
};
