import { randomBytes } from 'node:crypto';
import { formatDisplayDate } from '../../../domain/dates.ts';
import type { StartBookingPayment } from '../../../domain/schemas/online-payments.ts';
import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import { timestampedReference } from '../../../domain/subscriptions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { conflict } from '../../http/errors.ts';
import { createPayfastGateway, type PayfastSettings } from '../../platform/payments/payfast-gateway.ts';
import { findBusinessDetails, findOwner } from '../business-details/business-details.repository.ts';
import type { ReservationRow } from '../reservations/reservation.repository.ts';
import type { OwnerPayfast } from './credentials.ts';
import { bookingAmounts, PAYMENT_DUE_MESSAGES } from './payment-due.ts';

/**
 * Checkout of a booking's payment into the OWNER's PayFast merchant (docs/decisions/060): the form is
 * signed with the owner's merchant key and passphrase, and PayFast notifies the booking endpoint,
 * which checks it with the same owner's passphrase.
 */

export const BOOKING_NOTIFY_PATH = '/api/payments/payfast/booking-notify';
/** m_payment_id of a booking's payment: BKP_ + timestamp + random, like PAY_ for subscriptions. */
export const BOOKING_PAYMENT_PREFIX = 'BKP_';

/** The mode's PayFast addresses (process page, validation, allowed sources) with the owner's merchant. */
export function ownerPayfastSettings(settings: PayfastSettings, owner: OwnerPayfast): PayfastSettings {
  return {
    ...settings,
    merchantId: owner.merchantId,
    merchantKey: owner.merchantKey,
    passphrase: owner.passphrase,
    notifyUrl: `${settings.publicUrl}${BOOKING_NOTIFY_PATH}`,
  };
}

/** Who starts the payment: the booking's signed-in client, or whoever holds a payment link. */
export type Payer = { userId: string; link: null } | { userId: null; link: { id: string; token: string } };

/** The business as its clients know it: the trading name, or the owner’s name. */
export async function businessNameOf(deps: Pick<AppDeps, 'db'>, ownerId: string): Promise<string> {
  const [details, owner] = await Promise.all([
    findBusinessDetails(deps.db, ownerId),
    findOwner(deps.db, ownerId),
  ]);
  return details?.trading_name ?? `${owner?.first_name ?? ''} ${owner?.last_name ?? ''}`.trim();
}

/**
 * Starts an online payment of a booking: what is due now, or the whole balance (with the security
 * deposit taken with it). 409 with the reason when nothing can be paid online.
 */
export async function startBookingPayment(
  deps: Pick<AppDeps, 'db' | 'config' | 'payments'>,
  reservation: ReservationRow,
  purpose: StartBookingPayment['purpose'],
  payer: Payer,
): Promise<PaymentStart> {
  const { due, wholeBalance, refusal, credentials } = await bookingAmounts(deps, reservation);
  if (refusal !== null || !credentials) throw conflict(refusal ?? PAYMENT_DUE_MESSAGES.eftOnly);
  const amounts =
    purpose === 'balance'
      ? wholeBalance
      : { paymentCents: due.paymentNowCents, securityDepositCents: due.securityDepositNowCents };
  const amountCents = amounts.paymentCents + amounts.securityDepositCents;
  if (amountCents <= 0)
    throw conflict(due.next ? PAYMENT_DUE_MESSAGES.nothingDueNow(due.next) : PAYMENT_DUE_MESSAGES.nothingDue);

  const now = new Date();
  const reference = timestampedReference(BOOKING_PAYMENT_PREFIX, now, randomBytes(6).toString('hex'));
  await deps.db
    .insertInto('booking_payments')
    .values({
      reference,
      owner_id: reservation.owner_id,
      reservation_id: reservation.id,
      merchant_id: credentials.merchantId,
      purpose,
      payment_cents: amounts.paymentCents,
      security_deposit_cents: amounts.securityDepositCents,
      amount_cents: amountCents,
      payer_user_id: payer.userId,
      payment_link_id: payer.link?.id ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();

  const publicUrl = deps.config.PUBLIC_URL;
  const back = payer.link
    ? `${publicUrl}/pay/${payer.link.token}?payment=${reference}`
    : `${publicUrl}/my-reservations?payment=${reference}`;
  const settings = ownerPayfastSettings(deps.payments.payfastSettings, credentials);
  const businessName = await businessNameOf(deps, reservation.owner_id);
  return createPayfastGateway(settings, deps.payments.http).createCheckout({
    reference,
    amountCents,
    itemName: `${businessName} booking ${reservation.reference}`,
    itemDescription: `${reservation.property_title ?? 'Booking'}, ${formatDisplayDate(reservation.start_date)} to ${formatDisplayDate(reservation.end_date)}`,
    customer: {
      firstName: reservation.client_first_name,
      lastName: reservation.client_last_name,
      email: reservation.client_email ?? '',
    },
    returnUrl: back,
    cancelUrl: `${back}&cancelled=1`,
    notifyUrl: settings.notifyUrl,
  });
}
