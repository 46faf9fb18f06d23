import { sql } from 'kysely';
import { notNull, withId, type MigrationDb, type MigrationFactory } from './helpers.js';

/**
 * Trust: a company profile per user with its verification and suspension, the moderators' decisions, reports,
 * the moderator role and verified-only tenders.
 */
export const trustMigration: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('users')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
      .execute();
    await db.schema
      .alterTable('tenders')
      .addColumn('verified_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('companies'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('stir', 'text', (c) => c.notNull().defaultTo(''))
      // shipper | carrier | both; null until filled in
      .addColumn('kind', 'text')
      .addColumn('legal_address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('director', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('licence_file_id', 'text')
      .addColumn('registration_certificate_file_id', 'text')
      // unverified | pending | verified | rejected
      .addColumn('verification_status', 'text', (c) => c.notNull().defaultTo('unverified'))
      .addColumn('rejection_reason', 'text')
      .addColumn('verified_at', 'text')
      .addColumn('suspended_at', 'text')
      .addColumn('suspension_reason', 'text')
      .addColumn('created_at', 'text', notNull)
      .addColumn('updated_at', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('companies_status_idx')
      .on('companies')
      .columns(['verification_status', 'updated_at'])
      .execute();
    // every public tender list asks for the suspended owners: an index of the few that are
    await db.schema
      .createIndex('companies_suspended_idx')
      .on('companies')
      .column('user_id')
      .where(sql.ref('suspended_at'), 'is not', null)
      .execute();
    // two verified companies never share a STIR
    await db.schema
      .createIndex('companies_verified_stir_idx')
      .unique()
      .on('companies')
      .column('stir')
      .where(sql.ref('verification_status'), '=', 'verified')
      .execute();

    await withId(db.schema.createTable('company_decisions'), dialect)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('moderator_id', 'integer', (c) => c.notNull().references('users.id'))
      // verify | reject | suspend | unsuspend
      .addColumn('action', 'text', notNull)
      .addColumn('reason', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('company_decisions_company_idx')
      .on('company_decisions')
      .columns(['company_id', 'id'])
      .execute();

    await withId(db.schema.createTable('reports'), dialect)
      .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('subject_type', 'text', notNull)
      .addColumn('subject_id', 'integer', notNull)
      .addColumn('reason', 'text', notNull)
      .addColumn('text', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('resolved_by', 'integer', (c) => c.references('users.id'))
      .addColumn('resolved_at', 'text')
      .addColumn('created_at', 'text', notNull)
      .execute();
    await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'id']).execute();
    await db.schema.createIndex('reports_reporter_idx').on('reports').columns(['reporter_id', 'created_at']).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('reports').execute();
    await db.schema.dropTable('company_decisions').execute();
    await db.schema.dropTable('companies').execute();
    await db.schema.alterTable('tenders').dropColumn('verified_only').execute();
    await db.schema.alterTable('users').dropColumn('role').execute();
  },
});
