import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, authTokens, eriChallenge, eriLink, eriSignatureInput, myEriLink } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { PUBLIC, SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { setRefreshCookie } from '../users/index.js';
import * as service from './eri.service.js';

export const eriRoutes: FastifyPluginAsyncZod<{ ctx: service.EriContext }> = async (app, { ctx }) => {
  await app.register(cookie);

  app.get(
    apiPaths.auth.eriChallenge,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'getEriChallenge',
        security: PUBLIC,
        tags: ['auth'],
        summary:
          'A fresh challenge from E-IMZO-SERVER for E-IMZO to sign (ERI-Key sign-in and linking); 503 ERI_UNAVAILABLE when it is not set up or not answering',
        response: { 200: eriChallenge, ...errorResponses(429, 503) },
      },
    },
    async () => service.challenge(ctx),
  );

  app.post(
    apiPaths.auth.eri,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'signInWithEri',
        security: PUBLIC,
        tags: ['auth'],
        summary:
          'Sign in with an ERI key: the PKCS#7 that E-IMZO made over a fresh challenge (the same tokens as a password login). 401 ERI_SIGNATURE_REFUSED or ERI_CERTIFICATE_EXPIRED; 404 ERI_NOT_LINKED when no account is linked to the signer',
        body: eriSignatureInput,
        response: { 200: authTokens, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const tokens = await service.signIn(ctx, request.body.pkcs7, request.ip);
      setRefreshCookie(request, reply, tokens.refreshToken);
      return tokens;
    },
  );

  app.get(
    apiPaths.users.eri,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getMyEriLink',
        security: SIGNED_IN,
        tags: ['users'],
        summary: 'My ERI-Key link (the holder’s PINFL masked), or null',
        response: { 200: myEriLink, ...errorResponses(401) },
      },
    },
    async (request) => service.myLink(ctx, currentUser(request).userId),
  );

  app.post(
    apiPaths.users.eri,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'linkMyEri',
        security: SIGNED_IN,
        tags: ['users'],
        summary:
          'Link my account to the holder of an ERI key (the PKCS#7 over a fresh challenge), replacing any earlier link. One account per holder: 409 ERI_ALREADY_LINKED. An organisation key whose STIR is my company’s verifies the company at once',
        body: eriSignatureInput,
        response: { 200: eriLink, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request) => service.link(ctx, currentUser(request).userId, request.body.pkcs7, request.ip),
  );

  app.delete(
    apiPaths.users.eri,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'unlinkMyEri',
        security: SIGNED_IN,
        tags: ['users'],
        summary: 'Remove my ERI-Key link (nothing happens when there is none)',
        response: { 204: z.null().describe('Unlinked'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await service.unlink(ctx, currentUser(request).userId);
      return reply.status(204).send(null);
    },
  );
};
