import { type Kysely, sql } from 'kysely';

/**
 * The bell's retention sweep (docs/decisions/084) finds the users notified since its last pass, and
 * the notifications past 90 days, by time: an index on (created_at, user_id) answers both without
 * reading the bells themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS in_app_notifications_created_idx
    ON in_app_notifications (created_at, user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS in_app_notifications_created_idx`.execute(db);
}
