import { type Kysely, sql } from 'kysely';
import {
  RESERVATION_REFERENCE_ALPHABET,
  RESERVATION_REFERENCE_LENGTH,
  RESERVATION_REFERENCE_PATTERN,
  RESERVATION_REFERENCE_PREFIX,
} from '../../../domain/reservation-reference.ts';

/**
 * Every reservation gets a short reference for people ("RZ-7K3M9Q", domain/reservation-reference.ts)
 * instead of its UUID. The server picks one with the domain's generator when it books; the column's
 * default makes the same kind for rows written any other way (demo data, tests, benchmarks) and for
 * the rows that exist now. Uniqueness is the unique constraint's; the generators only skip taken ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION new_reservation_reference() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      alphabet constant text := ${sql.lit(RESERVATION_REFERENCE_ALPHABET)};
      candidate text;
    BEGIN
      LOOP
        candidate := ${sql.lit(RESERVATION_REFERENCE_PREFIX)};
        FOR step IN 1..${sql.lit(RESERVATION_REFERENCE_LENGTH)} LOOP
          candidate := candidate || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
        END LOOP;
        EXIT WHEN NOT EXISTS (SELECT 1 FROM reservations WHERE reference = candidate);
      END LOOP;
      RETURN candidate;
    END $$`.execute(db);
  await sql`ALTER TABLE reservations ADD COLUMN reference text`.execute(db);
  // One row per statement, so each new reference sees the ones given before it.
  await sql`DO $$
    DECLARE existing record;
    BEGIN
      FOR existing IN SELECT id FROM reservations WHERE reference IS NULL ORDER BY created_at LOOP
        UPDATE reservations SET reference = new_reservation_reference() WHERE id = existing.id;
      END LOOP;
    END $$`.execute(db);
  await sql`ALTER TABLE reservations
    ALTER COLUMN reference SET DEFAULT new_reservation_reference(),
    ALTER COLUMN reference SET NOT NULL,
    ADD CONSTRAINT reservations_reference_key UNIQUE (reference),
    ADD CONSTRAINT reservations_reference_format CHECK (reference ~ ${sql.lit(RESERVATION_REFERENCE_PATTERN.source)})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations DROP COLUMN IF EXISTS reference`.execute(db);
  await sql`DROP FUNCTION IF EXISTS new_reservation_reference()`.execute(db);
}
