import { describe, expect, it } from 'vitest';
import { chargeLine, rentalChargeLines } from './billing-lines.ts';
import type { PriceUnit } from './rental-unit.ts';

const base = {
  title: 'Sea Point Loft',
  unit: 'night' as PriceUnit,
  period: { startDate: '2026-11-29', endDate: '2026-12-03', startTime: null, endTime: null },
  listingRateCents: 100_000,
  rates: [{ startDate: '2026-12-01', endDate: '2027-01-01', rateCents: 140_000 }],
  overrideRateCents: null,
  cleaningFeeCents: 0,
  taxPercent: 0,
  discountPercent: 0,
};

const summary = (lines: ReturnType<typeof rentalChargeLines>) =>
  lines.map((line) => [
    line.quantity,
    line.unit,
    line.unitPriceCents,
    line.subTotalCents,
    line.taxCents,
    line.totalCents,
  ]);

describe('the rental charge: one line per run of units at one rate, discount then tax', () => {
  it('nights before a rate period take the listing’s price; nights in it take its rate (its start included)', () => {
    expect(summary(rentalChargeLines(base))).toEqual([
      [2, 'night', 100_000, 200_000, 0, 200_000], // 29 and 30 November
      [2, 'night', 140_000, 280_000, 0, 280_000], // 1 and 2 December
    ]);
  });

  it('a rate period’s end is exclusive: the night of its end date takes the listing’s price', () => {
    const lines = rentalChargeLines({
      ...base,
      period: { ...base.period, startDate: '2026-12-30', endDate: '2027-01-02' },
    });
    expect(summary(lines)).toEqual([
      [2, 'night', 140_000, 280_000, 0, 280_000],
      [1, 'night', 100_000, 100_000, 0, 100_000],
    ]);
    expect(lines[0]?.description).toBe(
      'Sea Point Loft: 30 December 2026 – 1 January 2027 (2 nights, seasonal rate)',
    );
    expect(lines[1]?.description).toBe('Sea Point Loft: 1 January 2027 – 2 January 2027 (1 night)');
  });

  it('an override rate replaces the periods and the listing’s price', () => {
    expect(summary(rentalChargeLines({ ...base, overrideRateCents: 90_000 }))).toEqual([
      [4, 'night', 90_000, 360_000, 0, 360_000],
    ]);
  });

  it.each([
    // discount %, tax %, subTotal, tax, total of 4 nights at R 900 (override)
    [0, 15, 360_000, 54_000, 414_000],
    [10, 0, 324_000, 0, 324_000],
    [10, 15, 324_000, 48_600, 372_600], // discount first: 3 240 + 15 % = 3 726
    [12.5, 15, 315_000, 47_250, 362_250],
    [33.33, 15, 240_012, 36_002, 276_014], // 3 600 × 33.33 % = 1 199.88 off; 15 % of 2 400.12 = 360.018 → 360.02
  ])('%s %% discount then %s %% tax → %s + %s = %s', (discountPercent, taxPercent, sub, tax, total) => {
    const [line] = rentalChargeLines({ ...base, overrideRateCents: 90_000, discountPercent, taxPercent });
    expect([line?.subTotalCents, line?.taxCents, line?.totalCents]).toEqual([sub, tax, total]);
  });

  it('the cleaning fee is a line of its own: taxed, not discounted', () => {
    const lines = rentalChargeLines({
      ...base,
      overrideRateCents: 90_000,
      cleaningFeeCents: 30_000,
      discountPercent: 10,
      taxPercent: 15,
    });
    expect(lines.at(-1)).toMatchObject({
      description: 'Cleaning fee',
      quantity: 1,
      unitPriceCents: 30_000,
      discountPercent: 0,
      subTotalCents: 30_000,
      taxCents: 4_500,
      totalCents: 34_500,
    });
  });

  it('days are named first to last (the stored end is exclusive)', () => {
    const days = (endDate: string) =>
      rentalChargeLines({
        ...base,
        title: 'Polo Vivo',
        unit: 'day',
        period: { ...base.period, startDate: '2026-11-15', endDate },
        rates: [],
      })[0]?.description;
    expect(days('2026-11-17')).toBe('Polo Vivo: 15 November 2026 – 16 November 2026 (2 days)');
    expect(days('2026-11-16')).toBe('Polo Vivo: 15 November 2026 (1 day)');
  });

  it('an hourly booking is one line of its hours at its day’s rate', () => {
    const lines = rentalChargeLines({
      ...base,
      title: 'Karoo Hall',
      unit: 'hour',
      period: { startDate: '2026-12-05', endDate: '2026-12-06', startTime: '14:00', endTime: '18:30' },
      listingRateCents: 80_000,
      rates: [{ startDate: '2026-12-01', endDate: '2027-01-01', rateCents: 100_000 }],
    });
    expect(summary(lines)).toEqual([[4.5, 'hour', 100_000, 450_000, 0, 450_000]]);
    expect(lines[0]?.description).toBe('Karoo Hall: 5 December 2026, 14:00–18:30 (4.5 hours, seasonal rate)');
  });

  it('a monthly booking counts months from its start; each month takes the rate holding its first day', () => {
    const lines = rentalChargeLines({
      ...base,
      title: 'Lock-up Garage',
      unit: 'month',
      period: { startDate: '2026-11-15', endDate: '2027-02-15', startTime: null, endTime: null },
      listingRateCents: 150_000,
      rates: [{ startDate: '2026-12-01', endDate: '2027-01-01', rateCents: 200_000 }],
    });
    // 15 Nov (listing), 15 Dec (in the period), 15 Jan (listing again).
    expect(summary(lines)).toEqual([
      [1, 'month', 150_000, 150_000, 0, 150_000],
      [1, 'month', 200_000, 200_000, 0, 200_000],
      [1, 'month', 150_000, 150_000, 0, 150_000],
    ]);
  });
});

describe('a charge line', () => {
  it('computes its amounts from quantity, unit price, discount and tax, whatever else it was given', () => {
    const line = chargeLine({
      description: 'Firewood',
      quantity: 3,
      unit: 'bundle',
      unitPriceCents: 4_550,
      taxPercent: 15,
      discountPercent: 0,
    });
    // 3 × R 45.50 = R 136.50; 15 % = R 20.475 → R 20.48
    expect([line.subTotalCents, line.taxCents, line.totalCents]).toEqual([13_650, 2_048, 15_698]);
  });
});
