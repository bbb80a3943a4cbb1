import { type Kysely, sql } from 'kysely';

/**
 * A booking's business is held by the client key: (client_id, owner_id) → clients (id, owner_id)
 * (migration 045), and a client record's owner_id → users (RESTRICT). So a booking's owner_id is
 * always a user's, and that user cannot be deleted while the booking (through its client record)
 * exists. The key on owner_id alone checked the users table again on every booking's insert
 * (docs/decisions/081).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations DROP CONSTRAINT IF EXISTS reservations_owner_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations ADD CONSTRAINT reservations_owner_id_fkey
    FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE RESTRICT`.execute(db);
}
