import { describe, expect, it } from 'vitest';
import type { PriceUnit } from './rental-unit.ts';
import type { ReservationStatus } from './reservation.ts';
import { type DeskBooking, isInUseOn, movementsOn, weekAtAGlance } from './today.ts';

const TODAY = '2026-12-10';
const TOMORROW = '2026-12-11';

let next = 0;
function booking(
  unit: PriceUnit,
  startDate: string,
  endDate: string,
  options: { status?: ReservationStatus; times?: [string, string]; propertyId?: string } = {},
): DeskBooking {
  next += 1;
  return {
    id: `b${next}`,
    propertyId: options.propertyId ?? `p${next}`,
    unit,
    status: options.status ?? 'confirmed',
    startDate,
    endDate,
    startTime: options.times?.[0] ?? null,
    endTime: options.times?.[1] ?? null,
  };
}

const said = (day: string, bookings: DeskBooking[], movement: 'arrival' | 'departure') =>
  movementsOn(day, bookings, movement).map((row) => [row.booking.id, row.label, row.time]);

describe('arrivals and departures on a day, in each unit’s words', () => {
  const cottageIn = booking('night', TODAY, '2026-12-13');
  const cottageOut = booking('night', '2026-12-07', TODAY);
  const carOut = booking('day', TODAY, TOMORROW);
  const carBack = booking('day', '2026-12-08', TOMORROW);
  const venue = booking('hour', TODAY, TOMORROW, { times: ['14:00', '18:00'] });
  const morningVenue = booking('hour', TODAY, TOMORROW, { times: ['09:00', '13:00'] });
  const storageIn = booking('month', TOMORROW, '2027-01-11');
  const storageOut = booking('month', '2026-11-10', TODAY);
  const staying = booking('night', '2026-12-08', '2026-12-14');
  const cancelled = booking('night', TODAY, '2026-12-12', { status: 'cancelled' });
  const request = booking('night', TODAY, '2026-12-12', { status: 'pending' });
  const done = booking('night', '2026-12-05', TODAY, { status: 'completed' });
  const all = [
    cottageIn,
    cottageOut,
    carOut,
    carBack,
    venue,
    morningVenue,
    storageIn,
    storageOut,
    staying,
    cancelled,
    request,
    done,
  ];

  it('today’s arrivals: timed events first by their start, then check-ins and pick-ups; a cancelled booking never', () => {
    expect(said(TODAY, all, 'arrival')).toEqual([
      [morningVenue.id, 'Event starts', '09:00'],
      [venue.id, 'Event starts', '14:00'],
      [cottageIn.id, 'Check-in', null],
      [carOut.id, 'Pick-up', null],
      [request.id, 'Check-in', null],
    ]);
  });

  it('today’s departures: an hourly event ends on its own day at its end time (not on its end date)', () => {
    expect(said(TODAY, all, 'departure')).toEqual([
      [morningVenue.id, 'Event ends', '13:00'],
      [venue.id, 'Event ends', '18:00'],
      [cottageOut.id, 'Check-out', null],
      [storageOut.id, 'Move-out', null],
      [done.id, 'Check-out', null],
    ]);
  });

  it('tomorrow: a storage move-in, a vehicle return; the events of today are not tomorrow’s departures', () => {
    expect(said(TOMORROW, all, 'arrival')).toEqual([[storageIn.id, 'Move-in', null]]);
    expect(said(TOMORROW, all, 'departure')).toEqual([
      [carOut.id, 'Return', null],
      [carBack.id, 'Return', null],
    ]);
  });

  it.each<[string, DeskBooking, string, boolean]>([
    ['a stay holds its first night', booking('night', TODAY, '2026-12-12'), TODAY, true],
    ['a stay does not hold its check-out day', booking('night', '2026-12-08', TODAY), TODAY, false],
    [
      'an hourly event holds its day',
      booking('hour', TODAY, TOMORROW, { times: ['10:00', '12:00'] }),
      TODAY,
      true,
    ],
    [
      'an hourly event not the next',
      booking('hour', TODAY, TOMORROW, { times: ['10:00', '12:00'] }),
      TOMORROW,
      false,
    ],
    ['a month of storage its middle', booking('month', '2026-12-01', '2027-01-01'), TODAY, true],
  ])('%s', (_label, b, day, expected) => {
    expect(isInUseOn(b, day)).toBe(expected);
  });
});

describe('the week at a glance', () => {
  it('counts arrivals, departures and listings in use on each of the seven days', () => {
    const shared = 'venue-1';
    const week = weekAtAGlance(TODAY, [
      booking('night', TODAY, '2026-12-13'),
      booking('night', '2026-12-01', TOMORROW),
      booking('hour', TODAY, TOMORROW, { times: ['09:00', '11:00'], propertyId: shared }),
      booking('hour', TODAY, TOMORROW, { times: ['14:00', '16:00'], propertyId: shared }),
      booking('day', '2026-12-16', '2026-12-18'),
      booking('night', TODAY, '2026-12-12', { status: 'cancelled' }),
    ]);
    expect(week).toEqual([
      { date: TODAY, arrivals: 3, departures: 2, inUse: 3 },
      { date: TOMORROW, arrivals: 0, departures: 1, inUse: 1 },
      { date: '2026-12-12', arrivals: 0, departures: 0, inUse: 1 },
      { date: '2026-12-13', arrivals: 0, departures: 1, inUse: 0 },
      { date: '2026-12-14', arrivals: 0, departures: 0, inUse: 0 },
      { date: '2026-12-15', arrivals: 0, departures: 0, inUse: 0 },
      { date: '2026-12-16', arrivals: 1, departures: 0, inUse: 1 },
    ]);
  });
});
