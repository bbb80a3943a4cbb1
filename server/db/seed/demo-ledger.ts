import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { percentOf } from '../../../domain/billing.ts';
import { BillingLineInputSchema } from '../../../domain/schemas/billing-lines.ts';
import { findUserById } from '../../modules/account/user.repository.ts';
import { addBillingLine } from '../../modules/billing-lines/billing-line.service.ts';
import { issueInvoice } from '../../modules/documents/invoice-issue.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import type { Database } from '../types.ts';

/**
 * The first owner's confirmed and completed bookings billed line by line, through the same services
 * the Transactions tab and the invoice dialog use: the rental charge, a stock item, payments and the
 * security deposit; the completed stay keeps part of its deposit for damage and is invoiced.
 */
export async function seedDemoLedger(
  db: Kysely<Database>,
  storage: StorageDriver,
  ids: { owner: string },
): Promise<void> {
  const owner = await findUserById(db, ids.owner);
  if (!owner) return;
  const add = (reservationId: string, line: z.input<typeof BillingLineInputSchema>) =>
    addBillingLine(db, owner, reservationId, BillingLineInputSchema.parse(line));
  const linen = await db
    .selectFrom('stock_items')
    .select('id')
    .where('owner_id', '=', ids.owner)
    .where('name', '=', 'Extra linen')
    .executeTakeFirst();
  const billed = await db
    .selectFrom('reservations')
    .select(['id', 'status', 'security_deposit_cents'])
    .where('owner_id', '=', ids.owner)
    .where('status', 'in', ['confirmed', 'completed'])
    .orderBy('start_date')
    .limit(3)
    .execute();

  for (const reservation of billed) {
    let ledger = await add(reservation.id, { kind: 'rental' });
    if (linen)
      ledger = await add(reservation.id, {
        kind: 'stock',
        stock_item_id: linen.id,
        quantity: 1,
      });
    const deposit = reservation.security_deposit_cents || 100_000;
    await add(reservation.id, {
      kind: 'deposit_received',
      amount_cents: deposit,
      note: null,
    });

    if (reservation.status === 'completed') {
      // Settled in full; part of the deposit kept for a broken glass table (VAT included), the rest refunded.
      await add(reservation.id, {
        kind: 'payment',
        payment_method: 'manual',
        amount_cents: ledger.balance_due_cents,
        transaction_ref: 'EFT-DEMO-01',
      });
      const kept = Math.min(deposit, 57_500);
      await add(reservation.id, {
        kind: 'deposit_kept',
        amount_cents: kept,
        tax_percent: 15,
        description: 'Broken glass table',
      });
      if (deposit > kept)
        await add(reservation.id, {
          kind: 'deposit_refunded',
          amount_cents: deposit - kept,
          payout_method: 'eft',
        });
      await issueInvoice({ db, storage, publicUrl: '', pokeMail: () => undefined }, owner, reservation.id, {
        recipient_address: undefined,
        recipient_vat_number: undefined,
      });
    } else {
      // Half paid up front by EFT.
      await add(reservation.id, {
        kind: 'payment',
        payment_method: 'manual',
        amount_cents: percentOf(ledger.balance_due_cents, 50),
        transaction_ref: 'EFT-DEMO-02',
        note: 'Half up front',
      });
    }
  }
}
