import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  authTokens,
  passwordResetConfirmInput,
  passwordResetInput,
  smsSendInput,
  smsSent,
  smsVerifyInput,
  user,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/errors.js';
import { PUBLIC, SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { setRefreshCookie } from '../users/index.js';
import * as service from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: service.AuthContext }> = async (app, { ctx }) => {
  await app.register(cookie);

  app.post(
    apiPaths.auth.smsSend,
    {
      // a flood within a minute is cut here, before the database; the daily caps are the service's
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'sendSmsCode',
        security: PUBLIC,
        tags: ['auth'],
        summary:
          'Send a 6-digit sign-in code to a phone (+998 and 9 digits). The same answer whether or not an account has the number; one code a minute, 10 a day per phone, 30 a day per client (429 with Retry-After)',
        body: smsSendInput,
        response: { 202: smsSent, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.sendSmsCode(ctx, request.body.phone, request.ip, requestLanguage(request))),
  );

  app.post(
    apiPaths.auth.smsVerify,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'signInWithSmsCode',
        security: PUBLIC,
        tags: ['auth'],
        summary:
          'Sign in with the code sent to a proven phone (the same tokens as a password login). A code lives 5 minutes and dies after 5 wrong tries; 404 PHONE_NOT_REGISTERED once the code is right but no account has proven the number',
        body: smsVerifyInput,
        response: { 200: authTokens, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const tokens = await service.signInWithCode(ctx, request.body.phone, request.body.code);
      setRefreshCookie(request, reply, tokens.refreshToken);
      return tokens;
    },
  );

  app.post(
    apiPaths.users.phoneVerify,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'verifyMyPhone',
        security: SIGNED_IN,
        tags: ['auth'],
        summary:
          'Prove a phone with the code just sent to it: it becomes the signed-in user’s number, proven (an account that had proven it before loses the proof)',
        body: smsVerifyInput,
        response: { 200: user, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => service.verifyOwnPhone(ctx, currentUser(request).userId, request.body.phone, request.body.code),
  );

  app.post(
    apiPaths.auth.passwordReset,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        operationId: 'requestPasswordReset',
        security: PUBLIC,
        tags: ['auth'],
        summary:
          'Mail a single-use link (30 minutes) to set a new password. Always 202, whether or not the e-mail has an account',
        body: passwordResetInput,
        response: { 202: z.null().describe('Accepted'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(ctx, request.body.email, requestLanguage(request));
      return reply.status(202).send(null);
    },
  );

  app.post(
    apiPaths.auth.passwordResetConfirm,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        operationId: 'confirmPasswordReset',
        security: PUBLIC,
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; every session of the user ends',
        body: passwordResetConfirmInput,
        response: { 204: z.null().describe('Password set'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const ended = await service.confirmPasswordReset(ctx, request.body.token, request.body.password);
      await app.liveStreams.endSessions(ended, 'signed_out');
      return reply.status(204).send(null);
    },
  );
};
