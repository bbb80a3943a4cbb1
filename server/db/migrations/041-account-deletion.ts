import { type Kysely, sql } from 'kysely';

/**
 * POPIA account deletion (issue 22 item 5, docs/decisions/054): a deleted account keeps its users row
 * (bookings, documents, payments and subscription invoices refer to it and are never deleted) but is
 * anonymised and marked with when it was deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN deleted_at`.execute(db);
}
