import { describe, expect, it } from 'vitest';
import {
  BOOKING_HORIZON_MONTHS,
  earliestStartTime,
  lastEndDate,
  lastStartDate,
  MAX_STAY,
  pastTimesOn,
  startDateRefusal,
  startTimeRefusal,
  stayLengthRefusal,
} from './booking-window.ts';
import { unitCount } from './rental-unit.ts';

const TODAY = '2026-11-26';

describe('the booking horizon: how far ahead a booking may start', () => {
  it('a client books up to 3 months ahead (the availability calendar); the business up to 12', () => {
    expect(BOOKING_HORIZON_MONTHS).toEqual({ client: 3, business: 12 });
    expect(lastStartDate(TODAY, 'client')).toBe('2027-02-26');
    expect(lastStartDate(TODAY, 'business')).toBe('2027-11-26');
  });

  it.each([
    ['2026-11-25', 'client', 'Start date cannot be in the past'],
    ['2026-11-26', 'client', null],
    ['2027-02-26', 'client', null],
    ['2027-02-27', 'client', 'Start date cannot be more than 3 months ahead'],
    ['2027-01-10', 'client', null],
    ['2026-11-25', 'business', 'Start date cannot be in the past'],
    ['2027-02-27', 'business', null],
    ['2027-11-26', 'business', null],
    ['2027-11-27', 'business', 'Start date cannot be more than 12 months ahead'],
  ] as const)('start %s booked by the %s: %s', (start, booker, refusal) => {
    expect(startDateRefusal(start, TODAY, booker)).toBe(refusal);
  });

  it('the last day of a short month: 30 November + 3 months is 28 February (29 in a leap year)', () => {
    expect(lastStartDate('2026-11-30', 'client')).toBe('2027-02-28');
    expect(lastStartDate('2027-11-30', 'client')).toBe('2028-02-29');
  });
});

describe('the longest stay per unit, at the boundary', () => {
  it('the maxima: 90 nights, 90 days, 24 hours (one date), 24 months', () => {
    expect(MAX_STAY).toEqual({ night: 90, day: 90, hour: 24, month: 24 });
  });

  it.each([
    ['night', '2027-01-01', '2027-04-01', null],
    ['night', '2027-01-01', '2027-04-02', 'A booking cannot be longer than 90 nights'],
    ['day', '2027-01-01', '2027-04-01', null],
    ['day', '2027-01-01', '2027-04-02', 'A booking cannot be longer than 90 days'],
    ['hour', '2027-01-01', '2027-01-02', null],
    ['hour', '2027-01-01', '2027-01-03', 'A booking cannot be longer than 24 hours'],
    ['month', '2027-01-31', '2029-01-31', null],
    ['month', '2027-01-31', '2029-02-28', 'A booking cannot be longer than 24 months'],
    ['night', '2027-01-10', '2124-01-10', 'A booking cannot be longer than 90 nights'],
    ['month', '2027-01-10', '9999-12-31', 'A booking cannot be longer than 24 months'],
  ] as const)('%s: %s → %s: %s', (unit, start, end, refusal) => {
    expect(stayLengthRefusal(unit, start, end)).toBe(refusal);
  });

  it('the longest allowed stay is exactly the maximum number of units', () => {
    for (const unit of ['night', 'day', 'month'] as const) {
      const start = '2027-01-31';
      expect(unitCount(unit, { startDate: start, endDate: lastEndDate(unit, start) })).toBe(MAX_STAY[unit]);
    }
    expect(
      unitCount('hour', {
        startDate: '2027-01-31',
        endDate: '2027-02-01',
        startTime: '00:00',
        endTime: '24:00',
      }),
    ).toBe(MAX_STAY.hour);
  });
});

describe('"now" for a listing booked by the hour (Africa/Johannesburg; docs/decisions/033)', () => {
  /** 26 November 2026 at hh:mm in Johannesburg (UTC+2). */
  const at = (time: string) => new Date(`2026-11-26T${time}:00+02:00`);

  it('at 15:00 a client is neither offered nor allowed 08:00–12:00 today', () => {
    expect(pastTimesOn('2026-11-26', at('15:00'), 'client')).toEqual({ start: '00:00', end: '15:30' });
    expect(startTimeRefusal('2026-11-26', '08:00', at('15:00'), 'client')).toBe(
      'Start time cannot be in the past. Please choose a later time.',
    );
  });

  it.each([
    // now, start, client, business: a client's half hour must not have started; the business may
    // still book the half hour in progress (a walk-in at the door).
    ['15:00', '08:00', 'refused', 'refused'],
    ['15:00', '14:30', 'refused', 'refused'],
    ['15:00', '15:00', 'refused', 'allowed'],
    ['15:00', '15:30', 'allowed', 'allowed'],
    ['14:59', '15:00', 'allowed', 'allowed'],
    ['15:10', '15:00', 'refused', 'allowed'],
    ['15:29', '15:30', 'allowed', 'allowed'],
    ['15:30', '15:30', 'refused', 'allowed'],
    ['00:00', '00:00', 'refused', 'allowed'],
    ['07:59', '08:00', 'allowed', 'allowed'],
    ['23:45', '23:30', 'refused', 'allowed'],
  ] as const)('at %s a start at %s today: client %s, business %s', (now, start, client, business) => {
    expect(startTimeRefusal('2026-11-26', start, at(now), 'client') === null).toBe(client === 'allowed');
    expect(startTimeRefusal('2026-11-26', start, at(now), 'business') === null).toBe(business === 'allowed');
  });

  it('a later day is open from its first slot; an earlier day has no time left', () => {
    expect(earliestStartTime('2026-11-27', at('23:59'), 'client')).toBeNull();
    expect(pastTimesOn('2026-11-27', at('23:59'), 'client')).toBeNull();
    expect(startTimeRefusal('2026-11-27', '08:00', at('23:59'), 'client')).toBeNull();
    expect(earliestStartTime('2026-11-25', at('00:10'), 'business')).toBe('24:00');
    expect(startTimeRefusal('2026-11-25', '22:00', at('00:10'), 'business')).not.toBeNull();
  });

  it('Johannesburg midnight, not UTC: at 23:30 UTC on the 25th it is already the 26th', () => {
    const now = new Date('2026-11-25T23:30:00Z'); // 01:30 on the 26th in Johannesburg
    expect(earliestStartTime('2026-11-26', now, 'client')).toBe('02:00');
    expect(earliestStartTime('2026-11-25', now, 'client')).toBe('24:00');
  });

  it('at the start of the day nothing has gone for the business', () => {
    expect(pastTimesOn('2026-11-26', at('00:00'), 'business')).toBeNull();
    expect(pastTimesOn('2026-11-26', at('00:20'), 'business')).toBeNull();
    expect(pastTimesOn('2026-11-26', at('00:30'), 'business')).toEqual({ start: '00:00', end: '00:30' });
  });
});
