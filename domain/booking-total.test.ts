import { describe, expect, it } from 'vitest';
import { ledgerSummary } from './billing.ts';
import { rentalChargeLines } from './billing-lines.ts';
import { type BookingTotalInput, bookingTotal } from './booking-total.ts';

/** A listing at R 1 000 a night; December is high season at R 1 400 (periods are [start, end)). */
const base: BookingTotalInput = {
  unit: 'night',
  period: { startDate: '2026-11-29', endDate: '2026-12-01' },
  listingRateCents: 100_000,
  rates: [{ startDate: '2026-12-01', endDate: '2027-01-01', rateCents: 140_000 }],
  overrideRateCents: null,
  cleaningFeeCents: 0,
  discountPercent: 0,
  taxPercent: 0,
};

const twoSeasons = { startDate: '2026-11-29', endDate: '2026-12-03' }; // 2 nights at R 1 000, 2 at R 1 400

describe('one total (decision 029): rental by rate period, less the discount, plus cleaning; VAT inside it', () => {
  it.each([
    // scenario, input changes, rental, discount, cleaning, net, VAT, total
    ['2 nights × R 1 000, not VAT registered', {}, 200_000, 0, 0, 200_000, 0, 200_000],
    // The example: R 2 000 everywhere, never R 2 300 on the quote.
    ['2 nights × R 1 000, VAT vendor at 15 %', { taxPercent: 15 }, 200_000, 0, 0, 173_913, 26_087, 200_000],
    ['across the season boundary', { period: twoSeasons }, 480_000, 0, 0, 480_000, 0, 480_000],
    [
      'across the season boundary, 10 % discount, R 300 cleaning, 15 % VAT',
      { period: twoSeasons, discountPercent: 10, cleaningFeeCents: 30_000, taxPercent: 15 },
      480_000,
      48_000, // the rental only, never the cleaning fee
      30_000,
      401_739, // 4 620 − 602.61
      60_261, // 4 620 × 15 / 115 = 602.608…
      462_000,
    ],
    [
      'an override rate replaces season and listing price',
      { period: twoSeasons, overrideRateCents: 90_000 },
      360_000,
      0,
      0,
      360_000,
      0,
      360_000,
    ],
    [
      'a discount at exactly half a cent rounds up (R 10.05 × 50 % = R 5.025 → R 5.03)',
      {
        period: { startDate: '2026-11-29', endDate: '2026-11-30' },
        listingRateCents: 1_005,
        discountPercent: 50,
      },
      1_005,
      503,
      0,
      502,
      0,
      502,
    ],
  ] as const)('%s', (_scenario, changes, rental, discount, cleaning, net, vat, total) => {
    const result = bookingTotal({ ...base, ...changes });
    expect([
      result.rentalCents,
      result.discountCents,
      result.cleaningFeeCents,
      result.netCents,
      result.taxCents,
      result.totalCents,
    ]).toEqual([rental, discount, cleaning, net, vat, total]);
  });

  it.each([
    ['a zero override is a free rental, cleaning still charged', 0, 2_500],
    ['a negative override counts as 0', -10_000, 2_500],
  ])('%s', (_label, overrideRateCents, total) => {
    expect(
      bookingTotal({ ...base, period: twoSeasons, overrideRateCents, cleaningFeeCents: 2_500 }).totalCents,
    ).toBe(total);
  });

  it('rounds once on the whole, not per rate segment: R 66.67 of discount, not R 66.66', () => {
    // Two segments of R 333.33 each (listing, then season); 10 % of each is R 33.333 → R 33.33 twice.
    const result = bookingTotal({
      ...base,
      period: { startDate: '2026-11-30', endDate: '2026-12-02' },
      listingRateCents: 33_333,
      rates: [{ startDate: '2026-12-01', endDate: '2027-01-01', rateCents: 33_333 + 0 }],
      discountPercent: 10,
    });
    expect(result.segments).toHaveLength(2);
    expect(result.discountCents).toBe(6_667);
    expect(result.totalCents).toBe(66_666 - 6_667);
  });

  it('a VAT-inclusive total keeps what the listing shows: the VAT % changes the split, never the total', () => {
    const without = bookingTotal({ ...base, period: twoSeasons, cleaningFeeCents: 30_000 });
    const withVat = bookingTotal({ ...base, period: twoSeasons, cleaningFeeCents: 30_000, taxPercent: 15 });
    expect(withVat.totalCents).toBe(without.totalCents);
    expect(withVat.netCents + withVat.taxCents).toBe(withVat.totalCents);
  });
});

describe('the rental charge lines add up to the one total exactly', () => {
  it.each([
    ['plain', {}],
    ['VAT and cleaning', { taxPercent: 15, cleaningFeeCents: 30_000 }],
    [
      'season boundary, discount, VAT, cleaning',
      { period: twoSeasons, discountPercent: 10, taxPercent: 15, cleaningFeeCents: 30_000 },
    ],
    [
      'odd cents in every part',
      {
        period: twoSeasons,
        listingRateCents: 33_333,
        rates: [{ startDate: '2026-12-01', endDate: '2027-01-01', rateCents: 66_667 }],
        discountPercent: 7.5,
        taxPercent: 15,
        cleaningFeeCents: 12_345,
      },
    ],
    [
      'hours across a season',
      {
        unit: 'hour',
        period: { startDate: '2026-12-05', endDate: '2026-12-06', startTime: '14:00', endTime: '18:30' },
        listingRateCents: 12_345,
        discountPercent: 3.33,
        taxPercent: 15,
      },
    ],
  ] as const)('%s', (_scenario, changes) => {
    const input = { ...base, ...changes } as BookingTotalInput;
    const total = bookingTotal(input);
    const lines = rentalChargeLines({ ...input, title: 'Loft', price: total });
    const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
    expect(sum((line) => line.totalCents)).toBe(total.totalCents);
    expect(sum((line) => line.taxCents)).toBe(total.taxCents);
    expect(sum((line) => line.discountCents)).toBe(total.discountCents);
    expect(sum((line) => line.subTotalCents)).toBe(total.netCents);
    for (const line of lines) expect(line.subTotalCents + line.taxCents).toBe(line.totalCents);
  });
});

describe('what is owed', () => {
  it('an unbilled booking owes its total less payments, never R 0.00; deposits are not part of it', () => {
    const summary = ledgerSummary(
      [
        { kind: 'payment', totalCents: 0, paymentAmountCents: 50_000 },
        { kind: 'deposit_received', totalCents: 0, paymentAmountCents: 100_000 },
      ],
      200_000,
    );
    expect(summary.balanceDueCents).toBe(150_000);
    expect(summary.depositHeldCents).toBe(100_000);
  });

  it('once billed, the charge lines are what is owed', () => {
    const summary = ledgerSummary(
      [{ kind: 'rental', totalCents: 180_000, paymentAmountCents: null }],
      200_000,
    );
    expect(summary.balanceDueCents).toBe(180_000);
  });
});
