import { type Kysely, sql } from 'kysely';

/**
 * Support requests and their threads (issue 20 item 7, docs/decisions/040): a request belongs to its
 * sender; its messages are the sender's and the admins' in order. The inbox reads requests by state
 * and age; a sender's list reads theirs. The booking a request is about is kept by reference (what the
 * sender typed and was checked against their bookings) and by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE support_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      sender_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 120),
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'answered', 'closed')),
      reservation_id uuid REFERENCES reservations(id) ON DELETE SET NULL,
      booking_reference text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_message_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX support_requests_sender ON support_requests (sender_id, last_message_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX support_requests_inbox ON support_requests (state, created_at)`.execute(db);
  await sql`
    CREATE TABLE support_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL REFERENCES support_requests(id) ON DELETE CASCADE,
      author_id uuid REFERENCES users(id) ON DELETE SET NULL,
      from_admin boolean NOT NULL,
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX support_messages_thread ON support_messages (request_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE support_messages`.execute(db);
  await sql`DROP TABLE support_requests`.execute(db);
}
