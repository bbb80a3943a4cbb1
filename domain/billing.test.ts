import { describe, expect, it } from 'vitest';
import {
  chargesTotal,
  inclusiveAmounts,
  type LedgerLine,
  ledgerSummary,
  lineAmounts,
  percentOf,
  rentalSegments,
  rentalSubtotal,
  unbilledTotalOf,
} from './billing.ts';

describe('line amounts: the total is quantity × unit price less the discount; the VAT is the part of it t / (100 + t), half up', () => {
  it.each([
    // quantity, unit price, tax %, discount %, subTotal (excl. VAT), VAT, total
    [1, 10_000, 0, 0, 10_000, 0, 10_000],
    [2, 12_345, 15, 0, 21_470, 3_220, 24_690], // 24 690 × 15 / 115 = 3 220.43
    [1, 1, 100, 0, 0, 1, 1], // 0.5 c of VAT rounds up
    [1, 3, 100, 0, 1, 2, 3], // 1.5 c → 2 c
    [0.5, 1, 0, 0, 1, 0, 1], // half a cent of amount rounds up
    [1.25, 999, 0, 0, 1_249, 0, 1_249], // 1 248.75 → 1 249
    [3, 100_000, 15, 10, 234_783, 35_217, 270_000], // discount first; the VAT is inside what is left
    [1, 1_005, 0, 50, 502, 0, 502], // 502.5 discount rounds up to 503, leaving 502
    [4.5, 80_000, 15, 0, 313_043, 46_957, 360_000], // four and a half hours
    [100_000, 100_000_000, 15, 0, 8_695_652_173_913, 1_304_347_826_087, 10_000_000_000_000], // no float overflow
  ])(
    '%s × %s c at %s %% tax, %s %% discount → %s + %s = %s',
    (quantity, unitPriceCents, taxPercent, discountPercent, sub, tax, total) => {
      const amounts = lineAmounts({ quantity, unitPriceCents, taxPercent, discountPercent });
      expect([amounts.subTotalCents, amounts.taxCents, amounts.totalCents]).toEqual([sub, tax, total]);
    },
  );

  it('percentages are exact to two decimals and round half away from zero', () => {
    expect(percentOf(10_000, 15)).toBe(1_500);
    expect(percentOf(333, 15)).toBe(50); // 49.95 → 50
    expect(percentOf(-333, 15)).toBe(-50);
    expect(percentOf(10_000, 4.01)).toBe(401); // 4.01 is not 4.0099999…
    expect(percentOf(1_000, 0.05)).toBe(1); // 0.5 c → 1 c
  });
});

describe('a kept deposit includes its VAT: the tax is t / (100 + t) of it', () => {
  it.each([
    [115_000, 15, 100_000, 15_000],
    [100_000, 15, 86_957, 13_043], // 869.565… → 869.57
    [50_000, 0, 50_000, 0],
  ])('R %s c kept at %s %% → %s + %s', (total, tax, sub, vat) => {
    const amounts = inclusiveAmounts(total, tax);
    expect([amounts.subTotalCents, amounts.taxCents, amounts.totalCents]).toEqual([sub, vat, total]);
  });
});

describe('the rate calculator: each unit takes the rate period holding its start', () => {
  const december = { startDate: '2026-12-15', endDate: '2027-01-05', rateCents: 200_000 };

  it('nights inside a period take its rate; before it, the listing price', () => {
    const segments = rentalSegments({
      unit: 'night',
      period: { startDate: '2026-12-13', endDate: '2026-12-17' },
      listingRateCents: 150_000,
      rates: [december],
    });
    expect(segments).toEqual([
      {
        startDate: '2026-12-13',
        endDate: '2026-12-15',
        units: 2,
        rateCents: 150_000,
        source: 'listing',
        amountCents: 300_000,
      },
      {
        startDate: '2026-12-15',
        endDate: '2026-12-17',
        units: 2,
        rateCents: 200_000,
        source: 'period',
        amountCents: 400_000,
      },
    ]);
    expect(rentalSubtotal(segments)).toBe(700_000);
  });

  it('the period end is exclusive: the night starting on its end day is back at the listing price', () => {
    const segments = rentalSegments({
      unit: 'night',
      period: { startDate: '2027-01-04', endDate: '2027-01-06' },
      listingRateCents: 150_000,
      rates: [december],
    });
    expect(segments.map((s) => [s.startDate, s.units, s.rateCents])).toEqual([
      ['2027-01-04', 1, 200_000],
      ['2027-01-05', 1, 150_000],
    ]);
  });

  it('units outside every period use the listing price, never 0', () => {
    const segments = rentalSegments({
      unit: 'day',
      period: { startDate: '2026-03-01', endDate: '2026-03-04' },
      listingRateCents: 45_000,
      rates: [december],
    });
    expect(segments).toHaveLength(1);
    expect(rentalSubtotal(segments)).toBe(135_000);
  });

  it('an override rate replaces both the periods and the listing price', () => {
    const segments = rentalSegments({
      unit: 'night',
      period: { startDate: '2026-12-13', endDate: '2026-12-17' },
      listingRateCents: 150_000,
      rates: [december],
      overrideRateCents: 99_900,
    });
    expect(segments).toEqual([
      {
        startDate: '2026-12-13',
        endDate: '2026-12-17',
        units: 4,
        rateCents: 99_900,
        source: 'override',
        amountCents: 399_600,
      },
    ]);
  });

  it('two periods back to back make two segments', () => {
    const segments = rentalSegments({
      unit: 'night',
      period: { startDate: '2026-12-30', endDate: '2027-01-07' },
      listingRateCents: 100_000,
      rates: [december, { startDate: '2027-01-05', endDate: '2027-02-01', rateCents: 120_000 }],
    });
    expect(segments.map((s) => [s.startDate, s.endDate, s.units, s.rateCents])).toEqual([
      ['2026-12-30', '2027-01-05', 6, 200_000],
      ['2027-01-05', '2027-01-07', 2, 120_000],
    ]);
  });

  it('hours are one segment at their day’s rate, half hours rounding half up', () => {
    const segments = rentalSegments({
      unit: 'hour',
      period: { startDate: '2026-12-20', endDate: '2026-12-21', startTime: '14:00', endTime: '18:30' },
      listingRateCents: 80_001,
      rates: [{ startDate: '2026-12-20', endDate: '2026-12-21', rateCents: 90_001 }],
    });
    expect(segments).toEqual([
      {
        startDate: '2026-12-20',
        endDate: '2026-12-21',
        units: 4.5,
        rateCents: 90_001,
        source: 'period',
        amountCents: 405_005,
      }, // 405 004.5 → 405 005
    ]);
  });

  it('months take the rate of the period holding each month’s start, counted from the booking’s start', () => {
    const segments = rentalSegments({
      unit: 'month',
      period: { startDate: '2026-10-31', endDate: '2027-01-31' },
      listingRateCents: 150_000,
      rates: [{ startDate: '2026-11-30', endDate: '2027-01-01', rateCents: 180_000 }],
    });
    expect(segments.map((s) => [s.startDate, s.endDate, s.units, s.rateCents])).toEqual([
      ['2026-10-31', '2026-11-30', 1, 150_000],
      ['2026-11-30', '2027-01-31', 2, 180_000], // 31 Dec starts inside the period too
    ]);
  });
});

describe('the ledger: charges, payments, balance due and the deposit held', () => {
  const line = (
    kind: LedgerLine['kind'],
    totalCents: number,
    paymentAmountCents: number | null = null,
  ): LedgerLine => ({
    kind,
    totalCents,
    paymentAmountCents,
  });

  it.each<[string, LedgerLine[], [number, number, number, number, number]]>([
    ['nothing yet', [], [0, 0, 0, 0, 0]],
    [
      'a rental and a stock charge, part paid',
      [line('rental', 300_000), line('stock', 11_500), line('payment', 0, 100_000)],
      [311_500, 100_000, 211_500, 0, 0],
    ],
    [
      'paid more than charged: no negative balance, a credit',
      [line('ad_hoc', 5_000), line('payment', 0, 8_000)],
      [5_000, 8_000, 0, 3_000, 0],
    ],
    [
      'a deposit received is held, not revenue and not owed',
      [line('rental', 100_000), line('deposit_received', 0, 200_000)],
      [100_000, 0, 100_000, 0, 200_000],
    ],
    [
      'a refunded deposit is no longer held',
      [line('deposit_received', 0, 200_000), line('deposit_refunded', 0, 200_000)],
      [0, 0, 0, 0, 0],
    ],
    [
      'a kept deposit becomes revenue settled from the deposit',
      [
        line('rental', 100_000),
        line('payment', 0, 100_000),
        line('deposit_received', 0, 200_000),
        line('deposit_kept', 57_500),
        line('deposit_refunded', 0, 142_500),
      ],
      [157_500, 157_500, 0, 0, 0],
    ],
    [
      'an overpayment refunded: money back nets the payments, the credit is gone',
      [line('ad_hoc', 5_000), line('payment', 0, 8_000), line('refund', 0, 3_000)],
      [5_000, 5_000, 0, 0, 0],
    ],
    [
      'part of an overpayment refunded: the rest is still credit',
      [line('rental', 100_000), line('payment', 0, 150_000), line('refund', 0, 20_000)],
      [100_000, 130_000, 0, 30_000, 0],
    ],
    [
      'a cancellation fee kept from what was paid, the rest refunded',
      [line('payment', 0, 120_000), line('ad_hoc', 60_000), line('refund', 0, 60_000)],
      [60_000, 60_000, 0, 0, 0],
    ],
    [
      'a refund and a deposit refund are apart: the deposit stays held until refunded',
      [
        line('rental', 100_000),
        line('payment', 0, 110_000),
        line('deposit_received', 0, 50_000),
        line('refund', 0, 10_000),
      ],
      [100_000, 100_000, 0, 0, 50_000],
    ],
  ])('%s', (_name, lines, [charges, payments, balance, credit, held]) => {
    expect(ledgerSummary(lines)).toEqual({
      chargesCents: charges,
      paymentsCents: payments,
      balanceDueCents: balance,
      creditCents: credit,
      depositHeldCents: held,
    });
  });

  it('the reservation total is the sum of its charge lines, payments and the held deposit left out', () => {
    expect(
      chargesTotal([
        line('rental', 300_000),
        line('payment', 0, 50_000),
        line('deposit_received', 0, 1_000),
        line('deposit_kept', 2_000),
      ]),
    ).toBe(302_000);
  });

  it('until billed, a booking owes its total; a cancelled one owes nothing and what it paid is credit', () => {
    const pending = unbilledTotalOf({ status: 'pending', totalPriceCents: 90_000 });
    const cancelled = unbilledTotalOf({ status: 'cancelled', totalPriceCents: 90_000 });
    expect(ledgerSummary([line('payment', 0, 20_000)], pending)).toMatchObject({
      balanceDueCents: 70_000,
      creditCents: 0,
    });
    expect(ledgerSummary([line('payment', 0, 20_000)], cancelled)).toMatchObject({
      balanceDueCents: 0,
      creditCents: 20_000,
    });
    // A cancellation fee billed on a cancelled booking is owed like any charge.
    expect(ledgerSummary([line('ad_hoc', 15_000)], cancelled).balanceDueCents).toBe(15_000);
  });
});
