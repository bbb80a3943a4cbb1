import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, createdReservation, expectError, insertProperty } from '../../test/booking-fixtures.ts';
import { ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Person, type PersonKey, testPeople } from '../../test/people.ts';

/**
 * My Reservations is anyone's own bookings as a guest (issue 19, docs/decisions/033): an owner,
 * staff member or admin who books someone else's listing is that listing's client, sees the booking
 * beside a client's, may cancel it as a client may, and may download its documents.
 */
let t: TestApp;
let person: (key: PersonKey) => Promise<Person>;
let host: Awaited<ReturnType<typeof ownerWithDetails>>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
  host = await ownerWithDetails(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const mine = async (cookie: string) =>
  (await t.get('/api/my/reservations', { cookie })).json<Reservation[]>().map((r) => r.id);

async function guestBooking(guest: Person, offset: number) {
  const property = await insertProperty(t.db, host.user.id);
  return createdReservation(
    await t.post('/api/reservations', bookingBody(property.id, offset, 2), { cookie: guest.cookie }),
  );
}

describe('GET /api/my/reservations', () => {
  it.each(['owner', 'backoffice', 'frontoffice', 'client'] as const)(
    'a %s who booked someone else’s listing sees it, and nobody else’s',
    async (key) => {
      const guest = await person(key);
      const booking = await guestBooking(guest, 10);
      expect(booking.owner_id).toBe(host.user.id);
      expect(await mine(guest.cookie)).toContain(booking.id);
      // Not the host's own list of guest bookings, nor another guest's.
      expect(await mine(host.cookie)).not.toContain(booking.id);
      expect(await mine((await person('otherOwner')).cookie)).not.toContain(booking.id);
      // The one reservation reads too (the email's link leads here).
      expect((await t.get(`/api/reservations/${booking.id}`, { cookie: guest.cookie })).statusCode).toBe(200);
    },
  );

  it('an owner’s business list is unchanged: their guest booking is not their business’s', async () => {
    const guest = await person('owner');
    const booking = await guestBooking(guest, 14);
    const business = (await t.get('/api/reservations', { cookie: guest.cookie })).json<Reservation[]>();
    expect(business.map((r) => r.id)).not.toContain(booking.id);
    expect(business.every((r) => r.owner_id === guest.user.id)).toBe(true);
  });

  it('deny: signed out → 401; another signed-in user reading the booking → 404', async () => {
    const booking = await guestBooking(await person('owner'), 18);
    expect((await t.get('/api/my/reservations')).statusCode).toBe(401);
    expectError(
      await t.get(`/api/reservations/${booking.id}`, { cookie: (await person('client')).cookie }),
      404,
      'Reservation not found',
    );
    expectError(
      await t.post(
        `/api/reservations/${booking.id}/cancel`,
        {},
        { cookie: (await person('otherOwner')).cookie },
      ),
      404,
      'Reservation not found',
    );
  });
});

describe('an owner’s guest booking, as a client’s', () => {
  it('they cancel it while pending; the host is refused (the host uses the editor)', async () => {
    const guest = await person('owner');
    const booking = await guestBooking(guest, 22);
    expect(
      (await t.post(`/api/reservations/${booking.id}/cancel`, {}, { cookie: host.cookie })).statusCode,
    ).toBe(403);
    const cancelled = await t.post(`/api/reservations/${booking.id}/cancel`, {}, { cookie: guest.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Reservation>().status).toBe('cancelled');
  });

  it('they download its confirmation and see its issued invoice; another owner may not', async () => {
    const guest = await person('backoffice');
    const booking = await guestBooking(guest, 26);
    expect(
      (await t.patch(`/api/reservations/${booking.id}`, { status: 'confirmed' }, { cookie: host.cookie }))
        .statusCode,
    ).toBe(200);
    const issued = await t.post(
      `/api/reservations/${booking.id}/documents/invoice`,
      {},
      { cookie: host.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);

    const confirmation = `/api/reservations/${booking.id}/documents/confirmation.pdf`;
    expect((await t.get(confirmation, { cookie: guest.cookie })).statusCode).toBe(200);
    expect((await t.get(confirmation, { cookie: (await person('otherOwner')).cookie })).statusCode).toBe(404);
    const documents = (await t.get('/api/my/documents', { cookie: guest.cookie })).json<
      Array<{ reservation_id: string; kind: string; pdf_url: string }>
    >();
    const invoice = documents.find((d) => d.reservation_id === booking.id && d.kind === 'invoice');
    expect(invoice).toBeDefined();
    expect((await t.get(invoice?.pdf_url ?? '', { cookie: guest.cookie })).statusCode).toBe(200);
    // Staff of the guest's business do not manage the host's booking.
    expect(
      (await t.get(`/api/reservations/${booking.id}/documents`, { cookie: guest.cookie })).statusCode,
    ).toBe(403);
  });
});
