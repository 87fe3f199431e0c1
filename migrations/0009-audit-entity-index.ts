// A submission's latest reopening or unlock is read from the audit log by entity (the run page and
// every judge's download ask for it), so the log is indexed by entity, newest row last.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity_type', 'entity_id', 'audit_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_entity_idx').execute();
}
