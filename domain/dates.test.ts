import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  BUSINESS_TIME_ZONE,
  businessDateOf,
  businessMinuteOfDay,
  type DateRange,
  daysBetween,
  formatBusinessDate,
  formatDisplayDate,
  isValidIsoDate,
  rangesOverlap,
  todayInBusinessZone,
} from './dates.ts';

describe('isValidIsoDate', () => {
  it.each(['2026-01-01', '2024-02-29', '2026-12-31', '2000-02-29'])('accepts %s', (value) => {
    expect(isValidIsoDate(value)).toBe(true);
  });

  it.each([
    ['a day that does not exist', '2026-02-29'],
    ['31 April', '2026-04-31'],
    ['month 13', '2026-13-01'],
    ['day 0', '2026-01-00'],
    ['one-digit month', '2026-1-01'],
    ['a time part', '2026-01-01T00:00'],
    ['leading space', ' 2026-01-01'],
    ['dd/MM/yyyy', '01/01/2026'],
    ['empty', ''],
  ])('refuses %s (%s)', (_label, value) => {
    expect(isValidIsoDate(value)).toBe(false);
  });
});

describe('todayInBusinessZone (Africa/Johannesburg, UTC+2 all year)', () => {
  it('is the zone the spec names', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Africa/Johannesburg');
  });

  it.each([
    ['2026-03-31T21:59:59Z', '2026-03-31'],
    ['2026-03-31T22:00:00Z', '2026-04-01'],
    ['2026-12-31T22:30:00Z', '2027-01-01'],
    ['2026-06-15T00:00:00Z', '2026-06-15'],
    ['2026-06-14T23:00:00Z', '2026-06-15'],
  ])('at %s it is %s in Johannesburg', (instant, expected) => {
    expect(todayInBusinessZone(new Date(instant))).toBe(expected);
  });

  it('agrees with the time-zone database every hour of a year', () => {
    const zoned = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE });
    for (let hour = 0; hour < 366 * 24; hour++) {
      const instant = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      expect(todayInBusinessZone(instant)).toBe(zoned.format(instant));
    }
  });
});

describe('the Johannesburg date of a stored moment (e.g. when a booking was made)', () => {
  it.each([
    [
      'a 01:30 SAST booking is 23:30 UTC the day before: the SAST day',
      '2026-11-24T23:30:00.000Z',
      '2026-11-25',
    ],
    ['21:59 UTC is 23:59 SAST: still that day', '2026-11-24T21:59:59.999Z', '2026-11-24'],
    ['22:00 UTC is midnight SAST: the next day', '2026-11-24T22:00:00.000Z', '2026-11-25'],
    ['midday', '2026-11-25T10:00:00.000Z', '2026-11-25'],
    ['New Year in Johannesburg, still 31 December in UTC', '2026-12-31T22:30:00.000Z', '2027-01-01'],
    ['29 February at 00:30 SAST', '2028-02-28T22:30:00.000Z', '2028-02-29'],
    ['with an offset written in', '2026-11-25T01:30:00+02:00', '2026-11-25'],
  ])('%s', (_label, instant, day) => {
    expect(businessDateOf(instant)).toBe(day);
    expect(businessDateOf(new Date(instant))).toBe(day);
    expect(formatBusinessDate(instant)).toBe(formatDisplayDate(day));
  });

  it('reads as people do: 25 November 2026', () => {
    expect(formatBusinessDate('2026-11-24T23:30:00.000Z')).toBe('25 November 2026');
  });

  it.each([
    ['2026-11-26T13:00:00Z', 15 * 60],
    ['2026-11-26T21:59:00Z', 23 * 60 + 59],
    ['2026-11-26T22:00:00Z', 0],
    ['2026-11-26T06:10:30Z', 8 * 60 + 10],
  ])('at %s it is minute %i of the Johannesburg day', (instant, minute) => {
    expect(businessMinuteOfDay(new Date(instant))).toBe(minute);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-01-10', 0, '2026-01-10'],
    ['2026-01-01', 365, '2027-01-01'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-05-31', 3, '2026-08-31'],
    ['2026-11-30', 3, '2027-02-28'],
  ])('%s + %i months = %s (clamped to the last day of a shorter month)', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-01-01', '2026-01-02', 1],
    ['2026-01-02', '2026-01-01', -1],
    ['2026-01-01', '2026-01-01', 0],
    ['2026-02-01', '2026-03-01', 28],
    ['2024-02-01', '2024-03-01', 29],
    ['2026-01-01', '2027-01-01', 365],
  ])('from %s to %s is %i', (a, b, expected) => {
    expect(daysBetween(a, b)).toBe(expected);
  });

  it('is the inverse of addDays', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: -800, max: 800 }),
        (offset, days) => {
          const start = addDays('1990-01-01', offset);
          expect(daysBetween(start, addDays(start, days))).toBe(days);
        },
      ),
    );
  });
});

describe('formatDisplayDate', () => {
  it('uses the en-ZA long format, whatever the machine zone', () => {
    expect(formatDisplayDate('2026-03-05')).toBe('5 March 2026');
  });
});

describe('rangesOverlap (half-open [start, end): the end date is not a night)', () => {
  const existing: DateRange = { start: '2026-05-10', end: '2026-05-15' };

  it.each([
    ['identical', '2026-05-10', '2026-05-15', true],
    ['start falls within', '2026-05-12', '2026-05-20', true],
    ['end falls within', '2026-05-05', '2026-05-11', true],
    ['encloses it', '2026-05-01', '2026-05-31', true],
    ['inside it', '2026-05-11', '2026-05-13', true],
    ['same start, shorter', '2026-05-10', '2026-05-11', true],
    ['same end, later start', '2026-05-14', '2026-05-15', true],
    ['touching after (starts on its end date)', '2026-05-15', '2026-05-18', false],
    ['touching before (ends on its start date)', '2026-05-07', '2026-05-10', false],
    ['entirely before', '2026-05-01', '2026-05-05', false],
    ['entirely after', '2026-05-20', '2026-05-25', false],
  ])('%s: [%s, %s) overlaps → %s', (_label, start, end, expected) => {
    expect(rangesOverlap({ start, end }, existing)).toBe(expected);
    expect(rangesOverlap(existing, { start, end })).toBe(expected);
  });

  it('compares across months and years', () => {
    expect(
      rangesOverlap({ start: '2026-12-30', end: '2027-01-02' }, { start: '2027-01-01', end: '2027-01-05' }),
    ).toBe(true);
    expect(
      rangesOverlap({ start: '2026-12-30', end: '2027-01-01' }, { start: '2027-01-01', end: '2027-01-05' }),
    ).toBe(false);
  });

  /** A non-empty range: a start within ~5 years and 1 to 40 nights. */
  const range = fc
    .tuple(fc.integer({ min: 0, max: 1800 }), fc.integer({ min: 1, max: 40 }))
    .map(([offset, nights]): DateRange => {
      const start = addDays('2026-01-01', offset);
      return { start, end: addDays(start, nights) };
    });
  const nightsOf = ({ start, end }: DateRange) =>
    Array.from({ length: daysBetween(start, end) }, (_, index) => addDays(start, index));
  /** Ranges close to each other, so overlaps, touches and gaps all come up often. */
  const nearbyPair = fc
    .tuple(
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 1, max: 15 }),
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 1, max: 15 }),
    )
    .map(([aOffset, aNights, bOffset, bNights]): [DateRange, DateRange] => {
      const a = addDays('2026-06-01', aOffset);
      const b = addDays('2026-06-01', bOffset);
      return [
        { start: a, end: addDays(a, aNights) },
        { start: b, end: addDays(b, bNights) },
      ];
    });

  it('is symmetric', () => {
    fc.assert(fc.property(range, range, (a, b) => rangesOverlap(a, b) === rangesOverlap(b, a)));
    fc.assert(fc.property(nearbyPair, ([a, b]) => rangesOverlap(a, b) === rangesOverlap(b, a)));
  });

  it('is true exactly when the two ranges share at least one night', () => {
    fc.assert(
      fc.property(nearbyPair, ([a, b]) => {
        const nightsOfA = new Set(nightsOf(a));
        const shared = nightsOf(b).some((night) => nightsOfA.has(night));
        expect(rangesOverlap(a, b)).toBe(shared);
      }),
      { numRuns: 2000 },
    );
  });

  it("equals the spec's wording: the start falls within, the end falls within, or it encloses the existing range", () => {
    fc.assert(
      fc.property(nearbyPair, ([requested, existingRange]) => {
        const { start, end } = requested;
        const startWithin = existingRange.start <= start && start < existingRange.end;
        const endWithin = existingRange.start < end && end <= existingRange.end;
        const encloses = start <= existingRange.start && end >= existingRange.end;
        expect(rangesOverlap(requested, existingRange)).toBe(startWithin || endWithin || encloses);
      }),
      { numRuns: 2000 },
    );
  });

  it('a range always overlaps itself, and never the range that starts where it ends', () => {
    fc.assert(
      fc.property(range, fc.integer({ min: 1, max: 30 }), (a, nights) => {
        expect(rangesOverlap(a, a)).toBe(true);
        expect(rangesOverlap(a, { start: a.end, end: addDays(a.end, nights) })).toBe(false);
      }),
    );
  });
});
