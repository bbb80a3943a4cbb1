import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/dates.ts';
import type { PropertyType } from '../../../domain/property.ts';
import { hasFreeSlot, hourlyRulesOf, type TimeRange } from '../../../domain/rental-unit.ts';
import type { Property as PropertyDto } from '../../../domain/schemas/property-view.ts';
import type { ReservationStatus } from '../../db/types.ts';
import { insertProperty, SPECS } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';

/**
 * Search by dates (GET /api/properties?checkIn&checkOut) with listings booked by the hour: an event
 * space is available when every day of [checkIn, checkOut) keeps a free run of at least its minimum
 * booking inside its bookable hours; the others are taken by any booking that shares a date.
 */
let t: TestApp;
let ownerId: string;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await t.createUser({ role: 'owner' })).id;
  // Search shows the listings of owners with a current subscription (issue 13).
  await ensureStarterSubscription(t.db, ownerId);
  const client = await t.db
    .insertInto('clients')
    .values({
      owner_id: ownerId,
      first_name: 'Thandi',
      last_name: 'Mokoena',
      email: `client.${randomUUID().slice(0, 8)}@example.co.za`,
      phone: null,
      region: 'ZA',
      user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  clientId = client.id;
});
afterAll(async () => {
  await t?.close();
});

const DAY = '2031-06-10';
const next = (days: number) => addDays(DAY, days);

/** A word found nowhere else, put in each listing's title to narrow a search to one test's listings. */
const tag = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function listing(q: string, type: PropertyType, specifications: Record<string, unknown> = {}) {
  return insertProperty(t.db, ownerId, {
    type,
    title: `${type} ${q} ${randomUUID().slice(0, 6)}`,
    specifications,
  });
}
const venue = (q: string, specifications: Record<string, unknown> = {}) =>
  listing(q, 'event_space', specifications);

/** A booking from `start` to `end` (whole days), or on `start`'s day between two times. */
async function book(
  propertyId: string,
  start: string,
  end: string | [string, string],
  status: ReservationStatus = 'confirmed',
) {
  const hourly = Array.isArray(end);
  await t.db
    .insertInto('reservations')
    .values({
      property_id: propertyId,
      owner_id: ownerId,
      client_id: clientId,
      start_date: start,
      end_date: hourly ? addDays(start, 1) : end,
      start_time: hourly ? end[0] : null,
      end_time: hourly ? end[1] : null,
      status,
    })
    .execute();
}

async function found(query: Record<string, string>): Promise<string[]> {
  const response = await t.get(`/api/properties?${new URLSearchParams({ pageSize: '48', ...query })}`);
  if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
  return response
    .json<{ items: PropertyDto[] }>()
    .items.map((item) => item.id)
    .sort();
}
const ids = (...listings: Array<{ id: string }>) => listings.map((l) => l.id).sort();

describe('an event space on a searched day (bookable 08:00–22:00, minimum 4 hours by default)', () => {
  it('shows while a 4-hour run is left; hides when none is; a whole-day booking hides it', async () => {
    const q = tag();
    const untouched = await venue(q);
    // 09:00–12:00 and 14:00–18:00 taken: 18:00–22:00 is still 4 hours, up to closing.
    const fourLeft = await venue(q);
    await book(fourLeft.id, DAY, ['09:00', '12:00']);
    await book(fourLeft.id, DAY, ['14:00', '18:00']);
    // 09:00–12:00 and 14:00–18:30 taken: the longest run left is 3.5 hours (18:30–22:00).
    const noneLeft = await venue(q);
    await book(noneLeft.id, DAY, ['09:00', '12:00']);
    await book(noneLeft.id, DAY, ['14:00', '18:30']);
    const wholeDay = await venue(q);
    await book(wholeDay.id, DAY, next(1));

    const expected = ids(untouched, fourLeft);
    expect(await found({ q, checkIn: DAY, checkOut: next(1) })).toEqual(expected);
    expect(await found({ q, type: 'event_space', checkIn: DAY, checkOut: next(1) })).toEqual(expected);
    // The dates of each booking: [day, day + 1); the day after is free for all of them.
    expect(await found({ q, checkIn: next(1), checkOut: next(2) })).toEqual(
      ids(untouched, fourLeft, noneLeft, wholeDay),
    );
    expect(await found({ q, checkIn: next(-1), checkOut: DAY })).toEqual(
      ids(untouched, fourLeft, noneLeft, wholeDay),
    );
  });

  it("the owner's minimum (2 hours) and bookable hours (10:00–16:00) are the ones that count", async () => {
    const q = tag();
    // 09:00–12:00 and 14:00–18:30 taken: 12:00–14:00 is 2 hours, enough for a 2-hour minimum.
    const twoHours = await venue(q, { minimumHours: 2 });
    await book(twoHours.id, DAY, ['09:00', '12:00']);
    await book(twoHours.id, DAY, ['14:00', '18:30']);
    // 08:00–12:30 and 14:00–22:00 taken: only 1.5 hours left.
    const oneAndAHalf = await venue(q, { minimumHours: 2 });
    await book(oneAndAHalf.id, DAY, ['08:00', '12:30']);
    await book(oneAndAHalf.id, DAY, ['14:00', '22:00']);
    // Open 10:00–16:00: 14:00–16:00 taken leaves 10:00–14:00, 4 hours; a booking after closing does not count.
    const shortDay = await venue(q, { bookableHours: { start: '10:00', end: '16:00' } });
    await book(shortDay.id, DAY, ['14:00', '16:00']);
    await book(shortDay.id, DAY, ['16:00', '22:00']);
    // Open 10:00–16:00: 13:30–14:00 taken leaves 3.5 and 2 hours.
    const cut = await venue(q, { bookableHours: { start: '10:00', end: '16:00' } });
    await book(cut.id, DAY, ['13:30', '14:00']);
    // Open until midnight: 08:00–20:00 taken leaves 20:00–24:00.
    const lateNight = await venue(q, { bookableHours: { start: '08:00', end: '24:00' } });
    await book(lateNight.id, DAY, ['08:00', '20:00']);

    expect(await found({ q, checkIn: DAY, checkOut: next(1) })).toEqual(ids(twoHours, shortDay, lateNight));
  });

  it('a cancelled or completed booking frees its hours; a pending one holds them', async () => {
    const q = tag();
    const cancelled = await venue(q);
    await book(cancelled.id, DAY, ['08:00', '22:00'], 'cancelled');
    await book(cancelled.id, DAY, next(1), 'cancelled');
    const completed = await venue(q);
    await book(completed.id, DAY, ['08:00', '22:00'], 'completed');
    const pending = await venue(q);
    await book(pending.id, DAY, ['10:00', '19:00'], 'pending');
    expect(await found({ q, checkIn: DAY, checkOut: next(1) })).toEqual(ids(cancelled, completed));
  });

  it('every day of a longer search needs its own free run', async () => {
    const q = tag();
    // A different booking each day, each leaving 4 hours: available for the three days.
    const everyDay = await venue(q);
    await book(everyDay.id, DAY, ['08:00', '18:00']);
    await book(everyDay.id, next(1), ['12:00', '22:00']);
    await book(everyDay.id, next(2), ['08:00', '10:00']);
    await book(everyDay.id, next(2), ['14:00', '22:00']);
    // The middle day has no 4-hour run: not available for any search that includes it.
    const middleFull = await venue(q);
    await book(middleFull.id, next(1), ['10:00', '19:00']);
    // A booking by dates over the three days and beyond.
    const longBooking = await venue(q);
    await book(longBooking.id, next(-2), next(5));

    expect(await found({ q, checkIn: DAY, checkOut: next(3) })).toEqual(ids(everyDay));
    expect(await found({ q, checkIn: DAY, checkOut: next(1) })).toEqual(ids(everyDay, middleFull));
    expect(await found({ q, checkIn: next(2), checkOut: next(3) })).toEqual(ids(everyDay, middleFull));
    expect(await found({ q, checkIn: next(5), checkOut: next(9) })).toEqual(
      ids(everyDay, middleFull, longBooking),
    );
  });

  it('agrees with hasFreeSlot (domain/rental-unit.ts) day by day over many booked days', async () => {
    const q = tag();
    const rulesChoices = [
      {},
      { minimumHours: 2 },
      { minimumHours: 6 },
      { bookableHours: { start: '09:00', end: '17:00' }, minimumHours: 3 },
      { bookableHours: { start: '06:30', end: '23:30' }, minimumHours: 4.5 },
    ];
    // Deterministic pseudo-random bookings: 0–3 per day, on the half hour, never overlapping.
    let seed = 20310610;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return Math.floor((seed / 2147483647) * n);
    };
    const expectedFree: Record<string, string[]> = {};
    for (let v = 0; v < 15; v++) {
      const specifications = rulesChoices[v % rulesChoices.length] as Record<string, unknown>;
      const property = await venue(q, specifications);
      const rules = hourlyRulesOf({ ...SPECS.event_space, ...specifications });
      for (let d = 0; d < 2; d++) {
        const taken: TimeRange[] = [];
        let cursor = 12 + random(8); // half hours from midnight
        for (let b = random(5); b > 0 && cursor < 46; b--) {
          const end = Math.min(48, cursor + 2 + random(10));
          const range = { start: half(cursor), end: half(end) };
          taken.push(range);
          await book(property.id, next(d), [range.start, range.end]);
          cursor = end + random(9);
        }
        if (hasFreeSlot(rules, taken)) {
          expectedFree[next(d)] ??= [];
          expectedFree[next(d)]?.push(property.id);
        }
      }
    }
    const both = (expectedFree[DAY] ?? []).filter((id) => expectedFree[next(1)]?.includes(id));
    expect(await found({ q, checkIn: DAY, checkOut: next(1) })).toEqual((expectedFree[DAY] ?? []).sort());
    expect(await found({ q, checkIn: next(1), checkOut: next(2) })).toEqual(
      (expectedFree[next(1)] ?? []).sort(),
    );
    expect(await found({ q, checkIn: DAY, checkOut: next(2) })).toEqual(both.sort());
    // The pseudo-random days include both outcomes, or the comparison would prove little.
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(15);
  });
});

/** 'HH:MM' of a count of half hours from midnight (48 → '24:00'). */
function half(halves: number): string {
  return `${String(Math.floor(halves / 2)).padStart(2, '0')}:${halves % 2 ? '30' : '00'}`;
}

describe('listings booked by the night, day or month: any booking sharing a date takes them', () => {
  it('accommodation, storage and a vehicle are unaffected by the hourly rule', async () => {
    const q = tag();
    const stay = await listing(q, 'accommodation');
    await book(stay.id, next(-3), next(1));
    const storage = await listing(q, 'storage_space');
    await book(storage.id, next(-30), next(30));
    // Even a booking with times on a listing booked by the day takes its whole day.
    const car = await listing(q, 'vehicle');
    await book(car.id, DAY, ['09:00', '10:00']);
    const leftBefore = await listing(q, 'accommodation');
    await book(leftBefore.id, next(-3), DAY);
    const cancelledStorage = await listing(q, 'storage_space');
    await book(cancelledStorage.id, next(-30), next(30), 'cancelled');
    const sameDayVenue = await venue(q);
    await book(sameDayVenue.id, DAY, ['09:00', '10:00']);

    expect(await found({ q, checkIn: DAY, checkOut: next(1) })).toEqual(
      ids(leftBefore, cancelledStorage, sameDayVenue),
    );
    expect(await found({ q, type: 'storage_space', checkIn: DAY, checkOut: next(1) })).toEqual(
      ids(cancelledStorage),
    );
    expect(await found({ q, checkIn: next(1), checkOut: next(2) })).toEqual(
      ids(stay, car, leftBefore, cancelledStorage, sameDayVenue),
    );
  });
});
