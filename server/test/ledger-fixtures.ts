import type { Kysely } from 'kysely';
import type { TransactionKind } from '../../domain/billing.ts';
import type { Database } from '../db/types.ts';

/** A billing line as the balance queries read it: its kind, total and money moved, voided or not. */
export interface LedgerLineInput {
  kind: TransactionKind;
  total?: number;
  payment?: number;
  voided?: boolean;
}

/** Writes a booking's lines straight to the table (no VAT, no catalogue), for tests of balances. */
export async function insertLedgerLines(
  db: Kysely<Database>,
  booking: { reservationId: string; ownerId: string },
  lines: readonly LedgerLineInput[],
): Promise<void> {
  for (const line of lines)
    await db
      .insertInto('reservation_transactions')
      .values({
        reservation_id: booking.reservationId,
        owner_id: booking.ownerId,
        kind: line.kind,
        description: line.kind,
        quantity: '1',
        unit: null,
        tax_percent: '0',
        discount_percent: '0',
        unit_price_cents: line.total ?? 0,
        sub_total_cents: line.total ?? 0,
        total_cents: line.total ?? 0,
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
