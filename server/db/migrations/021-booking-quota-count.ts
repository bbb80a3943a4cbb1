import { type Kysely, sql } from 'kysely';

/**
 * A booking takes a place in its business's monthly limit when the business takes it on
 * (docs/decisions/022): `counted_at` is that instant — when the business made it, or accepted the
 * client's request — and null while a client's request waits for the owner's answer. It defaults to
 * now(), so every way a booking is written counts it unless it is a client's request.
 * Existing bookings keep the month they were made in, except the clients' requests still waiting:
 * they stop counting, so an owner whose month was filled by requests gets it back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations ADD COLUMN counted_at timestamptz DEFAULT now()`.execute(db);
  await sql`UPDATE reservations r SET counted_at = CASE
      WHEN r.status = 'pending'
        AND r.created_by IS DISTINCT FROM r.owner_id
        AND NOT EXISTS (
          SELECT 1 FROM users u
           WHERE u.id = r.created_by AND (u.parent_owner_id = r.owner_id OR u.role = 'admin')
        )
      THEN NULL
      ELSE r.created_at
    END`.execute(db);
  await sql`CREATE INDEX reservations_owner_counted_idx ON reservations (owner_id, counted_at)
    WHERE counted_at IS NOT NULL`.execute(db);
  // A client's waiting requests on one listing, counted under the client's row lock.
  await sql`CREATE INDEX reservations_open_requests_idx ON reservations (client_id, property_id)
    WHERE status = 'pending' AND counted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reservations_open_requests_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS reservations_owner_counted_idx`.execute(db);
  await sql`ALTER TABLE reservations DROP COLUMN counted_at`.execute(db);
}
