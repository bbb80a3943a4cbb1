import { type Kysely, sql } from 'kysely';

/**
 * Listings are booked in their unit (domain/rental-unit.ts): event spaces by the hour, the others by
 * the night, day or month (those keep using the date columns, end exclusive). An hourly booking
 * keeps its day in the dates ([day, day + 1)) and its times in start_time/end_time.
 *
 * `period` is what a booking holds, as local (Johannesburg) wall-clock time: [start 00:00, end 00:00)
 * for a booking by dates, [day + start_time, day + end_time) for an hourly one. The one exclusion
 * constraint on it covers both kinds: a day booking holds every hour of its days; an hourly booking
 * holds its hours and leaves the rest of its day bookable. Existing rows keep their dates and get
 * their period from them. docs/decisions/015.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations ADD COLUMN start_time time, ADD COLUMN end_time time`.execute(db);
  await sql`ALTER TABLE reservations ADD CONSTRAINT reservation_times CHECK (
    (start_time IS NULL AND end_time IS NULL) OR (
      start_time IS NOT NULL AND end_time IS NOT NULL AND end_time > start_time
      AND end_date = start_date + 1
      AND extract(epoch FROM start_time)::integer % 1800 = 0
      AND extract(epoch FROM end_time)::integer % 1800 = 0
    ))`.execute(db);
  // A reversed row gets an empty period instead of a range error, so the check constraints refuse it.
  await sql`ALTER TABLE reservations ADD COLUMN period tsrange GENERATED ALWAYS AS (
    CASE
      WHEN start_time IS NULL AND end_date > start_date
        THEN tsrange(start_date::timestamp, end_date::timestamp, '[)')
      WHEN start_time IS NOT NULL AND end_time > start_time
        THEN tsrange(start_date + start_time, start_date + end_time, '[)')
      ELSE 'empty'::tsrange
    END
  ) STORED`.execute(db);
  await sql`ALTER TABLE reservations DROP CONSTRAINT no_double_booking`.execute(db);
  await sql`ALTER TABLE reservations ADD CONSTRAINT no_double_booking EXCLUDE USING gist (
    property_id WITH =,
    period WITH &&
  ) WHERE (status IN ('pending', 'confirmed'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const hourly = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM reservations WHERE start_time IS NOT NULL`.execute(db);
  if ((hourly.rows[0]?.n ?? 0) > 0)
    throw new Error('Hourly bookings exist: they cannot be kept without their times, so 009 is not undone');
  await sql`ALTER TABLE reservations DROP CONSTRAINT no_double_booking`.execute(db);
  await sql`ALTER TABLE reservations DROP COLUMN period, DROP COLUMN start_time, DROP COLUMN end_time`.execute(
    db,
  );
  await sql`ALTER TABLE reservations ADD CONSTRAINT no_double_booking EXCLUDE USING gist (
    property_id WITH =,
    daterange(start_date, end_date, '[)') WITH &&
  ) WHERE (status IN ('pending', 'confirmed'))`.execute(db);
}
