import { type Kysely, sql } from 'kysely';

/**
 * Sign-up records when the terms were accepted and which version (domain/terms.ts); people who
 * joined another way (invited staff, demo accounts, earlier sign-ups) have neither.
 * An owner's client record is the person's link to their bookings: records made before clients
 * were linked by email are linked to the client account with that email now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users
    ADD COLUMN terms_accepted_at timestamptz,
    ADD COLUMN terms_version text,
    ADD CONSTRAINT terms_accepted_with_version
      CHECK ((terms_accepted_at IS NULL) = (terms_version IS NULL))`.execute(db);
  await sql`UPDATE clients SET user_id = users.id, updated_at = now()
    FROM users
    WHERE clients.user_id IS NULL AND users.role = 'client' AND lower(users.email) = lower(clients.email)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users
    DROP CONSTRAINT IF EXISTS terms_accepted_with_version,
    DROP COLUMN IF EXISTS terms_version,
    DROP COLUMN IF EXISTS terms_accepted_at`.execute(db);
}
