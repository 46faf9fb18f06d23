import type { AuditAction, AuditEntry, AuditFilters, AuditSubjectType } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import { requestOrigin, type RequestOrigin } from '../../plugins/request-origin.js';
import * as repo from './audit.repository.js';

type DetailValue = string | number | boolean | null;

/** One action for the trail. Who and what are said by the caller; where from is the request being served. */
export interface AuditRecord {
  /** Who acted; null for the schedule and for a failed sign-in. */
  actorUserId: number | null;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: number | string } | null;
  /** Small scalars only (a reason, a bid id); never a password, a token or a code. */
  details?: Record<string, DetailValue | undefined>;
  /**
   * Defaults to the request being served; null for none: the schedule's actions say so, since work a request
   * sets going (a timer) would otherwise carry that request's origin along.
   */
  origin?: RequestOrigin | null;
  /** Defaults to now. */
  at?: string;
}

const DETAIL_KEYS_MAX = 12;
const DETAIL_TEXT_MAX = 500;

function cleanDetails(details: AuditRecord['details']): string {
  const kept: Record<string, DetailValue> = {};
  for (const [key, value] of Object.entries(details ?? {}).slice(0, DETAIL_KEYS_MAX)) {
    if (value === undefined) continue;
    kept[key] = typeof value === 'string' ? value.slice(0, DETAIL_TEXT_MAX) : value;
  }
  return JSON.stringify(kept);
}

/**
 * Appends an entry to the audit trail. Call it with the transaction of the action itself: an action rolled
 * back leaves no entry, and a committed one always has its entry.
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  const origin = record.origin === undefined ? requestOrigin() : record.origin;
  await repo.insertAuditEntry(db, {
    at: record.at ?? new Date().toISOString(),
    actor_user_id: record.actorUserId,
    action: record.action,
    subject_type: record.subject?.type ?? null,
    subject_id: record.subject === null ? null : String(record.subject.id),
    ip: origin?.ip ?? null,
    user_agent: origin?.userAgent ?? null,
    details: cleanDetails(record.details),
  });
}

/**
 * An attempted e-mail as the trail keeps it: the first letter and the domain ("d***@example.uz"). Enough to
 * see which address was tried, without keeping what was typed (people type a password there by mistake);
 * text that is not an e-mail is not kept at all.
 */
export function maskEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1 || /\s/.test(email)) return null;
  return `${email[0]}***${email.slice(at)}`.slice(0, 120);
}

/** A phone as the trail keeps it: the country code and the last two digits (+998*******67). */
export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}${'*'.repeat(phone.length - 6)}${phone.slice(-2)}` : '***';
}

export interface AuditContext {
  db: Db;
  /** The moderators' check of the users module, handed in by the app (the users module records to the trail). */
  assertModerator: (db: Db, userId: number) => Promise<void>;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  nextCursor: string | undefined;
}

function parseDetails(text: string): AuditEntry['details'] {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as AuditEntry['details'])
      : {};
  } catch {
    return {};
  }
}

/** Moderators read the trail, newest first, filtered and paged. */
export async function listAudit(ctx: AuditContext, moderatorId: number, query: AuditFilters): Promise<AuditPage> {
  await ctx.assertModerator(ctx.db, moderatorId);
  const { limit, cursor, ...filters } = query;
  const [rows, total] = await Promise.all([
    repo.listAuditEntries(ctx.db, filters, limit, cursor),
    repo.countAuditEntries(ctx.db, filters),
  ]);
  const { page, hasMore } = pageOf(rows, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at,
      actor:
        row.actor_user_id === null
          ? null
          : {
              id: row.actor_user_id,
              name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
              email: row.email ?? '',
            },
      action: row.action,
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      ip: row.ip,
      user_agent: row.user_agent,
      details: parseDetails(row.details),
    })),
    total,
    nextCursor: hasMore && last ? String(last.id) : undefined,
  };
}
