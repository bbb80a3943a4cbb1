import { describe, expect, it } from 'vitest';
import { chargeLine, rentalChargeLines as linesOf } from './billing-lines.ts';
import { type BookingTotalInput, bookingTotal } from './booking-total.ts';
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

/** The rental charge of a booking priced now (the server bills the rates stored at booking the same way). */
const rentalChargeLines = (input: BookingTotalInput & { title: string }) =>
  linesOf({ ...input, price: bookingTotal(input) });

const summary = (lines: ReturnType<typeof rentalChargeLines>) =>
  lines.map((line) => [
    line.quantity,
    line.unit,
    line.unitPriceCents,
    line.subTotalCents,
    line.taxCents,
    line.totalCents,
  ]);

describe('the rental charge: one line per run of units at one rate, discount off, VAT included', () => {
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
    // discount %, tax %, subTotal (excl. VAT), VAT, total of 4 nights at R 900 (override)
    [0, 15, 313_043, 46_957, 360_000], // R 3 600 holds 3 600 × 15 / 115 = R 469.57 VAT
    [10, 0, 324_000, 0, 324_000],
    [10, 15, 281_739, 42_261, 324_000], // discount first: R 3 240, of which R 422.61 VAT
    [12.5, 15, 273_913, 41_087, 315_000],
    [33.33, 15, 208_706, 31_306, 240_012], // 3 600 × 33.33 % = 1 199.88 off; 2 400.12 × 15 / 115 = 313.06
  ])('%s %% discount, %s %% VAT → %s + %s = %s', (discountPercent, taxPercent, sub, tax, total) => {
    const [line] = rentalChargeLines({ ...base, overrideRateCents: 90_000, discountPercent, taxPercent });
    expect([line?.subTotalCents, line?.taxCents, line?.totalCents]).toEqual([sub, tax, total]);
  });

  it('the cleaning fee is a line of its own: VAT included, not discounted', () => {
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
      subTotalCents: 26_087,
      taxCents: 3_913, // R 461.74 VAT of R 3 540 shared: R 422.61 rental, R 39.13 cleaning
      totalCents: 30_000,
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
    // 3 × R 45.50 = R 136.50, of which 136.50 × 15 / 115 = R 17.80 VAT
    expect([line.subTotalCents, line.taxCents, line.totalCents]).toEqual([11_870, 1_780, 13_650]);
  });
});
