import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES } from '../../../domain/schemas/blocked-period.ts';
import type { Availability } from '../../../domain/schemas/reservation.ts';
import { DATES_TAKEN_MESSAGE } from '../../http/error-handler.ts';
import { bookingBody, day, expectError, insertProperty } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';

/**
 * Blocked periods (migration 035, docs/decisions/048): who may block a listing's dates, and that a
 * block and a pending or confirmed booking never share a night — refused by the database whichever
 * comes second — while search and the availability list treat blocked days as taken.
 */
let t: TestApp;
let person: ReturnType<typeof testPeople>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const ownersListing = async (key: PersonKey = 'owner', title?: string) =>
  insertProperty(t.db, (await person(key)).user.id, { title });
const block = (start: number, nights: number, extra: Record<string, unknown> = {}) => ({
  start_date: day(start),
  end_date: day(start + nights),
  reason: 'maintenance',
  ...extra,
});
const postBlock = async (propertyId: string, body: unknown, key: PersonKey = 'owner') =>
  t.post(`/api/properties/${propertyId}/blocked-periods`, body, { cookie: (await person(key)).cookie });
const book = async (propertyId: string, start: number, nights: number) =>
  t.post('/api/reservations', bookingBody(propertyId, start, nights), {
    cookie: (await person('client')).cookie,
  });
const occupied = (propertyId: string) =>
  t.db
    .selectFrom('occupied_periods')
    .select(['reservation_id', 'block_id'])
    .where('property_id', '=', propertyId)
    .execute();

describe('who may block dates', () => {
  const cases: Array<[PersonKey, number]> = [
    ['owner', 201],
    ['backoffice', 201],
    ['frontoffice', 201],
    ['admin', 201],
    ['backofficeWithout', 403],
    ['frontofficeWithout', 403],
    ['otherOwner', 403],
    ['otherBackoffice', 403],
    ['client', 403],
  ];
  it.each(cases)('%s → %i on the owner’s listing', async (key, status) => {
    const listing = await ownersListing();
    const response = await postBlock(listing.id, block(10, 3), key);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json().message).toBe(BLOCK_MESSAGES.forbidden);
  });

  it('anonymous → 401; an unknown listing → 404', async () => {
    const listing = await ownersListing();
    expect((await t.post(`/api/properties/${listing.id}/blocked-periods`, block(10, 3))).statusCode).toBe(
      401,
    );
    expectError(await postBlock(randomUUID(), block(10, 3)), 404, BLOCK_MESSAGES.propertyNotFound);
  });

  it('lists only the business’s blocks; another owner and staff without the permission are refused', async () => {
    const listing = await ownersListing();
    const created = (await postBlock(listing.id, block(20, 2, { note: 'Roof repairs' }))).json();
    const query = `/api/blocked-periods?from=${day(0)}&to=${day(40)}&property_id=${listing.id}`;
    const asOwner = await t.get(query, { cookie: (await person('owner')).cookie });
    expect(asOwner.json()).toEqual([
      expect.objectContaining({
        id: created.id,
        property_title: listing.title,
        start_date: day(20),
        end_date: day(22),
        reason: 'maintenance',
        note: 'Roof repairs',
      }),
    ]);
    expect((await t.get(query, { cookie: (await person('otherOwner')).cookie })).json()).toEqual([]);
    expect((await t.get(query, { cookie: (await person('backofficeWithout')).cookie })).statusCode).toBe(403);
    expect((await t.get(query, { cookie: (await person('client')).cookie })).statusCode).toBe(403);
    expect((await t.get(query)).statusCode).toBe(401);
  });

  it('removing: another owner’s staff 403, the owner 204, then gone (404)', async () => {
    const listing = await ownersListing();
    const { id } = (await postBlock(listing.id, block(30, 2))).json();
    const remove = async (key: PersonKey) =>
      t.request('DELETE', `/api/blocked-periods/${id}`, { cookie: (await person(key)).cookie });
    expect((await remove('otherBackoffice')).statusCode).toBe(403);
    expect((await remove('backofficeWithout')).statusCode).toBe(403);
    expect((await remove('owner')).statusCode).toBe(204);
    expectError(await remove('owner'), 404, BLOCK_MESSAGES.notFound);
    expect(await occupied(listing.id)).toEqual([]);
    expect((await book(listing.id, 30, 2)).statusCode).toBe(201);
  });
});

describe('what a block must be', () => {
  it('refuses an end not after the start, a start in the past and an unknown reason', async () => {
    const listing = await ownersListing();
    expectError(await postBlock(listing.id, block(10, 0)), 400, BLOCK_MESSAGES.endAfterStart);
    expectError(await postBlock(listing.id, block(-1, 3)), 400, BLOCK_MESSAGES.startInPast);
    expect((await postBlock(listing.id, block(10, 2, { reason: 'external' }))).statusCode).toBe(400);
    expect((await postBlock(listing.id, block(10, 2, { note: 'x'.repeat(501) }))).statusCode).toBe(400);
    // Today (Johannesburg) may be blocked.
    expect((await postBlock(listing.id, block(0, 1))).statusCode).toBe(201);
  });
});

describe('bookings and blocks never share a night', () => {
  it('a booking on blocked nights is refused; the night after the block is free', async () => {
    const listing = await ownersListing();
    expect((await postBlock(listing.id, block(10, 3))).statusCode).toBe(201);
    expectError(await book(listing.id, 12, 2), 409, BLOCK_MESSAGES.datesBlocked);
    expectError(await book(listing.id, 8, 3), 409, BLOCK_MESSAGES.datesBlocked);
    expect((await book(listing.id, 13, 2)).statusCode).toBe(201);
    expect((await book(listing.id, 8, 2)).statusCode).toBe(201);
    // Nights another booking holds are taken, not blocked, though the listing has a block elsewhere.
    expectError(await book(listing.id, 14, 2), 409, DATES_TAKEN_MESSAGE);
  });

  it('a block over a booking, or over another block, is refused with what holds the dates', async () => {
    const listing = await ownersListing();
    expect((await book(listing.id, 10, 3)).statusCode).toBe(201);
    expectError(await postBlock(listing.id, block(12, 3)), 409, BLOCK_MESSAGES.bookingHolds);
    expect((await postBlock(listing.id, block(13, 3))).statusCode).toBe(201);
    expectError(await postBlock(listing.id, block(15, 2)), 409, BLOCK_MESSAGES.alreadyBlocked);
  });

  it('the owner’s editor cannot move a booking onto a block; a cancelled booking frees its nights', async () => {
    const listing = await ownersListing();
    const booking = (await book(listing.id, 10, 2)).json<{ id: string }>();
    expect((await postBlock(listing.id, block(20, 2))).statusCode).toBe(201);
    const owner = await person('owner');
    const move = await t.patch(
      `/api/reservations/${booking.id}`,
      { start_date: day(19), end_date: day(21) },
      { cookie: owner.cookie },
    );
    expectError(move, 409, BLOCK_MESSAGES.datesBlocked);
    await t.db
      .updateTable('reservations')
      .set({ status: 'cancelled' })
      .where('id', '=', booking.id)
      .execute();
    expect((await postBlock(listing.id, block(10, 2))).statusCode).toBe(201);
    // Reopening it onto the block is refused by the database itself.
    await expect(
      t.db.updateTable('reservations').set({ status: 'pending' }).where('id', '=', booking.id).execute(),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'no_overlapping_occupation' });
  });

  it('occupied_periods follows each booking’s life: held while pending or confirmed, gone when deleted', async () => {
    const listing = await ownersListing();
    const booking = (await book(listing.id, 10, 2)).json<{ id: string }>();
    expect(await occupied(listing.id)).toEqual([{ reservation_id: booking.id, block_id: null }]);
    await t.db
      .updateTable('reservations')
      .set({ status: 'confirmed' })
      .where('id', '=', booking.id)
      .execute();
    expect(await occupied(listing.id)).toHaveLength(1);
    await t.db
      .updateTable('reservations')
      .set({ status: 'completed' })
      .where('id', '=', booking.id)
      .execute();
    expect(await occupied(listing.id)).toEqual([]);
    await t.db.updateTable('reservations').set({ status: 'pending' }).where('id', '=', booking.id).execute();
    await t.db.deleteFrom('reservations').where('id', '=', booking.id).execute();
    expect(await occupied(listing.id)).toEqual([]);
  });

  it('a whole-day block refuses an hourly booking of an event space on that day (database)', async () => {
    const owner = await person('owner');
    const venue = await insertProperty(t.db, owner.user.id, { type: 'event_space' });
    await t.db
      .insertInto('blocked_periods')
      .values({
        property_id: venue.id,
        owner_id: owner.user.id,
        start_date: day(5),
        end_date: day(6),
        reason: 'owner_use',
        note: null,
        created_by: owner.user.id,
      })
      .execute();
    const response = await t.post(
      '/api/reservations',
      { property_id: venue.id, start_date: day(5), start_time: '10:00', end_time: '14:00' },
      { cookie: (await person('client')).cookie },
    );
    expectError(response, 409, BLOCK_MESSAGES.datesBlocked);
  });
});

describe('search and availability treat blocked days as taken', () => {
  it('search by dates leaves out a listing blocked on any searched night', async () => {
    const q = `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const blocked = await ownersListing('owner', `Blocked cottage ${q}`);
    const open = await ownersListing('owner', `Open cottage ${q}`);
    expect((await postBlock(blocked.id, block(40, 3))).statusCode).toBe(201);
    const found = async (checkIn: number, checkOut: number) => {
      const params = new URLSearchParams({ q, checkIn: day(checkIn), checkOut: day(checkOut) });
      const response = await t.get(`/api/properties?${params}`);
      return response
        .json<{ items: { id: string }[] }>()
        .items.map((item) => item.id)
        .sort();
    };
    expect(await found(42, 45)).toEqual([open.id]);
    expect(await found(38, 41)).toEqual([open.id]);
    expect(await found(43, 45)).toEqual([blocked.id, open.id].sort());
    expect(await found(37, 40)).toEqual([blocked.id, open.id].sort());
  });

  it('the availability list shows the blocked nights as taken', async () => {
    const listing = await ownersListing();
    expect((await postBlock(listing.id, block(5, 3))).statusCode).toBe(201);
    const availability = (await t.get(`/api/properties/${listing.id}/availability`)).json<Availability>();
    expect(availability.blocked).toContainEqual({ start: day(5), end: day(8) });
    for (const night of [day(5), day(6), day(7)]) expect(availability.dates).not.toContain(night);
    expect(availability.dates).toContain(day(8));
    expect(availability.dates).toContain(day(4));
  });
});
