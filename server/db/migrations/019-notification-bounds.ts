import { type Kysely, sql } from 'kysely';

/**
 * payment_notifications keeps a bounded part of each unauthenticated body (issue 18,
 * docs/decisions/027): how large the body was and whether what is kept was cut.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_notifications
    ADD COLUMN body_bytes integer,
    ADD COLUMN body_truncated boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_notifications DROP COLUMN body_bytes, DROP COLUMN body_truncated`.execute(db);
}
