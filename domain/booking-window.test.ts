import { describe, expect, it } from 'vitest';
import {
  BOOKING_HORIZON_MONTHS,
  lastEndDate,
  lastStartDate,
  MAX_STAY,
  startDateRefusal,
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
