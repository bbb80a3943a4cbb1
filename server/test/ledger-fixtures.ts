import type { Kysely } from 'kysely';
import type { TransactionKind } from '../../domain/billing.ts';
import type { Database } from '../db/types.ts';

/** A billing line as the balance queries read it: its kind, total and money moved, voided or not. */
export interface LedgerLineInput {
  kind: TransactionKind;
  total?: number;
  payment?: number;
  voided?: boolean;
  /** What an export prints; the kind when not given. */
  description?: string;
}

/**
 * Writes a booking's lines straight to the table (no catalogue), for tests of balances and exports:
 * no VAT unless `taxPercent` is given, then each total includes it.
 */
export async function insertLedgerLines(
  db: Kysely<Database>,
  booking: { reservationId: string; ownerId: string },
  lines: readonly LedgerLineInput[],
  { taxPercent = 0 }: { taxPercent?: number } = {},
): Promise<void> {
  for (const line of lines) {
    const total = line.total ?? 0;
    const tax = Math.round((total * taxPercent) / (100 + taxPercent));
    await db
      .insertInto('reservation_transactions')
      .values({
        reservation_id: booking.reservationId,
        owner_id: booking.ownerId,
        kind: line.kind,
        description: line.description ?? line.kind,
        quantity: '1',
        unit: null,
        tax_percent: String(taxPercent),
        discount_percent: '0',
        unit_price_cents: total,
        sub_total_cents: total - tax,
        tax_cents: tax,
        total_cents: total,
        payment_amount_cents: line.payment ?? null,
        payment_method: line.kind === 'payment' ? 'manual' : null,
        transaction_ref: null,
        stock_item_id: null,
        extra_charge_type_id: null,
        note: null,
        created_by: null,
        voided_at: line.voided ? new Date() : null,
        voided_by: null,
      })
      .execute();
  }
}
