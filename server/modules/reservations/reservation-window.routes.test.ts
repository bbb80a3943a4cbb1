import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, todayInBusinessZone } from '../../../domain/dates.ts';
import type { PropertyType } from '../../../domain/property.ts';
import {
  createdReservation,
  day,
  expectError,
  insertProperty,
  newClientInput,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Dates within a window (docs/decisions/022): a stay is no longer than its unit allows, and starts no
 * further ahead than the booking horizon — 3 months for a client, 12 for the business.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signInOwner>>;
let client: Awaited<ReturnType<TestApp['signInAs']>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInOwner(t, 'business');
  client = await t.signInAs({ role: 'client' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const book = (body: Record<string, unknown>, cookie = client.cookie) =>
  t.post('/api/reservations', body, { cookie });
const forBusiness = (body: Record<string, unknown>) =>
  book({ ...body, new_client: newClientInput() }, owner.cookie);
const listing = (type: PropertyType = 'accommodation', specifications: Record<string, unknown> = {}) =>
  insertProperty(t.db, owner.user.id, { type, specifications });

const stored = async (propertyId: string) =>
  (await t.db.selectFrom('reservations').select('id').where('property_id', '=', propertyId).execute()).length;

describe('a century-long booking', () => {
  it('the issue’s request (a listing blocked until 2124) → 400, nothing stored, for a client and the owner alike', async () => {
    const property = await listing();
    // Beyond 2100 every date is refused by the schema's date window (docs/decisions/025) …
    const century = { property_id: property.id, start_date: day(30), end_date: '2124-01-10' };
    expectError(await book(century), 400, 'End date must be between the years 2000 and 2100');
    expectError(await forBusiness(century), 400, 'End date must be between the years 2000 and 2100');
    // … and within it by the longest stay and the horizon.
    const decades = { property_id: property.id, start_date: day(30), end_date: '2099-01-10' };
    expectError(await book(decades), 400, 'A booking cannot be longer than 90 nights');
    expectError(await forBusiness(decades), 400, 'A booking cannot be longer than 90 nights');
    expectError(
      await book({ property_id: property.id, start_date: '2099-01-10', end_date: '2099-01-12' }),
      400,
      'Start date cannot be more than 3 months ahead',
    );
    expect(await stored(property.id)).toBe(0);
  });

  it('storage by an end date 50 years on → 400', async () => {
    const unit = await listing('storage_space');
    expectError(
      await book({ property_id: unit.id, start_date: day(10), end_date: addMonths(day(10), 600) }),
      400,
      'A booking cannot be longer than 24 months',
    );
    expect(await stored(unit.id)).toBe(0);
  });
});

describe('the longest stay per unit, at the boundary (max ok, max + 1 refused)', () => {
  it.each([
    ['accommodation', 'nights'],
    ['vehicle', 'days'],
    ['equipment', 'days'],
    ['electronics', 'days'],
  ] as const)('%s: 90 %s ok, 91 refused', async (type, word) => {
    const property = await listing(type);
    const longest = createdReservation(
      await book({ property_id: property.id, start_date: day(5), end_date: addDays(day(5), 90) }),
    );
    expect(longest.units).toBe(90);
    expectError(
      await book(
        { property_id: property.id, start_date: day(200), end_date: addDays(day(200), 91) },
        owner.cookie,
      ),
      400,
      `A booking cannot be longer than 90 ${word}`,
    );
    expectError(
      await forBusiness({ property_id: property.id, start_date: day(100), end_date: addDays(day(100), 91) }),
      400,
      `A booking cannot be longer than 90 ${word}`,
    );
    expect(await stored(property.id)).toBe(1);
  });

  it('storage: 24 months ok (by months or by end date), 25 refused', async () => {
    const unit = await listing('storage_space');
    expect(
      createdReservation(await book({ property_id: unit.id, start_date: day(5), months: 24 })).units,
    ).toBe(24);
    const other = await listing('storage_space');
    expect(
      createdReservation(
        await book({ property_id: other.id, start_date: day(5), end_date: addMonths(day(5), 24) }),
      ).units,
    ).toBe(24);
    const third = await listing('storage_space');
    expectError(
      await book({ property_id: third.id, start_date: day(5), end_date: addMonths(day(5), 25) }),
      400,
      'A booking cannot be longer than 24 months',
    );
    expectError(
      await book({ property_id: third.id, start_date: day(5), months: 25 }),
      400,
      'Months cannot be more than 24',
    );
  });

  it('event spaces: the whole day (24 hours) is the longest, and a booking cannot reach into the next day', async () => {
    const hall = await listing('event_space', { bookableHours: { start: '00:00', end: '24:00' } });
    const wholeDay = createdReservation(
      await book({ property_id: hall.id, start_date: day(5), start_time: '00:00', end_time: '24:00' }),
    );
    expect({ units: wholeDay.units, end: wholeDay.end_date }).toEqual({ units: 24, end: day(6) });
    expectError(
      await book({ property_id: hall.id, start_date: day(7), start_time: '00:00', end_time: '24:30' }),
      400,
      'End time must be a time (HH:MM)',
    );
  });

  it('changing a booking’s dates beyond the longest stay → 400, the booking unchanged', async () => {
    const property = await listing();
    const booking = createdReservation(
      await forBusiness({ property_id: property.id, start_date: day(5), end_date: day(8) }),
    );
    expectError(
      await t.patch(
        `/api/reservations/${booking.id}`,
        { end_date: addDays(day(5), 91) },
        { cookie: owner.cookie },
      ),
      400,
      'A booking cannot be longer than 90 nights',
    );
    const row = await t.db
      .selectFrom('reservations')
      .select('end_date')
      .where('id', '=', booking.id)
      .executeTakeFirst();
    expect(row?.end_date).toBe(day(8));
  });
});

describe('the booking horizon', () => {
  const today = () => todayInBusinessZone();

  it('a client starts up to 3 months ahead, the day after is refused', async () => {
    const property = await listing();
    const last = addMonths(today(), 3);
    createdReservation(
      await book({ property_id: property.id, start_date: last, end_date: addDays(last, 2) }),
    );
    expectError(
      await book({ property_id: property.id, start_date: addDays(last, 1), end_date: addDays(last, 3) }),
      400,
      'Start date cannot be more than 3 months ahead',
    );
  });

  it('the business starts up to 12 months ahead for its clients, the day after is refused', async () => {
    const property = await listing();
    const last = addMonths(today(), 12);
    createdReservation(
      await forBusiness({ property_id: property.id, start_date: last, end_date: addDays(last, 2) }),
    );
    expectError(
      await forBusiness({
        property_id: property.id,
        start_date: addDays(last, 1),
        end_date: addDays(last, 3),
      }),
      400,
      'Start date cannot be more than 12 months ahead',
    );
  });

  it('an owner booking someone else’s listing is a client there: 3 months', async () => {
    const property = await listing();
    const other = await signInOwner(t, 'business');
    const start = addDays(addMonths(today(), 3), 1);
    expectError(
      await book({ property_id: property.id, start_date: start, end_date: addDays(start, 1) }, other.cookie),
      400,
      'Start date cannot be more than 3 months ahead',
    );
  });

  it('moving a booking beyond 12 months → 400; within it, fine', async () => {
    const property = await listing();
    const booking = createdReservation(
      await forBusiness({ property_id: property.id, start_date: day(5), end_date: day(7) }),
    );
    const last = addMonths(today(), 12);
    const move = (start: string) =>
      t.patch(
        `/api/reservations/${booking.id}`,
        { start_date: start, end_date: addDays(start, 2) },
        { cookie: owner.cookie },
      );
    expectError(await move(addDays(last, 1)), 400, 'Start date cannot be more than 12 months ahead');
    expect((await move(last)).statusCode).toBe(200);
  });

  it('past start dates are still refused', async () => {
    const property = await listing();
    expectError(
      await book({ property_id: property.id, start_date: day(-1), end_date: day(1) }),
      400,
      'Start date cannot be in the past',
    );
  });
});

describe('a booking’s price stays within what a ledger may hold', () => {
  it('20 nights at R 1 000 000 book; 21 are refused with a clear message and nothing is stored', async () => {
    const property = await listing();
    await t.db
      .updateTable('properties')
      .set({ price_per_day_cents: 100_000_000 })
      .where('id', '=', property.id)
      .execute();
    const stay = (nights: number) => ({
      property_id: property.id,
      start_date: day(10),
      end_date: day(10 + nights),
    });
    expectError(
      await forBusiness(stay(21)),
      400,
      'A booking cannot cost more than R 20 000 000.00. Please book a shorter stay.',
    );
    expect(await stored(property.id)).toBe(0);
    expect(createdReservation(await forBusiness(stay(20))).total_price_cents).toBe(2_000_000_000);
  });
});
