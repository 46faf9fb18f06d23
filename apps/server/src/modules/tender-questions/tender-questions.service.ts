import { oneLinePreview, pathTo, webRoutes, type TenderQuestion } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { findBidderIds } from '../bids/index.js';
import { announce, recordNotifications, type NotificationDraft } from '../notifications/index.js';
import {
  clockMs,
  findTenderSummary,
  liveStateOf,
  tenderQuestionsChannel,
  visibleTender,
  type TenderState,
} from '../tenders/index.js';
import * as repo from './tender-questions.repository.js';

export interface TenderQuestionsContext {
  db: Db;
  bus: EventBus;
  /** Tests move the clock. */
  now?: () => Date;
}

function present(row: repo.QuestionRow, readerId: number, ownerId: number): TenderQuestion {
  const hidden = row.hidden_at !== null;
  const named = readerId === ownerId || readerId === row.asker_id;
  return {
    id: row.id,
    tender_id: row.tender_id,
    text: hidden ? null : row.text,
    asker_name: named ? `${row.first_name} ${row.last_name}` : null,
    mine: row.asker_id === readerId,
    answer: row.answered_at === null ? null : { text: hidden ? null : row.answer_text, answered_at: row.answered_at },
    hidden,
    created_at: row.created_at,
  };
}

/** Tells the tender's open pages (on every instance) that its questions changed; each reads again what it may see. */
export async function publishQuestionsChanged(bus: EventBus, tenderId: number, questionId: number): Promise<void> {
  await bus.publish(tenderQuestionsChannel(tenderId), { id: questionId });
}

/**
 * The questions of a tender the reader may see (a tender they cannot see: TENDER_NOT_FOUND): the answered ones
 * with their answers, and the unanswered ones only for the owner and their asker.
 */
export async function listQuestions(
  ctx: TenderQuestionsContext,
  userId: number,
  tenderId: number,
): Promise<TenderQuestion[]> {
  const tender = await visibleTender(ctx, userId, tenderId);
  const rows = await repo.listQuestions(ctx.db, tenderId, userId, tender.owner_id === userId);
  return rows.map((row) => present(row, userId, tender.owner_id));
}

const tenderLink = (tenderId: number) => pathTo(webRoutes.tender, { id: tenderId });

/** Anyone who can see an open tender, but its owner, asks; the owner is told. */
export async function askQuestion(
  ctx: TenderQuestionsContext,
  userId: number,
  tenderId: number,
  text: string,
): Promise<TenderQuestion> {
  const tender = await visibleTender(ctx, userId, tenderId);
  if (tender.owner_id === userId) throw new AppError('QUESTION_OWN_TENDER');
  if (liveStateOf(tender, clockMs(ctx)).status !== 'opened') throw new AppError('TENDER_NOT_OPEN');
  const createdAt = new Date(clockMs(ctx)).toISOString();
  const { id, told } = await ctx.db.transaction().execute(async (trx) => {
    const questionId = await repo.insertQuestion(trx, {
      tender_id: tenderId,
      asker_id: userId,
      text,
      created_at: createdAt,
    });
    const summary = await findTenderSummary(trx, tenderId);
    const users = await recordNotifications(trx, [
      {
        userId: tender.owner_id,
        kind: 'question_asked',
        params: { number: summary.number, name: summary.name, question: oneLinePreview(text) },
        link: tenderLink(tenderId),
      },
    ]);
    return { id: questionId, told: users };
  });
  await announce(ctx.bus, told);
  await publishQuestionsChanged(ctx.bus, tenderId, id);
  return present(await foundQuestion(ctx.db, tenderId, id), userId, tender.owner_id);
}

async function foundQuestion(db: Db, tenderId: number, questionId: number): Promise<repo.QuestionRow> {
  const row = await repo.findQuestion(db, tenderId, questionId);
  if (!row) throw new AppError('QUESTION_NOT_FOUND');
  return row;
}

/**
 * A question of a tender as someone who can see the tender finds it: an unanswered one exists only for the
 * owner and its asker.
 */
async function questionFor(ctx: TenderQuestionsContext, userId: number, tender: TenderState, questionId: number) {
  const row = await repo.findQuestion(ctx.db, tender.id, questionId);
  if (!row || (row.answered_at === null && userId !== tender.owner_id && userId !== row.asker_id)) {
    throw new AppError('QUESTION_NOT_FOUND');
  }
  return row;
}

/**
 * The owner answers a question once; its asker and everyone who bid on the tender are told (an answer can change
 * what a bid is worth).
 */
export async function answerQuestion(
  ctx: TenderQuestionsContext,
  userId: number,
  tenderId: number,
  questionId: number,
  text: string,
): Promise<TenderQuestion> {
  const tender = await visibleTender(ctx, userId, tenderId);
  const question = await questionFor(ctx, userId, tender, questionId);
  if (tender.owner_id !== userId) throw new AppError('QUESTION_OWNER_ONLY');
  if (question.hidden_at !== null) throw new AppError('QUESTION_HIDDEN');
  const at = new Date(clockMs(ctx)).toISOString();
  const told = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.answerQuestion(trx, questionId, text, at))) throw new AppError('QUESTION_ALREADY_ANSWERED');
    const summary = await findTenderSummary(trx, tenderId);
    const bidders = await findBidderIds(trx, tenderId);
    const recipients = [...new Set([question.asker_id, ...bidders])].filter((id) => id !== tender.owner_id);
    const params = {
      number: summary.number,
      name: summary.name,
      question: oneLinePreview(question.text, 80),
      answer: oneLinePreview(text),
    };
    const drafts: NotificationDraft[] = recipients.map((recipient) => ({
      userId: recipient,
      kind: 'question_answered',
      params,
      link: tenderLink(tenderId),
    }));
    return recordNotifications(trx, drafts);
  });
  await announce(ctx.bus, told);
  await publishQuestionsChanged(ctx.bus, tenderId, questionId);
  return present(await foundQuestion(ctx.db, tenderId, questionId), userId, tender.owner_id);
}

/** For a report: the question's text when the reporter can read it (else undefined, as if there were none). */
export async function reportableQuestion(
  ctx: { db: Db },
  userId: number,
  questionId: number,
): Promise<{ text: string } | undefined> {
  const row = await repo.findQuestionById(ctx.db, questionId);
  if (!row) return undefined;
  const tender = await visibleTender(ctx, userId, row.tender_id).catch(() => undefined);
  if (!tender) return undefined;
  if (row.answered_at === null && userId !== tender.owner_id && userId !== row.asker_id) return undefined;
  return { text: row.text };
}

/** A moderator hides a question and its answer, in the caller's transaction; false when there is none to hide. */
export async function hideQuestion(trx: Db, moderatorId: number, questionId: number, at: string) {
  const row = await repo.findQuestionById(trx, questionId);
  if (!row) return undefined;
  const hidden = await repo.hideQuestion(trx, questionId, moderatorId, at);
  return { hidden, tenderId: row.tender_id, text: row.text };
}

/** What the reported questions say, by id, for moderators. */
export async function reportedQuestionTexts(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await repo.questionTexts(db, ids)).map((row) => [row.id, row.text]));
}
