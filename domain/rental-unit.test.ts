import { describe, expect, it } from 'vitest';
import { bookingTotal } from './booking-total.ts';
import type { PropertyType } from './property.ts';
import {
  type BookedPeriod,
  describeDuration,
  formatUnits,
  HOURLY_DEFAULTS,
  type HourlyRules,
  hasFreeSlot,
  hourlyBookingRefusal,
  hourlyRulesOf,
  monthlyEnd,
  monthsBetween,
  NO_SLOTS,
  nextSlotRangeAfterClick,
  type PriceUnit,
  priceUnitFor,
  slotEnd,
  slotRangeTimes,
  slotStarts,
  slotState,
  unitCount,
} from './rental-unit.ts';

/** The one total (domain/booking-total.ts) of a booking at one price, without rate periods, discount or VAT. */
const totalOf = (
  unit: PriceUnit,
  period: BookedPeriod,
  price: number,
  cleaning: number,
  override: number | null = null,
) =>
  bookingTotal({
    unit,
    period,
    listingRateCents: price,
    rates: [],
    overrideRateCents: override,
    cleaningFeeCents: cleaning,
    discountPercent: 0,
    taxPercent: 0,
  }).totalCents;

describe('priceUnitFor (the spec’s price period labels)', () => {
  it.each([
    ['accommodation', 'night'],
    ['vehicle', 'day'],
    ['equipment', 'day'],
    ['electronics', 'day'],
    ['event_space', 'hour'],
    ['storage_space', 'month'],
  ] as const)('%s is booked per %s', (type: PropertyType, unit) => {
    expect(priceUnitFor(type)).toBe(unit);
  });
});

describe('units and totals for each type (unit price × units + the cleaning fee once)', () => {
  it.each([
    [
      'accommodation',
      { startDate: '2026-12-13', endDate: '2026-12-16' },
      3,
      '3 nights',
      85_000,
      25_000,
      280_000,
    ],
    ['vehicle', { startDate: '2026-12-13', endDate: '2026-12-15' }, 2, '2 days', 60_000, 0, 120_000],
    ['equipment', { startDate: '2026-12-13', endDate: '2026-12-14' }, 1, '1 day', 35_000, 5_000, 40_000],
    ['electronics', { startDate: '2026-12-13', endDate: '2026-12-20' }, 7, '7 days', 20_000, 0, 140_000],
    [
      'event_space',
      { startDate: '2026-12-13', endDate: '2026-12-14', startTime: '14:00', endTime: '18:00' },
      4,
      '14:00–18:00 (4 hours)',
      80_000,
      50_000,
      370_000,
    ],
    [
      'event_space',
      { startDate: '2026-12-13', endDate: '2026-12-14', startTime: '09:00', endTime: '13:30' },
      4.5,
      '09:00–13:30 (4.5 hours)',
      80_000,
      0,
      360_000,
    ],
    [
      'storage_space',
      { startDate: '2026-12-13', endDate: '2027-02-13' },
      2,
      '2 months',
      150_000,
      10_000,
      310_000,
    ],
  ] as const)('%s %o → %d units, "%s"', (type, period, units, words, price, cleaning, total) => {
    const unit = priceUnitFor(type);
    expect(unitCount(unit, period)).toBe(units);
    expect(describeDuration(unit, period)).toBe(words);
    expect(totalOf(unit, period, price, cleaning)).toBe(total);
  });

  it('a garage at R 1 500 a month costs R 1 500 for one month and R 3 000 for two, not price × days', () => {
    const oneMonth = unitCount('month', { startDate: '2026-12-01', endDate: monthlyEnd('2026-12-01', 1) });
    const twoMonths = unitCount('month', { startDate: '2026-12-01', endDate: monthlyEnd('2026-12-01', 2) });
    expect(oneMonth).toBe(1);
    expect(twoMonths).toBe(2);
    expect(
      totalOf('month', { startDate: '2026-12-01', endDate: monthlyEnd('2026-12-01', 1) }, 150_000, 0),
    ).toBe(150_000);
    expect(
      totalOf('month', { startDate: '2026-12-01', endDate: monthlyEnd('2026-12-01', 2) }, 150_000, 0),
    ).toBe(300_000);
  });

  it('an override rate replaces the unit price; a half hour at an odd rate rounds half up to the cent', () => {
    const hours = (endTime: string) => ({
      startDate: '2026-12-05',
      endDate: '2026-12-06',
      startTime: '14:00',
      endTime,
    });
    expect(totalOf('hour', hours('18:00'), 80_000, 0, 70_000)).toBe(280_000);
    expect(totalOf('hour', hours('14:30'), 12_345, 0)).toBe(6_173);
  });

  it('nights and days keep the spec’s minimum of 1', () => {
    expect(unitCount('night', { startDate: '2026-12-13', endDate: '2026-12-13' })).toBe(1);
    expect(unitCount('day', { startDate: '2026-12-13', endDate: '2026-12-10' })).toBe(1);
  });

  it('a day booking of a venue made before hourly booking counts its days', () => {
    expect(describeDuration('hour', { startDate: '2026-12-13', endDate: '2026-12-15' })).toBe('2 days');
  });
});

describe('monthly bookings end the same day N months later, or the month’s last day', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-11-30', 3, '2027-02-28'],
  ])('%s + %i month(s) → %s', (start, months, end) => {
    expect(monthlyEnd(start, months)).toBe(end);
    expect(monthsBetween(start, end)).toBe(months);
  });

  it('a stored end that is not a month boundary counts its part month', () => {
    expect(monthsBetween('2026-12-01', '2027-01-10')).toBe(2);
  });
});

const venue: HourlyRules = { bookableHours: { start: '08:00', end: '22:00' }, minimumHours: 4 };

describe('hourly bookings: on the half hour, inside the bookable hours, at least the minimum', () => {
  it.each([
    ['08:00', '12:00', null],
    ['18:00', '22:00', null],
    ['14:00', '18:30', null],
    ['07:30', '11:30', 'This venue can be booked between 08:00 and 22:00'],
    ['18:30', '22:30', 'This venue can be booked between 08:00 and 22:00'],
    ['14:00', '17:30', 'The minimum booking is 4 hours'],
    ['14:15', '18:15', 'Times must be on the hour or the half hour'],
    ['18:00', '14:00', 'End time must be after start time'],
    ['14:00', '14:00', 'End time must be after start time'],
    [null, '18:00', 'Please choose a start and an end time'],
  ])('%s–%s → %s', (start, end, refusal) => {
    expect(hourlyBookingRefusal(start, end, venue)).toBe(refusal);
  });

  it('an owner’s own minimum and hours apply; midnight is a valid end', () => {
    const lateVenue: HourlyRules = { bookableHours: { start: '10:00', end: '24:00' }, minimumHours: 1.5 };
    expect(hourlyBookingRefusal('22:30', '24:00', lateVenue)).toBeNull();
    expect(hourlyBookingRefusal('22:30', '23:30', lateVenue)).toBe('The minimum booking is 1.5 hours');
  });

  it('reads the rules from the specifications, with the defaults for what is missing or malformed', () => {
    expect(hourlyRulesOf({})).toEqual(HOURLY_DEFAULTS);
    expect(hourlyRulesOf({ bookableHours: { start: '10:00', end: '20:00' }, minimumHours: 2 })).toEqual({
      bookableHours: { start: '10:00', end: '20:00' },
      minimumHours: 2,
    });
    expect(hourlyRulesOf({ bookableHours: { start: '10:15', end: 'late' }, minimumHours: -1 })).toEqual(
      HOURLY_DEFAULTS,
    );
  });

  it('offers half-hour slots from opening to the last one before closing', () => {
    const slots = slotStarts(venue);
    expect(slots[0]).toBe('08:00');
    expect(slots.at(-1)).toBe('21:30');
    expect(slots).toHaveLength(28);
  });

  it('a day has a free slot while a run of the minimum length is left', () => {
    expect(hasFreeSlot(venue, [])).toBe(true);
    expect(hasFreeSlot(venue, [{ start: '14:00', end: '18:00' }])).toBe(true);
    // 08:00–09:00, 12:00–14:00 and 18:00–22:00 left: the evening still takes 4 hours.
    expect(
      hasFreeSlot(venue, [
        { start: '09:00', end: '12:00' },
        { start: '14:00', end: '18:00' },
      ]),
    ).toBe(true);
    expect(
      hasFreeSlot(venue, [
        { start: '09:00', end: '12:00' },
        { start: '14:00', end: '18:30' },
      ]),
    ).toBe(false);
    expect(hasFreeSlot(venue, [{ start: '00:00', end: '24:00' }])).toBe(false);
  });
});

describe('formatUnits', () => {
  it.each([
    ['night', 1, '1 night'],
    ['night', 3, '3 nights'],
    ['hour', 4.5, '4.5 hours'],
    ['month', 1, '1 month'],
  ] as const)('%s × %d → %s', (unit, count, text) => {
    expect(formatUnits(unit, count)).toBe(text);
  });
});

/** Someone holds 12:00–14:00. */
const TAKEN = [{ start: '12:00', end: '14:00' }];

describe('slot picker ranges', () => {
  it('ends a slot half an hour after it starts, up to midnight', () => {
    expect(slotEnd('14:00')).toBe('14:30');
    expect(slotEnd('21:30')).toBe('22:00');
    expect(slotEnd('23:30')).toBe('24:00');
  });

  it.each([
    ['first click sets the start', NO_SLOTS, '09:00', { start: '09:00', last: null }],
    [
      'second click sets the last slot',
      { start: '09:00', last: null },
      '11:30',
      { start: '09:00', last: '11:30' },
    ],
    [
      'the start itself is a one-slot range',
      { start: '09:00', last: null },
      '09:00',
      { start: '09:00', last: '09:00' },
    ],
    [
      'a click before the start restarts',
      { start: '10:00', last: null },
      '09:00',
      { start: '09:00', last: null },
    ],
    [
      'a range may end just before a taken time',
      { start: '09:00', last: null },
      '11:30',
      { start: '09:00', last: '11:30' },
    ],
    [
      'a range may not cross a taken time: it restarts',
      { start: '09:00', last: null },
      '15:00',
      { start: '15:00', last: null },
    ],
    ['a taken slot changes nothing', { start: '09:00', last: null }, '12:30', { start: '09:00', last: null }],
    ['a taken slot as a first click changes nothing', NO_SLOTS, '12:00', NO_SLOTS],
    [
      'after a whole range a click starts anew',
      { start: '09:00', last: '10:00' },
      '10:30',
      { start: '10:30', last: null },
    ],
    [
      'a range may start where a taken time ends',
      { start: '14:00', last: null },
      '17:30',
      { start: '14:00', last: '17:30' },
    ],
  ])('%s', (_, range, slot, expected) => {
    expect(nextSlotRangeAfterClick(range, slot, TAKEN)).toEqual(expected);
  });

  it('books from the first slot to the end of the last', () => {
    expect(slotRangeTimes({ start: '14:00', last: '17:30' })).toEqual({ start: '14:00', end: '18:00' });
    expect(slotRangeTimes({ start: '14:00', last: null })).toBeNull();
    expect(slotRangeTimes(NO_SLOTS)).toBeNull();
  });

  it('reads each slot as selected, taken or available', () => {
    const range = { start: '09:00', last: '10:00' };
    expect(slotState(range, '08:30', TAKEN)).toBe('available');
    expect(slotState(range, '09:00', TAKEN)).toBe('selected');
    expect(slotState(range, '10:00', TAKEN)).toBe('selected');
    expect(slotState(range, '10:30', TAKEN)).toBe('available');
    expect(slotState(range, '12:00', TAKEN)).toBe('taken');
    expect(slotState(range, '13:30', TAKEN)).toBe('taken');
    expect(slotState(range, '14:00', TAKEN)).toBe('available');
    expect(slotState({ start: '15:00', last: null }, '15:00', TAKEN)).toBe('selected');
    expect(slotState({ start: '15:00', last: null }, '15:30', TAKEN)).toBe('available');
  });

  it('reads today’s slots already gone as past, before anything else', () => {
    const past = { start: '00:00', end: '15:30' };
    expect(slotState(NO_SLOTS, '08:00', TAKEN, past)).toBe('past');
    expect(slotState(NO_SLOTS, '12:00', TAKEN, past)).toBe('past');
    expect(slotState({ start: '15:00', last: '16:00' }, '15:00', TAKEN, past)).toBe('past');
    expect(slotState(NO_SLOTS, '15:30', TAKEN, past)).toBe('available');
    // A click on a past slot starts nothing, and a range cannot reach back into the past.
    expect(nextSlotRangeAfterClick(NO_SLOTS, '09:00', [past, ...TAKEN])).toEqual(NO_SLOTS);
  });
});
