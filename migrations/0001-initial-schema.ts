// The initial schema. Frozen in time: later changes go in new numbered migrations.
// Written with Kysely's schema builder only (no dialect-specific raw SQL) so the same file
// runs on SQLite and PostgreSQL; only ids and floats take their type per engine (./dialect.ts).
// Timestamps are ISO-8601 text and dates 'YYYY-MM-DD' text, both set by the app; booleans are
// integers 0/1.
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { floatType, idColumn } from './dialect.ts';

const notNull = (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder => col.notNull();

/** Adds `state_id integer not null references state`, the owner of every state-owned row. */
function withStateId<TB extends string, C extends string>(
  table: CreateTableBuilder<TB, C>,
): CreateTableBuilder<TB, C | 'state_id'> {
  return table.addColumn('state_id', 'integer', (col) => col.notNull().references('state.state_id'));
}

/** Adds `created_at` and `updated_at`, ISO-8601 text set by the app. */
function withTimestamps<TB extends string, C extends string>(
  table: CreateTableBuilder<TB, C>,
): CreateTableBuilder<TB, C | 'created_at' | 'updated_at'> {
  return table.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull);
}

/** Adds an integer 0/1 column with a default and a check that it stays a boolean. */
function withFlag<N extends string>(tableName: string, name: N, defaultValue: 0 | 1) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>): CreateTableBuilder<TB, C | N> =>
    table
      .addColumn(name, 'integer', (col) => col.notNull().defaultTo(defaultValue))
      .addCheckConstraint(`${tableName}_${name}_check`, sql`${sql.ref(name)} in (0, 1)`);
}

interface ScoreTableShape {
  tableName: 'subsection_score' | 'penalty_score' | 'disqualification_score';
  itemTable: 'subsection' | 'penalty' | 'disqualification';
  /** The scored value: a subsection's score, a penalty's amount, nothing for a DQ. */
  valueColumn: 'score' | 'amount' | undefined;
  /** Penalties and disqualifications go through the coordinator's review. */
  isReviewed: boolean;
}

/** The three score tables share everything but the item they score. */
function buildScoreTable(db: Kysely<any>, shape: ScoreTableShape) {
  const { tableName, itemTable, valueColumn, isReviewed } = shape;
  const itemColumn = `${itemTable}_id`;
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable(tableName)
    .addColumn('score_id', 'text', (col) => col.primaryKey())
    .$call(withStateId)
    // Scores go with their event or category (a test event is deletable) but block the
    // deletion of a school, judge or criterion they refer to: no score vanishes silently.
    .addColumn('event_id', 'integer', (col) => col.notNull().references('event.event_id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('category.category_id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (col) => col.notNull().references('section.section_id'))
    .addColumn('school_id', 'integer', (col) => col.notNull().references('school.school_id'))
    .addColumn('judge_id', 'integer', (col) => col.notNull().references('app_user.user_id'))
    .addColumn(itemColumn, 'integer', (col) => col.notNull().references(`${itemTable}.${itemColumn}`));
  if (valueColumn !== undefined) {
    table = table.addColumn(valueColumn, floatType(db), notNull);
  }
  table = table.addColumn('comments', 'text').addColumn('photo_sha256', 'text');
  if (isReviewed) {
    // null = pending review (it still counts), 1 = confirmed, 0 = rejected by a coordinator.
    table = table
      .addColumn('is_confirmed', 'integer')
      .addColumn('reviewed_by', 'integer', (col) => col.references('app_user.user_id').onDelete('set null'))
      .addColumn('reviewed_at', 'text')
      .addCheckConstraint(`${tableName}_is_confirmed_check`, sql`is_confirmed is null or is_confirmed in (0, 1)`);
  }
  return table
    .addColumn('rev', 'integer', (col) => col.notNull().defaultTo(1))
    .$call(withTimestamps)
    .addUniqueConstraint(`${tableName}_cell_unique`, [
      'judge_id',
      'category_id',
      'section_id',
      'school_id',
      itemColumn,
    ]);
}

const scoreTables: readonly ScoreTableShape[] = [
  {
    tableName: 'subsection_score',
    itemTable: 'subsection',
    valueColumn: 'score',
    isReviewed: false,
  },
  { tableName: 'penalty_score', itemTable: 'penalty', valueColumn: 'amount', isReviewed: true },
  {
    tableName: 'disqualification_score',
    itemTable: 'disqualification',
    valueColumn: undefined,
    isReviewed: true,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('state')
    .addColumn('state_id', 'integer', (col) => col.primaryKey())
    .addColumn('state_name', 'text', (col) => col.notNull().unique())
    .addColumn('state_code', 'text', (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable('app_user')
    .addColumn('user_id', 'integer', idColumn(db))
    .$call(withStateId)
    // Stored lower-case by the app, so the plain unique constraint is case-insensitive in effect.
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('role', 'text', notNull)
    // Bumped to revoke every token issued before (logout, password reset, archive, role change).
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(withTimestamps)
    .addCheckConstraint('app_user_role_check', sql`role in ('ULTRA', 'SUPER', 'ADMIN', 'STANDARD', 'JUDGE')`)
    .execute();
  await db.schema.createIndex('app_user_state_id_idx').on('app_user').column('state_id').execute();

  await db.schema
    .createTable('account')
    .addColumn('account_id', 'integer', idColumn(db))
    .addColumn('state_id', 'integer', (col) => col.notNull().unique().references('state.state_id'))
    .addColumn('signup_date', 'text', notNull)
    .addColumn('expiration_date', 'text', notNull)
    .addColumn('primary_user_id', 'integer', (col) => col.references('app_user.user_id'))
    .$call(withTimestamps)
    .execute();

  await db.schema
    .createTable('judge_profile')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('app_user.user_id').onDelete('cascade'))
    .$call(withStateId)
    .$call(withFlag('judge_profile', 'is_archived', 0))
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('judge_profile_state_id_idx').on('judge_profile').column('state_id').execute();

  await db.schema
    .createTable('password_reset_token')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.user_id').onDelete('cascade'))
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('password_reset_token_user_id_idx')
    .on('password_reset_token')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('school')
    .addColumn('school_id', 'integer', idColumn(db))
    .$call(withStateId)
    .addColumn('school_name', 'text', notNull)
    .addColumn('principal', 'text', notNull)
    .addColumn('educator1', 'text', notNull)
    .addColumn('educator2', 'text')
    .addColumn('educator3', 'text')
    .addColumn('contact_name', 'text', notNull)
    .addColumn('contact_email', 'text', notNull)
    .addColumn('contact_phone', 'text', notNull)
    .$call(withTimestamps)
    .execute();
  await db.schema.createIndex('school_state_id_idx').on('school').column('state_id').execute();

  await db.schema
    .createTable('event')
    .addColumn('event_id', 'integer', idColumn(db))
    .$call(withStateId)
    .addColumn('event_name', 'text', notNull)
    .addColumn('start_date', 'text', notNull)
    .addColumn('start_time', 'text')
    .addColumn('end_date', 'text', notNull)
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('NOT_STARTED'))
    .$call(withFlag('event', 'is_test_event', 0))
    .addColumn('started_at', 'text')
    .addColumn('closed_at', 'text')
    .$call(withTimestamps)
    .addCheckConstraint('event_status_check', sql`status in ('NOT_STARTED', 'STARTED', 'CLOSED')`)
    .execute();
  await db.schema.createIndex('event_state_id_idx').on('event').column('state_id').execute();

  await db.schema
    .createTable('category')
    .addColumn('category_id', 'integer', idColumn(db))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('event.event_id').onDelete('cascade'))
    .$call(withStateId)
    .addColumn('category_name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('category_event_id_idx').on('category').column('event_id').execute();

  await db.schema
    .createTable('category_registration')
    .addColumn('category_id', 'integer', (col) => col.notNull().references('category.category_id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (col) => col.notNull().references('school.school_id'))
    .$call(withStateId)
    .addColumn('students_json', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('school_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('registered_at', 'text', notNull)
    .addPrimaryKeyConstraint('category_registration_pk', ['category_id', 'school_id'])
    .execute();
  await db.schema
    .createIndex('category_registration_school_id_idx')
    .on('category_registration')
    .column('school_id')
    .execute();

  await db.schema
    .createTable('section')
    .addColumn('section_id', 'integer', idColumn(db))
    .$call(withStateId)
    .addColumn('section_name', 'text', notNull)
    .addColumn('section_description', 'text')
    .$call(withTimestamps)
    .execute();
  await db.schema.createIndex('section_state_id_idx').on('section').column('state_id').execute();

  await db.schema
    .createTable('subsection')
    .addColumn('subsection_id', 'integer', idColumn(db))
    .addColumn('section_id', 'integer', (col) => col.notNull().references('section.section_id').onDelete('cascade'))
    .$call(withStateId)
    .addColumn('subsection_name', 'text', notNull)
    .addColumn('subsection_description', 'text')
    .addColumn('max_score', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addCheckConstraint('subsection_max_score_check', sql`max_score between 1 and 20`)
    .execute();
  await db.schema.createIndex('subsection_section_id_idx').on('subsection').column('section_id').execute();

  await db.schema
    .createTable('penalty')
    .addColumn('penalty_id', 'integer', idColumn(db))
    .$call(withStateId)
    .addColumn('penalty_name', 'text', notNull)
    // The fixed deduction, or for a time-based (dynamic) penalty the maximum one.
    .addColumn('deduction', 'integer', notNull)
    .$call(withFlag('penalty', 'is_dynamic', 0))
    .addColumn('created_at', 'text', notNull)
    .addCheckConstraint('penalty_deduction_check', sql`deduction between 1 and 20`)
    .execute();
  await db.schema.createIndex('penalty_state_id_idx').on('penalty').column('state_id').execute();

  await db.schema
    .createTable('disqualification')
    .addColumn('disqualification_id', 'integer', idColumn(db))
    .$call(withStateId)
    .addColumn('disqualification_name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('disqualification_state_id_idx').on('disqualification').column('state_id').execute();

  await db.schema
    .createTable('section_penalty')
    .addColumn('section_id', 'integer', (col) => col.notNull().references('section.section_id').onDelete('cascade'))
    .addColumn('penalty_id', 'integer', (col) => col.notNull().references('penalty.penalty_id').onDelete('cascade'))
    .$call(withStateId)
    .addPrimaryKeyConstraint('section_penalty_pk', ['section_id', 'penalty_id'])
    .execute();
  await db.schema.createIndex('section_penalty_penalty_id_idx').on('section_penalty').column('penalty_id').execute();

  await db.schema
    .createTable('section_disqualification')
    .addColumn('section_id', 'integer', (col) => col.notNull().references('section.section_id').onDelete('cascade'))
    .addColumn('disqualification_id', 'integer', (col) =>
      col.notNull().references('disqualification.disqualification_id').onDelete('cascade'),
    )
    .$call(withStateId)
    .addPrimaryKeyConstraint('section_disqualification_pk', ['section_id', 'disqualification_id'])
    .execute();
  await db.schema
    .createIndex('section_disqualification_disqualification_id_idx')
    .on('section_disqualification')
    .column('disqualification_id')
    .execute();

  await db.schema
    .createTable('category_section')
    .addColumn('category_id', 'integer', (col) => col.notNull().references('category.category_id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (col) => col.notNull().references('section.section_id'))
    .$call(withStateId)
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('category_section_pk', ['category_id', 'section_id'])
    .execute();
  await db.schema.createIndex('category_section_section_id_idx').on('category_section').column('section_id').execute();

  await db.schema
    .createTable('judge_assignment')
    .addColumn('category_id', 'integer', notNull)
    .addColumn('section_id', 'integer', notNull)
    .addColumn('judge_id', 'integer', (col) => col.notNull().references('app_user.user_id'))
    .$call(withStateId)
    .addColumn('created_at', 'text', notNull)
    .addPrimaryKeyConstraint('judge_assignment_pk', ['category_id', 'section_id', 'judge_id'])
    .addForeignKeyConstraint(
      'judge_assignment_category_section_fk',
      ['category_id', 'section_id'],
      'category_section',
      ['category_id', 'section_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('judge_assignment_judge_id_idx').on('judge_assignment').column('judge_id').execute();

  for (const shape of scoreTables) {
    await buildScoreTable(db, shape).execute();
    await db.schema
      .createIndex(`${shape.tableName}_category_judge_idx`)
      .on(shape.tableName)
      .columns(['category_id', 'judge_id'])
      .execute();
    await db.schema
      .createIndex(`${shape.tableName}_category_school_idx`)
      .on(shape.tableName)
      .columns(['category_id', 'school_id'])
      .execute();
  }

  // A row present means the judge submitted the category and it is locked for them.
  await db.schema
    .createTable('category_submission')
    .addColumn('category_id', 'integer', (col) => col.notNull().references('category.category_id').onDelete('cascade'))
    .addColumn('judge_id', 'integer', (col) => col.notNull().references('app_user.user_id'))
    .$call(withStateId)
    .addColumn('event_id', 'integer', (col) => col.notNull().references('event.event_id').onDelete('cascade'))
    .addColumn('submitted_at', 'text', notNull)
    .addPrimaryKeyConstraint('category_submission_pk', ['category_id', 'judge_id'])
    .execute();

  await db.schema
    .createTable('penalty_review')
    .addColumn('category_id', 'integer', (col) => col.notNull().references('category.category_id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (col) => col.notNull().references('school.school_id'))
    .$call(withStateId)
    .addColumn('event_id', 'integer', (col) => col.notNull().references('event.event_id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('PENDING'))
    .addColumn('reviewed_by', 'integer', (col) => col.references('app_user.user_id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addPrimaryKeyConstraint('penalty_review_pk', ['category_id', 'school_id'])
    .addCheckConstraint('penalty_review_status_check', sql`status in ('PENDING', 'COMPLETE')`)
    .execute();

  await db.schema
    .createTable('stored_file')
    .addColumn('file_id', 'text', (col) => col.primaryKey())
    .$call(withStateId)
    .addColumn('kind', 'text', notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('mime', 'text', notNull)
    .addColumn('size_bytes', 'integer', notNull)
    // A random name under the server's data directory, never a client-chosen path.
    .addColumn('storage_name', 'text', notNull)
    .addColumn('original_name', 'text')
    .addColumn('document_name', 'text')
    .addColumn('uploaded_by', 'integer', (col) => col.references('app_user.user_id').onDelete('set null'))
    .addColumn('created_at', 'text', notNull)
    .addCheckConstraint('stored_file_kind_check', sql`kind in ('photo', 'help_document')`)
    .execute();
  await db.schema.createIndex('stored_file_kind_state_idx').on('stored_file').columns(['kind', 'state_id']).execute();
  await db.schema
    .createIndex('stored_file_state_sha256_kind_unique')
    .on('stored_file')
    .columns(['state_id', 'sha256', 'kind'])
    .unique()
    .execute();

  await db.schema
    .createTable('public_request')
    .addColumn('request_id', 'integer', idColumn(db))
    .addColumn('kind', 'text', notNull)
    .$call(withStateId)
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('school_name', 'text')
    .addColumn('event_name', 'text')
    .addColumn('comments', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('handled_at', 'text')
    .addColumn('handled_by', 'integer', (col) => col.references('app_user.user_id').onDelete('set null'))
    .addCheckConstraint('public_request_kind_check', sql`kind in ('contact', 'overview', 'school_change')`)
    .execute();
  await db.schema
    .createIndex('public_request_state_created_idx')
    .on('public_request')
    .columns(['state_id', 'created_at'])
    .execute();

  // Requests are stored before they are emailed; an email failure never loses a request.
  await db.schema
    .createTable('email_outbox')
    .addColumn('email_id', 'integer', idColumn(db))
    .addColumn('to_address', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('body_text', 'text', notNull)
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('public_request_id', 'integer', (col) =>
      col.references('public_request.request_id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', notNull)
    .addColumn('sent_at', 'text')
    .addCheckConstraint('email_outbox_status_check', sql`status in ('pending', 'sent', 'failed')`)
    .execute();
  await db.schema.createIndex('email_outbox_status_idx').on('email_outbox').column('status').execute();

  // The audit trail outlives what it describes: entity ids are plain text, no cascades.
  await db.schema
    .createTable('audit_log')
    .addColumn('audit_id', 'integer', idColumn(db))
    .addColumn('state_id', 'integer', (col) => col.references('state.state_id'))
    .addColumn('user_id', 'integer', (col) => col.references('app_user.user_id').onDelete('set null'))
    .addColumn('action', 'text', notNull)
    .addColumn('entity_type', 'text', notNull)
    .addColumn('entity_id', 'text', notNull)
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('audit_log_state_created_idx')
    .on('audit_log')
    .columns(['state_id', 'created_at'])
    .execute();

  // Sync idempotency: written in the same transaction as the mutation's effect, so a replay
  // is answered with the stored result and changes nothing. Mutation ids are scoped per user.
  await db.schema
    .createTable('applied_mutation')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.user_id').onDelete('cascade'))
    .addColumn('mutation_id', 'text', notNull)
    .addColumn('device_id', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('payload_hash', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('result_json', 'text', notNull)
    .addColumn('applied_at', 'text', notNull)
    .addPrimaryKeyConstraint('applied_mutation_pk', ['user_id', 'mutation_id'])
    .addCheckConstraint('applied_mutation_status_check', sql`status in ('applied', 'rejected')`)
    .execute();

  // Refused mutations, kept for coordinators to see.
  await db.schema
    .createTable('rejected_mutation')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.user_id').onDelete('cascade'))
    .addColumn('mutation_id', 'text', notNull)
    .addColumn('device_id', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('payload_json', 'text', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('message', 'text', notNull)
    .$call(withStateId)
    .addColumn('event_id', 'integer', (col) => col.references('event.event_id').onDelete('cascade'))
    .addColumn('rejected_at', 'text', notNull)
    .addPrimaryKeyConstraint('rejected_mutation_pk', ['user_id', 'mutation_id'])
    .execute();
  await db.schema
    .createIndex('rejected_mutation_state_rejected_idx')
    .on('rejected_mutation')
    .columns(['state_id', 'rejected_at'])
    .execute();

  await db.schema
    .createTable('device_sync')
    .addColumn('device_id', 'text', notNull)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.user_id').onDelete('cascade'))
    .$call(withStateId)
    .addColumn('last_push_at', 'text')
    .addColumn('last_pull_at', 'text')
    .addPrimaryKeyConstraint('device_sync_pk', ['device_id', 'user_id'])
    .execute();

  // The frozen, final results of a closed event.
  await db.schema
    .createTable('results_snapshot')
    .addColumn('event_id', 'integer', (col) => col.primaryKey().references('event.event_id').onDelete('cascade'))
    .$call(withStateId)
    .addColumn('payload_json', 'text', notNull)
    .addColumn('frozen_at', 'text', notNull)
    .execute();
}

/** Tables in creation order; `down` drops them in reverse so no foreign key dangles. */
const tablesInCreationOrder = [
  'state',
  'app_user',
  'account',
  'judge_profile',
  'password_reset_token',
  'school',
  'event',
  'category',
  'category_registration',
  'section',
  'subsection',
  'penalty',
  'disqualification',
  'section_penalty',
  'section_disqualification',
  'category_section',
  'judge_assignment',
  'subsection_score',
  'penalty_score',
  'disqualification_score',
  'category_submission',
  'penalty_review',
  'stored_file',
  'public_request',
  'email_outbox',
  'audit_log',
  'applied_mutation',
  'rejected_mutation',
  'device_sync',
  'results_snapshot',
] as const;

export async function down(db: Kysely<any>): Promise<void> {
  for (const tableName of [...tablesInCreationOrder].reverse()) {
    await db.schema.dropTable(tableName).execute();
  }
}
