import { type Kysely, sql } from 'kysely';

/**
 * One VAT model, one total (issue 19, docs/decisions/029).
 * - reservations.booked_rates: the rate segments and cleaning fee a booking was priced at, so the
 *   add-rental-charge lines bill what the booking cost, whatever the listing costs later. Null for
 *   bookings made before this migration (they are billed at the listing's prices, as before).
 * - A VAT vendor's prices include VAT, whoever books: a client's booking stored tax 0 % before, and
 *   its documents showed VAT R 0.00. Those still open (pending or confirmed, no invoice issued) take
 *   the rate in force on the day they were made. Their totals do not change (the VAT is inside the
 *   price); issued documents are snapshots and are not touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations ADD COLUMN booked_rates jsonb`.execute(db);
  await sql`
    UPDATE reservations r
    SET tax_percent = (
      SELECT v.rate_percent FROM vat_rates v
      WHERE v.effective_from <= ((r.created_at AT TIME ZONE 'UTC') + interval '2 hours')::date
      ORDER BY v.effective_from DESC
      LIMIT 1
    )
    FROM business_details b
    WHERE b.owner_id = r.owner_id
      AND b.vat_registered
      AND r.tax_percent = 0
      AND r.status IN ('pending', 'confirmed')
      AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.reservation_id = r.id AND d.kind = 'invoice')
      AND EXISTS (
        SELECT 1 FROM vat_rates v
        WHERE v.effective_from <= ((r.created_at AT TIME ZONE 'UTC') + interval '2 hours')::date
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations DROP COLUMN booked_rates`.execute(db);
}
