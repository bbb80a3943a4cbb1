import { describe, expect, it } from 'vitest';
import type { Actor } from '../access.ts';
import { defaultPermissions } from '../permissions.ts';
import type { Role } from '../roles.ts';
import {
  type CalendarReservationLike,
  calendarStatusLabel,
  canCreateFromCalendar,
  dayClickAction,
  knownStatus,
  NO_CREATE_PERMISSION,
  reservationsOnDay,
  splitForCell,
} from './day-reservations.ts';
import {
  DEFAULT_FILTERS,
  filterReservations,
  ownerLabel,
  ownerOptions,
  statusFilterFromParam,
  statusFilterLabel,
  summaryText,
} from './filters.ts';

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
    [DEFAULT_FILTERS, ['1', '2', '3']], // cancelled hidden by default
    [{ ...DEFAULT_FILTERS, status: 'all' as const }, ['1', '2', '3', '4']],
    [{ ...DEFAULT_FILTERS, status: 'cancelled' as const }, ['4']],
    [{ ...DEFAULT_FILTERS, status: 'confirmed' as const }, ['2', '3']],
    [{ ...DEFAULT_FILTERS, propertyId: 'p1' }, ['1', '3']],
    [{ ...DEFAULT_FILTERS, propertyId: 'p1', status: 'all' as const }, ['1', '3', '4']],
    [{ ...DEFAULT_FILTERS, ownerId: 'owner-b' }, ['3']],
    [{ propertyId: 'p1', status: 'confirmed' as const, ownerId: 'owner-a' }, []],
    [{ ...DEFAULT_FILTERS, status: 'completed' as const }, []],
  ])('%o keeps %o', (filters, ids) => {
    expect(filterReservations(list, filters).map((r) => r.id)).toEqual(ids);
  });

  it.each([
    [null, 'active', 'All except cancelled'],
    ['all', 'all', 'All statuses'],
    ['cancelled', 'cancelled', 'Cancelled'],
    ['archived', 'active', 'All except cancelled'],
  ])('?status=%s is %s, read %s', (param, value, label) => {
    expect(statusFilterFromParam(param)).toBe(value);
    expect(statusFilterLabel(statusFilterFromParam(param))).toBe(label);
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
