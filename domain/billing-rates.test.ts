import { describe, expect, it } from 'vitest';
import {
  canSaveRate,
  findOverlappingRate,
  RATE_MESSAGES,
  type RateDraft,
  type RatePeriod,
  rateDatesProblem,
  rateLabel,
} from './billing-rates.ts';

/** December is taken from the 1st up to (not including) the 16th; the rest of the year is free. */
const DECEMBER: RatePeriod = { id: 'dec', start_date: '2026-12-01', end_date: '2026-12-16' };
const JANUARY: RatePeriod = { id: 'jan', start_date: '2027-01-05', end_date: '2027-01-20' };
const PERIODS = [DECEMBER, JANUARY];

const draft = (changes: Partial<RateDraft> = {}): RateDraft => ({
  id: null,
  propertyId: 'listing-1',
  startDate: '2026-11-01',
  endDate: '2026-11-15',
  rateCents: 120_000,
  ...changes,
});

describe('rateDatesProblem and findOverlappingRate', () => {
  it.each([
    ['end on the start day', '2026-11-10', '2026-11-10', RATE_MESSAGES.endAfterStart],
    ['end before the start', '2026-11-10', '2026-11-09', RATE_MESSAGES.endAfterStart],
    ['one day, free', '2026-11-10', '2026-11-11', null],
    ['ends on the day another starts (end exclusive: touching)', '2026-11-20', '2026-12-01', null],
    ['starts on the day another ends (touching)', '2026-12-16', '2027-01-05', null],
    ['shares its last day with another’s first', '2026-11-20', '2026-12-02', RATE_MESSAGES.overlap],
    ['shares its first day with another’s last', '2026-12-15', '2026-12-20', RATE_MESSAGES.overlap],
    ['inside another', '2026-12-05', '2026-12-06', RATE_MESSAGES.overlap],
    ['the same range as another', '2026-12-01', '2026-12-16', RATE_MESSAGES.overlap],
    ['encloses another', '2026-11-30', '2026-12-17', RATE_MESSAGES.overlap],
    ['spans two periods', '2026-12-10', '2027-01-10', RATE_MESSAGES.overlap],
    ['in the gap between two', '2026-12-16', '2027-01-04', null],
  ])('%s: %s to %s → %s', (_case, startDate, endDate, expected) => {
    expect(rateDatesProblem({ id: null, startDate, endDate }, PERIODS)).toBe(expected);
    expect(findOverlappingRate({ id: null, startDate, endDate }, PERIODS) !== undefined).toBe(
      expected === RATE_MESSAGES.overlap,
    );
  });

  it('editing a period ignores itself, but not its neighbours', () => {
    expect(rateDatesProblem({ id: 'dec', startDate: '2026-11-25', endDate: '2026-12-20' }, PERIODS)).toBe(
      null,
    );
    expect(rateDatesProblem({ id: 'dec', startDate: '2026-12-01', endDate: '2027-01-06' }, PERIODS)).toBe(
      RATE_MESSAGES.overlap,
    );
    expect(findOverlappingRate({ id: 'dec', startDate: '2026-12-01', endDate: '2027-01-06' }, PERIODS)).toBe(
      JANUARY,
    );
  });

  it('says nothing until both dates are set', () => {
    expect(rateDatesProblem({ id: null, startDate: '2026-12-05', endDate: null }, PERIODS)).toBeNull();
    expect(rateDatesProblem({ id: null, startDate: null, endDate: '2026-12-05' }, PERIODS)).toBeNull();
  });
});

describe('canSaveRate', () => {
  it.each([
    ['a complete, free period', {}, true],
    ['no property selected', { propertyId: null }, false],
    ['no start date', { startDate: null }, false],
    ['no end date', { endDate: null }, false],
    ['end = start', { endDate: '2026-11-01' }, false],
    ['rate 0', { rateCents: 0 }, false],
    ['negative rate', { rateCents: -100 }, false],
    ['rate of one cent', { rateCents: 1 }, true],
    ['touching December', { startDate: '2026-11-15', endDate: '2026-12-01' }, true],
    ['overlapping December by one day', { startDate: '2026-11-15', endDate: '2026-12-02' }, false],
    [
      'December itself, while editing December',
      { id: 'dec', startDate: '2026-12-01', endDate: '2026-12-16' },
      true,
    ],
  ] as const)('%s → %s', (_case, changes, expected) => {
    expect(canSaveRate(draft(changes), PERIODS)).toBe(expected);
  });

  it('a listing without periods takes any valid range', () => {
    expect(canSaveRate(draft({ startDate: '2026-12-05', endDate: '2026-12-06' }), [])).toBe(true);
  });
});

describe('rateLabel', () => {
  it.each([
    ['night', 'Rate/night'],
    ['day', 'Rate/day'],
    ['hour', 'Rate/hour'],
    ['month', 'Rate/month'],
  ] as const)('%s → %s', (unit, label) => {
    expect(rateLabel(unit)).toBe(label);
  });
});
