import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { storedField } from '../../platform/payments/notification-limits.ts';
import { readSignedForm, verifyPayfastItn } from '../../platform/payments/payfast-itn.ts';
import { payfastConfirmation, recordPayfastNotification } from '../payments/payfast-notify.ts';
import { type BookingSettlement, settleBookingPayment } from './booking-settlement.ts';
import { ownerPayfastCredentials } from './credentials.ts';

/**
 * One PayFast ITN for a booking's payment, after the 200 has gone back (docs/decisions/060): the
 * payment it names, the owner whose merchant it went to, all five checks of PAYFAST.md with THAT
 * owner's passphrase, then settlement once. A notification signed with Rentza's passphrase or another
 * owner's fails the signature check. Every notification is kept with what became of it.
 */
export async function processBookingItn(
  deps: Pick<AppDeps, 'db' | 'config' | 'payments' | 'pokeMail' | 'storage'>,
  rawBody: string,
  sourceIp: string,
  log: FastifyBaseLogger,
): Promise<BookingSettlement> {
  const body = readSignedForm(rawBody);
  const fields = body.ok ? body.fields : {};
  const decided = await decide(deps, body, sourceIp);
  await recordPayfastNotification(deps, rawBody, sourceIp, fields, { ...decided, paymentId: null });
  if (decided.outcome === 'rejected')
    log.warn(
      { reason: decided.reason, m_payment_id: storedField(fields.m_payment_id) },
      'PayFast booking ITN rejected',
    );
  if (decided.outcome === 'applied') deps.pokeMail();
  return decided;
}

async function decide(
  deps: Pick<AppDeps, 'db' | 'config' | 'payments' | 'storage'>,
  body: ReturnType<typeof readSignedForm>,
  sourceIp: string,
): Promise<BookingSettlement> {
  const rejected = (reason: string, bookingPaymentId: string | null = null): BookingSettlement => ({
    outcome: 'rejected',
    reason,
    bookingPaymentId,
  });
  if (!body.ok) return rejected(body.reason);
  const reference = body.fields.m_payment_id ?? '';
  const payment = reference
    ? await deps.db
        .selectFrom('booking_payments')
        .select(['id', 'reference', 'owner_id', 'merchant_id', 'amount_cents'])
        .where('reference', '=', reference)
        .executeTakeFirst()
    : undefined;
  if (!payment) return rejected(`unknown m_payment_id ${storedField(reference) ?? ''}`.trim());
  if (body.fields.merchant_id !== payment.merchant_id)
    return rejected(
      `merchant_id ${storedField(body.fields.merchant_id) ?? '(none)'} is not the payee's`,
      payment.id,
    );
  const owner = await ownerPayfastCredentials(deps.db, deps.config, payment.owner_id);
  if (!owner) return rejected("the payee's PayFast account is no longer set up", payment.id);
  if (owner.merchantId !== payment.merchant_id)
    return rejected("the payee's PayFast merchant changed since the payment started", payment.id);
  const verdict = await verifyPayfastItn({
    body,
    sourceIp,
    passphrase: owner.passphrase,
    allowedRanges: deps.payments.payfastSettings.allowedSources,
    expectedAmountCents: async (mPaymentId) =>
      mPaymentId === payment.reference ? payment.amount_cents : null,
    confirm: payfastConfirmation(deps),
  });
  if (!verdict.ok) return rejected(verdict.reason, payment.id);
  return settleBookingPayment(deps.db, verdict.event, {
    publicUrl: deps.config.PUBLIC_URL,
    storage: deps.storage,
  });
}
