import { type Kysely, sql } from 'kysely';

/**
 * The outbox is claimed by walking its pending mail oldest first (email_outbox_pending_age_idx,
 * docs/decisions/079). The index on the due time only led the planner to a bitmap scan that read the
 * row of every mail sent since the last vacuum on each claim, and it kept the claim's lease update
 * from being a heap-only one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS email_outbox_due_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
}
