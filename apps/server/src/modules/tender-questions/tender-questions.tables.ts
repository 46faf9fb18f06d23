import type { Generated } from 'kysely';

/** A carrier's question on a tender and the owner's answer (decision 031). */
export interface TenderQuestionsTable {
  id: Generated<number>;
  tender_id: number;
  asker_id: number;
  /** As typed; shown as text. */
  text: string;
  answer_text: string | null;
  answered_at: string | null;
  /** A moderator hid it (kept, and in the audit trail). */
  hidden_by: number | null;
  hidden_at: string | null;
  created_at: string;
}

export interface TenderQuestionsTables {
  tender_questions: TenderQuestionsTable;
}
