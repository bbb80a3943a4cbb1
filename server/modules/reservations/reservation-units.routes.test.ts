import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../../../domain/dates.ts';
import { monthlyEnd } from '../../../domain/rental-unit.ts';
import type { Availability, DayTimes, Reservation } from '../../../domain/schemas/reservation.ts';
import type { Property } from '../../db/types.ts';
import { day, insertProperty, newClientInput, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const DATES_TAKEN = /no longer available/i;

interface Person {
  user: { id: string };
  cookie: string;
}
const people = new Map<string, Promise<Person>>();
const once = (key: string, make: () => Promise<Person>) => {
  if (!people.has(key)) people.set(key, make());
  return people.get(key) as Promise<Person>;
};
const owner = () => once('owner', () => signInOwner(t));
const otherOwner = () => once('other', () => signInOwner(t));
const client = (n = 1) => once(`client-${n}`, () => t.signInAs({ role: 'client' }));

const ownerId = async () => (await owner()).user.id;

async function venue(specifications: Record<string, unknown> = {}): Promise<Property> {
  return insertProperty(t.db, await ownerId(), {
    type: 'event_space',
    price_per_day_cents: 80_000,
    cleaning_fee_cents: 50_000,
    specifications,
  });
}

async function storage(): Promise<Property> {
  return insertProperty(t.db, await ownerId(), {
    type: 'storage_space',
    price_per_day_cents: 150_000,
    cleaning_fee_cents: 10_000,
  });
}

const book = async (body: Record<string, unknown>, who: Promise<Person> = client()) =>
  t.post('/api/reservations', body, { cookie: (await who).cookie });

function created(response: LightMyRequestResponse): Reservation {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Reservation>();
}

function refused(response: LightMyRequestResponse, status: number, message: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ message: string }>().message).toMatch(message);
}

const hours = (propertyId: string, date: string, start: string, end: string) => ({
  property_id: propertyId,
  start_date: date,
  start_time: start,
  end_time: end,
});

async function countReservations(propertyId: string): Promise<number> {
  const row = await t.db
    .selectFrom('reservations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('property_id', '=', propertyId)
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('booking an event space by the hour', () => {
  it('two bookings on one day that do not overlap in time are both accepted, priced hours × rate + cleaning', async () => {
    const hall = await venue({ minimumHours: 3 });
    const afternoon = created(await book(hours(hall.id, day(20), '14:00', '18:00')));
    expect(afternoon).toMatchObject({
      start_date: day(20),
      end_date: day(21),
      start_time: '14:00',
      end_time: '18:00',
      price_unit: 'hour',
      units: 4,
      duration: '14:00–18:00 (4 hours)',
      total_price_cents: 80_000 * 4 + 50_000,
    });
    const morning = created(await book(hours(hall.id, day(20), '09:00', '12:00'), client(2)));
    expect(morning).toMatchObject({ units: 3, total_price_cents: 80_000 * 3 + 50_000 });
  });

  it('back to back is not an overlap; an overlapping one is 409 and nothing is stored', async () => {
    const hall = await venue({ minimumHours: 2 });
    created(await book(hours(hall.id, day(21), '14:00', '18:00')));
    created(await book(hours(hall.id, day(21), '18:00', '20:00'), client(2)));
    refused(await book(hours(hall.id, day(21), '16:00', '19:00'), client(3)), 409, DATES_TAKEN);
    refused(await book(hours(hall.id, day(21), '12:00', '14:30'), client(3)), 409, DATES_TAKEN);
    expect(await countReservations(hall.id)).toBe(2);
  });

  it('a day booking blocks every hour of its days, and an hourly booking blocks a day booking across it', async () => {
    const hall = await venue();
    // A whole-day booking stored before venues were booked by the hour (dates only).
    await t.db
      .insertInto('reservations')
      .values({
        property_id: hall.id,
        owner_id: hall.owner_id,
        client_id: created(await book(hours(hall.id, day(40), '10:00', '14:00'))).client_id,
        start_date: day(30),
        end_date: day(32),
        status: 'confirmed',
      })
      .execute();
    refused(await book(hours(hall.id, day(31), '08:00', '12:00'), client(2)), 409, DATES_TAKEN);
    created(await book(hours(hall.id, day(32), '08:00', '12:00'), client(2)));
    // The other way: a day booking across an hourly one is refused by the same constraint.
    await expect(
      t.db
        .insertInto('reservations')
        .values({
          property_id: hall.id,
          owner_id: hall.owner_id,
          client_id: (
            await t.db
              .selectFrom('reservations')
              .select('client_id')
              .where('property_id', '=', hall.id)
              .executeTakeFirstOrThrow()
          ).client_id,
          start_date: day(39),
          end_date: day(41),
          status: 'pending',
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23P01' });
  });

  it('a cancelled hourly booking frees its hours', async () => {
    const hall = await venue();
    const first = created(await book(hours(hall.id, day(22), '10:00', '14:00')));
    await t.patch(
      `/api/reservations/${first.id}`,
      { status: 'cancelled' },
      { cookie: (await owner()).cookie },
    );
    created(await book(hours(hall.id, day(22), '10:00', '14:00'), client(2)));
  });

  it.each([
    ['outside the bookable hours', '06:00', '10:00', 'This venue can be booked between 08:00 and 22:00'],
    ['past closing', '19:00', '23:00', 'This venue can be booked between 08:00 and 22:00'],
    ['shorter than the minimum', '14:00', '16:00', 'The minimum booking is 4 hours'],
    ['off the half hour', '14:10', '18:10', 'Times must be on the hour or the half hour'],
    ['ending before it starts', '18:00', '14:00', 'End time must be after start time'],
  ])('%s → 400 with the reason, nothing stored', async (_label, start, end, message) => {
    const hall = await venue();
    refused(await book(hours(hall.id, day(23), start, end)), 400, message);
    expect(await countReservations(hall.id)).toBe(0);
  });

  it('the owner’s own hours and minimum apply', async () => {
    const hall = await venue({ bookableHours: { start: '10:00', end: '20:00' }, minimumHours: 2 });
    refused(
      await book(hours(hall.id, day(24), '09:00', '12:00')),
      400,
      'This venue can be booked between 10:00 and 20:00',
    );
    expect(created(await book(hours(hall.id, day(24), '10:00', '12:00'))).units).toBe(2);
  });

  it('without times → 400; an end date does not stand in for them', async () => {
    const hall = await venue();
    refused(
      await book({ property_id: hall.id, start_date: day(25), end_date: day(26) }),
      400,
      'Please choose a start and an end time',
    );
  });

  it('times on a listing booked by the night → 400', async () => {
    const flat = await insertProperty(t.db, await ownerId(), { type: 'accommodation' });
    refused(
      await book({
        property_id: flat.id,
        start_date: day(25),
        end_date: day(26),
        start_time: '10:00',
        end_time: '14:00',
      }),
      400,
      'Start and end times apply only to listings booked by the hour',
    );
  });

  it('the day’s taken times and the days with a free slot are public', async () => {
    const hall = await venue();
    created(await book(hours(hall.id, day(26), '08:00', '12:00')));
    created(await book(hours(hall.id, day(26), '12:00', '16:00'), client(2)));
    created(await book(hours(hall.id, day(26), '16:00', '20:00'), client(3)));
    const times = await t.get(`/api/properties/${hall.id}/availability/times?date=${day(26)}`);
    expect(times.statusCode).toBe(200);
    expect(times.json<DayTimes>()).toEqual({
      date: day(26),
      bookable_hours: { start: '08:00', end: '22:00' },
      minimum_hours: 4,
      taken: [
        { start: '08:00', end: '12:00' },
        { start: '12:00', end: '16:00' },
        { start: '16:00', end: '20:00' },
      ],
    });
    // 20:00–22:00 is 2 hours, under the minimum: the day is no longer offered.
    const availability = (await t.get(`/api/properties/${hall.id}/availability`)).json<Availability>();
    expect(availability.hourly).toEqual({
      bookable_hours: { start: '08:00', end: '22:00' },
      minimum_hours: 4,
    });
    expect(availability.dates).not.toContain(day(26));
    expect(availability.dates).toContain(day(27));
    expect(availability.blocked).toEqual([]);
    const flat = await insertProperty(t.db, await ownerId(), { type: 'accommodation' });
    refused(
      await t.get(`/api/properties/${flat.id}/availability/times?date=${day(26)}`),
      400,
      /only to listings booked by the hour/,
    );
    refused(
      await t.get(`/api/properties/${hall.id}/availability/times?date=26-12-2026`),
      400,
      /Date must be a valid date/,
    );
  });

  it('the owner moves an hourly booking to other times: repriced, and still checked against the others', async () => {
    const hall = await venue();
    const booking = created(await book(hours(hall.id, day(28), '10:00', '14:00')));
    created(await book(hours(hall.id, day(28), '16:00', '20:00'), client(2)));
    const { cookie } = await owner();
    const moved = await t.patch(
      `/api/reservations/${booking.id}`,
      { start_time: '09:00', end_time: '15:00' },
      { cookie },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Reservation>()).toMatchObject({
      duration: '09:00–15:00 (6 hours)',
      total_price_cents: 80_000 * 6 + 50_000,
    });
    refused(
      await t.patch(`/api/reservations/${booking.id}`, { end_time: '17:00' }, { cookie }),
      409,
      DATES_TAKEN,
    );
    // A status change keeps the price and the times.
    const confirmed = await t.patch(
      `/api/reservations/${booking.id}`,
      { status: 'confirmed', start_time: '09:00', end_time: '15:00' },
      { cookie },
    );
    expect(confirmed.json<Reservation>()).toMatchObject({
      status: 'confirmed',
      start_time: '09:00',
      total_price_cents: 530_000,
    });
  });

  it('another owner cannot move it', async () => {
    const hall = await venue();
    const booking = created(await book(hours(hall.id, day(29), '10:00', '14:00')));
    const response = await t.patch(
      `/api/reservations/${booking.id}`,
      { start_time: '12:00', end_time: '16:00' },
      { cookie: (await otherOwner()).cookie },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('booking storage by the month', () => {
  it('a start date and 2 months: ends the same day 2 months later, 2 × the monthly rate + cleaning', async () => {
    const unit = await storage();
    const booking = created(await book({ property_id: unit.id, start_date: day(10), months: 2 }));
    expect(booking).toMatchObject({
      start_date: day(10),
      price_unit: 'month',
      units: 2,
      duration: '2 months',
      total_price_cents: 150_000 * 2 + 10_000,
    });
    const overlapping = await book({ property_id: unit.id, start_date: day(40), months: 1 }, client(2));
    refused(overlapping, 409, DATES_TAKEN);
  });

  it('one month by default in words, and an end date a whole number of months on is accepted', async () => {
    const unit = await storage();
    const start = day(5);
    const monthLater = monthlyEnd(start, 1);
    const booking = created(await book({ property_id: unit.id, start_date: start, end_date: monthLater }));
    expect(booking).toMatchObject({ units: 1, duration: '1 month', total_price_cents: 160_000 });
  });

  it('an end date that is not a whole number of months on → 400; no months at all → 400', async () => {
    const unit = await storage();
    refused(
      await book({ property_id: unit.id, start_date: day(5), end_date: day(9) }),
      400,
      'A storage booking ends a whole number of months after it starts',
    );
    refused(await book({ property_id: unit.id, start_date: day(5) }), 400, 'Please choose how many months');
    refused(
      await book({ property_id: unit.id, start_date: day(5), months: 0 }),
      400,
      'Months must be at least 1',
    );
    refused(
      await book({ property_id: unit.id, start_date: day(5), months: 25 }),
      400,
      'Months cannot be more than 24',
    );
  });

  it('months on a listing booked by the day → 400', async () => {
    const van = await insertProperty(t.db, await ownerId(), { type: 'vehicle' });
    refused(
      await book({ property_id: van.id, start_date: day(5), end_date: day(6), months: 2 }),
      400,
      'Months apply only to listings booked by the month',
    );
  });

  it('the owner books for a client for 3 months from the editor', async () => {
    const unit = await storage();
    const response = await book(
      { property_id: unit.id, start_date: day(100), months: 3, new_client: newClientInput() },
      owner(),
    );
    expect(created(response)).toMatchObject({ units: 3, total_price_cents: 460_000 });
  });
});

describe('bookings by the night or the day keep the spec’s rule', () => {
  it('a vehicle for 2 days is price × 2 days + cleaning', async () => {
    const van = await insertProperty(t.db, await ownerId(), {
      type: 'vehicle',
      price_per_day_cents: 60_000,
      cleaning_fee_cents: 5_000,
    });
    const booking = created(await book({ property_id: van.id, start_date: day(5), end_date: day(7) }));
    expect(booking).toMatchObject({
      price_unit: 'day',
      units: 2,
      duration: '2 days',
      total_price_cents: 125_000,
    });
  });

  it('without an end date → 400', async () => {
    const flat = await insertProperty(t.db, await ownerId(), { type: 'accommodation' });
    refused(await book({ property_id: flat.id, start_date: day(5) }), 400, 'End date is required');
  });
});

describe('the emails state the duration in the listing’s unit', () => {
  it('an hourly booking gives its day and times; a monthly one its dates and months', async () => {
    const hall = await venue({ minimumHours: 2 });
    const renter = await t.signInAs({ role: 'client' });
    const hourly = created(await book(hours(hall.id, day(33), '14:00', '18:00'), Promise.resolve(renter)));
    const hourlyMail = await t.waitForMail(renter.user.email, /booking request/);
    expect(hourlyMail.text).toContain(`Date: ${formatDisplayDate(day(33))}, 14:00–18:00 (4 hours)`);
    expect(hourlyMail.text).toContain(`Reservation ID: ${hourly.reference}`);

    const unit = await storage();
    const tenant = await t.signInAs({ role: 'client' });
    created(await book({ property_id: unit.id, start_date: day(10), months: 2 }, Promise.resolve(tenant)));
    const monthlyMail = await t.waitForMail(tenant.user.email, /booking request/);
    expect(monthlyMail.text).toContain(
      `Dates: ${formatDisplayDate(day(10))} to ${formatDisplayDate(monthlyEnd(day(10), 2))} (2 months)`,
    );
  });
});
