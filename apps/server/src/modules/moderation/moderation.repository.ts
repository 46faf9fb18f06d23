import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ReportsTable } from './moderation.tables.js';

const reportColumns = [
  'id',
  'reporter_id',
  'subject_type',
  'subject_id',
  'reason',
  'text',
  'status',
  'created_at',
  'resolved_at',
] as const;

/**
 * Files a report unless the reporter has already filed `limit` since `since`: the count and the insert are
 * one statement.
 */
export function insertReportWithinLimit(
  db: Db,
  args: {
    reporterId: number;
    values: {
      subject_type: ReportsTable['subject_type'];
      subject_id: number;
      reason: ReportsTable['reason'];
      text: string | null;
    };
    createdAt: string;
    since: string;
    limit: number;
  },
) {
  const { reporterId, values, createdAt, since, limit } = args;
  return db
    .insertInto('reports')
    .columns(['reporter_id', 'subject_type', 'subject_id', 'reason', 'text', 'created_at'])
    .expression(
      db
        .selectNoFrom([
          sql<number>`cast(${reporterId} as integer)`.as('reporter_id'),
          sql<string>`cast(${values.subject_type} as text)`.as('subject_type'),
          sql<number>`cast(${values.subject_id} as integer)`.as('subject_id'),
          sql<string>`cast(${values.reason} as text)`.as('reason'),
          sql<string | null>`cast(${values.text} as text)`.as('text'),
          sql<string>`cast(${createdAt} as text)`.as('created_at'),
        ])
        .where(
          sql<number>`(select count(*) from reports where reporter_id = ${reporterId} and created_at >= ${since})`,
          '<',
          limit,
        ),
    )
    .returning(reportColumns)
    .executeTakeFirst();
}

export function listReports(db: Db) {
  return db
    .selectFrom('reports')
    .select(reportColumns)
    .orderBy(sql`case when status = 'open' then 0 else 1 end`)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export function resolveReport(db: Db, id: number, moderatorId: number, at: string) {
  return db
    .updateTable('reports')
    .set({ status: 'resolved', resolved_by: moderatorId, resolved_at: at })
    .where('id', '=', id)
    .returning(reportColumns)
    .executeTakeFirst();
}

export function findReport(db: Db, id: number) {
  return db.selectFrom('reports').select(reportColumns).where('id', '=', id).executeTakeFirst();
}
