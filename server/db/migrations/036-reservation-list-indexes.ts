import { type Kysely, sql } from 'kysely';

/**
 * Reservation Management sorts and pages a business's bookings on the server (issue 21 item 8,
 * docs/decisions/046). Start date already has (owner_id, start_date); these let the other sortable
 * columns of the reservation itself, and the status filter, read one page from an index instead of
 * sorting every booking of the business.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reservations_owner_end_idx ON reservations (owner_id, end_date, id)`.execute(db);
  await sql`CREATE INDEX reservations_owner_reference_idx ON reservations (owner_id, reference)`.execute(db);
  await sql`CREATE INDEX reservations_owner_total_idx ON reservations (owner_id, total_price_cents, id)`.execute(
    db,
  );
  await sql`CREATE INDEX reservations_owner_status_idx ON reservations (owner_id, status, start_date)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['end', 'reference', 'total', 'status'])
    await sql`DROP INDEX IF EXISTS ${sql.raw(`reservations_owner_${name}_idx`)}`.execute(db);
}
