import { type Kysely, sql } from 'kysely';

/**
 * Calendar import (issue 22 item 3, docs/decisions/053): iCal feeds of a listing (Airbnb,
 * Booking.com, Google) whose events become blocked periods with reason 'external', under the one
 * exclusion constraint of bookings and blocks (035). An event that meets a booking or another block is
 * kept as a conflict for the owner to see instead of being dropped. Manual blocks are unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calendar_feeds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      label text NOT NULL CHECK (length(label) BETWEEN 1 AND 60),
      url text NOT NULL CHECK (length(url) <= 2000),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_synced_at timestamptz,
      last_error text,
      last_error_at timestamptz,
      event_count integer NOT NULL DEFAULT 0,
      -- A sync under way holds the feed until then (several servers run the job).
      claimed_until timestamptz,
      UNIQUE (property_id, url)
    )`.execute(db);
  await sql`CREATE INDEX calendar_feeds_due_idx ON calendar_feeds (last_synced_at NULLS FIRST)`.execute(db);

  await sql`ALTER TABLE blocked_periods DROP CONSTRAINT blocked_periods_reason_check`.execute(db);
  await sql`ALTER TABLE blocked_periods
    ADD COLUMN feed_id uuid REFERENCES calendar_feeds(id) ON DELETE CASCADE,
    ADD COLUMN external_uid text CHECK (external_uid IS NULL OR length(external_uid) <= 1000),
    ADD CONSTRAINT blocked_periods_reason_check CHECK (reason IN ('maintenance', 'owner_use', 'external')),
    ADD CONSTRAINT blocked_period_external_feed CHECK ((reason = 'external') = (feed_id IS NOT NULL))`.execute(
    db,
  );
  await sql`CREATE INDEX blocked_periods_feed_idx ON blocked_periods (feed_id) WHERE feed_id IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE calendar_feed_conflicts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      feed_id uuid NOT NULL REFERENCES calendar_feeds(id) ON DELETE CASCADE,
      property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
      external_uid text,
      summary text,
      start_date date NOT NULL,
      end_date date NOT NULL,
      reservation_id uuid REFERENCES reservations(id) ON DELETE CASCADE,
      blocked_period_id uuid REFERENCES blocked_periods(id) ON DELETE SET NULL,
      -- What held the dates when the sync met them ("Booking RZ-…", "Blocked · Airbnb"), kept for the owner.
      clash text NOT NULL CHECK (length(clash) <= 200),
      detected_at timestamptz NOT NULL DEFAULT now(),
      CHECK (end_date > start_date)
    )`.execute(db);
  await sql`CREATE INDEX calendar_feed_conflicts_feed_idx ON calendar_feed_conflicts (feed_id)`.execute(db);
  await sql`CREATE INDEX calendar_feed_conflicts_property_idx ON calendar_feed_conflicts (property_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE calendar_feed_conflicts`.execute(db);
  await sql`DELETE FROM blocked_periods WHERE reason = 'external'`.execute(db);
  await sql`ALTER TABLE blocked_periods DROP CONSTRAINT blocked_period_external_feed,
    DROP CONSTRAINT blocked_periods_reason_check, DROP COLUMN feed_id, DROP COLUMN external_uid`.execute(db);
  await sql`ALTER TABLE blocked_periods
    ADD CONSTRAINT blocked_periods_reason_check CHECK (reason IN ('maintenance', 'owner_use'))`.execute(db);
  await sql`DROP TABLE calendar_feeds`.execute(db);
}
