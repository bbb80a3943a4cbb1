import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from './access.ts';
import {
  type CalendarReservationLike,
  calendarStatusLabel,
  canCreateFromCalendar,
  dayAriaLabel,
  dayClickAction,
  dayForKey,
  filterReservations,
  isInMonth,
  isWeekend,
  knownStatus,
  monthGridRange,
  monthOf,
  monthTitle,
  monthWeeks,
  NO_CREATE_PERMISSION,
  NO_FILTERS,
  ownerLabel,
  ownerOptions,
  reservationsOnDay,
  shiftMonth,
  splitForCell,
  summaryText,
  WEEKDAY_NAMES,
  weekdayOf,
} from './calendar.ts';
import { addDays, daysBetween } from './dates.ts';
import { defaultPermissions } from './permissions.ts';
import type { Role } from './roles.ts';

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

const booking = (
  id: string,
  start: string,
  end: string,
  extra: Partial<CalendarReservationLike> = {},
): CalendarReservationLike => ({
  id,
  owner_id: 'owner-a',
  property_id: 'p1',
  start_date: start,
  end_date: end,
  status: 'pending',
  property: { title: `Property ${id}` },
  ...extra,
});

describe('reservationsOnDay: the nights a reservation occupies, end exclusive', () => {
  const stay = booking('a', '2026-11-20', '2026-11-23');
  it.each([
    ['2026-11-19', false],
    ['2026-11-20', true], // check-in night
    ['2026-11-22', true], // last night
    ['2026-11-23', false], // check-out day is free
  ])('on %s: %s', (day, occupied) => {
    expect(reservationsOnDay([stay], day).map((r) => r.id)).toEqual(occupied ? ['a'] : []);
  });

  it('lists the earliest start first, then by property title', () => {
    const list = [
      booking('late', '2026-11-21', '2026-11-24', { property: { title: 'Alpha' } }),
      booking('zulu', '2026-11-18', '2026-11-22', { property: { title: 'Zulu' } }),
      booking('beta', '2026-11-18', '2026-11-25', { property: { title: 'Beta' } }),
      booking('none', '2026-11-21', '2026-11-22', { property: null }),
    ];
    expect(reservationsOnDay(list, '2026-11-21').map((r) => r.id)).toEqual(['beta', 'zulu', 'none', 'late']);
  });

  it('does not reorder the caller’s array', () => {
    const list = [booking('b', '2026-11-21', '2026-11-22'), booking('a', '2026-11-20', '2026-11-22')];
    reservationsOnDay(list, '2026-11-21');
    expect(list.map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('day cell: at most two, then +N more', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [2, 2, 0],
    [3, 2, 1],
    [7, 2, 5],
  ])('%i reservations show %i and %i more', (count, shown, more) => {
    const split = splitForCell(Array.from({ length: count }, (_, i) => i));
    expect(split.shown).toHaveLength(shown);
    expect(split.more).toBe(more);
  });
});

describe('filters and summary', () => {
  const list = [
    booking('1', '2026-11-01', '2026-11-03', { status: 'pending', property_id: 'p1' }),
    booking('2', '2026-11-02', '2026-11-05', { status: 'confirmed', property_id: 'p2' }),
    booking('3', '2026-11-04', '2026-11-06', { status: 'confirmed', property_id: 'p1', owner_id: 'owner-b' }),
    booking('4', '2026-11-10', '2026-11-12', { status: 'cancelled', property_id: 'p1' }),
  ];
  it.each([
    [NO_FILTERS, ['1', '2', '3', '4']],
    [{ ...NO_FILTERS, status: 'confirmed' as const }, ['2', '3']],
    [{ ...NO_FILTERS, propertyId: 'p1' }, ['1', '3', '4']],
    [{ ...NO_FILTERS, ownerId: 'owner-b' }, ['3']],
    [{ propertyId: 'p1', status: 'confirmed' as const, ownerId: 'owner-a' }, []],
    [{ ...NO_FILTERS, status: 'completed' as const }, []],
  ])('%o keeps %o', (filters, ids) => {
    expect(filterReservations(list, filters).map((r) => r.id)).toEqual(ids);
  });

  it('summary reads Showing X of Y reservations', () => {
    expect(summaryText(2, 4)).toBe('Showing 2 of 4 reservations');
  });

  it('owner labels are Owner plus the first 8 characters of the id', () => {
    expect(ownerLabel('3f2a9c1e-77aa-4bcd-9e0f-1234567890ab')).toBe('Owner 3f2a9c1e');
  });

  it('owner options: the parent owner first, then others once each', () => {
    expect(ownerOptions('o1', ['o2', 'o1', 'o2', 'o3'])).toEqual(['o1', 'o2', 'o3']);
    expect(ownerOptions(null, [])).toEqual([]);
  });

  it.each([
    ['pending', 'Pending', 'pending'],
    ['confirmed', 'Confirmed', 'confirmed'],
    ['completed', 'Completed', 'completed'],
    ['cancelled', 'Cancelled', 'cancelled'],
    ['archived', 'Unknown', 'pending'],
  ])('status %s reads %s with the %s style', (status, label, style) => {
    expect(calendarStatusLabel(status)).toBe(label);
    expect(knownStatus(status)).toBe(style);
  });
});

const actor = (role: Role, overrides: Partial<Actor> = {}): Actor => ({
  id: 'me',
  role,
  parent_owner_id: role === 'backoffice' || role === 'frontoffice' ? 'boss' : null,
  permissions: defaultPermissions(role),
  ...overrides,
});

describe('who may create from the calendar (spec §6)', () => {
  it.each([
    ['owner', true],
    ['backoffice', true],
    ['frontoffice', true],
    ['client', false],
    ['admin', false],
  ] as const)('%s: %s', (role, allowed) => {
    expect(canCreateFromCalendar(actor(role))).toBe(allowed);
  });

  it('staff without the reservations permission or without an owner may not', () => {
    const noPermission = { ...defaultPermissions('frontoffice'), canManageReservations: false };
    expect(canCreateFromCalendar(actor('frontoffice', { permissions: noPermission }))).toBe(false);
    expect(canCreateFromCalendar(actor('backoffice', { parent_owner_id: null }))).toBe(false);
  });
});

describe('clicking a day', () => {
  const day = '2026-11-21';
  it('one reservation opens it', () => {
    expect(dayClickAction(day, [{ id: 'r1' }], true)).toEqual({ kind: 'open', reservationId: 'r1' });
  });
  it('several open the first', () => {
    expect(dayClickAction(day, [{ id: 'r1' }, { id: 'r2' }], false)).toEqual({
      kind: 'open',
      reservationId: 'r1',
    });
  });
  it('none opens a one-night draft starting that day', () => {
    expect(dayClickAction(day, [], true)).toEqual({
      kind: 'create',
      draft: { startDate: '2026-11-21', endDate: '2026-11-22' },
    });
    expect(dayClickAction('2026-12-31', [], true)).toEqual({
      kind: 'create',
      draft: { startDate: '2026-12-31', endDate: '2027-01-01' },
    });
  });
  it('none, without permission, says so', () => {
    expect(dayClickAction(day, [], false)).toEqual({ kind: 'denied', message: NO_CREATE_PERMISSION });
    expect(NO_CREATE_PERMISSION).toBe('You do not have permission to create reservations');
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
