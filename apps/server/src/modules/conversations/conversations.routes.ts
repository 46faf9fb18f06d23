import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  conversationEntry,
  conversationPage,
  conversationQuery,
  MAX_FILE_BYTES,
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_TEXT_MAX,
  messageFormFields,
  readMark,
  readMarkInput,
  shipmentNumberParams,
  unreadMessages,
} from '@yuk/shared';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { readFileForm, UPLOAD_LIMITS, type CheckedFile, type FileFieldRule } from '../files/index.js';
import * as service from './conversations.service.js';

const secured = { security: SIGNED_IN, tags: ['shipments'] };

const MESSAGE_FILES: Record<'attachment', FileFieldRule> = {
  attachment: {
    maxCount: 1,
    maxBytes: MAX_FILE_BYTES,
    types: MESSAGE_ATTACHMENT_TYPES,
    tooMany: 'MESSAGE_ONE_ATTACHMENT',
    tooLarge: 'FILE_TOO_LARGE',
    wrongType: 'UNSUPPORTED_FILE_TYPE',
  },
};

/** The message: `{ text }` as JSON, or a multipart form with `text` and/or one `attachment`. */
const messageBody = messageFormFields
  .safeExtend({
    attachment: z
      .file()
      .optional()
      .describe('Multipart only: a photo (JPEG, PNG, WebP) or a PDF, judged by its bytes, at most 10 MB'),
  })
  .meta({ examples: [{ text: 'The driver will be at the warehouse at 8:00.' }] });

const attachmentOf = new WeakMap<FastifyRequest, CheckedFile>();

/** A multipart message is read before validation: its text is the body the schema checks, its file waits beside. */
async function readMessageForm(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const form = await readFileForm(request, MESSAGE_FILES);
  request.body = form.fields;
  const [file] = form.files.attachment;
  if (file) attachmentOf.set(request, file);
}

/** The conversation of a shipment's two parties, and my unread messages. */
export const conversationsRoutes: FastifyPluginAsyncZod<{ ctx: service.ConversationsContext }> = async (
  app,
  { ctx },
) => {
  // one file, and one more so that a second gets its own answer
  await app.register(multipart, { limits: { ...UPLOAD_LIMITS, files: 2, fields: 5 }, throwFileSizeLimit: true });
  app.addHook('onRequest', app.authenticate);

  app.get(
    apiPaths.shipments.messages,
    {
      schema: {
        operationId: 'listShipmentMessages',
        ...secured,
        summary: 'The conversation of my shipment (owner or carrier), a page of entries, oldest first',
        description:
          'Messages of both sides and short system lines of the shipment (loaded, on the way, delivered, the ' +
          'waybill signed). The newest page first; `before` = the first id shown gives the older page. Anyone ' +
          'else: 404.',
        params: shipmentNumberParams,
        querystring: conversationQuery,
        response: { 200: conversationPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.listConversation(ctx, currentUser(request).userId, request.params.number, request.query),
  );

  app.post(
    apiPaths.shipments.messages,
    {
      preValidation: async (request) => {
        // who may write is settled before any of an upload is read
        const params = shipmentNumberParams.safeParse(request.params);
        if (params.success && request.isMultipart()) {
          await service.ensureParty(ctx, currentUser(request).userId, params.data.number);
        }
        await readMessageForm(request);
      },
      schema: {
        operationId: 'sendShipmentMessage',
        ...secured,
        summary: `Write to the other party of my shipment: a text (1 to ${MESSAGE_TEXT_MAX} characters), a photo or a PDF`,
        description:
          'JSON `{ text }`, or a multipart form with `text` and/or one `attachment` (JPEG, PNG, WebP or PDF by its ' +
          'bytes: else 415 UNSUPPORTED_FILE_TYPE; at most 10 MB: else 413 FILE_TOO_LARGE; a second file: 400 ' +
          'MESSAGE_ONE_ATTACHMENT). Neither text nor file: 400. The text is kept as typed and shown as text. ' +
          'Both parties’ pages get it on the shipment’s stream (`message`); the other party, unless they read it ' +
          'within a minute, is told once for the burst, in the app and on their channels. Counted by QUOTA_MESSAGES ' +
          '(429 RATE_LIMITED with Retry-After). Anyone else: 404.',
        consumes: ['application/json', 'multipart/form-data'],
        params: shipmentNumberParams,
        body: messageBody,
        response: { 201: conversationEntry, ...errorResponses(400, 401, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const entry = await service.sendMessage(ctx, currentUser(request).userId, request.params.number, {
        text: request.body.text,
        file: attachmentOf.get(request),
      });
      return reply.status(201).send(entry);
    },
  );

  app.post(
    apiPaths.shipments.messagesRead,
    {
      schema: {
        operationId: 'markShipmentMessagesRead',
        ...secured,
        summary: 'I have read the conversation of my shipment up to this entry',
        description:
          'A mark never moves back; one beyond the last entry stops at it. The other party’s page gets it on the ' +
          'shipment’s stream (`read`). Anyone else: 404.',
        params: shipmentNumberParams,
        body: readMarkInput,
        response: { 200: readMark, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.markRead(ctx, currentUser(request).userId, request.params.number, request.body.up_to),
  );

  app.get(
    apiPaths.conversations.unread,
    {
      schema: {
        operationId: 'getUnreadMessages',
        ...secured,
        summary: 'My unread messages: the total and, per shipment, the other side’s messages after my read mark',
        response: { 200: unreadMessages, ...errorResponses(401) },
      },
    },
    async (request) => service.unreadMessages(ctx, currentUser(request).userId),
  );
};
