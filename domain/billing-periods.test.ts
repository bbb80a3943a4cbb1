import { describe, expect, it } from 'vitest';
import {
  billingDateOf,
  businessMidnight,
  chargeWindowEndsAt,
  firstBillingDate,
  firstPeriod,
  nextBillingDate,
  nextPeriod,
  paidPeriod,
  periodFrom,
} from './billing-periods.ts';

/** Johannesburg midnight of a date, written as the UTC instant it is (22:00 the day before). */
const sast = (date: string) => businessMidnight(date);

describe('businessMidnight: a billing date begins at 00:00 in Johannesburg', () => {
  it.each([
    ['2027-02-28', '2027-02-27T22:00:00.000Z'],
    ['2027-01-01', '2026-12-31T22:00:00.000Z'],
    ['2028-02-29', '2028-02-28T22:00:00.000Z'],
  ])('%s → %s', (date, instant) => {
    expect(businessMidnight(date).toISOString()).toBe(instant);
  });
});

describe('the billing-date series: the anchor plus n months, clamped to the month from the anchor', () => {
  it.each([
    [
      '31 January, 2027 (not leap): 28 February, then 31 March, not 28 March',
      '2027-01-31',
      ['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31'],
    ],
    ['31 January, 2028 (leap): 29 February', '2028-01-31', ['2028-02-29', '2028-03-31', '2028-04-30']],
    ['31 January, 2100 (not leap: divisible by 100)', '2100-01-31', ['2100-02-28', '2100-03-31']],
    ['30 January, 2028: 29 February, then 30 March', '2028-01-30', ['2028-02-29', '2028-03-30']],
    ['29 January, 2027: 28 February, then 29 March', '2027-01-29', ['2027-02-28', '2027-03-29']],
    ['30 April: 30 May, 30 June', '2027-04-30', ['2027-05-30', '2027-06-30', '2027-07-30']],
    [
      '31 December: 31 January of the next year, then 28 February',
      '2026-12-31',
      ['2027-01-31', '2027-02-28', '2027-03-31'],
    ],
    [
      '15 November: the 15th every month across the year end',
      '2026-11-15',
      ['2026-12-15', '2027-01-15', '2027-02-15'],
    ],
  ])('%s', (_label, anchor, dates) => {
    expect(dates.map((_d, i) => billingDateOf(anchor, i + 1))).toEqual(dates);
  });

  it.each([
    ['29 February 2028 → 28 February 2029 → 28 February 2030', '2028-02-29', ['2029-02-28', '2030-02-28']],
    [
      '29 February 2096: 28 February in each following year, 2100 too (not a leap year)',
      '2096-02-29',
      ['2097-02-28', '2098-02-28', '2099-02-28', '2100-02-28'],
    ],
    ['31 December 2026 → 31 December 2027', '2026-12-31', ['2027-12-31']],
  ])('yearly: %s', (_label, anchor, dates) => {
    expect(dates.map((_d, i) => billingDateOf(anchor, i + 1, 'yearly'))).toEqual(dates);
    expect(nextBillingDate(anchor, anchor, 'yearly')).toBe(dates[0]);
  });
});

describe('nextBillingDate: the first date of the series after a day', () => {
  it.each([
    ['the anchor day itself: a month later', '2027-01-31', '2027-01-31', '2027-02-28'],
    ['the day before a billing date', '2027-01-31', '2027-02-27', '2027-02-28'],
    [
      'on a clamped billing date: the next, on the anchor day again',
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ],
    ['the day after the clamped one', '2027-01-31', '2027-03-01', '2027-03-31'],
    ['years later', '2027-01-31', '2031-06-30', '2031-07-31'],
    ['a day before the anchor: the anchor', '2027-01-31', '2027-01-30', '2027-01-31'],
    ['leap year, 31 January anchor, on 29 February', '2028-01-31', '2028-02-29', '2028-03-31'],
  ])('%s', (_label, anchor, day, expected) => {
    expect(nextBillingDate(anchor, day)).toBe(expected);
  });

  it('firstBillingDate: the billing_date a checkout sends is a month from today in Johannesburg', () => {
    // 23:30 UTC on 30 January is 01:30 on 31 January in Johannesburg.
    expect(firstBillingDate(new Date('2027-01-30T23:30:00Z'))).toBe('2027-02-28');
    expect(firstBillingDate(new Date('2027-01-30T21:59:59Z'))).toBe('2027-02-28');
    expect(firstBillingDate(new Date('2027-01-29T21:59:59Z'))).toBe('2027-02-28');
    expect(firstBillingDate(new Date('2027-03-15T10:00:00Z'))).toBe('2027-04-15');
  });
});

describe('periods: from a start to Johannesburg midnight of the next billing date', () => {
  it('a checkout at 23:30 UTC is on the next Johannesburg day: anchored there', () => {
    const now = new Date('2027-01-30T23:30:00Z');
    expect(firstPeriod(now)).toEqual({
      anchor: '2027-01-31',
      period: { start: now, end: sast('2027-02-28') },
    });
  });

  it('a checkout at 21:59 UTC is still that Johannesburg day', () => {
    const now = new Date('2027-01-30T21:59:00Z');
    expect(firstPeriod(now)).toEqual({
      anchor: '2027-01-30',
      period: { start: now, end: sast('2027-02-28') },
    });
  });

  it('an end is never a UTC midnight', () => {
    expect(firstPeriod(new Date('2027-04-30T08:00:00Z')).period.end.toISOString()).toBe(
      '2027-05-29T22:00:00.000Z',
    );
  });

  it.each([
    ['from the 28 February end: to 31 March', '2027-01-31', sast('2027-02-28'), sast('2027-03-31')],
    [
      'from a legacy end at 08:30 UTC on 10 March: to the next billing date',
      '2027-01-31',
      new Date('2027-03-10T08:30:00Z'),
      sast('2027-03-31'),
    ],
    ['from 31 December: to 31 January', '2026-12-31', sast('2026-12-31'), sast('2027-01-31')],
  ])('periodFrom %s', (_label, anchor, start, end) => {
    expect(periodFrom(anchor, start)).toEqual({ start, end });
  });

  it.each([
    ['exactly at the old end', sast('2027-02-28'), sast('2027-02-28'), sast('2027-03-31')],
    [
      'a month and a day late: the period around now',
      new Date('2027-04-01T10:00:00Z'),
      sast('2027-03-31'),
      sast('2027-04-30'),
    ],
    ['two months late', new Date('2027-05-05T10:00:00Z'), sast('2027-04-30'), sast('2027-05-31')],
    [
      'before the old end (not due yet, still the next one)',
      new Date('2027-02-20T10:00:00Z'),
      sast('2027-02-28'),
      sast('2027-03-31'),
    ],
  ])('nextPeriod (a free plan renewed by the sweep) %s', (_label, now, start, end) => {
    expect(nextPeriod('2027-01-31', sast('2027-02-28'), now)).toEqual({ start, end });
  });
});

describe('paidPeriod: what a payment for the current plan pays', () => {
  const anchor = '2027-01-31';
  const currentPeriodEnd = sast('2027-02-28');
  const running = { anchor, currentPeriodEnd, running: true };

  it.each([
    ['an early charge (3 days before the end)', new Date('2027-02-25T09:00:00Z')],
    ['the charge on the billing date', new Date('2027-02-28T09:00:00Z')],
    ['a charge two days late (within the window)', new Date('2027-03-02T09:00:00Z')],
    ['a payment during Payment Due', new Date('2027-03-05T09:00:00Z')],
  ])('%s: the following period, to 31 March (no drift)', (_label, now) => {
    expect(paidPeriod(running, now)).toEqual({
      anchor,
      period: { start: currentPeriodEnd, end: sast('2027-03-31') },
    });
  });

  it('a whole period late: from now, billing dates from today', () => {
    const now = new Date('2027-04-02T09:00:00Z');
    expect(paidPeriod(running, now)).toEqual({
      anchor: '2027-04-02',
      period: { start: now, end: sast('2027-05-02') },
    });
  });

  it('after a lapse (Inactive): from now, billing dates from today', () => {
    const now = new Date('2027-03-10T09:00:00Z');
    expect(paidPeriod({ ...running, running: false }, now)).toEqual({
      anchor: '2027-03-10',
      period: { start: now, end: sast('2027-04-10') },
    });
  });

  it('a payment while far ahead follows the current period', () => {
    expect(paidPeriod({ ...running, currentPeriodEnd: sast('2027-04-30') }, sast('2027-02-01'))).toEqual({
      anchor,
      period: { start: sast('2027-04-30'), end: sast('2027-05-31') },
    });
  });
});

it('the charge window lasts 3 days after the end', () => {
  expect(chargeWindowEndsAt(sast('2027-02-28'))).toEqual(sast('2027-03-03'));
});
