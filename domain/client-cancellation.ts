import { formatDisplayDate, type IsoDate } from './dates.ts';
import { type Cents, formatRandCents } from './money.ts';
import {
  type CancellationPolicy,
  cancellationCharge,
  DEFAULT_CANCELLATION_POLICY,
  describeCancellationPolicy,
  type PaymentTerms,
} from './payment-plan.ts';
import { clientCancelRefusal } from './reservation.ts';

/**
 * A client cancelling their own booking (issue 23 item 5, docs/decisions/063): a pending request is
 * free to withdraw; a confirmed booking is cancelled under the cancellation policy it was confirmed
 * with (reservations.payment_terms), else the owner's current policy, else the default. What it
 * costs is shown before the client confirms and is what the cancellation then charges.
 */

/** The policy a booking is cancelled under. */
export function cancellationPolicyOf(
  terms: Pick<PaymentTerms, 'cancellation'> | null,
  ownerPolicy: CancellationPolicy | null,
): CancellationPolicy {
  return terms?.cancellation ?? ownerPolicy ?? DEFAULT_CANCELLATION_POLICY;
}

export interface CancellationQuote {
  cancellable: boolean;
  refusal: string | null;
  policyText: string;
  free: boolean;
  /** The last day a confirmed booking cancels free; null for a pending request (always free). */
  freeUntil: IsoDate | null;
  feePercent: number;
  totalCents: Cents;
  feeCents: Cents;
  /** Payments net of refunds. */
  paidCents: Cents;
  /** What the owner must pay back: paid − fee, never below 0. */
  refundDueCents: Cents;
  depositHeldCents: Cents;
}

export const PENDING_CANCELLATION_TEXT =
  'A request the owner has not yet confirmed can be cancelled free of charge.';

/** What cancelling on `today` means for a booking: allowed or why not, the fee and the refund due. */
export function cancellationQuote(
  booking: {
    status: string;
    start_date: IsoDate;
    totalCents: Cents;
    paidCents: Cents;
    depositHeldCents: Cents;
  },
  policy: CancellationPolicy,
  today: IsoDate,
): CancellationQuote {
  const refusal = clientCancelRefusal(booking, today);
  const pending = booking.status === 'pending';
  const charge = pending
    ? { free: true, feeCents: 0, freeUntil: null }
    : cancellationCharge(policy, { totalCents: booking.totalCents, startDate: booking.start_date }, today);
  return {
    cancellable: refusal === null,
    refusal,
    policyText: pending ? PENDING_CANCELLATION_TEXT : describeCancellationPolicy(policy),
    free: charge.free,
    freeUntil: charge.freeUntil,
    feePercent: policy.feePercent,
    totalCents: booking.totalCents,
    feeCents: charge.feeCents,
    paidCents: booking.paidCents,
    refundDueCents: Math.max(0, booking.paidCents - charge.feeCents),
    depositHeldCents: booking.depositHeldCents,
  };
}

/** The fee line's description: "Cancellation fee (50% of R 4 000,00, cancelled 1 Dec 2026)". */
export function cancellationFeeDescription(
  quote: Pick<CancellationQuote, 'feePercent' | 'totalCents'>,
  cancelledOn: IsoDate,
): string {
  return `Cancellation fee (${quote.feePercent}% of ${formatRandCents(quote.totalCents)}, cancelled ${formatDisplayDate(cancelledOn)})`;
}

/**
 * The quote in words, for the dialog before the client confirms and for the emails after:
 * "Free cancellation until 5 Dec 2026." or "Cancelling now costs R X (50% of R Y). You have paid
 * R Z; the owner will refund R W."
 */
export function describeCancellationQuote(
  quote: Pick<
    CancellationQuote,
    | 'free'
    | 'freeUntil'
    | 'feeCents'
    | 'feePercent'
    | 'totalCents'
    | 'paidCents'
    | 'refundDueCents'
    | 'depositHeldCents'
  >,
): string {
  const parts: string[] = [];
  if (quote.free)
    parts.push(
      quote.freeUntil
        ? `Free cancellation until ${formatDisplayDate(quote.freeUntil)}.`
        : 'Cancelling is free.',
    );
  else
    parts.push(
      `Cancelling now costs ${formatRandCents(quote.feeCents)} (${quote.feePercent}% of ${formatRandCents(quote.totalCents)}).`,
    );
  if (quote.paidCents > 0)
    parts.push(
      quote.refundDueCents > 0
        ? `You have paid ${formatRandCents(quote.paidCents)}; the owner will refund ${formatRandCents(quote.refundDueCents)}.`
        : `You have paid ${formatRandCents(quote.paidCents)}; nothing is refunded.`,
    );
  else if (quote.feeCents > 0) parts.push(`You will owe the owner ${formatRandCents(quote.feeCents)}.`);
  if (quote.depositHeldCents > 0)
    parts.push(
      `The security deposit of ${formatRandCents(quote.depositHeldCents)} is refunded by the owner.`,
    );
  return parts.join(' ');
}
