import { type Kysely, sql } from 'kysely';

/**
 * In-app notifications (issue 20 item 9, docs/decisions/042): one row per recipient, written in the
 * transaction of the change that causes it. The list reads a user's newest first; the unread count
 * reads the partial index of unread rows, so the bell's poll stays cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE in_app_notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('booking_request', 'booking_confirmed', 'booking_cancelled',
        'booking_withdrawn', 'payment_recorded', 'support_reply')),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      body text NOT NULL CHECK (length(body) <= 1000),
      link text CHECK (link IS NULL OR (link LIKE '/%' AND link NOT LIKE '//%')),
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX in_app_notifications_user_idx ON in_app_notifications (user_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX in_app_notifications_unread_idx ON in_app_notifications (user_id) WHERE read_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE in_app_notifications`.execute(db);
}
