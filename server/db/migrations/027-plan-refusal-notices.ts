import { type Kysely, sql } from 'kysely';

/**
 * The owner is emailed when their plan refuses a client's booking request (issue 19,
 * docs/decisions/033), at most once a day (Africa/Johannesburg): one row per owner and day, written
 * with the email; a second refusal that day finds the row and sends nothing. `refusals` counts them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plan_refusal_notices (
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      day date NOT NULL,
      refusals integer NOT NULL DEFAULT 1 CHECK (refusals > 0),
      PRIMARY KEY (owner_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE plan_refusal_notices`.execute(db);
}
