import { type Kysely, sql } from 'kysely';

/**
 * Removing a client unlinks it from the business (spec §4) without deleting the record that its
 * reservations, billing lines and documents refer to: `removed_at` hides it from the business's
 * lists and pickers. Adding the same email again brings the record back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE clients ADD COLUMN removed_at timestamptz`.execute(db);
  await sql`CREATE INDEX clients_owner_listed_idx ON clients (owner_id, lower(first_name), lower(last_name))
    WHERE removed_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX clients_owner_listed_idx`.execute(db);
  await sql`ALTER TABLE clients DROP COLUMN removed_at`.execute(db);
}
