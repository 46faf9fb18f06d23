import type { Generated } from 'kysely';
import type { ReportSubject } from '@yuk/shared';

/** What signed-in users report about a company or a tender, for moderators to look into. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  subject_type: ReportSubject;
  subject_id: number;
  reason: 'fraud' | 'no_show' | 'late_payment' | 'spam' | 'other';
  text: string | null;
  status: Generated<'open' | 'resolved'>;
  resolved_by: number | null;
  resolved_at: string | null;
  created_at: string;
}

export interface ModerationTables {
  reports: ReportsTable;
}
