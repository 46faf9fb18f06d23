import { z } from 'zod';
import { endOfMarketDayMs } from './auction.js';
import { MAX_RECORD_ID } from './ids.js';

/**
 * The audit trail: every security-relevant action, appended and never changed. The actions are named once
 * here; the server records them, the moderators' console shows them (with a text per action in each
 * language).
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'user.password_reset',
  'user.phone_verified',
  'user.eri_linked',
  'user.eri_unlinked',
  'user.role_granted',
  'user.sessions_signed_out',
  'company.verified',
  'company.rejected',
  'company.suspended',
  'company.unsuspended',
  'report.resolved',
  'tender.awarded',
  'tender.award_confirmed',
  'tender.award_declined',
  'tender.award_no_show',
  'tender.bought_now',
  'share_link.created',
  'share_link.revoked',
  'shipment.award_signed',
  'user.telegram_linked',
  'report.subject_hidden',
  'company.back_to_review',
  'shipment.waybill_updated',
  'shipment.waybill_created',
  'shipment.waybill_signed',
  'shipment.waybill_status',
  'company.didox_session',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action was done to. */
export const AUDIT_SUBJECT_TYPES = ['user', 'company', 'tender', 'shipment', 'report', 'share_link'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** The longest user agent kept: enough to tell the browser and the system, not a place to store a payload. */
export const AUDIT_USER_AGENT_MAX = 300;
export const AUDIT_PAGE_LIMIT_MAX = 100;
export const AUDIT_PAGE_LIMIT_DEFAULT = 50;

/** A detail of an entry: small scalar values only (a reason, a bid id, how many), nothing secret. */
const detailValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditEntry = z
  .object({
    id: z.number().int(),
    at: z.string().describe('When it happened (UTC, ISO 8601)'),
    actor: z
      .object({ id: z.number().int(), name: z.string(), email: z.string() })
      .nullable()
      .describe('Who did it; null for the schedule (a deadline) and for a failed sign-in'),
    action: z.enum(AUDIT_ACTIONS),
    subject_type: z.enum(AUDIT_SUBJECT_TYPES).nullable(),
    subject_id: z.string().nullable(),
    ip: z.string().nullable().describe('The client address (behind TRUST_PROXY: the forwarded one)'),
    user_agent: z.string().nullable(),
    details: z.record(z.string(), detailValue),
  })
  .meta({
    examples: [
      {
        id: 41,
        at: '2026-11-24T10:15:00.000Z',
        actor: { id: 3, name: 'Aziz Rahimov', email: 'moderator@example.uz' },
        action: 'company.suspended',
        subject_type: 'company',
        subject_id: '12',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
        details: { reason: 'Forged licence' },
      },
    ],
  });
export type AuditEntry = z.infer<typeof auditEntry>;

// ---------------------------------------------------------------------------------------------------
// GET /api/admin/audit: filters and paging. Empty parameters count as absent, as in the tender list.

const blank = (text: string | undefined) => text === undefined || text.trim() === '';

const enumParam = <const T extends readonly [string, ...string[]]>(values: T) => {
  const isOneOf = (text: string): text is T[number] => (values as readonly string[]).includes(text);
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || blank(text)) return undefined;
      if (!isOneOf(text)) {
        ctx.addIssue({ code: 'custom', message: 'one_of' });
        return z.NEVER;
      }
      return text;
    });
};

const idParam = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || blank(text)) return undefined;
    if (!/^\d{1,10}$/.test(text.trim()) || Number(text) < 1 || Number(text) > MAX_RECORD_ID) {
      ctx.addIssue({ code: 'custom', message: 'integer' });
      return z.NEVER;
    }
    return Number(text);
  });

/**
 * `from` / `to`: a Tashkent business date (YYYY-MM-DD: from its first second, to its last) or an instant with
 * its offset. Epoch ms.
 */
const timeParam = (edge: 'start' | 'end') =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || blank(text)) return undefined;
      const value = text.trim();
      if (z.iso.date().safeParse(value).success) {
        const endMs = endOfMarketDayMs(value);
        return edge === 'start' ? endMs - 86_399_000 : endMs + 999;
      }
      const ms = Date.parse(value);
      if (value.length > 40 || !z.iso.datetime({ offset: true }).safeParse(value).success || !Number.isFinite(ms)) {
        ctx.addIssue({ code: 'custom', message: 'instant' });
        return z.NEVER;
      }
      return ms;
    });

/** The paging cursor: the id the next page continues below (newest first), as text. */
const cursorParam = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || blank(text)) return undefined;
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_RECORD_ID) {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return Number(text);
  });

export const auditQuery = z
  .object({
    actor: idParam.describe('The id of the user who acted'),
    action: enumParam(AUDIT_ACTIONS).describe('One action of the list'),
    from: timeParam('start').describe('From this Tashkent date (YYYY-MM-DD) or instant (ISO 8601 with offset)'),
    to: timeParam('end').describe('Up to this Tashkent date (inclusive) or instant'),
    subject_type: enumParam(AUDIT_SUBJECT_TYPES).describe('What the action was done to'),
    subject_id: z
      .string()
      .max(64, { error: 'too_long' })
      .regex(/^[\w-]*$/, { error: 'invalid' })
      .optional()
      .transform((text) => (text === undefined || text === '' ? undefined : text))
      .describe('Its id (with subject_type)'),
    limit: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || blank(text)) return AUDIT_PAGE_LIMIT_DEFAULT;
        const value = Number(text);
        if (!/^\d{1,4}$/.test(text.trim()) || value < 1 || value > AUDIT_PAGE_LIMIT_MAX) {
          ctx.addIssue({ code: 'custom', message: value > AUDIT_PAGE_LIMIT_MAX ? 'too_large' : 'integer' });
          return z.NEVER;
        }
        return value;
      })
      .describe(`Entries per page, 1–${AUDIT_PAGE_LIMIT_MAX} (default ${AUDIT_PAGE_LIMIT_DEFAULT})`),
    cursor: cursorParam.describe('The X-Next-Cursor of the previous page'),
  })
  .superRefine((query, ctx) => {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'from_after_to' });
    }
    if (query.subject_id !== undefined && query.subject_type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['subject_type'], message: 'required' });
    }
  });
export type AuditQuery = z.input<typeof auditQuery>;
export type AuditFilters = z.output<typeof auditQuery>;
