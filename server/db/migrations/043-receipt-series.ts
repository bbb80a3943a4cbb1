import { type Kysely, sql } from 'kysely';

/**
 * Payment receipts (issue 23, docs/decisions/064): a business numbers its receipts in their own
 * series (RC-000001 …) with the same counter row per business and series as invoices and credit
 * notes (document_sequences), so a receipt number is taken in the settlement's transaction: consecutive,
 * never reused, no gaps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE document_sequences DROP CONSTRAINT document_sequences_series_check`.execute(db);
  await sql`ALTER TABLE document_sequences
    ADD CONSTRAINT document_sequences_series_check CHECK (series IN ('INV', 'CN', 'RC'))`.execute(db);
  await sql`CREATE UNIQUE INDEX booking_payments_receipt_number_idx ON booking_payments (owner_id, receipt_number)
    WHERE receipt_number IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX booking_payments_receipt_number_idx`.execute(db);
  await sql`DELETE FROM document_sequences WHERE series = 'RC'`.execute(db);
  await sql`ALTER TABLE document_sequences DROP CONSTRAINT document_sequences_series_check`.execute(db);
  await sql`ALTER TABLE document_sequences
    ADD CONSTRAINT document_sequences_series_check CHECK (series IN ('INV', 'CN'))`.execute(db);
}
