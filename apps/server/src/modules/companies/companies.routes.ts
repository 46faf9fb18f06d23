import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCompaniesQuery,
  apiPaths,
  COMPANY_DOCUMENTS,
  company,
  companyInput,
  decisionInput,
  idParams,
  publicCompany,
} from '@yuk/shared';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { SIGNED_IN, errorResponses } from '../../plugins/openapi.js';
import { readUploadForm, UPLOAD_LIMITS } from '../files/index.js';
import * as service from './companies.service.js';

/** The profile form: its text fields (checked by the shared schema) and the two documents. */
const companyForm = companyInput
  .extend({
    licence: z.file().optional().describe('PDF, JPEG, PNG or WebP, at most 10 MB; replaces the current one'),
    registration_certificate: z
      .file()
      .optional()
      .describe('PDF, JPEG, PNG or WebP, at most 10 MB; replaces the current one'),
  })
  .meta({
    examples: [
      {
        name: 'Silk Road Logistics MChJ',
        stir: '305123456',
        kind: 'carrier',
        legal_address: 'Toshkent, Chilonzor tumani, Bunyodkor 12',
        director: 'Aziz Rahimov',
        phone: '+998901234567',
      },
    ],
  });

const uploadsOf = new WeakMap<FastifyRequest, service.CompanyUploads>();

/**
 * Reads the multipart form before validation: its text fields are the body the schema checks. A document
 * too large or of a refused type is a bad field of this form: 400 with the field named and its text.
 */
async function readCompanyForm(request: FastifyRequest) {
  try {
    const form = await readUploadForm(request, COMPANY_DOCUMENTS);
    request.body = form.fields;
    uploadsOf.set(request, form.files);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'FILE_TOO_LARGE' || error.code === 'UNSUPPORTED_FILE_TYPE')) {
      throw new AppError('VALIDATION_FAILED', { fields: error.fields ?? { documents: error.code } });
    }
    throw error;
  }
}

/** Companies: my profile and its review, public profiles, and the moderators' decisions. */
export const companiesRoutes: FastifyPluginAsyncZod<{ ctx: service.CompaniesContext }> = async (app, { ctx }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  app.addHook('onRequest', app.authenticate);
  const secured = { security: SIGNED_IN };

  app.get(
    apiPaths.companies.mine,
    {
      schema: {
        operationId: 'getMyCompany',
        ...secured,
        tags: ['companies'],
        summary: 'My company profile (blank and unverified until I fill it in)',
        response: { 200: company, ...errorResponses(401) },
      },
    },
    async (request) => service.getMyCompany(ctx, currentUser(request).userId),
  );

  app.put(
    apiPaths.companies.mine,
    {
      preValidation: readCompanyForm,
      schema: {
        operationId: 'updateMyCompany',
        ...secured,
        tags: ['companies'],
        summary: 'Fill in my company profile (multipart form with the licence and the registration certificate)',
        description:
          'A verified company whose name or STIR changes goes back to pending. Bad STIR or fields, a document that ' +
          'is not PDF, JPEG, PNG or WebP or is over 10 MB: 400 VALIDATION_FAILED with the field named. Nothing is saved.',
        consumes: ['multipart/form-data'],
        body: companyForm,
        response: { 200: company, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) =>
      service.updateMyCompany(ctx, currentUser(request).userId, request.body, uploadsOf.get(request) ?? {}),
  );

  app.post(
    apiPaths.companies.verification,
    {
      schema: {
        operationId: 'requestCompanyVerification',
        ...secured,
        tags: ['companies'],
        summary: 'Send my company for review: unverified or rejected → pending',
        description:
          'The profile and both documents must be filled in (409 COMPANY_INCOMPLETE); a STIR another verified ' +
          'company holds: 409 STIR_TAKEN; already pending or verified: 409 COMPANY_ALREADY_UNDER_REVIEW.',
        response: { 200: company, ...errorResponses(401, 409) },
      },
    },
    async (request) => service.requestVerification(ctx, currentUser(request).userId),
  );

  app.get(
    apiPaths.companies.one,
    {
      schema: {
        operationId: 'getCompany',
        ...secured,
        tags: ['companies'],
        summary: 'A company as everyone sees it: verified or not, member since, deals completed, no-shows',
        params: idParams,
        response: { 200: publicCompany, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getPublicCompany(ctx, request.params.id),
  );

  const moderator = (operationId: string, summary: string) => ({
    operationId,
    ...secured,
    tags: ['moderation'],
    summary,
    description: 'Moderators only: anyone else gets 403 MODERATOR_ONLY.',
    params: idParams,
    response: { 200: company, ...errorResponses(400, 401, 403, 404, 409) },
  });

  app.get(
    apiPaths.admin.companies,
    {
      schema: {
        operationId: 'listCompaniesForReview',
        ...secured,
        tags: ['moderation'],
        summary: 'Companies for moderators, oldest change first (pending ones with ?status=pending)',
        description: 'Moderators only: anyone else gets 403 MODERATOR_ONLY.',
        querystring: adminCompaniesQuery,
        response: { 200: z.array(company), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listForReview(ctx, currentUser(request).userId, request.query.status),
  );

  app.post(
    apiPaths.admin.verify,
    { schema: moderator('verifyCompany', 'Verify a pending company (its STIR must not be verified elsewhere)') },
    async (request) => service.decide(ctx, currentUser(request).userId, request.params.id, 'verify', null),
  );

  app.post(
    apiPaths.admin.reject,
    {
      schema: {
        ...moderator('rejectCompany', 'Reject a pending company, with the reason it is told'),
        body: decisionInput,
      },
    },
    async (request) =>
      service.decide(ctx, currentUser(request).userId, request.params.id, 'reject', request.body.reason),
  );

  app.post(
    apiPaths.admin.suspend,
    {
      schema: {
        ...moderator('suspendCompany', 'Suspend a company: its users may read, not post tenders, bid or buy'),
        body: decisionInput,
      },
    },
    async (request) =>
      service.decide(ctx, currentUser(request).userId, request.params.id, 'suspend', request.body.reason),
  );

  app.post(
    apiPaths.admin.unsuspend,
    { schema: moderator('unsuspendCompany', 'End the suspension of a company') },
    async (request) => service.decide(ctx, currentUser(request).userId, request.params.id, 'unsuspend', null),
  );
};
