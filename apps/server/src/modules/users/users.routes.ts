import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authTokens,
  loginInput,
  REFRESH_COOKIE_NAME,
  REFRESH_COOKIE_PATH,
  refreshInput,
  registerInput,
  sessionIdParams,
  signedOutSessions,
  user,
  userSession,
  apiPaths,
} from '@yuk/shared';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/errors.js';
import { PUBLIC, SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { setRefreshCookie } from './session-cookie.js';
import * as service from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: service.UsersContext }> = async (app, { ctx }) => {
  // only these routes read or set a cookie: parsing the Cookie header of every other request would be wasted work
  await app.register(cookie);
  app.post(
    apiPaths.users.register,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'registerUser',
        security: PUBLIC,
        tags: ['users'],
        summary: 'Create an account',
        body: registerInput,
        response: { 201: user, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.registerUser(ctx.db, request.body, requestLanguage(request))),
  );

  app.post(
    apiPaths.users.login,
    {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        operationId: 'logIn',
        security: PUBLIC,
        tags: ['users'],
        summary: 'Log in with e-mail and password',
        body: loginInput,
        response: { 200: authTokens, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const tokens = await service.loginUser(ctx, request.body, request.ip);
      setRefreshCookie(request, reply, tokens.refreshToken);
      return tokens;
    },
  );

  app.post(
    apiPaths.users.refresh,
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        operationId: 'refreshSession',
        security: PUBLIC,
        tags: ['users'],
        summary: 'Exchange a refresh token (body or HttpOnly cookie) for new tokens; the old one stops working',
        body: refreshInput,
        response: { 200: authTokens, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const token = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE_NAME];
      if (!token) {
        reply.clearCookie(REFRESH_COOKIE_NAME, { path: REFRESH_COOKIE_PATH });
        throw new AppError('NOT_AUTHENTICATED');
      }
      try {
        const tokens = await service.refreshSession(ctx, token);
        setRefreshCookie(request, reply, tokens.refreshToken);
        return tokens;
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE_NAME, { path: REFRESH_COOKIE_PATH });
        throw error;
      }
    },
  );

  app.post(
    apiPaths.users.logout,
    {
      schema: {
        operationId: 'logOut',
        security: PUBLIC,
        tags: ['users'],
        summary: 'End the session of a refresh token (body or cookie); access tokens of that session stop working',
        body: refreshInput,
        response: { 204: z.null().describe('Logged out'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const ended = await service.logoutSession(
        ctx,
        request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE_NAME],
      );
      if (ended) await app.liveStreams.endSessions([ended], 'signed_out');
      reply.clearCookie(REFRESH_COOKIE_NAME, { path: REFRESH_COOKIE_PATH });
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.users.me,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getCurrentUser',
        tags: ['users'],
        summary: 'The signed-in user',
        security: SIGNED_IN,
        response: { 200: user, ...errorResponses(401) },
      },
    },
    async (request) => service.getCurrentUser(ctx.db, currentUser(request).userId),
  );

  app.get(
    apiPaths.users.sessions,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listMySessions',
        tags: ['users'],
        summary:
          'My sessions that may still be used (signed in on this or another device), most recently used first; `current` marks this one',
        security: SIGNED_IN,
        response: { 200: z.array(userSession), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { userId, sessionId } = currentUser(request);
      return service.listMySessions(ctx.db, userId, sessionId);
    },
  );

  app.delete(
    apiPaths.users.session,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'signOutMySession',
        tags: ['users'],
        summary: 'Sign one of my other sessions out: its tokens and live streams stop at once',
        description:
          "Someone else's session, or one already ended: 404 SESSION_NOT_FOUND. The current one: 409 SESSION_IS_CURRENT (log out instead).",
        security: SIGNED_IN,
        params: sessionIdParams,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = currentUser(request);
      await service.signOutSession(ctx.db, userId, sessionId, request.params.id);
      await app.liveStreams.endSessions([request.params.id], 'signed_out');
      return reply.status(204).send(null);
    },
  );

  app.post(
    apiPaths.users.signOutOtherSessions,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'signOutMyOtherSessions',
        tags: ['users'],
        summary: 'Sign out every session of mine but this one (a lost phone, a shared computer)',
        security: SIGNED_IN,
        response: { 200: signedOutSessions, ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const { userId, sessionId } = currentUser(request);
      const ended = await service.signOutOtherSessions(ctx.db, userId, sessionId);
      await app.liveStreams.endSessions(ended, 'signed_out');
      return { signed_out: ended.length };
    },
  );
};
