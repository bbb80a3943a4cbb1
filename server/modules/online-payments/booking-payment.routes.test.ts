import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { DEFAULT_CANCELLATION_POLICY, paymentTerms } from '../../../domain/payment-plan.ts';
import type { PaymentDue, PaymentLinkView } from '../../../domain/schemas/online-payments.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import { payfastSettings, SIMULATOR_PATH } from '../../platform/payments/payfast-gateway.ts';
import { signCheckout } from '../../platform/payments/payfast-signature.ts';
import { expectError } from '../../test/booking-fixtures.ts';
import { booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { type CreatedUser, createTestApp, type TestApp } from '../../test/harness.ts';
import { BOOKING_NOTIFY_PATH } from './booking-checkout.ts';
import { BOOKING_PAYMENT_MESSAGES } from './booking-payment.routes.ts';
import {
  bookingItn,
  bookingPaymentOf,
  givePayfastAccount,
  linesOfPayment,
  notifyBooking,
  orderOf,
} from './booking-payment-fixtures.ts';
import type { OwnerPayfast } from './credentials.ts';
import { PAYMENT_DUE_MESSAGES } from './payment-due.ts';
import { createPaymentLink } from './payment-links.ts';

/** Paying a booking online into the owner's PayFast merchant, and the ITN that writes the Payment line once. */
let t: TestApp;
type Person = { user: CreatedUser; cookie: string };
let owner: Person & { details: { trading_name: string } };
let client: Person;
let otherOwner: Person;
let otherClient: Person;
let staff: Person;
let merchant: OwnerPayfast;
let otherMerchant: OwnerPayfast;

beforeAll(async () => {
  t = await createTestApp();
  owner = await ownerWithDetails(t);
  client = await t.signInAs({ role: 'client' });
  otherOwner = await ownerWithDetails(t);
  otherClient = await t.signInAs({ role: 'client' });
  staff = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
  merchant = await givePayfastAccount(t, owner.user.id);
  otherMerchant = await givePayfastAccount(t, otherOwner.user.id);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const confirmedBooking = () => booking(t, owner, { status: 'confirmed', clientUserId: client.user.id });

async function pay(reservation: Reservation, purpose: 'due_now' | 'balance' = 'due_now', as = client) {
  return t.post(`/api/reservations/${reservation.id}/pay`, { purpose }, { cookie: as.cookie });
}

async function started(reservation: Reservation, purpose: 'due_now' | 'balance' = 'due_now') {
  const response = await pay(reservation, purpose);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PaymentStart>();
}

const dueOf = async (reservation: Reservation, as: Person = client) =>
  (await t.get(`/api/reservations/${reservation.id}/payment-due`, { cookie: as.cookie })).json<PaymentDue>();

describe('checkout into the owner’s merchant', () => {
  it('signs the form with the owner’s merchant key and passphrase and asks for what is due', async () => {
    const reservation = await confirmedBooking();
    const due = await dueOf(reservation);
    expect(due).toMatchObject({
      payable: true,
      notPayableReason: null,
      nowCents: reservation.total_price_cents,
    });

    const start = await started(reservation);
    const order = orderOf(start);
    expect(start.postUrl).toBe(payfastSettings(t.config).processUrl);
    expect(order).toMatchObject({
      merchant_id: merchant.merchantId,
      merchant_key: merchant.merchantKey,
      notify_url: `${t.config.PUBLIC_URL}${BOOKING_NOTIFY_PATH}`,
      return_url: `${t.config.PUBLIC_URL}/my-reservations?payment=${start.reference}`,
      cancel_url: `${t.config.PUBLIC_URL}/my-reservations?payment=${start.reference}&cancelled=1`,
      m_payment_id: start.reference,
      amount: (reservation.total_price_cents / 100).toFixed(2),
      item_name: `${owner.details.trading_name} booking ${reservation.reference}`,
    });
    expect(start.reference).toMatch(/^BKP_\d+_[0-9a-f]{12}$/);
    const { signature, ...signed } = order;
    expect(signCheckout(signed, merchant.passphrase).signature).toBe(signature);
    expect(signCheckout(signed, payfastSettings(t.config).passphrase).signature).not.toBe(signature);
    expect(await bookingPaymentOf(t, start.reference)).toMatchObject({
      owner_id: owner.user.id,
      merchant_id: merchant.merchantId,
      purpose: 'due_now',
      amount_cents: reservation.total_price_cents,
      payer_user_id: client.user.id,
      status: 'pending',
    });
  });

  it('asks for the deposit under the booking’s terms, and the whole balance when the client pays early', async () => {
    const reservation = await confirmedBooking();
    const today = todayInBusinessZone();
    const terms = paymentTerms(
      {
        kind: 'deposit',
        depositType: 'percent',
        depositPercent: 30,
        depositAmountCents: 0,
        balanceDaysBefore: 0,
        securityDeposit: 'with_balance',
      },
      DEFAULT_CANCELLATION_POLICY,
      { totalCents: reservation.total_price_cents, startDate: reservation.start_date, confirmedOn: today },
    );
    await t.db
      .updateTable('reservations')
      .set({ payment_terms: JSON.stringify(terms), security_deposit_cents: 50_000 })
      .where('id', '=', reservation.id)
      .execute();
    const due = await dueOf(reservation);
    expect(due).toMatchObject({
      payable: true,
      nowCents: terms.depositDueCents,
      securityDepositNowCents: 0,
      next: {
        dueOn: terms.balanceDueOn,
        cents: reservation.total_price_cents - terms.depositDueCents + 50_000,
        securityDepositCents: 50_000,
      },
      // Paying the balance early charges the security deposit taken with it: the button says so.
      payOffCents: reservation.total_price_cents + 50_000,
    });
    expect(due.planText).toContain('30%');
    expect(orderOf(await started(reservation)).amount).toBe((terms.depositDueCents / 100).toFixed(2));
    const early = await started(reservation, 'balance');
    expect(await bookingPaymentOf(t, early.reference)).toMatchObject({
      purpose: 'balance',
      payment_cents: reservation.total_price_cents,
      security_deposit_cents: 50_000,
    });
  });

  it('refuses with the reason when nothing can be paid online', async () => {
    const pending = await booking(t, owner, { clientUserId: client.user.id });
    expect(await dueOf(pending)).toMatchObject({
      payable: false,
      notPayableReason: PAYMENT_DUE_MESSAGES.pending,
      nowCents: 0,
    });
    expectError(await pay(pending), 409, PAYMENT_DUE_MESSAGES.pending);

    const eftOwner = await ownerWithDetails(t);
    const eftBooking = await booking(t, eftOwner, { status: 'confirmed', clientUserId: client.user.id });
    expect(await dueOf(eftBooking)).toMatchObject({
      payable: false,
      notPayableReason: PAYMENT_DUE_MESSAGES.eftOnly,
    });
    expectError(await pay(eftBooking), 409, PAYMENT_DUE_MESSAGES.eftOnly);

    const paid = await confirmedBooking();
    const manual = await t.post(
      `/api/reservations/${paid.id}/transactions`,
      {
        kind: 'payment',
        amount_cents: paid.total_price_cents,
        payment_method: 'manual',
        transaction_ref: 'EFT-1',
      },
      { cookie: owner.cookie },
    );
    expect(manual.statusCode, manual.body).toBeLessThan(300);
    expect(await dueOf(paid)).toMatchObject({ payable: false, notPayableReason: null, balanceCents: 0 });
    expectError(await pay(paid), 409, PAYMENT_DUE_MESSAGES.nothingDue);
  });
});

describe('the ITN, checked with the owner’s passphrase', () => {
  it('a completed payment writes one Payment line, once, and the balance follows', async () => {
    const reservation = await confirmedBooking();
    const start = await started(reservation);
    const body = bookingItn(orderOf(start), merchant, { pfPaymentId: '7001001' });
    expect(await notifyBooking(t, body)).toMatchObject({
      outcome: 'applied',
      reason: null,
      payment_id: null,
    });
    expect(await notifyBooking(t, body)).toMatchObject({ outcome: 'duplicate' });

    const lines = await linesOfPayment(t, reservation.id);
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'payment',
        payment_method: 'payfast',
        payment_amount_cents: reservation.total_price_cents,
        transaction_ref: '7001001',
        description: `PayFast payment ${start.reference}`,
        created_by: null,
      }),
    ]);
    expect(await bookingPaymentOf(t, start.reference)).toMatchObject({
      status: 'complete',
      gateway_payment_id: '7001001',
    });
    const due = await dueOf(reservation, owner);
    expect(due).toMatchObject({ balanceCents: 0, nowCents: 0 });
    expect(due.payments[0]).toMatchObject({ reference: start.reference, status: 'complete' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'summary'])
      .where('entity_id', '=', (lines[0] as { id: string }).id)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_user_id: null })]);
    await t.waitForMail(await clientEmail(reservation), /Payment received/);
  });

  it('a security deposit paid with the balance is a deposit received line from the same payment', async () => {
    const reservation = await confirmedBooking();
    await t.db
      .updateTable('reservations')
      .set({ security_deposit_cents: 40_000 })
      .where('id', '=', reservation.id)
      .execute();
    const start = await started(reservation);
    expect(orderOf(start).amount).toBe(((reservation.total_price_cents + 40_000) / 100).toFixed(2));
    expect(await notifyBooking(t, bookingItn(orderOf(start), merchant))).toMatchObject({
      outcome: 'applied',
    });
    const lines = await linesOfPayment(t, reservation.id);
    expect(lines.map((line) => [line.kind, line.payment_amount_cents])).toEqual([
      ['payment', reservation.total_price_cents],
      ['deposit_received', 40_000],
    ]);
  });

  const rejectedWith = async (
    body: string,
    reason: string | RegExp,
    reference: string,
    reservationId: string,
  ) => {
    const recorded = await notifyBooking(t, body);
    expect(recorded.outcome).toBe('rejected');
    expect(recorded.reason).toMatch(reason);
    expect(await linesOfPayment(t, reservationId)).toEqual([]);
    expect(await bookingPaymentOf(t, reference)).toMatchObject({
      status: 'pending',
      gateway_payment_id: null,
    });
  };

  it('refuses a notification signed with another owner’s passphrase, or Rentza’s', async () => {
    const reservation = await confirmedBooking();
    const start = await started(reservation);
    const order = orderOf(start);
    await rejectedWith(
      bookingItn(order, { merchantId: merchant.merchantId, passphrase: otherMerchant.passphrase }),
      'signature mismatch',
      start.reference,
      reservation.id,
    );
    await rejectedWith(
      bookingItn(order, {
        merchantId: merchant.merchantId,
        passphrase: payfastSettings(t.config).passphrase,
      }),
      'signature mismatch',
      start.reference,
      reservation.id,
    );
    // Signed correctly by another merchant (another owner's, or Rentza's): not the payee.
    await rejectedWith(
      bookingItn(order, otherMerchant),
      /merchant_id .* is not the payee's/,
      start.reference,
      reservation.id,
    );
    await rejectedWith(
      bookingItn(order, payfastSettings(t.config)),
      /merchant_id .* is not the payee's/,
      start.reference,
      reservation.id,
    );
  });

  it('refuses an amount other than what was asked, and an m_payment_id never issued', async () => {
    const reservation = await confirmedBooking();
    const start = await started(reservation);
    const order = orderOf(start);
    await rejectedWith(
      bookingItn(order, merchant, { amountCents: 100 }),
      'amount mismatch',
      start.reference,
      reservation.id,
    );
    const unknown = await notifyBooking(
      t,
      bookingItn({ ...order, m_payment_id: 'BKP_1_000000000000' }, merchant, { pfPaymentId: '7001002' }),
    );
    expect(unknown).toMatchObject({ outcome: 'rejected', reason: 'unknown m_payment_id BKP_1_000000000000' });
  });

  it('records a failed payment without a line; the client can pay again', async () => {
    const reservation = await confirmedBooking();
    const start = await started(reservation);
    expect(await notifyBooking(t, bookingItn(orderOf(start), merchant, { status: 'FAILED' }))).toMatchObject({
      outcome: 'recorded',
    });
    expect(await bookingPaymentOf(t, start.reference)).toMatchObject({
      status: 'failed',
      failure_reason: 'The payment failed at PayFast.',
    });
    expect(await linesOfPayment(t, reservation.id)).toEqual([]);
    expect(await dueOf(reservation)).toMatchObject({
      payable: true,
      nowCents: reservation.total_price_cents,
    });
  });
});

async function clientEmail(reservation: Reservation): Promise<string> {
  const row = await t.db
    .selectFrom('clients')
    .select('email')
    .where('id', '=', reservation.client_id)
    .executeTakeFirstOrThrow();
  return row.email as string;
}

describe('through the simulator', () => {
  it('the simulator checks the owner’s signature, names the payee, and its ITN writes the Payment line', async () => {
    const reservation = await confirmedBooking();
    const start = await started(reservation);
    const form = new URLSearchParams(start.formFields ?? []).toString();
    const page = await t.app.inject({
      method: 'POST',
      url: `${SIMULATOR_PATH}/eng/process`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(
      `<h1>Pay ${owner.details.trading_name} booking ${reservation.reference}</h1>`,
    );
    expect(page.body).not.toContain('<h1>Pay Rentza</h1>');

    const forged = await t.app.inject({
      method: 'POST',
      url: `${SIMULATOR_PATH}/eng/process`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.replace(/merchant_key=[^&]+/, `merchant_key=${otherMerchant.merchantKey}`),
    });
    expect(forged.statusCode).toBe(400);

    const decided = await t.app.inject({
      method: 'POST',
      url: `${SIMULATOR_PATH}/eng/process/decision`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ order: form, decision: 'COMPLETE' }).toString(),
    });
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(
      `${t.config.PUBLIC_URL}/my-reservations?payment=${start.reference}`,
    );
    for (let attempt = 0; attempt < 200; attempt++) {
      if ((await bookingPaymentOf(t, start.reference)).status === 'complete') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await linesOfPayment(t, reservation.id)).toEqual([
      expect.objectContaining({ kind: 'payment', payment_amount_cents: reservation.total_price_cents }),
    ]);
  });
});

describe('who may see and pay a booking', () => {
  it('payment-due: the client, the owner and their staff; another owner or client gets 404; anonymous 401', async () => {
    const reservation = await confirmedBooking();
    const url = `/api/reservations/${reservation.id}/payment-due`;
    for (const person of [client, owner, staff])
      expect((await t.get(url, { cookie: person.cookie })).statusCode).toBe(200);
    for (const person of [otherOwner, otherClient])
      expect((await t.get(url, { cookie: person.cookie })).statusCode).toBe(404);
    expect((await t.get(url)).statusCode).toBe(401);
  });

  it('pay: the client only; the owner and staff are told to send a link; others 404; anonymous 401', async () => {
    const reservation = await confirmedBooking();
    expect((await pay(reservation)).statusCode).toBe(200);
    expectError(await pay(reservation, 'due_now', owner), 403, BOOKING_PAYMENT_MESSAGES.ownerPays);
    expectError(await pay(reservation, 'due_now', staff), 403, BOOKING_PAYMENT_MESSAGES.ownerPays);
    for (const person of [otherOwner, otherClient])
      expect((await pay(reservation, 'due_now', person)).statusCode).toBe(404);
    expect((await t.post(`/api/reservations/${reservation.id}/pay`, { purpose: 'due_now' })).statusCode).toBe(
      401,
    );
  });
});

describe('a payment link', () => {
  const linkFor = (reservation: Reservation, now?: Date) =>
    createPaymentLink(t.db, {
      reservationId: reservation.id,
      ownerId: owner.user.id,
      createdBy: owner.user.id,
      publicUrl: t.config.PUBLIC_URL,
      now,
    });

  it('shows the booking without signing in and starts a checkout that returns to the link', async () => {
    const reservation = await confirmedBooking();
    const { token } = await linkFor(reservation);
    const view = await t.get(`/api/pay/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<PaymentLinkView>()).toMatchObject({
      businessName: owner.details.trading_name,
      startDate: reservation.start_date,
      due: { reservationId: reservation.id, payable: true, nowCents: reservation.total_price_cents },
    });
    const checkout = await t.post(`/api/pay/${token}/checkout`, { purpose: 'due_now' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const start = checkout.json<PaymentStart>();
    expect(orderOf(start).return_url).toBe(`${t.config.PUBLIC_URL}/pay/${token}?payment=${start.reference}`);
    const payment = await bookingPaymentOf(t, start.reference);
    expect(payment).toMatchObject({ payer_user_id: null });
    expect(payment.payment_link_id).not.toBeNull();
  });

  it('an expired or unknown link is not found', async () => {
    const reservation = await confirmedBooking();
    const { token } = await linkFor(
      reservation,
      new Date(`${addDays(todayInBusinessZone(), -61)}T12:00:00Z`),
    );
    expectError(await t.get(`/api/pay/${token}`), 404, BOOKING_PAYMENT_MESSAGES.linkInvalid);
    expectError(
      await t.post(`/api/pay/${token}/checkout`, { purpose: 'due_now' }),
      404,
      BOOKING_PAYMENT_MESSAGES.linkInvalid,
    );
    expectError(await t.get('/api/pay/not-a-token'), 404, BOOKING_PAYMENT_MESSAGES.linkInvalid);
  });
});
