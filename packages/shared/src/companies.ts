import { z } from 'zod';
import { hasControlCharacters, typedText } from './typed-input.js';
import { review } from './ratings.js';
import { phoneField } from './users.js';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_SUBJECTS } from './reports.js';

/**
 * Companies behind the users: the profile each fills in, its verification by a moderator, suspension, and the
 * reports anyone may file. Every user belongs to one company profile (theirs).
 */
export const COMPANY_KINDS = ['shipper', 'carrier', 'both'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];
export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** How a company came to be verified: a moderator read its papers, or its owner signed with its ERI key. */
export const COMPANY_VERIFIED_BY = ['moderator', 'digital_signature'] as const;
export type CompanyVerifiedBy = (typeof COMPANY_VERIFIED_BY)[number];
/** The documents of a company; also the names of the form's file fields. */
export const COMPANY_DOCUMENTS = ['licence', 'registration_certificate'] as const;
export type CompanyDocument = (typeof COMPANY_DOCUMENTS)[number];

/** Reports one user may file in a day (Tashkent). */
export const REPORTS_PER_DAY = 10;

export const COMPANY_TEXT_MAX = 200;
export const COMPANY_ADDRESS_MAX = 500;
export const DECISION_REASON_MAX = 1000;

/** The STIR, the Uzbek taxpayer number: exactly nine digits (spaces typed between them are dropped). */
export const stirField = z
  .string({ error: 'required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'required' })
      .regex(/^\d{9}$/, { error: 'stir' }),
  );

/** PUT /api/companies/me: the text fields of the profile form (its documents come as files beside them). */
export const companyInput = z
  .object({
    name: typedText(COMPANY_TEXT_MAX),
    stir: stirField,
    kind: z.enum(COMPANY_KINDS, { error: 'one_of' }),
    legal_address: typedText(COMPANY_ADDRESS_MAX),
    director: typedText(COMPANY_TEXT_MAX),
    phone: phoneField,
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
export type CompanyInput = z.input<typeof companyInput>;
export type CompanyValues = z.output<typeof companyInput>;

/** My company as I (and moderators) see it: every field, the documents as signed links, where its review stands. */
export const company = z
  .object({
    id: z.number().int(),
    name: z.string(),
    stir: z.string(),
    kind: z.enum(COMPANY_KINDS).nullable(),
    legal_address: z.string(),
    director: z.string(),
    phone: z.string(),
    documents: z.object({ licence: z.string().nullable(), registration_certificate: z.string().nullable() }),
    verification_status: z.enum(VERIFICATION_STATUSES),
    rejection_reason: z.string().nullable().describe("The moderator's reason when rejected"),
    suspended: z.boolean(),
    suspension_reason: z.string().nullable(),
    verified_at: z.string().nullable(),
    verified_by: z
      .enum(COMPANY_VERIFIED_BY)
      .nullable()
      .describe('How it was verified (a moderator, or its owner’s digital signature); null unless verified'),
    created_at: z.string(),
  })
  .meta({
    examples: [
      {
        id: 4,
        name: 'Silk Road Logistics MChJ',
        stir: '305123456',
        kind: 'carrier',
        legal_address: 'Toshkent, Chilonzor tumani, Bunyodkor 12',
        director: 'Aziz Rahimov',
        phone: '+998901234567',
        documents: { licence: '/api/files/ab12?exp=1795555555&sig=Qx', registration_certificate: null },
        verification_status: 'pending',
        rejection_reason: null,
        suspended: false,
        suspension_reason: null,
        verified_at: null,
        verified_by: null,
        created_at: '2026-11-24T10:00:00.000Z',
      },
    ],
  });
export type Company = z.infer<typeof company>;

/** A company as anyone signed in sees it (GET /api/companies/{id}): who they are and how their deals went. */
export const publicCompany = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(COMPANY_KINDS).nullable(),
    verified: z.boolean(),
    suspended: z.boolean(),
    member_since: z.string(),
    deals_completed: z.number().int().describe('Delivered shipments as owner or carrier'),
    no_shows: z.number().int().describe('Awards its users let pass without an answer'),
    rating_average: z.number().nullable().describe('1–5, over the ratings shown (double-blind ones wait)'),
    rating_count: z.number().int(),
    on_time_share: z
      .number()
      .nullable()
      .describe('As a carrier: the share of deliveries the owners rated on time (0–1)'),
    payment_on_time_share: z
      .number()
      .nullable()
      .describe('As an owner: the share of deals the carriers rated paid on time (0–1)'),
    reviews: z.array(review).describe('The latest reviews, newest first'),
  })
  .meta({
    examples: [
      {
        id: 4,
        name: 'Silk Road Logistics MChJ',
        kind: 'carrier',
        verified: true,
        suspended: false,
        member_since: '2026-01-15T10:00:00.000Z',
        deals_completed: 12,
        no_shows: 0,
        rating_average: 4.6,
        rating_count: 9,
        on_time_share: 0.89,
        payment_on_time_share: null,
        reviews: [
          {
            score: 5,
            comment: 'Careful with the load',
            created_at: '2026-11-20T10:00:00.000Z',
            from: 'Paxta Savdo MChJ',
          },
        ],
      },
    ],
  });
export type PublicCompany = z.infer<typeof publicCompany>;

/** A moderator's reason for a rejection or a suspension. */
export const decisionInput = z
  .object({ reason: typedText(DECISION_REASON_MAX) })
  .meta({ examples: [{ reason: 'The licence number does not match the registry' }] });

export const adminCompaniesQuery = z.object({
  status: z.enum(VERIFICATION_STATUSES, { error: 'one_of' }).optional().describe('Only companies in this status'),
});

export const reportInput = z
  .object({
    subject_type: z.enum(REPORT_SUBJECTS, { error: 'one_of' }),
    subject_id: z
      .number({ error: 'integer' })
      .int({ error: 'integer' })
      .positive({ error: 'integer' })
      .max(2_147_483_647, { error: 'integer' }),
    reason: z.enum(REPORT_REASONS, { error: 'one_of' }),
    text: z
      .string({ error: 'invalid' })
      .trim()
      .max(2000, { error: 'too_long' })
      .refine((value) => !hasControlCharacters(value, true), { error: 'invalid' })
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .meta({ examples: [{ subject_type: 'company', subject_id: 4, reason: 'no_show', text: 'Did not come to load' }] });
export type ReportInput = z.input<typeof reportInput>;

export const report = z
  .object({
    id: z.number().int(),
    subject_type: z.enum(REPORT_SUBJECTS),
    subject_id: z.number().int(),
    reason: z.enum(REPORT_REASONS),
    text: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    reporter_id: z.number().int(),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
    subject_text: z
      .string()
      .nullable()
      .optional()
      .describe('For moderators: what the reported question or message says (also once it is hidden)'),
  })
  .meta({
    examples: [
      {
        id: 1,
        subject_type: 'company',
        subject_id: 4,
        reason: 'no_show',
        text: 'Did not come to load',
        status: 'open',
        reporter_id: 9,
        created_at: '2026-11-24T10:00:00.000Z',
        resolved_at: null,
      },
    ],
  });
export type Report = z.infer<typeof report>;

/** POST /api/admin/moderators: a moderator makes another user (by e-mail) a moderator. */
export const grantModeratorInput = z
  .object({
    email: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(254, { error: 'too_long' }),
  })
  .meta({ examples: [{ email: 'second.moderator@example.uz' }] });

export const grantedModerator = z
  .object({ email: z.string(), role: z.literal('moderator') })
  .meta({ examples: [{ email: 'second.moderator@example.uz', role: 'moderator' }] });
