import { type Kysely, sql } from 'kysely';

/**
 * Throttling of sign-in, sign-up and account emails (issue 18, docs/decisions/024): one counter row
 * per key (an address, an account, an address + account, an email's cool-down), locked while an
 * attempt is counted so that parallel attempts cannot all pass. It replaces sign_in_failures, which
 * counted per account only and so let anyone lock the real user out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_throttle (
      key text PRIMARY KEY,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      window_started_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX auth_throttle_last_attempt_idx ON auth_throttle (last_attempt_at)`.execute(db);
  await sql`DROP TABLE sign_in_failures`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sign_in_failures (
      id bigserial PRIMARY KEY,
      email text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sign_in_failures_email_idx ON sign_in_failures (email, failed_at)`.execute(db);
  await sql`DROP TABLE auth_throttle`.execute(db);
}
