import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, idParams, savedSearch, savedSearchInput, savedSearchList } from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import * as service from './saved-searches.service.js';

const secured = { security: SIGNED_IN, tags: ['saved searches'] };

/** My saved searches (at most 20). */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ ctx: service.SavedSearchesContext }> = async (
  app,
  { ctx },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.savedSearches.collection,
    {
      schema: {
        operationId: 'listSavedSearches',
        ...secured,
        summary: 'My saved searches, newest first',
        response: { 200: savedSearchList, ...errorResponses(401) },
      },
    },
    async (request) => service.listSavedSearches(ctx, currentUser(request).userId),
  );

  app.post(
    apiPaths.savedSearches.collection,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'createSavedSearch',
        ...secured,
        summary:
          'Save a search: I am told of every tender that opens matching it (origin/destination empty = any; ' +
          'cities match in any spelling). 409 SAVED_SEARCHES_LIMIT past 20',
        body: savedSearchInput,
        response: { 201: savedSearch, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSavedSearch(ctx, currentUser(request).userId, request.body)),
  );

  app.delete(
    apiPaths.savedSearches.one,
    {
      schema: {
        operationId: 'deleteSavedSearch',
        ...secured,
        summary: 'Delete one of my saved searches (404 when it is not mine)',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteSavedSearch(ctx, currentUser(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
