import { sql } from 'kysely';
import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * The audit trail and the sessions a user can see (decision 025). The trail is append-only: a trigger on each
 * engine refuses every UPDATE and DELETE of its rows (and TRUNCATE on PostgreSQL), whatever code or console
 * asks. Sessions gain where they were last used from and when, for the user's list of their sign-ins.
 */
export const auditTrailMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('at', 'text', notNull)
      .addColumn('actor_user_id', 'integer')
      .addColumn('action', 'text', notNull)
      .addColumn('subject_type', 'text')
      .addColumn('subject_id', 'text')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    // the moderators' filters, each read newest first (by id); a company's history by its subject
    await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_user_id', 'id']).execute();
    await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at']).execute();
    await db.schema
      .createIndex('audit_log_subject_idx')
      .on('audit_log')
      .columns(['subject_type', 'subject_id', 'id'])
      .execute();

    if (dialect === 'postgres') {
      await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
        end
        $$`.execute(db);
      await sql`create trigger audit_log_no_change before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
      await sql`create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_append_only()`.execute(db);
    } else {
      await sql`create trigger audit_log_no_update before update on audit_log
        begin select raise(abort, 'audit_log is append-only: UPDATE refused'); end`.execute(db);
      await sql`create trigger audit_log_no_delete before delete on audit_log
        begin select raise(abort, 'audit_log is append-only: DELETE refused'); end`.execute(db);
    }

    await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
    await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
    await db.schema.alterTable('sessions').dropColumn('ip').execute();
    // dropping the table drops its triggers on both engines
    await db.schema.dropTable('audit_log').execute();
    if (dialect === 'postgres') await sql`drop function audit_log_append_only()`.execute(db);
  },
});
