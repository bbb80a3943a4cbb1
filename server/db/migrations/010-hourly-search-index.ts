import { type Kysely, sql } from 'kysely';

/**
 * Search by dates reads the blocking bookings by the hour of the searched days on their own (an
 * event space stays available while such a day keeps a free run: property.repository.ts). An hourly
 * booking holds one day (end_date = start_date + 1, 009), so its start date is all the search
 * needs; this small partial index gives it those bookings without scanning the others of the window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reservations_hourly_blocking_idx ON reservations (start_date)
    WHERE start_time IS NOT NULL AND status IN ('pending', 'confirmed')`.execute(db);
  // A search by dates alone matches most listings: it counts and pages them from this narrow index
  // of the searchable ones (newest first, with what the date filters read) instead of the wide rows.
  await sql`CREATE INDEX properties_searchable_idx ON properties (created_at DESC, id)
    INCLUDE (type, price_per_day_cents, availability_start, availability_end)
    WHERE is_active AND status = 'available' AND archived_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS properties_searchable_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS reservations_hourly_blocking_idx`.execute(db);
}
