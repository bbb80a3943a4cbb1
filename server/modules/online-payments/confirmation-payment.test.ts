import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
