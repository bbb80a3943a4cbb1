import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_QUOTA_MESSAGES } from '../../../domain/booking-quota.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import {
  bookingBody,
  createdReservation,
  day,
  expectError,
  insertProperty,
  newClientInput,
  setPlan,
  signInOwner,
  starterOwnerWithListing,
  walkIn,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { measureUsage } from '../subscriptions/subscription.repository.ts';

/**
 * The monthly booking limit cannot be used up by clients (docs/decisions/022): a client's request
 * counts when the business accepts it, each client has at most 3 requests waiting per listing, and
 * restoring a cancelled booking is checked like a new one. A request the plan refuses:
 * reservation-plan-refusal.routes.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const MONTHLY_LIMIT = "You've reached your monthly limit of 5 bookings. Upgrade for unlimited bookings.";
const DATES_TAKEN = 'Those dates are no longer available. Please choose different dates.';
const TOO_MANY_REQUESTS = BOOKING_QUOTA_MESSAGES.tooManyRequests;

const book = (body: unknown, cookie: string) => t.post('/api/reservations', body, { cookie });
const setStatus = (id: string, status: Reservation['status'], cookie: string) =>
  t.patch(`/api/reservations/${id}`, { status }, { cookie });
const clientCancels = (id: string, cookie: string) =>
  t.post(`/api/reservations/${id}/cancel`, {}, { cookie });

const bookingsThisMonth = async (ownerId: string) => (await measureUsage(t.db, ownerId)).bookingsThisMonth;
const statusOf = async (id: string) =>
  (await t.db.selectFrom('reservations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
const countOf = async (ownerId: string) =>
  (await t.db.selectFrom('reservations').select('id').where('owner_id', '=', ownerId).execute()).length;

describe('clients cannot lock an owner out of their plan', () => {
  it('five one-night requests from one client: three wait, two are refused; the owner’s walk-in and another client still book', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    const hoarder = await t.signInAs({ role: 'client' });
    for (let i = 0; i < 3; i++)
      createdReservation(await book(bookingBody(property.id, 10 + i * 2, 1), hoarder.cookie));
    for (let i = 3; i < 5; i++)
      expectError(
        await book(bookingBody(property.id, 10 + i * 2, 1), hoarder.cookie),
        409,
        TOO_MANY_REQUESTS,
      );
    expect(await bookingsThisMonth(owner.user.id)).toBe(0);
    // A refused request leaves nothing behind: its emails, bell notice and history entry were written
    // in the insert's statement and went with it.
    const rowsFor = async (
      table: 'email_outbox' | 'in_app_notifications' | 'audit_log',
      column: string,
      value: string,
    ) =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(t.db)
        ).rows[0]?.n,
      );
    expect(await rowsFor('email_outbox', 'to_address', hoarder.user.email)).toBe(3);
    expect(await rowsFor('in_app_notifications', 'user_id', owner.user.id)).toBe(3);
    expect(await rowsFor('audit_log', 'owner_id', owner.user.id)).toBe(3);

    const another = await t.signInAs({ role: 'client' });
    expect(createdReservation(await book(bookingBody(property.id, 30, 1), another.cookie)).status).toBe(
      'pending',
    );
    expect((await walkIn(t, owner, property, 40)).status).toBe('pending');
    expect(await bookingsThisMonth(owner.user.id)).toBe(1);
    expect(await countOf(owner.user.id)).toBe(5);
  });

  it('five clients’ waiting requests take no place: the owner still makes five bookings of their own', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    for (let i = 0; i < 5; i++) {
      const someone = await t.signInAs({ role: 'client' });
      createdReservation(await book(bookingBody(property.id, 10 + i * 2, 1), someone.cookie));
    }
    for (let i = 0; i < 5; i++) await walkIn(t, owner, property, 30 + i * 2);
    expect(await bookingsThisMonth(owner.user.id)).toBe(5);
    expectError(
      await book(bookingBody(property.id, 50, 1, { new_client: newClientInput() }), owner.cookie),
      403,
      MONTHLY_LIMIT,
    );
  });

  it('the cap is per client and listing: a cancelled or accepted request makes room for another', async () => {
    const owner = await signInOwner(t, 'business');
    const property = await insertProperty(t.db, owner.user.id);
    const otherListing = await insertProperty(t.db, owner.user.id);
    const client = await t.signInAs({ role: 'client' });
    const requests = [];
    for (let i = 0; i < 3; i++)
      requests.push(createdReservation(await book(bookingBody(property.id, 10 + i * 2, 1), client.cookie)));
    expectError(await book(bookingBody(property.id, 20, 1), client.cookie), 409, TOO_MANY_REQUESTS);
    // Another listing of the same owner is another three.
    createdReservation(await book(bookingBody(otherListing.id, 10, 1), client.cookie));

    const [first, second] = requests as [Reservation, Reservation];
    expect((await clientCancels(first.id, client.cookie)).statusCode).toBe(200);
    createdReservation(await book(bookingBody(property.id, 20, 1), client.cookie));
    expectError(await book(bookingBody(property.id, 22, 1), client.cookie), 409, TOO_MANY_REQUESTS);

    expect((await setStatus(second.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    createdReservation(await book(bookingBody(property.id, 22, 1), client.cookie));
    expectError(await book(bookingBody(property.id, 24, 1), client.cookie), 409, TOO_MANY_REQUESTS);
  });

  it('the owner’s walk-ins for one client are not requests: no cap on them', async () => {
    const owner = await signInOwner(t, 'business');
    const property = await insertProperty(t.db, owner.user.id);
    const first = await walkIn(t, owner, property, 10);
    for (let i = 1; i < 5; i++)
      createdReservation(
        await book(bookingBody(property.id, 10 + i * 2, 1, { client_id: first.client_id }), owner.cookie),
      );
    expect(await countOf(owner.user.id)).toBe(5);
  });
});

describe('accepting a client’s request takes its place in the month', () => {
  it('a request counts when accepted, not when made', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    const client = await t.signInAs({ role: 'client' });
    const request = createdReservation(await book(bookingBody(property.id, 10, 1), client.cookie));
    expect(await bookingsThisMonth(owner.user.id)).toBe(0);
    expect((await setStatus(request.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    expect(await bookingsThisMonth(owner.user.id)).toBe(1);
    // Confirmed → pending → confirmed again holds the same place.
    expect((await setStatus(request.id, 'pending', owner.cookie)).statusCode).toBe(200);
    expect((await setStatus(request.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    expect(await bookingsThisMonth(owner.user.id)).toBe(1);
  });

  it.each(['confirmed', 'completed'] as const)(
    'accepting over the limit (%s) → 403 with the plan’s reason, nothing changes',
    async (to) => {
      const { owner, property } = await starterOwnerWithListing(t);
      const client = await t.signInAs({ role: 'client' });
      const request = createdReservation(await book(bookingBody(property.id, 10, 1), client.cookie));
      for (let i = 0; i < 5; i++) await walkIn(t, owner, property, 20 + i * 2);
      expectError(await setStatus(request.id, to, owner.cookie), 403, MONTHLY_LIMIT);
      expect(await statusOf(request.id)).toBe('pending');
      expect(await bookingsThisMonth(owner.user.id)).toBe(5);
      // Cancelling one of the month's bookings gives its place to the request.
      const walkIns = await t.db
        .selectFrom('reservations')
        .select('id')
        .where('owner_id', '=', owner.user.id)
        .where('id', '<>', request.id)
        .execute();
      expect((await setStatus(walkIns[0]?.id as string, 'cancelled', owner.cookie)).statusCode).toBe(200);
      expect((await setStatus(request.id, to, owner.cookie)).statusCode).toBe(200);
      expect(await bookingsThisMonth(owner.user.id)).toBe(5);
    },
  );

  it('the owner’s own bookings already hold their place: confirming them at the limit is fine', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    const walkIns = [];
    for (let i = 0; i < 5; i++) walkIns.push(await walkIn(t, owner, property, 10 + i * 2));
    for (const booking of walkIns)
      expect((await setStatus(booking.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    expect(await bookingsThisMonth(owner.user.id)).toBe(5);
  });
});

describe('restoring a cancelled booking is checked like a new one', () => {
  it('over the limit → 403, nothing changes; within it, it counts again', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    const cancelled = await walkIn(t, owner, property, 10);
    expect((await setStatus(cancelled.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await walkIn(t, owner, property, 20 + i * 2);
    expect(await bookingsThisMonth(owner.user.id)).toBe(4);
    expect((await setStatus(cancelled.id, 'pending', owner.cookie)).statusCode).toBe(200);
    expect(await bookingsThisMonth(owner.user.id)).toBe(5);

    expect((await setStatus(cancelled.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
    await walkIn(t, owner, property, 40);
    for (const to of ['pending', 'confirmed', 'completed'] as const) {
      expectError(await setStatus(cancelled.id, to, owner.cookie), 403, MONTHLY_LIMIT);
      expect(await statusOf(cancelled.id)).toBe('cancelled');
    }
    expect(await bookingsThisMonth(owner.user.id)).toBe(5);
  });

  it('a client’s cancelled request restored at the limit → 403', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    const client = await t.signInAs({ role: 'client' });
    const request = createdReservation(await book(bookingBody(property.id, 10, 1), client.cookie));
    expect((await clientCancels(request.id, client.cookie)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await walkIn(t, owner, property, 20 + i * 2);
    expectError(await setStatus(request.id, 'pending', owner.cookie), 403, MONTHLY_LIMIT);
    expect(await statusOf(request.id)).toBe('cancelled');
  });

  it.each(['pending', 'confirmed'] as const)(
    'onto dates another booking now holds (%s) → 409, nothing changes',
    async (to) => {
      const owner = await signInOwner(t, 'business');
      const property = await insertProperty(t.db, owner.user.id);
      const first = await walkIn(t, owner, property, 10);
      expect((await setStatus(first.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
      const client = await t.signInAs({ role: 'client' });
      createdReservation(await book(bookingBody(property.id, 10, 1), client.cookie));
      expectError(await setStatus(first.id, to, owner.cookie), 409, DATES_TAKEN);
      expect(await statusOf(first.id)).toBe('cancelled');
    },
  );

  it('a cancelled booking whose start has passed cannot be restored to pending', async () => {
    const owner = await signInOwner(t, 'business');
    const property = await insertProperty(t.db, owner.user.id);
    const booking = await walkIn(t, owner, property, 10);
    await t.db
      .updateTable('reservations')
      .set({ status: 'cancelled', start_date: day(-3), end_date: day(-1) })
      .where('id', '=', booking.id)
      .execute();
    expectError(
      await setStatus(booking.id, 'pending', owner.cookie),
      400,
      'Start date cannot be in the past',
    );
    expect(await statusOf(booking.id)).toBe('cancelled');
  });

  it('upgrading lifts the limit on restoring', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    const cancelled = await walkIn(t, owner, property, 10);
    expect((await setStatus(cancelled.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await walkIn(t, owner, property, 20 + i * 2);
    expectError(await setStatus(cancelled.id, 'confirmed', owner.cookie), 403, MONTHLY_LIMIT);
    await setPlan(t.db, owner.user.id, 'pro');
    expect((await setStatus(cancelled.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
  });
});
