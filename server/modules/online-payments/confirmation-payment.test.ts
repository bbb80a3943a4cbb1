import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOf } from '../../../domain/billing.ts';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import {
  bookingBody,
  createdReservation,
  insertProperty,
  newClientInput,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { CONFIRMATION_PAYMENT_TEXTS } from './confirmation-payment.ts';
import { hashPaymentLinkToken } from './payment-links.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const CONFIRMED = /is confirmed$/;

/** An owner, with a verified PayFast merchant when `payfast` (the secrets are not read by the email). */
async function ownerWithListing(payfast: boolean) {
  const owner = await signInOwner(t);
  const property = await insertProperty(t.db, owner.user.id);
  if (payfast)
    await t.db
      .insertInto('owner_payment_accounts')
      .values({
        owner_id: owner.user.id,
        method: 'payfast',
        merchant_id: '10000100',
        merchant_key_encrypted: 'sealed-key',
        passphrase_encrypted: 'sealed-passphrase',
        verified_at: new Date(),
      })
      .execute();
  return { owner, property };
}

const confirm = async (id: string, cookie: string) =>
  expect((await t.patch(`/api/reservations/${id}`, { status: 'confirmed' }, { cookie })).statusCode).toBe(
    200,
  );

describe('the "booking confirmed" email asks the client to pay', () => {
  it('owner takes PayFast, client has an account: "Pay now" opens My Reservations', async () => {
    const { owner, property } = await ownerWithListing(true);
    const client = await t.signInAs({ role: 'client' });
    const reservation = createdReservation(
      await t.post('/api/reservations', bookingBody(property.id, 15, 2), { cookie: client.cookie }),
    );
    await confirm(reservation.id, owner.cookie);
    const mail = await t.waitForMail(client.user.email, CONFIRMED);
    expect(mail.text).toContain(CONFIRMATION_PAYMENT_TEXTS.online);
    expect(mail.text).toContain(`Pay now: ${TEST_PUBLIC_URL}/my-reservations`);
    expect(mail.text).not.toContain(CONFIRMATION_PAYMENT_TEXTS.eft);
    const links = await t.db
      .selectFrom('payment_links')
      .select('id')
      .where('reservation_id', '=', reservation.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('owner takes PayFast, client without an account: "Pay now" is a fresh payment link', async () => {
    const { owner, property } = await ownerWithListing(true);
    const newClient = newClientInput();
    const reservation = createdReservation(
      await t.post('/api/reservations', bookingBody(property.id, 15, 2, { new_client: newClient }), {
        cookie: owner.cookie,
      }),
    );
    await confirm(reservation.id, owner.cookie);
    const mail = await t.waitForMail(newClient.email, CONFIRMED);
    const url = mail.text.match(/Pay now: (\S+)/)?.[1] ?? '';
    expect(url.startsWith(`${TEST_PUBLIC_URL}/pay/`)).toBe(true);
    const token = url.slice(`${TEST_PUBLIC_URL}/pay/`.length);
    const links = await t.db
      .selectFrom('payment_links')
      .select(['token_hash', 'created_by'])
      .where('reservation_id', '=', reservation.id)
      .execute();
    expect(links).toEqual([{ token_hash: hashPaymentLinkToken(token), created_by: owner.user.id }]);
  });

  it('owner takes EFT only (or has not set up PayFast): the email says to pay by EFT, no Pay now', async () => {
    const { owner, property } = await ownerWithListing(false);
    const client = await t.signInAs({ role: 'client' });
    const reservation = createdReservation(
      await t.post('/api/reservations', bookingBody(property.id, 15, 2), { cookie: client.cookie }),
    );
    await confirm(reservation.id, owner.cookie);
    const mail = await t.waitForMail(client.user.email, CONFIRMED);
    expect(mail.text).toContain(CONFIRMATION_PAYMENT_TEXTS.eft);
    expect(mail.text).not.toContain('Pay now');
    expect(mail.text).toContain(`View my reservations: ${TEST_PUBLIC_URL}/my-reservations`);
  });

  it('says what to pay and when, from the terms fixed at confirmation: the deposit now, the balance by its date', async () => {
    const { owner, property } = await ownerWithListing(true);
    await t.db
      .insertInto('payment_plans')
      .values({
        owner_id: owner.user.id,
        property_id: null,
        kind: 'deposit',
        deposit_type: 'percent',
        deposit_percent: 30,
        deposit_amount_cents: 0,
        balance_days_before: 14,
        security_deposit: 'with_balance',
      })
      .execute();
    const client = await t.signInAs({ role: 'client' });
    const reservation = createdReservation(
      await t.post('/api/reservations', bookingBody(property.id, 20, 2), { cookie: client.cookie }),
    );
    await confirm(reservation.id, owner.cookie);
    const row = await t.db
      .selectFrom('reservations')
      .select(['start_date', 'total_price_cents'])
      .where('id', '=', reservation.id)
      .executeTakeFirstOrThrow();
    const deposit = percentOf(row.total_price_cents, 30);
    const balanceDate = addDays(row.start_date, -14);
    expect(balanceDate > todayInBusinessZone()).toBe(true);
    const mail = await t.waitForMail(client.user.email, CONFIRMED);
    expect(mail.text).toContain(
      `To pay: ${formatRandCents(deposit)} now, then ${formatRandCents(row.total_price_cents - deposit)} by ${formatDisplayDate(balanceDate)}.`,
    );
  });
});
