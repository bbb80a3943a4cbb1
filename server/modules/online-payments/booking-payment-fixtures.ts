import { expect } from 'vitest';
import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import type { TestApp } from '../../test/harness.ts';
import { buildItn } from '../payfast-simulator/payfast-simulator.ts';
import { BOOKING_NOTIFY_PATH } from './booking-checkout.ts';
import { credentialsKey, encryptSecret, type OwnerPayfast } from './credentials.ts';

/**
 * Factories for the booking payment tests: an owner's verified PayFast merchant (as the merchant
 * account screen would store it, and as the simulator knows it), signed ITNs, and what they wrote.
 */

let merchantSequence = 0;

/** A new merchant: a unique id, a key and a passphrase of its own. */
export function newMerchant(): OwnerPayfast {
  merchantSequence++;
  const id = String(30_000_000 + ((Date.now() * 7 + merchantSequence * 7919) % 9_000_000));
  return {
    merchantId: id,
    merchantKey: `key${id.slice(-6)}${merchantSequence}`,
    passphrase: `Owner-pass-${id}-${merchantSequence}`,
  };
}

/** The owner's PayFast account, encrypted and verified; the simulator knows the merchant too. */
export async function givePayfastAccount(t: TestApp, ownerId: string, merchant = newMerchant()) {
  const key = credentialsKey(t.config);
  await t.db
    .insertInto('owner_payment_accounts')
    .values({
      owner_id: ownerId,
      method: 'payfast',
      merchant_id: merchant.merchantId,
      merchant_key_encrypted: encryptSecret(merchant.merchantKey, key),
      passphrase_encrypted: encryptSecret(merchant.passphrase, key),
      verified_at: new Date(),
    })
    .execute();
  await t.db
    .insertInto('payfast_simulator_merchants')
    .values({
      merchant_id: merchant.merchantId,
      merchant_key: merchant.merchantKey,
      passphrase: merchant.passphrase,
      name: `Owner ${ownerId.slice(0, 8)}`,
    })
    .onConflict((oc) => oc.column('merchant_id').doNothing())
    .execute();
  return merchant;
}

export const orderOf = (start: PaymentStart) => Object.fromEntries(start.formFields ?? []);

/** The ITN for a checkout, signed by `signer` (the owner's merchant unless a test forges it). */
export function bookingItn(
  order: Record<string, string>,
  signer: { merchantId: string; passphrase: string },
  overrides: {
    status?: 'COMPLETE' | 'FAILED' | 'CANCELLED';
    pfPaymentId?: string;
    amountCents?: number;
  } = {},
) {
  return buildItn(
    order,
    {
      status: overrides.status ?? 'COMPLETE',
      pfPaymentId: overrides.pfPaymentId ?? String(Math.floor(Math.random() * 1e9)),
      amountCents: overrides.amountCents ?? Math.round(Number(order.amount) * 100),
      token: null,
    },
    signer,
  );
}

const pfIdOf = (body: string) => new URLSearchParams(body).get('pf_payment_id') ?? '';

/** Posts a booking ITN, expects PayFast's 200 OK, and waits for its notification row. */
export async function notifyBooking(t: TestApp, body: string) {
  const before = await notificationsOf(t, pfIdOf(body));
  const response = await t.app.inject({
    method: 'POST',
    url: BOOKING_NOTIFY_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('OK');
  for (let attempt = 0; attempt < 200; attempt++) {
    const rows = await notificationsOf(t, pfIdOf(body));
    if (rows.length > before.length) return rows[rows.length - 1] as (typeof rows)[number];
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no booking notification recorded');
}

export function notificationsOf(t: TestApp, pfPaymentId: string) {
  return t.db
    .selectFrom('payment_notifications')
    .select(['outcome', 'reason', 'payment_id', 'received_at'])
    .where('gateway_payment_id', '=', pfPaymentId)
    .orderBy('received_at')
    .execute();
}

/** The lines an online payment wrote. */
export function linesOfPayment(t: TestApp, reservationId: string) {
  return t.db
    .selectFrom('reservation_transactions')
    .selectAll()
    .where('reservation_id', '=', reservationId)
    .where('booking_payment_id', 'is not', null)
    .orderBy('created_at')
    .execute();
}

export function bookingPaymentOf(t: TestApp, reference: string) {
  return t.db
    .selectFrom('booking_payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}
