import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTenderInput,
  CSV_MEDIA_TYPE,
  errorText,
  NEXT_CURSOR_HEADER,
  tender,
  tenderIdParams,
  tenderImportCheck,
  tenderImportQuery,
  tenderImportResult,
  tenderImportRow,
  tenderImportTemplateQuery,
  tenderListQuery,
  TENDER_IMPORT_FILE_FIELD,
  TENDER_IMPORT_MAX_BYTES,
  TENDER_IMPORT_MAX_ROWS,
  TOTAL_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  TENDER_TOTAL_CAP,
  apiPaths,
  type Language,
  type TenderListParams,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { csvLanguage, csvStream, listResponse, sendCsv } from '../../plugins/csv.js';
import { requestLanguage } from '../../plugins/errors.js';
import { SIGNED_IN, apiError, errorResponses } from '../../plugins/openapi.js';
import { uploadError } from '../files/index.js';
import { contactsOfUsers } from '../users/index.js';
import { importTemplate, TENDER_CSV_COLUMNS } from './tenders.csv.js';
import * as service from './tenders.service.js';

const tenderList = z
  .array(tender)
  .describe(
    `Newest first. ${TOTAL_COUNT_HEADER}: how many match in all; on the list of all tenders a text search, an exact start date or an exact price is counted up to ${TENDER_TOTAL_CAP}, and past that ${TOTAL_COUNT_HEADER} is ${TENDER_TOTAL_CAP} with ${TOTAL_CAPPED_HEADER}: true. ${NEXT_CURSOR_HEADER}: the cursor of the next page, when there is one`,
  );

function sendPage(reply: FastifyReply, result: service.TenderListResult) {
  reply.header(TOTAL_COUNT_HEADER, String(result.total));
  if (result.totalCapped) reply.header(TOTAL_CAPPED_HEADER, 'true');
  if (result.nextCursor) reply.header(NEXT_CURSOR_HEADER, result.nextCursor);
  return result.tenders;
}

/** The language of a CSV's header row: Accept-Language when it names one of ours, else the user's setting. */
async function csvLanguageOf(db: Db, request: FastifyRequest, userId: number): Promise<Language> {
  return csvLanguage(request, (await contactsOfUsers(db, [userId])).get(userId)?.language);
}

/** A list call with format=csv: every matching tender as a file, streamed page by page. */
async function sendTenderCsv(
  ctx: service.TendersContext,
  request: FastifyRequest,
  reply: FastifyReply,
  params: TenderListParams,
  scope: 'all' | 'mine',
) {
  const userId = currentUser(request).userId;
  const pages = await service.tenderPages(ctx, userId, params, scope);
  const lang = await csvLanguageOf(ctx.db, request, userId);
  return sendCsv(reply, scope === 'all' ? 'tenders' : 'my-orders', csvStream(TENDER_CSV_COLUMNS, lang, pages));
}

/** The import's 400: the usual error body, and for refused rows the same rows as the dry run. */
const importRefused = apiError
  .extend({
    rows: z
      .array(tenderImportRow)
      .optional()
      .describe('IMPORT_INVALID_ROWS: every row, the failing ones with their errors'),
    valid: z.number().int().optional(),
    invalid: z.number().int().optional(),
  })
  .describe('Error');

/** Reads the one CSV file of the import's form; limits and refusals answer 400, 413 or 415, never 500. */
async function readImportFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== TENDER_IMPORT_FILE_FIELD || file) {
        throw new AppError('VALIDATION_FAILED', { fields: { [part.fieldname]: file ? 'one_file' : 'unknown_field' } });
      }
      file = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(
      error,
      new AppError('IMPORT_FILE_TOO_LARGE', { params: { megabytes: TENDER_IMPORT_MAX_BYTES / 1024 / 1024 } }),
    );
  }
  if (!file) throw new AppError('IMPORT_FILE_MISSING');
  if (file.length === 0) throw new AppError('IMPORT_EMPTY');
  return file;
}

/**
 * The tender quota, counted for the tenders of an import (the app gives its quota guard): what it allows for
 * `tenders` more, and counting them all at once or refusing them all.
 */
export interface TenderQuota {
  shortfall(
    request: FastifyRequest,
    tenders: number,
  ): Promise<{ allowed: number; retryAfterSeconds: number } | undefined>;
  admit(request: FastifyRequest, tenders: number): Promise<void>;
}

/** Tenders: create, the list of all, my own, one; and tenders in and out as CSV. Mounted at /api/tenders. */
export const tendersRoutes: FastifyPluginAsyncZod<{ ctx: service.TendersContext; quota?: TenderQuota }> = async (
  app,
  { ctx, quota },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    apiPaths.tenders.collection,
    {
      schema: {
        operationId: 'createTender',
        tags: ['tenders'],
        summary: 'Create a tender (status opened by default, closed or draft); the signed-in user owns it',
        description:
          "A blank required field answers TENDER_REQUIRED_FIELDS ('Iltimos, barcha majburiy maydonlarni to'ldiring'), " +
          "a blank date TENDER_DATES_REQUIRED ('Iltimos, barcha sanalarni tanlang'), with the fields named.",
        security: SIGNED_IN,
        body: createTenderInput,
        response: { 201: tender, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const created = await service.createTender(ctx, currentUser(request).userId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    apiPaths.tenders.all,
    {
      schema: {
        operationId: 'listTenders',
        tags: ['tenders'],
        summary: 'All tenders the caller may see (drafts only their own), filtered and paged, newest first',
        security: SIGNED_IN,
        querystring: tenderListQuery,
        response: {
          200: listResponse(tenderList, 'One page of tenders, or with format=csv all of them'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendTenderCsv(ctx, request, reply, request.query, 'all');
      return sendPage(reply, await service.listTenders(ctx, currentUser(request).userId, request.query, 'all'));
    },
  );

  app.get(
    apiPaths.tenders.mine,
    {
      schema: {
        operationId: 'listMyTenders',
        tags: ['tenders'],
        summary: 'My tenders (My Orders), drafts included, newest first; the same filters and paging as /all',
        security: SIGNED_IN,
        querystring: tenderListQuery,
        response: {
          200: listResponse(tenderList, 'One page of my tenders, or with format=csv all of them'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendTenderCsv(ctx, request, reply, request.query, 'mine');
      return sendPage(reply, await service.listTenders(ctx, currentUser(request).userId, request.query, 'mine'));
    },
  );

  app.get(
    apiPaths.tenders.importTemplate,
    {
      schema: {
        operationId: 'getTenderImportTemplate',
        tags: ['tenders'],
        summary: 'The CSV template of the tender import: its header row in one language and an example row',
        security: SIGNED_IN,
        querystring: tenderImportTemplateQuery,
        response: {
          200: {
            description: 'tender-import-<lang>.csv: UTF-8 with a byte-order mark',
            content: { [CSV_MEDIA_TYPE]: { schema: z.string().describe('The header row and one example row') } },
          },
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? (await csvLanguageOf(ctx.db, request, currentUser(request).userId));
      return sendCsv(reply, `tender-import-${lang}`, importTemplate(lang));
    },
  );

  // The import's own scope: the only route here that reads multipart, with the file's own size limit.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: TENDER_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
      throwFileSizeLimit: true,
    });
    scope.post(
      apiPaths.tenders.import,
      {
        schema: {
          operationId: 'importTenders',
          tags: ['tenders'],
          summary: 'Tenders from a CSV file (multipart, field «file»); with dry_run=true only what each row would give',
          description:
            `Columns: those of GET /api/tenders/import/template (headers in uz, en or ru, or the field names; ` +
            `extra columns such as a My Orders export's number are ignored). Dates YYYY-MM-DD or dd.MM.yyyy, a comma ` +
            `or a semicolon between cells, UTF-8 (a byte-order mark allowed). At most ${TENDER_IMPORT_MAX_ROWS} rows and ` +
            `${TENDER_IMPORT_MAX_BYTES / 1024 / 1024} MB. Each row is judged as POST /api/tenders judges its body. ` +
            'Without dry_run: all rows are created in one transaction, or, when a row fails, none (400 IMPORT_INVALID_ROWS with the rows). ' +
            'Every tender counts against the tender quota of POST /api/tenders: a file that would pass it is refused whole ' +
            '(429 RATE_LIMITED with Retry-After, nothing created), and the dry run says so first (over_quota). Carriers whose ' +
            'saved searches match its tenders get one alert per import, listing them.',
          security: SIGNED_IN,
          consumes: ['multipart/form-data'],
          querystring: tenderImportQuery,
          response: {
            200: tenderImportCheck.describe('dry_run=true: every row, by its line in the file'),
            201: tenderImportResult,
            400: importRefused,
            ...errorResponses(401, 403, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const file = await readImportFile(request);
        const lang = requestLanguage(request);
        const dryRun = request.query.dry_run;
        const importQuota: service.ImportQuota | undefined = quota && {
          shortfall: (tenders) => quota.shortfall(request, tenders),
          admit: (tenders) => quota.admit(request, tenders),
        };
        const result = await service.importTenders(ctx, currentUser(request).userId, file, {
          dryRun,
          lang,
          ...(importQuota ? { quota: importQuota } : {}),
        });
        if (result.created) return reply.status(201).send(result.created);
        if (dryRun) return reply.status(200).send(result.check);
        return reply.status(400).send({
          error: errorText('IMPORT_INVALID_ROWS', lang, { invalid: result.check.invalid }),
          code: 'IMPORT_INVALID_ROWS',
          ...result.check,
        });
      },
    );
  });

  app.get(
    apiPaths.tenders.one,
    {
      schema: {
        operationId: 'getTender',
        tags: ['tenders'],
        summary: "One tender (404 when missing or someone else's draft)",
        security: SIGNED_IN,
        params: tenderIdParams,
        response: { 200: tender, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getTender(ctx, currentUser(request).userId, request.params.id),
  );
};
