import { type Kysely, sql } from 'kysely';

/**
 * A booking's write keeps one guard of its dates (issue 24 item 1, docs/decisions/075).
 *
 * - `no_double_booking` (009) checked the same nights as `occupied_periods`' own
 *   `no_overlapping_occupation` (035), which every pending or confirmed booking already enters from
 *   its trigger: each booking paid for two GiST inserts and two exclusion checks. The one of
 *   occupied_periods stays; which kind holds refused dates is asked after the refusal
 *   (reservations/dates-conflict.ts), as blocks already did.
 * - `reservations_blocking_range_idx` (004) and `reservations_hourly_blocking_idx` (010) served the
 *   search's scans of every listing's bookings by dates, which the per-listing probes of decision 068
 *   replaced (reservations_search_blocking_idx, 044); no query reads them any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations DROP CONSTRAINT no_double_booking`.execute(db);
  await sql`DROP INDEX reservations_blocking_range_idx`.execute(db);
  await sql`DROP INDEX reservations_hourly_blocking_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reservations_hourly_blocking_idx ON reservations (start_date)
    WHERE start_time IS NOT NULL AND status IN ('pending', 'confirmed')`.execute(db);
  await sql`CREATE INDEX reservations_blocking_range_idx ON reservations
    USING gist (daterange(start_date, end_date, '[)')) WHERE status IN ('pending', 'confirmed')`.execute(db);
  await sql`ALTER TABLE reservations ADD CONSTRAINT no_double_booking EXCLUDE USING gist (
    property_id WITH =,
    period WITH &&
  ) WHERE (status IN ('pending', 'confirmed'))`.execute(db);
}
