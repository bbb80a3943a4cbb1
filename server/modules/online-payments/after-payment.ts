import type { Kysely } from 'kysely';
import { formatRand } from '../../../domain/money.ts';
import type { Database } from '../../db/types.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { renderActionMail } from '../../platform/mail/templates.ts';

/**
 * What follows a completed online payment, in the settlement's transaction: the client is told it
 * arrived. Called once per booking payment (the settlement applies each pf_payment_id once).
 */
export async function afterBookingPaymentSettled(
  trx: Kysely<Database>,
  bookingPaymentId: string,
  context: { publicUrl: string },
): Promise<void> {
  const payment = await trx
    .selectFrom('booking_payments as bp')
    .innerJoin('reservations as r', 'r.id', 'bp.reservation_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select([
      'bp.amount_cents',
      'bp.reference',
      'r.reference as reservation_reference',
      'c.first_name',
      'c.email',
    ])
    .where('bp.id', '=', bookingPaymentId)
    .executeTakeFirstOrThrow();
  await enqueueMail(
    trx,
    renderActionMail({
      to: payment.email,
      subject: `Payment received for ${payment.reservation_reference}`,
      greetingName: payment.first_name,
      paragraphs: [
        `We received your payment of ${formatRand(payment.amount_cents)} for booking ${payment.reservation_reference} (payment ${payment.reference}).`,
      ],
      action: { label: 'View my reservations', url: `${context.publicUrl}/my-reservations` },
    }),
  );
}
