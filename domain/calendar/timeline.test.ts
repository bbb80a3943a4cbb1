import { describe, expect, it } from 'vitest';
import { todayInBusinessZone } from '../dates.ts';
import type { CalendarReservationLike } from './day-reservations.ts';
import {
  barLabel,
  layoutTimeline,
  monthDayOfSpan,
  shiftSpan,
  spanTitle,
  timelineSpan,
  timelineStartFromParam,
  timelineWeeksFromParam,
  weekStartOf,
} from './timeline.ts';

type Booking = CalendarReservationLike & { start_time: string | null };
const booking = (
  id: string,
  property: string,
  start: string,
  end: string,
  extra: Partial<Booking> = {},
): Booking => ({
  id,
  owner_id: 'owner-a',
  property_id: property,
  start_date: start,
  end_date: end,
  start_time: null,
  status: 'confirmed',
  property: { title: `Listing ${property}` },
  ...extra,
});
const LISTINGS = [
  { id: 'p1', title: 'Bo-Kaap Studio' },
  { id: 'p2', title: 'Karoo Farmhouse' },
];
// Sunday 22 November to Saturday 5 December 2026.
const TWO_WEEKS = timelineSpan('2026-11-22', 2);
const bars = (rows: ReturnType<typeof layoutTimeline<Booking>>, listing: string) =>
  rows
    .find((row) => row.listing.id === listing)
    ?.bars.map((bar) => [
      bar.reservation.id,
      bar.column,
      bar.length,
      bar.lane,
      bar.clippedStart,
      bar.clippedEnd,
    ]);

describe('timeline span: whole weeks from a Sunday', () => {
  it.each([
    ['2026-11-22', '2026-11-22'], // a Sunday stays
    ['2026-11-28', '2026-11-22'], // Saturday
    ['2026-12-01', '2026-11-29'], // back across a month end
    ['2027-01-01', '2026-12-27'], // and a year end
  ])('the week of %s starts on %s', (day, sunday) => {
    expect(weekStartOf(day)).toBe(sunday);
  });

  it('today is Johannesburg’s: late on Saturday evening UTC it is already Sunday, a new week', () => {
    const today = todayInBusinessZone(new Date('2026-11-21T22:30:00Z'));
    expect(today).toBe('2026-11-22');
    expect(timelineStartFromParam(null, today)).toBe('2026-11-22');
    expect(timelineStartFromParam(null, todayInBusinessZone(new Date('2026-11-21T21:59:00Z')))).toBe(
      '2026-11-15',
    );
  });

  it.each([
    ['2026-11-25', '2026-11-22'],
    ['2026-02-30', '2026-11-15'], // no such day: today's week
    ['soon', '2026-11-15'],
    [null, '2026-11-15'],
  ])('?start=%s starts on %s', (param, start) => {
    expect(timelineStartFromParam(param, '2026-11-18')).toBe(start);
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['4', 4],
    ['3', 2],
    [null, 2],
  ])('?weeks=%s shows %i weeks', (param, weeks) => {
    expect(timelineWeeksFromParam(param)).toBe(weeks);
  });

  it('a span lists its days, ends exclusively and moves by its length', () => {
    const span = timelineSpan('2026-11-22', 4);
    expect(span.days).toHaveLength(28);
    expect(span.days.at(-1)).toBe('2026-12-19');
    expect(span.end).toBe('2026-12-20');
    expect(shiftSpan('2026-11-22', 4, 1)).toBe('2026-12-20');
    expect(shiftSpan('2026-11-22', 1, -1)).toBe('2026-11-15');
    expect(shiftSpan('2026-12-27', 2, 1)).toBe('2027-01-10');
  });

  it.each([
    ['2026-11-22', 2, '22 Nov – 5 December 2026'],
    ['2026-11-01', 1, '1 Nov – 7 November 2026'],
    ['2026-12-27', 2, '27 December 2026 – 9 January 2027'],
  ] as const)('%s for %i weeks reads %s', (start, weeks, title) => {
    expect(spanTitle(timelineSpan(start, weeks))).toBe(title);
  });

  it('switching to the month view shows the month of the span’s first Thursday', () => {
    expect(monthDayOfSpan(timelineSpan('2026-11-29', 2))).toBe('2026-12-03');
    expect(monthDayOfSpan(timelineSpan('2026-11-22', 2))).toBe('2026-11-26');
  });
});

describe('layoutTimeline: a row per listing, bookings as bars', () => {
  it('a row per listing in the given order, even without bookings', () => {
    const rows = layoutTimeline(LISTINGS, [], TWO_WEEKS);
    expect(rows.map((row) => [row.listing.title, row.lanes, row.bars.length])).toEqual([
      ['Bo-Kaap Studio', 1, 0],
      ['Karoo Farmhouse', 1, 0],
    ]);
    expect(rows[0]?.occupied).toEqual(Array.from({ length: 14 }, () => false));
  });

  it('a stay covers its nights, the check-out day stays free', () => {
    const rows = layoutTimeline(LISTINGS, [booking('a', 'p1', '2026-11-24', '2026-11-27')], TWO_WEEKS);
    expect(bars(rows, 'p1')).toEqual([['a', 2, 3, 0, false, false]]);
    expect(rows[0]?.occupied.slice(1, 6)).toEqual([false, true, true, true, false]);
  });

  it('bars are clipped to the span and say so; bookings outside it are left out', () => {
    const list = [
      booking('before', 'p1', '2026-11-18', '2026-11-24'),
      booking('after', 'p1', '2026-12-04', '2026-12-10'),
      booking('across', 'p2', '2026-11-01', '2027-01-01'),
      booking('gone', 'p2', '2026-11-15', '2026-11-22'), // ends the morning the span starts
      booking('later', 'p2', '2026-12-06', '2026-12-08'), // starts the day after the span
    ];
    const rows = layoutTimeline(LISTINGS, list, TWO_WEEKS);
    expect(bars(rows, 'p1')).toEqual([
      ['before', 0, 2, 0, true, false],
      ['after', 12, 2, 0, false, true],
    ]);
    expect(bars(rows, 'p2')).toEqual([['across', 0, 14, 0, true, true]]);
  });

  it('bookings sharing days stack on lanes; back-to-back ones share a lane', () => {
    const list = [
      booking('stay', 'p1', '2026-11-23', '2026-11-26'),
      booking('cancelled', 'p1', '2026-11-24', '2026-11-28', { status: 'cancelled' }),
      booking('next', 'p1', '2026-11-26', '2026-11-29'), // starts the day `stay` checks out
      booking('third', 'p1', '2026-11-25', '2026-11-26'),
    ];
    const rows = layoutTimeline(LISTINGS, list, TWO_WEEKS);
    expect(bars(rows, 'p1')).toEqual([
      ['stay', 1, 3, 0, false, false],
      ['cancelled', 2, 4, 1, false, false],
      ['third', 3, 1, 2, false, false],
      ['next', 4, 3, 0, false, false],
    ]);
    expect(rows[0]?.lanes).toBe(3);
  });

  it('hourly bookings are a bar in their day, stacked by their times', () => {
    const list = [
      booking('evening', 'p2', '2026-11-25', '2026-11-26', { start_time: '18:00' }),
      booking('morning', 'p2', '2026-11-25', '2026-11-26', { start_time: '09:00' }),
    ];
    const rows = layoutTimeline(LISTINGS, list, TWO_WEEKS);
    expect(bars(rows, 'p2')).toEqual([
      ['morning', 3, 1, 0, false, false],
      ['evening', 3, 1, 1, false, false],
    ]);
  });

  it('across month ends and leap days the columns count real days', () => {
    const february = timelineSpan('2028-02-27', 1); // 2028 is a leap year
    expect(february.days).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
      '2028-03-03',
      '2028-03-04',
    ]);
    const rows = layoutTimeline(LISTINGS, [booking('leap', 'p1', '2028-02-28', '2028-03-02')], february);
    expect(bars(rows, 'p1')).toEqual([['leap', 1, 3, 0, false, false]]);
    const yearEnd = layoutTimeline(
      LISTINGS,
      [booking('ny', 'p2', '2026-12-30', '2027-01-02')],
      timelineSpan('2026-12-27', 1),
    );
    expect(bars(yearEnd, 'p2')).toEqual([['ny', 3, 3, 0, false, false]]);
  });

  it('a listing known only from a booking (another owner’s, for staff) gets its own row after the others', () => {
    const rows = layoutTimeline(
      LISTINGS,
      [
        booking('x', 'p9', '2026-11-23', '2026-11-24'),
        booking('y', 'p8', '2026-11-23', '2026-11-24', { property: null }),
      ],
      TWO_WEEKS,
    );
    expect(rows.map((row) => row.listing.title)).toEqual([
      'Bo-Kaap Studio',
      'Karoo Farmhouse',
      'Listing p9',
      'Property Details Unavailable',
    ]);
  });
});

describe('bar names', () => {
  const client = { first_name: 'Lerato', last_name: 'Mokoena' };
  it.each([
    [
      {
        start_date: '2026-11-24',
        end_date: '2026-11-27',
        start_time: null,
        end_time: null,
        status: 'confirmed',
      },
      'Bo-Kaap Studio, Lerato Mokoena, 24 November 2026 – 27 November 2026, Confirmed',
    ],
    [
      {
        start_date: '2026-11-25',
        end_date: '2026-11-26',
        start_time: '10:00',
        end_time: '12:00',
        status: 'cancelled',
      },
      'Bo-Kaap Studio, Lerato Mokoena, 25 November 2026, 10:00–12:00, Cancelled',
    ],
  ])('%o reads %s', (reservation, label) => {
    expect(barLabel('Bo-Kaap Studio', { ...reservation, client })).toBe(label);
  });
});
