import type { Db } from '../../db/database.js';
import type { TenderQuestionsTable } from './tender-questions.tables.js';

const withAsker = (db: Db) =>
  db
    .selectFrom('tender_questions as q')
    .innerJoin('users as u', 'u.id', 'q.asker_id')
    .select([
      'q.id',
      'q.tender_id',
      'q.asker_id',
      'q.text',
      'q.answer_text',
      'q.answered_at',
      'q.hidden_at',
      'q.created_at',
      'u.first_name',
      'u.last_name',
    ]);

export type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

/**
 * The questions of a tender a reader may see, oldest first: the answered ones, and the unanswered ones only
 * when the reader is the owner (`everything`) or asked them.
 */
export function listQuestions(db: Db, tenderId: number, readerId: number, everything: boolean) {
  let query = withAsker(db).where('q.tender_id', '=', tenderId);
  if (!everything) {
    query = query.where((eb) => eb.or([eb('q.answered_at', 'is not', null), eb('q.asker_id', '=', readerId)]));
  }
  return query.orderBy('q.id').execute();
}

export function findQuestion(db: Db, tenderId: number, questionId: number) {
  return withAsker(db).where('q.tender_id', '=', tenderId).where('q.id', '=', questionId).executeTakeFirst();
}

export async function insertQuestion(
  trx: Db,
  values: Pick<TenderQuestionsTable, 'tender_id' | 'asker_id' | 'text' | 'created_at'>,
): Promise<number> {
  const row = await trx
    .insertInto('tender_questions')
    .values({ ...values, answer_text: null, answered_at: null, hidden_by: null, hidden_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers a question once: false when it was already answered (or hidden) meanwhile. */
export async function answerQuestion(trx: Db, questionId: number, text: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('tender_questions')
    .set({ answer_text: text, answered_at: at })
    .where('id', '=', questionId)
    .where('answered_at', 'is', null)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A question by its id alone (a report names it), with its tender. */
export function findQuestionById(db: Db, questionId: number) {
  return db
    .selectFrom('tender_questions')
    .select(['id', 'tender_id', 'asker_id', 'text', 'answer_text', 'answered_at', 'hidden_at'])
    .where('id', '=', questionId)
    .executeTakeFirst();
}

/** Hides a question and its answer; false when it was hidden already. */
export async function hideQuestion(trx: Db, questionId: number, moderatorId: number, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('tender_questions')
    .set({ hidden_by: moderatorId, hidden_at: at })
    .where('id', '=', questionId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The texts of questions by id (a moderator reads what was reported). */
export function questionTexts(db: Db, ids: readonly number[]) {
  return db.selectFrom('tender_questions').select(['id', 'text']).where('id', 'in', ids).execute();
}
