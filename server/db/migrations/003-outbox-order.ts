import { type Kysely, sql } from 'kysely';

/** The outbox is claimed oldest first; index that order over pending mail so a backlog stays cheap to claim. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX email_outbox_pending_age_idx ON email_outbox (created_at) WHERE status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS email_outbox_pending_age_idx`.execute(db);
}
