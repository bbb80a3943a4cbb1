import { type Kysely, sql } from 'kysely';

/**
 * Blocked periods (issue 21 item 10, docs/decisions/048): an owner takes dates of a listing out of
 * booking for maintenance or its own use. A block has the same shape as a reservation's holding
 * (dates, end exclusive; times for an hourly listing) and the same `period` (009).
 *
 * One rule keeps bookings and blocks apart whatever races: every pending or confirmed booking and
 * every block has one row in `occupied_periods`, whose exclusion constraint refuses two that share
 * a moment of a listing. Triggers keep it in step in the same statement (no extra round trip): a
 * booking that meets a block, or a block that meets a booking, is refused by the database.
 * Reservations keep their own no_double_booking, so two bookings still fail on it first (the row's
 * own index is checked before its AFTER trigger runs) and the new constraint only ever speaks
 * about a booking against a block. iCal-imported events (issue 22) become blocks under it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE blocked_periods (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      start_date date NOT NULL,
      end_date date NOT NULL,
      start_time time,
      end_time time,
      reason text NOT NULL CHECK (reason IN ('maintenance', 'owner_use')),
      note text CHECK (note IS NULL OR length(note) <= 500),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT blocked_period_order CHECK (end_date > start_date),
      CONSTRAINT blocked_period_times CHECK (
        (start_time IS NULL AND end_time IS NULL) OR (
          start_time IS NOT NULL AND end_time IS NOT NULL AND end_time > start_time
          AND end_date = start_date + 1
        )),
      period tsrange GENERATED ALWAYS AS (
        CASE
          WHEN start_time IS NULL AND end_date > start_date
            THEN tsrange(start_date::timestamp, end_date::timestamp, '[)')
          WHEN start_time IS NOT NULL AND end_time > start_time
            THEN tsrange(start_date + start_time, start_date + end_time, '[)')
          ELSE 'empty'::tsrange
        END
      ) STORED
    )`.execute(db);
  await sql`CREATE INDEX blocked_periods_property_idx ON blocked_periods (property_id, end_date)`.execute(db);

  await sql`
    CREATE TABLE occupied_periods (
      property_id uuid NOT NULL,
      period tsrange NOT NULL,
      reservation_id uuid UNIQUE,
      block_id uuid UNIQUE,
      CONSTRAINT occupied_by_one CHECK (num_nonnulls(reservation_id, block_id) = 1),
      CONSTRAINT no_overlapping_occupation EXCLUDE USING gist (property_id WITH =, period WITH &&)
    )`.execute(db);

  await sql`
    CREATE FUNCTION occupy_for_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM occupied_periods WHERE reservation_id = OLD.id;
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.status IN ('pending', 'confirmed') THEN
        INSERT INTO occupied_periods (property_id, period, reservation_id)
        VALUES (NEW.property_id, NEW.period, NEW.id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION occupy_for_block() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM occupied_periods WHERE block_id = OLD.id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO occupied_periods (property_id, period, block_id)
        VALUES (NEW.property_id, NEW.period, NEW.id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // Updates that leave what a booking holds alone (payments, notes, references) do not fire it.
  await sql`CREATE TRIGGER reservations_occupy AFTER INSERT OR DELETE
    OR UPDATE OF status, property_id, start_date, end_date, start_time, end_time
    ON reservations FOR EACH ROW EXECUTE FUNCTION occupy_for_reservation()`.execute(db);
  await sql`CREATE TRIGGER blocked_periods_occupy AFTER INSERT OR DELETE
    OR UPDATE OF property_id, start_date, end_date, start_time, end_time
    ON blocked_periods FOR EACH ROW EXECUTE FUNCTION occupy_for_block()`.execute(db);

  await sql`INSERT INTO occupied_periods (property_id, period, reservation_id)
    SELECT property_id, period, id FROM reservations WHERE status IN ('pending', 'confirmed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER reservations_occupy ON reservations`.execute(db);
  await sql`DROP TABLE blocked_periods`.execute(db);
  await sql`DROP TABLE occupied_periods`.execute(db);
  await sql`DROP FUNCTION occupy_for_reservation()`.execute(db);
  await sql`DROP FUNCTION occupy_for_block()`.execute(db);
}
