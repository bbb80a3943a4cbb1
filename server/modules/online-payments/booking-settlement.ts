import type { Insertable, Kysely } from 'kysely';
import type { Database, ReservationTransactionsTable } from '../../db/types.ts';
import type { ItnEvent } from '../../platform/payments/payfast-itn.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { recordAudit } from '../audit/audit.ts';
import { billingLineChanges } from '../audit/billing-line-audit.ts';
import { insertLines } from '../billing-lines/billing-line.repository.ts';
import { moneyColumns } from '../billing-lines/billing-line.service.ts';
import { paymentNotices } from '../in-app-notifications/booking-notices.ts';
import { findReservation, lockReservation } from '../reservations/reservation.repository.ts';
import { afterBookingPaymentSettled } from './after-payment.ts';

/**
 * A verified ITN applied to a booking's payment, once (docs/decisions/060): in one transaction that
 * locks the reservation and the payment, a COMPLETE writes the Payment line (and the security
 * deposit received with it); copies of the notification, on any server, find it complete and change
 * nothing. The unique index (booking_payment_id, kind) backs this up.
 */

export interface BookingSettlement {
  outcome: 'applied' | 'recorded' | 'duplicate' | 'rejected';
  reason: string | null;
  bookingPaymentId: string | null;
}

const FAILURE_REASONS = {
  FAILED: 'The payment failed at PayFast.',
  CANCELLED: 'The payment was cancelled at PayFast.',
} as const;

export async function settleBookingPayment(
  db: Kysely<Database>,
  event: Pick<ItnEvent, 'mPaymentId' | 'pfPaymentId' | 'status'>,
  context: { publicUrl: string; storage?: StorageDriver },
): Promise<BookingSettlement> {
  const found = await db
    .selectFrom('booking_payments')
    .select(['id', 'reservation_id'])
    .where('reference', '=', event.mPaymentId)
    .executeTakeFirst();
  if (!found)
    return {
      outcome: 'rejected',
      reason: `unknown m_payment_id ${event.mPaymentId}`,
      bookingPaymentId: null,
    };
  const settled = (
    outcome: BookingSettlement['outcome'],
    reason: string | null = null,
  ): BookingSettlement => ({
    outcome,
    reason,
    bookingPaymentId: found.id,
  });

  return db.transaction().execute(async (trx) => {
    // The reservation first, as every change of its lines does, then the payment.
    await lockReservation(trx, found.reservation_id);
    const payment = await trx
      .selectFrom('booking_payments')
      .selectAll()
      .where('id', '=', found.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (payment.status === 'complete' || payment.gateway_payment_id !== null)
      return settled('duplicate', `payment ${payment.reference} is already ${payment.status}`);
    if (event.status === 'PENDING') return settled('recorded', 'PayFast reports the payment pending');
    const now = new Date();
    if (event.status !== 'COMPLETE') {
      if (payment.status === event.status.toLowerCase()) return settled('duplicate', payment.failure_reason);
      await trx
        .updateTable('booking_payments')
        .set({
          status: event.status === 'FAILED' ? 'failed' : 'cancelled',
          failure_reason: FAILURE_REASONS[event.status],
          updated_at: now,
        })
        .where('id', '=', payment.id)
        .execute();
      return settled('recorded', FAILURE_REASONS[event.status]);
    }

    await trx
      .updateTable('booking_payments')
      .set({ status: 'complete', gateway_payment_id: event.pfPaymentId, completed_at: now, updated_at: now })
      .where('id', '=', payment.id)
      .execute();
    const reservation = await findReservation(trx, payment.reservation_id);
    if (!reservation)
      throw new Error(`reservation ${payment.reservation_id} of ${payment.reference} is gone`);
    const common = {
      reservation_id: reservation.id,
      owner_id: reservation.owner_id,
      created_by: null,
      booking_payment_id: payment.id,
    };
    const lines: Insertable<ReservationTransactionsTable>[] = [];
    if (payment.payment_cents > 0)
      lines.push({
        ...common,
        kind: 'payment',
        ...moneyColumns(`PayFast payment ${payment.reference}`, payment.payment_cents),
        payment_method: 'payfast',
        transaction_ref: event.pfPaymentId,
        created_at: now,
      });
    if (payment.security_deposit_cents > 0)
      lines.push({
        ...common,
        kind: 'deposit_received',
        ...moneyColumns(
          `Security deposit received (PayFast ${payment.reference})`,
          payment.security_deposit_cents,
        ),
        transaction_ref: event.pfPaymentId,
        // One millisecond after the payment, so the two keep their order in the list.
        created_at: new Date(now.getTime() + 1),
      });
    const inserted = await insertLines(trx, lines);
    for (const line of inserted)
      await recordAudit(trx, {
        actor: null,
        ownerId: reservation.owner_id,
        entityType: 'billing_line',
        entityId: line.id,
        reservationId: reservation.id,
        action: 'created',
        changes: billingLineChanges(null, line),
        summary: `PayFast payment ${payment.reference} added to ${reservation.reference}: ${line.description}`,
      });
    await paymentNotices(trx, {
      reservationId: reservation.id,
      reference: reservation.reference,
      ownerId: reservation.owner_id,
      propertyTitle: reservation.property_title ?? 'Property Details Unavailable',
      amountCents: payment.amount_cents,
      actorId: null,
    });
    await afterBookingPaymentSettled(trx, payment.id, context);
    return settled('applied');
  });
}
