import { type Kysely, sql } from 'kysely';

/**
 * Calendar export (issue 22 item 2, docs/decisions/052): each listing's private iCal feed is named by
 * a secret token (32 random bytes, base64url: 43 characters). The token is stored as it is, not as a
 * hash, because the owner must be able to copy the feed URL again at any time; it is never logged
 * (server/http/log-redaction.ts redacts the `:token` path segment). A row is made the first time the
 * owner asks for the URL, so there is nothing to backfill; resetting replaces the token, and the old
 * URL answers 404 from then on. Deleting a listing (one no booking ever referred to) takes its feed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calendar_exports (
      property_id uuid PRIMARY KEY REFERENCES properties(id) ON DELETE CASCADE,
      token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{43}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      reset_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE calendar_exports`.execute(db);
}
