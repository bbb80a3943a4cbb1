import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';
import { day } from './booking-fixtures.ts';

/**
 * The names of a table's constraints of one kind (`f` foreign key, `x` exclusion), in name order; for
 * foreign keys, optionally only those to `references`. Migration tests check which guards stand.
 */
export async function constraintNames(
  db: Kysely<Database>,
  table: string,
  kind: 'f' | 'x',
  references?: string,
): Promise<string[]> {
  const referencing = references ? sql`AND confrelid = ${references}::regclass` : sql``;
  const { rows } = await sql<{ conname: string }>`SELECT conname FROM pg_constraint
    WHERE conrelid = ${table}::regclass AND contype = ${kind} ${referencing} ORDER BY conname`.execute(db);
  return rows.map((row) => row.conname);
}

/**
 * A pending reservation inserted directly, from `start` to `end` days after today: what a migration
 * test needs to meet the table's own constraints, without the API's checks in front of them.
 */
export function insertReservationRow(
  db: Kysely<Database>,
  row: { propertyId: string; ownerId: string; clientId: string; start: number; end: number },
) {
  return sql`INSERT INTO reservations (property_id, owner_id, client_id, start_date, end_date, status)
    VALUES (${row.propertyId}, ${row.ownerId}, ${row.clientId}, ${day(row.start)}, ${day(row.end)}, 'pending')`.execute(
    db,
  );
}
