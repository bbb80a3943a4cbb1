import { describe, expect, it } from 'vitest';
import {
  cancellationFeeDescription,
  cancellationPolicyOf,
  cancellationQuote,
  describeCancellationQuote,
  PENDING_CANCELLATION_TEXT,
} from './client-cancellation.ts';
import { formatRandCents } from './money.ts';
import { DEFAULT_CANCELLATION_POLICY } from './payment-plan.ts';
import { CLIENT_CANCEL_MESSAGES } from './reservation.ts';

const POLICY = { freeUntilDaysBefore: 14, feePercent: 50 };
const booking = (changes: Partial<Parameters<typeof cancellationQuote>[0]> = {}) => ({
  status: 'confirmed',
  start_date: '2026-12-19',
  totalCents: 400_000,
  paidCents: 120_000,
  depositHeldCents: 0,
  ...changes,
});

describe('the policy a booking is cancelled under', () => {
  it('the one it was confirmed with, else the owner’s, else the default', () => {
    const owner = { freeUntilDaysBefore: 3, feePercent: 20 };
    expect(cancellationPolicyOf({ cancellation: POLICY }, owner)).toEqual(POLICY);
    expect(cancellationPolicyOf(null, owner)).toEqual(owner);
    expect(cancellationPolicyOf(null, null)).toEqual(DEFAULT_CANCELLATION_POLICY);
  });
});

describe('what cancelling costs', () => {
  it('a pending request is free, whatever the policy', () => {
    const quote = cancellationQuote(booking({ status: 'pending' }), POLICY, '2026-12-18');
    expect(quote).toMatchObject({
      cancellable: true,
      free: true,
      freeUntil: null,
      feeCents: 0,
      refundDueCents: 120_000,
      policyText: PENDING_CANCELLATION_TEXT,
    });
  });

  it('confirmed, inside the free window (the last free day included): nothing kept, all refunded', () => {
    const quote = cancellationQuote(booking(), POLICY, '2026-12-05');
    expect(quote).toMatchObject({ cancellable: true, free: true, freeUntil: '2026-12-05', feeCents: 0 });
    expect(quote.refundDueCents).toBe(120_000);
    expect(describeCancellationQuote(quote)).toBe(
      `Free cancellation until 5 December 2026. You have paid ${formatRandCents(120_000)}; the owner will refund ${formatRandCents(120_000)}.`,
    );
  });

  it('confirmed, after the window: the fee % of the total; refund = paid − fee, never below 0', () => {
    const late = cancellationQuote(booking({ paidCents: 300_000 }), POLICY, '2026-12-06');
    expect(late).toMatchObject({ free: false, feeCents: 200_000, refundDueCents: 100_000 });
    expect(describeCancellationQuote(late)).toBe(
      `Cancelling now costs ${formatRandCents(200_000)} (50% of ${formatRandCents(400_000)}). You have paid ${formatRandCents(300_000)}; the owner will refund ${formatRandCents(100_000)}.`,
    );
    const underpaid = cancellationQuote(booking({ paidCents: 120_000 }), POLICY, '2026-12-06');
    expect(underpaid.refundDueCents).toBe(0);
    // Half up to the cent: 33.33% of R 1 000.01 is R 333.30 (and 0.33 of a cent, dropped).
    expect(
      cancellationQuote(
        booking({ totalCents: 100_001 }),
        { freeUntilDaysBefore: 1, feePercent: 33.33 },
        '2026-12-19',
      ).feeCents,
    ).toBe(33_330);
  });

  it('a started booking, or one not pending or confirmed, is refused', () => {
    expect(cancellationQuote(booking(), POLICY, '2026-12-20')).toMatchObject({
      cancellable: false,
      refusal: CLIENT_CANCEL_MESSAGES.started,
    });
    expect(cancellationQuote(booking({ status: 'completed' }), POLICY, '2026-12-01').refusal).toBe(
      CLIENT_CANCEL_MESSAGES.notPending,
    );
  });

  it('names the fee line: percent, total and the day it was cancelled', () => {
    expect(cancellationFeeDescription({ feePercent: 50, totalCents: 400_000 }, '2026-12-06')).toBe(
      `Cancellation fee (50% of ${formatRandCents(400_000)}, cancelled 6 December 2026)`,
    );
  });
});
