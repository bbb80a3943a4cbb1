import { describe, expect, it } from 'vitest';
import { bookingAsksForGuests, bookingHeader, maxGuestsFor } from './booking-page.ts';
import { addDays, addMonths, daysBetween } from './dates.ts';
import { PROPERTY_TYPES } from './property.ts';
import { countDays } from './rental-unit.ts';
import {
  AVAILABILITY_MONTHS,
  BLOCKING_STATUSES,
  CLIENT_CANCEL_MESSAGES,
  changesPrice,
  clampNonNegative,
  clientCancelRefusal,
  editorAsksForGuests,
  isBlocking,
  isReservationDraftValid,
  listAvailableDates,
  RESERVATION_STATUSES,
  STATUS_COLORS,
  statusLabel,
} from './reservation.ts';

describe('countDays: nights and days (ceiling of the day difference, minimum 1)', () => {
  it.each([
    ['same day', '2026-03-10', '2026-03-10', 1],
    ['end before start', '2026-03-10', '2026-03-07', 1],
    ['one night', '2026-03-10', '2026-03-11', 1],
    ['three days', '2026-03-10', '2026-03-13', 3],
    ['across a month end', '2026-01-30', '2026-02-02', 3],
    ['across a year end', '2025-12-30', '2026-01-02', 3],
    ['over a leap day', '2028-02-27', '2028-03-01', 3],
    ['without a leap day', '2026-02-27', '2026-03-01', 2],
    ['a whole year', '2026-01-01', '2027-01-01', 365],
  ])('%s: %s → %s is %i', (_label, start, end, nights) => {
    expect(countDays(start, end)).toBe(nights);
  });
});

describe('guests per property type', () => {
  it.each([
    ['accommodation', { maxGuests: 6, maxOccupants: 8, capacity: 99, seatingCapacity: 99 }, 6],
    ['event_space', { capacity: 120, maxGuests: 2 }, 120],
    ['vehicle', { seatingCapacity: 5, maxGuests: 2 }, 5],
    ['equipment', { maxGuests: 10, capacity: 10, seatingCapacity: 10 }, 1],
    ['electronics', { maxGuests: 10 }, 1],
    ['storage_space', { capacity: 10 }, 1],
  ] as const)('%s allows up to the right field: %o → %i', (type, specs, max) => {
    expect(maxGuestsFor(type, specs)).toBe(max);
  });

  it.each([
    ['missing', {}],
    ['zero', { maxGuests: 0 }],
    ['negative', { maxGuests: -3 }],
    ['fractional', { maxGuests: 2.5 }],
    ['not a number', { maxGuests: 'many' }],
    ['null', { maxGuests: null }],
  ])('an unusable maximum (%s) allows exactly 1 guest', (_label, specs) => {
    expect(maxGuestsFor('accommodation', specs)).toBe(1);
  });

  it('reads numeric strings (jsonb written by older clients)', () => {
    expect(maxGuestsFor('accommodation', { maxGuests: '4' })).toBe(4);
  });

  it.each([
    ['accommodation', true, true],
    ['event_space', true, true],
    ['vehicle', true, false],
    ['equipment', false, false],
    ['electronics', false, false],
    ['storage_space', false, false],
  ] as const)('%s: booking page asks for guests %s, editor %s', (type, booking, editor) => {
    expect(bookingAsksForGuests(type)).toBe(booking);
    expect(editorAsksForGuests(type)).toBe(editor);
  });
});

describe('bookingHeader', () => {
  it.each([
    ['accommodation', 'Book Your Stay at Sea Cottage'],
    ['vehicle', 'Book Your Rental at Sea Cottage'],
    ['event_space', 'Book Your Event at Sea Cottage'],
    ['equipment', 'Book Your Equipment at Sea Cottage'],
    ['electronics', 'Book Your Electronics at Sea Cottage'],
    ['storage_space', 'Book Your Storage at Sea Cottage'],
  ] as const)('%s → %s', (type, header) => {
    expect(bookingHeader(type, 'Sea Cottage')).toBe(header);
  });

  it('covers every property type', () => {
    for (const type of PROPERTY_TYPES) expect(bookingHeader(type, 'X')).not.toContain('undefined');
  });
});

describe('statuses', () => {
  it.each([
    ['confirmed', 'Confirmed'],
    ['pending', 'Pending Approval'],
    ['completed', 'Completed'],
    ['cancelled', 'Cancelled'],
    ['', 'Unknown'],
    ['Confirmed', 'Unknown'],
    ['declined', 'Unknown'],
  ])('label of %j is %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it('only pending and confirmed block dates', () => {
    expect([...BLOCKING_STATUSES]).toEqual(['pending', 'confirmed']);
    expect(RESERVATION_STATUSES.filter(isBlocking)).toEqual(['pending', 'confirmed']);
    expect(isBlocking('unknown')).toBe(false);
  });

  it('every status has a colour', () => {
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...RESERVATION_STATUSES].sort());
  });
});

describe('listAvailableDates', () => {
  const today = '2026-03-10';

  it('spans today to three months ahead, one entry per day, both ends included', () => {
    const dates = listAvailableDates({ today, blocked: [] });
    expect(AVAILABILITY_MONTHS).toBe(3);
    expect(dates[0]).toBe(today);
    expect(dates.at(-1)).toBe('2026-06-10');
    expect(dates).toHaveLength(daysBetween(today, '2026-06-10') + 1);
    expect(new Set(dates).size).toBe(dates.length);
    for (let i = 1; i < dates.length; i++) expect(dates[i]).toBe(addDays(dates[i - 1] as string, 1));
  });

  it('three months from the 31st ends on the last day of the shorter month', () => {
    const dates = listAvailableDates({ today: '2026-01-31', blocked: [] });
    expect(dates.at(-1)).toBe('2026-04-30');
    expect(dates.at(-1)).toBe(addMonths('2026-01-31', 3));
  });

  it('a blocked range holds its nights: start included, end excluded', () => {
    const dates = listAvailableDates({ today, blocked: [{ start: '2026-03-12', end: '2026-03-15' }] });
    expect(dates.slice(0, 4)).toEqual(['2026-03-10', '2026-03-11', '2026-03-15', '2026-03-16']);
    for (const held of ['2026-03-12', '2026-03-13', '2026-03-14']) expect(dates).not.toContain(held);
  });

  it('back-to-back and overlapping ranges, and ranges that started before today', () => {
    const dates = listAvailableDates({
      today,
      blocked: [
        { start: '2026-03-01', end: '2026-03-11' },
        { start: '2026-03-11', end: '2026-03-12' },
        { start: '2026-03-13', end: '2026-03-16' },
        { start: '2026-03-14', end: '2026-03-18' },
      ],
    });
    expect(dates.slice(0, 3)).toEqual(['2026-03-12', '2026-03-18', '2026-03-19']);
  });

  it('a range beyond the three months changes nothing', () => {
    const all = listAvailableDates({ today, blocked: [] });
    expect(listAvailableDates({ today, blocked: [{ start: '2026-06-11', end: '2026-07-01' }] })).toEqual(all);
  });

  it('keeps to the availability window (start included, end excluded)', () => {
    const dates = listAvailableDates({
      today,
      blocked: [],
      windowStart: '2026-04-01',
      windowEnd: '2026-04-05',
    });
    expect(dates).toEqual(['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);
  });

  it('a window that ended before today leaves nothing', () => {
    expect(
      listAvailableDates({ today, blocked: [], windowStart: '2025-01-01', windowEnd: '2026-03-10' }),
    ).toEqual([]);
  });

  it('a window and blocked nights combine', () => {
    const dates = listAvailableDates({
      today,
      blocked: [{ start: '2026-04-02', end: '2026-04-03' }],
      windowStart: '2026-04-01',
      windowEnd: '2026-04-05',
    });
    expect(dates).toEqual(['2026-04-01', '2026-04-03', '2026-04-04']);
  });

  it('a custom number of months', () => {
    expect(listAvailableDates({ today, blocked: [], months: 1 }).at(-1)).toBe('2026-04-10');
  });
});

describe('clampNonNegative', () => {
  it.each([
    [15, 15],
    [0.01, 0.01],
    [0, 0],
    [-0.01, 0],
    [-20, 0],
    [Number.NaN, 0],
    [Number.NEGATIVE_INFINITY, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%d → %d', (value, clamped) => {
    expect(clampNonNegative(value)).toBe(clamped);
  });
});

describe('isReservationDraftValid (the editor rule)', () => {
  const valid = {
    propertyId: 'p1',
    startDate: '2026-03-10',
    endDate: '2026-03-11',
    guests: 1,
    clientId: 'c1',
    newClient: null,
  };
  const newClient = { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.co.za' };

  it.each([
    ['everything chosen', {}, true],
    ['no property', { propertyId: null }, false],
    ['empty property', { propertyId: '' }, false],
    ['no start', { startDate: null }, false],
    ['no end', { endDate: null }, false],
    ['0 guests', { guests: 0 }, false],
    ['negative guests', { guests: -1 }, false],
    ['NaN guests', { guests: Number.NaN }, false],
    ['no client and no new client', { clientId: null }, false],
    ['"new" without the form', { clientId: 'new' }, false],
    ['"new" with a complete new client', { clientId: 'new', newClient }, true],
    ['no client id but a complete new client', { clientId: null, newClient }, true],
    [
      'new client without first name',
      { clientId: 'new', newClient: { ...newClient, firstName: ' ' } },
      false,
    ],
    ['new client without last name', { clientId: 'new', newClient: { ...newClient, lastName: '' } }, false],
    ['new client without email', { clientId: 'new', newClient: { ...newClient, email: '  ' } }, false],
    ['a chosen client ignores a half-filled new client', { newClient: { ...newClient, email: '' } }, true],
  ])('%s → %s', (_label, changes, expected) => {
    expect(isReservationDraftValid({ ...valid, ...changes })).toBe(expected);
  });
});

describe('changesPrice: the price is fixed when booked', () => {
  const booked = {
    propertyId: 'p1',
    startDate: '2026-12-10',
    endDate: '2026-12-13',
    rateOverridePerDayCents: null,
    discountPercent: 0,
  };
  it.each([
    ['nothing that prices it changed (a status change, tax, references)', {}, false],
    ['a discount given (it is part of the one total, decision 029)', { discountPercent: 10 }, true],
    ['another listing', { propertyId: 'p2' }, true],
    ['a later start', { startDate: '2026-12-11' }, true],
    ['a longer stay', { endDate: '2026-12-14' }, true],
    ['a rate override set', { rateOverridePerDayCents: 50_000 }, true],
    ['the same dates sent again', { startDate: '2026-12-10', endDate: '2026-12-13' }, false],
  ])('%s → %s', (_label, change, expected) => {
    expect(changesPrice(booked, { ...booked, ...change })).toBe(expected);
  });

  it('a rate override removed reprices from the listing', () => {
    const overridden = { ...booked, rateOverridePerDayCents: 50_000 };
    expect(changesPrice(overridden, { ...overridden, rateOverridePerDayCents: null })).toBe(true);
  });
});

describe('clientCancelRefusal (a client cancels their own pending or confirmed booking before it starts)', () => {
  const TODAY = '2026-06-15';
  it.each([
    ['pending, starting later', 'pending', '2026-07-01', null],
    ['pending, starting today', 'pending', TODAY, null],
    ['pending, started yesterday', 'pending', '2026-06-14', CLIENT_CANCEL_MESSAGES.started],
    ['confirmed (under the cancellation policy)', 'confirmed', '2026-07-01', null],
    ['confirmed, started yesterday', 'confirmed', '2026-06-14', CLIENT_CANCEL_MESSAGES.started],
    ['completed', 'completed', '2026-05-01', CLIENT_CANCEL_MESSAGES.notPending],
    ['already cancelled', 'cancelled', '2026-07-01', CLIENT_CANCEL_MESSAGES.notPending],
  ])('%s', (_label, status, start_date, refusal) => {
    expect(clientCancelRefusal({ status, start_date }, TODAY)).toBe(refusal);
  });
});
