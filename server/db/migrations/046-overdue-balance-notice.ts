import { type Kysely, sql } from 'kysely';

const KINDS_BEFORE = `'booking_request', 'booking_confirmed', 'booking_cancelled', 'booking_withdrawn',
  'payment_recorded', 'support_reply'`;

/**
 * The business's bell hears of a balance gone overdue (docs/decisions/071): a notice kind of its own,
 * written by the reminder job with the client's overdue email.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE in_app_notifications DROP CONSTRAINT in_app_notifications_kind_check`.execute(db);
  await sql`ALTER TABLE in_app_notifications ADD CONSTRAINT in_app_notifications_kind_check
    CHECK (kind IN (${sql.raw(KINDS_BEFORE)}, 'balance_overdue'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM in_app_notifications WHERE kind = 'balance_overdue'`.execute(db);
  await sql`ALTER TABLE in_app_notifications DROP CONSTRAINT in_app_notifications_kind_check`.execute(db);
  await sql`ALTER TABLE in_app_notifications ADD CONSTRAINT in_app_notifications_kind_check
    CHECK (kind IN (${sql.raw(KINDS_BEFORE)}))`.execute(db);
}
