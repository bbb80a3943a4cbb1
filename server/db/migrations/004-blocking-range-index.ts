import { type Kysely, sql } from 'kysely';

/**
 * "Which blocking reservations overlap these dates" across all properties (a dates-only search):
 * the no_double_booking index leads with property_id, so it cannot serve that scan; this one can.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reservations_blocking_range_idx ON reservations
    USING gist (daterange(start_date, end_date, '[)')) WHERE status IN ('pending', 'confirmed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reservations_blocking_range_idx`.execute(db);
}
