import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  MESSAGE_EVENT,
  positionBatchInput,
  READ_EVENT,
  positionBatchResult,
  positionsPage,
  positionsQuery,
  publicConfig,
  publicTrack,
  shareLink,
  shareLinksRevoked,
  shareTokenParams,
  shipmentNumberParams,
  trackTokenParams,
  type PublicConfig,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/errors.js';
import { PUBLIC, SIGNED_IN, errorResponses, eventStreamResponse } from '../../plugins/openapi.js';
import { openSseStream } from '../../plugins/sse.js';
import * as service from './tracking.service.js';

export interface MapSettings {
  /** Leaflet tile URL template; null: no tiles. */
  tileUrl: string | null;
  attribution: string;
}

const secured = { security: SIGNED_IN, tags: ['tracking'] };

/** Signed-in calls are limited per user (the route authenticates first, so the user is known here). */
const byUser = (request: FastifyRequest) => `user:${request.principal?.userId ?? request.ip}`;

/** The events the shipment's channel carries, by who publishes them: shipments, here, and the conversation. */
const SHIPMENT_EVENTS: readonly unknown[] = ['position', 'status', MESSAGE_EVENT, READ_EVENT];

/** An event the shipment's channel carries: `{ event, data }`. */
function isShipmentEvent(payload: unknown): payload is { event: string; data: unknown } {
  if (typeof payload !== 'object' || payload === null) return false;
  const { event } = payload as { event?: unknown };
  return SHIPMENT_EVENTS.includes(event);
}

/**
 * Live position and tracking links: the carrier's phone sends points, both parties read the track and follow
 * the shipment's events, either party makes links, and anyone with a link sees the public track.
 */
export const trackingRoutes: FastifyPluginAsyncZod<{
  ctx: service.TrackingContext;
  map: MapSettings;
  eimzoApiKeys: { domain: string; key: string }[];
}> = async (app, { ctx, map, eimzoApiKeys }) => {
  const config: PublicConfig = {
    map: { tile_url: map.tileUrl, attribution: map.attribution },
    eimzo: { api_keys: eimzoApiKeys },
  };

  app.get(
    apiPaths.config,
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        operationId: 'getPublicConfig',
        security: PUBLIC,
        tags: ['config'],
        summary:
          'The settings the web client needs before anyone signs in: the map tiles and their attribution, and the ' +
          'keys for the local E-IMZO',
        response: { 200: publicConfig, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return config;
    },
  );

  app.post(
    apiPaths.shipments.positions,
    {
      onRequest: app.authenticate,
      // a phone back online sends its kept points in batches, one after another: counted per user (a fleet
      // behind one address is many phones)
      config: { rateLimit: { max: 600, timeWindow: '1 minute', keyGenerator: byUser } },
      schema: {
        operationId: 'sendPositions',
        ...secured,
        summary:
          'The carrier sends up to 100 points while the shipment is loaded or on the way (after delivery, only ' +
          'points taken before it). Bad points are named by index, the good ones kept; the same time twice is a ' +
          'duplicate, and at most one point per 10 s is kept',
        params: shipmentNumberParams,
        body: positionBatchInput,
        response: { 200: positionBatchResult, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) =>
      service.recordPositions(
        ctx,
        currentUser(request).userId,
        request.params.number,
        request.body.points,
        requestLanguage(request),
      ),
  );

  app.get(
    apiPaths.shipments.positions,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listPositions',
        ...secured,
        summary: 'The track of my shipment, oldest first, 2,000 points a page: `since` gives the points after it',
        params: shipmentNumberParams,
        querystring: positionsQuery,
        response: { 200: positionsPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.listPositions(ctx, currentUser(request).userId, request.params.number, request.query.since),
  );

  app.get(
    apiPaths.shipments.events,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'streamShipmentEvents',
        ...secured,
        summary:
          'Server-Sent Events of my shipment: `position` { points } as the carrier’s phone sends them, `status` ' +
          '{ status } when it moves a step, `message` (an entry of its conversation, new or changed) and `read` ' +
          '{ side, up_to } when a party reads it',
        params: shipmentNumberParams,
        response: {
          200: eventStreamResponse(
            '`position` events with { points }, `status` events with { status }, `message` events with a ' +
              'conversation entry and `read` events with { side, up_to }',
          ),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const channel = await service.shipmentEventsChannel(ctx, currentUser(request).userId, request.params.number);
      const stream = openSseStream(request, reply);
      const unsubscribe = ctx.bus.subscribe(channel, (payload) => {
        if (isShipmentEvent(payload)) stream.send(payload.event, payload.data);
      });
      await stream.closed;
      unsubscribe();
    },
  );

  app.post(
    apiPaths.shipments.share,
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: byUser } },
      schema: {
        operationId: 'createShareLink',
        ...secured,
        summary:
          'A tracking link for the receiver (owner or carrier): the token is shown this once; the link works until ' +
          '7 days after the delivery',
        params: shipmentNumberParams,
        response: { 201: shareLink, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createShareLink(ctx, currentUser(request).userId, request.params.number)),
  );

  app.delete(
    apiPaths.shipments.share,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'revokeAllShareLinks',
        ...secured,
        summary: 'Revoke every tracking link of my shipment',
        params: shipmentNumberParams,
        response: { 200: shareLinksRevoked, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      revoked: await service.revokeAllShareLinks(ctx, currentUser(request).userId, request.params.number),
    }),
  );

  app.delete(
    apiPaths.shipments.shareOne,
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'revokeShareLink',
        ...secured,
        summary: 'Revoke one tracking link of my shipment (404 when the shipment has no such working link)',
        params: shareTokenParams,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeShareLink(ctx, currentUser(request).userId, request.params.number, request.params.token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.track.one,
    {
      // never kept by a browser or a proxy (a revoked link must stop at once), nor indexed; each address may
      // follow a few shipments at the pace of a page that refreshes itself
      onRequest: (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex, nofollow');
        done();
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        operationId: 'getPublicTrack',
        security: PUBLIC,
        tags: ['tracking'],
        summary:
          'A shipment through its tracking link, for anyone holding it: status, timeline, the way and the last ' +
          'position; nothing personal. Unknown, revoked and expired links all answer the same 404',
        params: trackTokenParams,
        response: { 200: publicTrack, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.publicTrack(ctx, request.params.token),
  );
};
