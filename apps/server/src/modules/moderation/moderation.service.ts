import type { z } from 'zod';
import { REPORTS_PER_DAY, endOfMarketDayMs, marketToday, type Report, type reportInput } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/index.js';
import { findFilledCompany } from '../companies/index.js';
import { assertModerator, findUserByEmail, grantModerator } from '../users/index.js';
import { visibleTender } from '../tenders/index.js';
import { announceEntry, hideMessage, reportableMessage, reportedMessageTexts } from '../conversations/index.js';
import type { FileLinks } from '../files/index.js';
import {
  hideQuestion,
  publishQuestionsChanged,
  reportableQuestion,
  reportedQuestionTexts,
} from '../tender-questions/index.js';
import type { EventBus } from '../../plugins/event-bus.js';
import * as repo from './moderation.repository.js';

export interface ModerationContext {
  db: Db;
  bus: EventBus;
  fileLinks: FileLinks;
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
  } else if (values.subject_type === 'tender_question') {
    // only what the reporter can read: an unanswered question of someone else is as if it did not exist
    if (!(await reportableQuestion(ctx, reporterId, values.subject_id))) throw new AppError('REPORT_SUBJECT_NOT_FOUND');
  } else if (values.subject_type === 'shipment_message') {
    if (!(await reportableMessage(ctx.db, reporterId, values.subject_id))) {
      throw new AppError('REPORT_SUBJECT_NOT_FOUND');
    }
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
  const reports = (await repo.listReports(ctx.db)).map(toReport);
  // what a reported question or message says, for the moderator to judge
  const idsOf = (type: Report['subject_type']) =>
    reports.filter((report) => report.subject_type === type).map((report) => report.subject_id);
  const [questions, messages] = await Promise.all([
    reportedQuestionTexts(ctx.db, idsOf('tender_question')),
    reportedMessageTexts(ctx.db, idsOf('shipment_message')),
  ]);
  const textsOf: Partial<Record<Report['subject_type'], Map<number, string>>> = {
    tender_question: questions,
    shipment_message: messages,
  };
  return reports.map((report) => {
    const said = textsOf[report.subject_type]?.get(report.subject_id);
    return said === undefined ? report : { ...report, subject_text: said };
  });
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

/**
 * A moderator hides the question or message a report is about (kept, shown as hidden by a moderator), and the
 * report is resolved; the audit trail keeps who hid what. Both in one transaction; the open pages see it after.
 */
export async function hideReportSubject(
  ctx: ModerationContext,
  moderatorId: number,
  reportId: number,
): Promise<Report> {
  await assertModerator(ctx.db, moderatorId);
  const at = new Date().toISOString();
  const { report, announce } = await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findReport(trx, reportId);
    if (!found) throw new AppError('REPORT_NOT_FOUND');
    let after: () => Promise<void>;
    if (found.subject_type === 'tender_question') {
      const question = await hideQuestion(trx, moderatorId, found.subject_id, at);
      if (!question) throw new AppError('REPORT_SUBJECT_NOT_FOUND');
      after = () => publishQuestionsChanged(ctx.bus, question.tenderId, found.subject_id);
    } else if (found.subject_type === 'shipment_message') {
      const message = await hideMessage(trx, moderatorId, found.subject_id, at);
      if (!message) throw new AppError('REPORT_SUBJECT_NOT_FOUND');
      after = () => announceEntry(ctx, message.number, found.subject_id);
    } else {
      throw new AppError('REPORT_NOT_HIDEABLE');
    }
    const resolved = (await repo.resolveReport(trx, reportId, moderatorId, at)) ?? found;
    await recordAudit(trx, {
      actorUserId: moderatorId,
      action: 'report.subject_hidden',
      subject: { type: 'report', id: reportId },
      details: { about: `${found.subject_type}:${found.subject_id}` },
    });
    return { report: resolved, announce: after };
  });
  await announce();
  return toReport(report);
}
