import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, expectError, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { PAYMENT_LINK_MESSAGES } from './payment-link-send.service.ts';
import { findPaymentLink, hashPaymentLinkToken } from './payment-links.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const sendLink = (id: string, cookie?: string) =>
  t.post(`/api/reservations/${id}/payment-link`, undefined, cookie ? { cookie } : {});

/** An owner's listing booked by a client; confirmed by the owner unless `confirm` is false. */
async function booking(confirm = true) {
  const owner = await signInOwner(t);
  const property = await insertProperty(t.db, owner.user.id);
  const client = await t.signInAs({ role: 'client' });
  const created = await t.post('/api/reservations', bookingBody(property.id, 20, 2), {
    cookie: client.cookie,
  });
  expect(created.statusCode, created.body).toBe(201);
  const reservation = created.json<Reservation>();
  if (confirm) {
    const confirmed = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'confirmed' },
      { cookie: owner.cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return { owner, client, reservation };
}

const linksOf = (reservationId: string) =>
  t.db.selectFrom('payment_links').selectAll().where('reservation_id', '=', reservationId).execute();

describe('POST /api/reservations/:id/payment-link — allowed', () => {
  it('the owner sends it: the client gets "Pay now" with the amounts; only the token’s hash is stored; audited', async () => {
    const { owner, client, reservation } = await booking();
    const response = await sendLink(reservation.id, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<{ sentTo: string; expiresAt: string }>();
    expect(sent.sentTo).toBe(client.user.email);
    const days = (Date.parse(sent.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThanOrEqual(60);

    const mail = await t.waitForMail(client.user.email, /^Pay for your booking/);
    expect(mail.subject).toMatch(new RegExp(`^Pay for your booking ${reservation.reference} with .+`));
    expect(mail.text).toContain('Due now: R');
    expect(mail.text).toContain('Balance: R');
    const url = mail.text.match(/Pay now: (\S+)/)?.[1] ?? '';
    expect(url.startsWith(`${TEST_PUBLIC_URL}/pay/`)).toBe(true);
    const token = url.slice(`${TEST_PUBLIC_URL}/pay/`.length);

    const [link, ...others] = await linksOf(reservation.id);
    expect(others).toEqual([]);
    expect(link?.token_hash).toBe(hashPaymentLinkToken(token));
    expect(link?.token_hash).not.toContain(token);
    expect(link?.created_by).toBe(owner.user.id);
    expect((await findPaymentLink(t.db, token))?.id).toBe(link?.id);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', reservation.id)
      .where('action', '=', 'sent')
      .execute();
    expect(audit.map((row) => row.summary)).toEqual([
      expect.stringContaining(`Payment link for ${reservation.reference} sent to ${client.user.email}`),
    ]);
  });

  it.each(['backoffice', 'frontoffice'] as const)(
    '%s staff with the reservations permission may send it',
    async (role) => {
      const { owner, reservation } = await booking();
      const staff = await t.signInAs({ role, parentOwnerId: owner.user.id });
      expect((await sendLink(reservation.id, staff.cookie)).statusCode).toBe(200);
      expect(await linksOf(reservation.id)).toHaveLength(1);
    },
  );
});

describe('POST /api/reservations/:id/payment-link — refused', () => {
  it('a visitor must sign in', async () => {
    const { reservation } = await booking();
    expectError(await sendLink(reservation.id), 401, PAYMENT_LINK_MESSAGES.mustLogIn);
  });

  it('the booking’s own client is refused (403), and no link is made', async () => {
    const { client, reservation } = await booking();
    expectError(await sendLink(reservation.id, client.cookie), 403, PAYMENT_LINK_MESSAGES.businessOnly);
    expect(await linksOf(reservation.id)).toEqual([]);
  });

  it('staff without the reservations permission are refused (403)', async () => {
    const { owner, reservation } = await booking();
    const staff = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: { ...defaultPermissions('frontoffice'), canManageReservations: false },
    });
    expectError(await sendLink(reservation.id, staff.cookie), 403, PAYMENT_LINK_MESSAGES.businessOnly);
    expect(await linksOf(reservation.id)).toEqual([]);
  });

  it('another owner and their staff are told it does not exist (404)', async () => {
    const { reservation } = await booking();
    const other = await signInOwner(t);
    const otherStaff = await t.signInAs({ role: 'backoffice', parentOwnerId: other.user.id });
    expectError(await sendLink(reservation.id, other.cookie), 404, PAYMENT_LINK_MESSAGES.notFound);
    expectError(await sendLink(reservation.id, otherStaff.cookie), 404, PAYMENT_LINK_MESSAGES.notFound);
    expect(await linksOf(reservation.id)).toEqual([]);
  });

  it('a pending request cannot be paid by link (409)', async () => {
    const { owner, reservation } = await booking(false);
    expectError(await sendLink(reservation.id, owner.cookie), 409, PAYMENT_LINK_MESSAGES.notConfirmed);
  });

  it('nothing owed: a fully paid booking gets no link (409)', async () => {
    const { owner, reservation } = await booking();
    const paid = await t.post(
      `/api/reservations/${reservation.id}/transactions`,
      { kind: 'payment', amount_cents: reservation.total_price_cents, payment_method: 'manual' },
      { cookie: owner.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expectError(await sendLink(reservation.id, owner.cookie), 409, PAYMENT_LINK_MESSAGES.nothingOwed);
  });

  it('an unknown booking is 404', async () => {
    const owner = await signInOwner(t);
    expectError(
      await sendLink('00000000-0000-4000-8000-000000000000', owner.cookie),
      404,
      PAYMENT_LINK_MESSAGES.notFound,
    );
  });
});
