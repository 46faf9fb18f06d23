import type { z } from 'zod';
import { REPORTS_PER_DAY, endOfMarketDayMs, marketToday, type Report, type reportInput } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/index.js';
import { findFilledCompany } from '../companies/index.js';
import { assertModerator, findUserByEmail, grantModerator } from '../users/index.js';
import { visibleTender } from '../tenders/index.js';
import * as repo from './moderation.repository.js';

export interface ModerationContext {
  db: Db;
}

type ReportValues = z.output<typeof reportInput>;

const toReport = (row: Awaited<ReturnType<typeof repo.listReports>>[number]): Report => ({
  id: row.id,
  subject_type: row.subject_type,
  subject_id: row.subject_id,
  reason: row.reason,
  text: row.text,
  status: row.status,
  reporter_id: row.reporter_id,
  created_at: row.created_at,
  resolved_at: row.resolved_at,
});

/** The start of today in Tashkent, as the ISO text the reports are stamped with. */
function startOfMarketDay(now: Date): string {
  return new Date(endOfMarketDayMs(marketToday(now)) - 86_399_000).toISOString();
}

/** Any signed-in user reports a company or a tender, at most REPORTS_PER_DAY a day. */
export async function fileReport(ctx: ModerationContext, reporterId: number, values: ReportValues): Promise<Report> {
  if (values.subject_type === 'company') {
    if (!(await findFilledCompany(ctx.db, values.subject_id))) throw new AppError('REPORT_SUBJECT_NOT_FOUND');
  } else {
    await visibleTender(ctx, reporterId, values.subject_id).catch(() => {
      throw new AppError('REPORT_SUBJECT_NOT_FOUND');
    });
  }
  const now = new Date();
  const row = await repo.insertReportWithinLimit(ctx.db, {
    reporterId,
    values,
    createdAt: now.toISOString(),
    since: startOfMarketDay(now),
    limit: REPORTS_PER_DAY,
  });
  if (!row) throw new AppError('TOO_MANY_REPORTS', { params: { max: REPORTS_PER_DAY } });
  return toReport(row);
}

export async function listReports(ctx: ModerationContext, moderatorId: number): Promise<Report[]> {
  await assertModerator(ctx.db, moderatorId);
  return (await repo.listReports(ctx.db)).map(toReport);
}

export async function resolveReport(ctx: ModerationContext, moderatorId: number, reportId: number): Promise<Report> {
  await assertModerator(ctx.db, moderatorId);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const resolved = await repo.resolveReport(trx, reportId, moderatorId, new Date().toISOString());
    if (!resolved) throw new AppError('REPORT_NOT_FOUND');
    await recordAudit(trx, {
      actorUserId: moderatorId,
      action: 'report.resolved',
      subject: { type: 'report', id: reportId },
      details: { about: `${resolved.subject_type}:${resolved.subject_id}` },
    });
    return resolved;
  });
  return toReport(row);
}

/** A moderator makes another user a moderator (the first one comes from the command line). */
export async function grantModeratorRole(
  ctx: ModerationContext,
  moderatorId: number,
  email: string,
): Promise<{ email: string; role: 'moderator' }> {
  await assertModerator(ctx.db, moderatorId);
  const address = email.trim().toLowerCase();
  await ctx.db.transaction().execute(async (trx) => {
    const target = await findUserByEmail(trx, address);
    if (!target || !(await grantModerator(trx, address))) throw new AppError('USER_NOT_FOUND');
    await recordAudit(trx, {
      actorUserId: moderatorId,
      action: 'user.role_granted',
      subject: { type: 'user', id: target.id },
      details: { role: 'moderator' },
    });
  });
  return { email: address, role: 'moderator' };
}
