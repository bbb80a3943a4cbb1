import { type Kysely, sql } from 'kysely';

/**
 * A booking's client is held by one foreign key: (client_id, owner_id) → clients (id, owner_id)
 * (migration 045), which already refuses a client that does not exist, as well as another
 * business's. The older key on client_id alone checked the same row again on every booking's insert
 * (docs/decisions/080).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations DROP CONSTRAINT IF EXISTS reservations_client_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations ADD CONSTRAINT reservations_client_id_fkey
    FOREIGN KEY (client_id) REFERENCES clients (id) ON DELETE RESTRICT`.execute(db);
}
