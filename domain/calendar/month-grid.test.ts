import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../dates.ts';
import {
  dayAriaLabel,
  dayForKey,
  isInMonth,
  isWeekend,
  monthGridRange,
  monthOf,
  monthTitle,
  monthWeeks,
  shiftMonth,
  WEEKDAY_NAMES,
  weekdayOf,
} from './month-grid.ts';

describe('monthWeeks: whole weeks Sunday to Saturday', () => {
  it.each([
    // [year, month, first cell, last cell, weeks]
    [2026, 11, '2026-11-01', '2026-12-05', 5], // the 1st is a Sunday
    [2026, 2, '2026-02-01', '2026-02-28', 4], // Sunday 1st to Saturday 28th: exactly four weeks
    [2026, 8, '2026-07-26', '2026-09-05', 6], // the 1st is a Saturday, the 31st a Monday
    [2026, 10, '2026-09-27', '2026-10-31', 5], // ends on a Saturday
    [2024, 2, '2024-01-28', '2024-03-02', 5], // leap year, 29 February a Thursday
    [2026, 12, '2026-11-29', '2027-01-02', 5], // crosses the year end
    [2027, 1, '2026-12-27', '2027-02-06', 6],
  ])('%i-%i runs from %s to %s in %i weeks', (year, month, first, last, count) => {
    const weeks = monthWeeks(year, month);
    expect(weeks).toHaveLength(count);
    expect(weeks[0]?.[0]).toBe(first);
    expect(weeks.at(-1)?.[6]).toBe(last);
  });

  it('holds for any month: Sunday starts, Saturday ends, consecutive days, the whole month, no spare week', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const days = monthWeeks(year, month).flat();
        const inMonth = days.filter((day) => isInMonth(day, { year, month }));
        const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(weekdayOf(days[0] as string)).toBe(0);
        expect(weekdayOf(days.at(-1) as string)).toBe(6);
        expect(days.slice(1).map((day, index) => daysBetween(days[index] as string, day))).toEqual(
          days.slice(1).map(() => 1),
        );
        expect(inMonth).toHaveLength(daysInMonth);
        expect(days.length % 7).toBe(0);
        expect(days.length - daysInMonth).toBeLessThan(14);
        expect(isInMonth(days[6] as string, { year, month })).toBe(true); // the first week holds the 1st
        expect(isInMonth(days.at(-7) as string, { year, month })).toBe(true); // the last week holds the last day
      }),
    );
  });

  it('monthGridRange is the grid as a half-open range to load', () => {
    expect(monthGridRange(2026, 8)).toEqual({ start: '2026-07-26', end: '2026-09-06' });
  });

  it('day names run Sun to Sat', () => {
    expect(WEEKDAY_NAMES).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });
});

describe('months and days', () => {
  it.each([
    [{ year: 2026, month: 11 }, 1, { year: 2026, month: 12 }],
    [{ year: 2026, month: 12 }, 1, { year: 2027, month: 1 }],
    [{ year: 2026, month: 1 }, -1, { year: 2025, month: 12 }],
    [{ year: 2026, month: 5 }, -17, { year: 2024, month: 12 }],
    [{ year: 2026, month: 5 }, 0, { year: 2026, month: 5 }],
  ])('shiftMonth(%o, %i) is %o', (from, delta, to) => {
    expect(shiftMonth(from, delta)).toEqual(to);
  });

  it('the title is the month and year in en-ZA', () => {
    expect(monthTitle(2026, 11)).toBe('November 2026');
    expect(monthTitle(2027, 1)).toBe('January 2027');
  });

  it('monthOf reads an ISO date', () => {
    expect(monthOf('2026-11-21')).toEqual({ year: 2026, month: 11 });
  });

  it.each([
    ['2026-11-21', true], // Saturday
    ['2026-11-22', true], // Sunday
    ['2026-11-23', false],
    ['2026-11-27', false], // Friday
  ])('isWeekend(%s) is %s', (day, weekend) => {
    expect(isWeekend(day)).toBe(weekend);
  });
});

describe('day labels for screen readers', () => {
  it.each([
    [
      { today: true, selected: false, otherMonth: false, count: 2 },
      'Saturday 21 November 2026, today, 2 reservations',
    ],
    [
      { today: false, selected: true, otherMonth: false, count: 1 },
      'Saturday 21 November 2026, selected, 1 reservation',
    ],
    [
      { today: false, selected: false, otherMonth: true, count: 0 },
      'Saturday 21 November 2026, other month, no reservations',
    ],
    [
      { today: false, selected: false, otherMonth: false, count: null },
      'Saturday 21 November 2026, loading reservations',
    ],
  ])('%o → %s', (state, label) => {
    expect(dayAriaLabel('2026-11-21', state)).toBe(label);
  });
});

describe('keyboard movement between days', () => {
  const wednesday = '2026-11-18';
  it.each([
    ['ArrowLeft', '2026-11-17'],
    ['ArrowRight', '2026-11-19'],
    ['ArrowUp', '2026-11-11'],
    ['ArrowDown', '2026-11-25'],
    ['Home', '2026-11-15'],
    ['End', '2026-11-21'],
    ['Enter', null],
  ])('%s goes to %s', (key, target) => {
    expect(dayForKey(wednesday, key)).toBe(target);
  });

  it('crosses month ends', () => {
    expect(dayForKey('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(dayForKey('2026-11-03', 'ArrowUp')).toBe(addDays('2026-11-03', -7));
  });
});
