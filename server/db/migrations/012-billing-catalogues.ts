import { type Kysely, sql } from 'kysely';

/**
 * Deleting a catalogue entry asks whether any billing line refers to it (archive instead), and the
 * foreign key checks the same on delete: both find the lines by these indexes, not by reading every
 * billing line of every reservation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reservation_transactions_stock_item_idx
    ON reservation_transactions (stock_item_id) WHERE stock_item_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX reservation_transactions_extra_charge_type_idx
    ON reservation_transactions (extra_charge_type_id) WHERE extra_charge_type_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX reservation_transactions_extra_charge_type_idx`.execute(db);
  await sql`DROP INDEX reservation_transactions_stock_item_idx`.execute(db);
}
