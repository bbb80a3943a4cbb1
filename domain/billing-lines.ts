import {
  type LedgerLine,
  type LineAmounts,
  ledgerSummary,
  lineAmounts,
  type PayoutMethod,
} from './billing.ts';
import { type BookingTotal, type BookingTotalInput, type TotalPart, totalParts } from './booking-total.ts';
import { addDays, formatDisplayDate, type IsoDate } from './dates.ts';
import type { Cents } from './money.ts';
import { formatRandCents, MAX_TOTAL_CENTS, plainRandCents } from './money.ts';
import { formatUnits, type PriceUnit } from './rental-unit.ts';

/**
 * A reservation's billing lines (spec booking-core §2 Transactions tab, §5; docs/decisions/016):
 * what each form adds, the rules it is refused by and the rental charge's lines.
 */

export const BILLING_LINE_MESSAGES = {
  descriptionRequired: 'Description is required',
  quantityPositive: 'Quantity must be greater than 0',
  quantityAtLeastOne: 'Quantity must be at least 1',
  stockRequired: 'Please select a stock item',
  typeRequired: 'Please select a charge type',
  amountPositive: 'Amount must be greater than 0',
  stockNotFound: 'Stock item not found',
  typeNotFound: 'Ad hoc charge type not found',
  lineNotFound: 'Transaction not found',
  rentalCharged: 'The rental is already charged: delete its lines first to charge it again',
  saveFirst: 'Save the reservation first to add charges and payments.',
  refundTooLarge: (heldCents: Cents) =>
    `A refund cannot be more than the deposit held (${formatRandCents(heldCents)})`,
  keptTooLarge: (heldCents: Cents) =>
    `You cannot keep more than the deposit held (${formatRandCents(heldCents)})`,
  depositInUse: 'Part of this deposit was refunded or kept: delete those lines first',
  overRefund: (creditCents: Cents) =>
    `A refund cannot exceed the ${formatRandCents(creditCents)} the client has paid in excess.`,
  payoutRequired: 'Please choose how the refund was paid out',
  totalTooHigh: `A reservation's charges, payments and deposit must each come to at most ${plainRandCents(MAX_TOTAL_CENTS)}`,
} as const;

/**
 * Whether a ledger holds more than its columns and documents can (docs/decisions/025): any one line,
 * or the charges, payments or deposit held added up, above MAX_TOTAL_CENTS.
 */
export function exceedsLedgerLimit(lines: readonly LedgerLine[]): boolean {
  const summary = ledgerSummary(lines);
  return (
    lines.some((line) => Math.abs(line.totalCents) > MAX_TOTAL_CENTS) ||
    summary.chargesCents > MAX_TOTAL_CENTS ||
    summary.paymentsCents > MAX_TOTAL_CENTS ||
    summary.depositHeldCents > MAX_TOTAL_CENTS
  );
}

/** The spec's toasts (booking-core §8). */
export const BILLING_LINE_TOASTS = { added: 'Transaction added', deleted: 'Transaction deleted' } as const;

/** What the Kind column says of each stored kind. */
export const KIND_LABELS = {
  ad_hoc: 'Ad hoc',
  stock: 'Stock',
  rental: 'Rental',
  payment: 'Payment',
  deposit_received: 'Deposit received',
  refund: 'Refund',
  deposit_refunded: 'Deposit refunded',
  deposit_kept: 'Deposit kept',
} as const;

export const PAYMENT_METHOD_LABELS = { manual: 'Manual', payfast: 'PayFast' } as const;

/** How a refund or a deposit refund was paid out (PayFast has no refund API for every method: the app records it). */
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  eft: 'EFT',
  cash: 'Cash',
  card: 'Card',
  payfast: 'PayFast (refunded in the PayFast dashboard)',
  other: 'Other',
};

/** A line ready to store: description, quantity, unit, price and the amounts computed from them. */
export interface ChargeLine extends LineAmounts {
  description: string;
  quantity: number;
  unit: string | null;
  unitPriceCents: Cents;
  taxPercent: number;
  discountPercent: number;
}

/** A charge's line: the amounts always come from quantity, unit price, discount % and tax %. */
export function chargeLine(input: Omit<ChargeLine, keyof LineAmounts>): ChargeLine {
  return { ...input, ...lineAmounts(input) };
}

/**
 * Nights and months run from their start to their end (check-out, the same day a month on); days
 * are named first to last, as people count them (the stored end is exclusive).
 */
const dateRange = (unit: PriceUnit, start: IsoDate, end: IsoDate) => {
  const last = unit === 'day' ? addDays(end, -1) : end;
  return last === start
    ? formatDisplayDate(start)
    : `${formatDisplayDate(start)} – ${formatDisplayDate(last)}`;
};

/**
 * The add-rental-charge action: one line per run of booked units at one rate (the rate calculator,
 * docs/decisions/016), and the listing's cleaning fee as a line of its own (not discounted: the
 * discount applies to the rental). The lines are the booking's total split up (docs/decisions/029):
 * the discount and the VAT are rounded once on the whole and shared out, so the lines add up to it.
 */
export function rentalChargeLines(
  input: Pick<BookingTotalInput, 'unit' | 'period'> & { title: string; price: BookingTotal },
): ChargeLine[] {
  const total = input.price;
  const parts = totalParts(total);
  const hourly = input.unit === 'hour' && input.period.startTime && input.period.endTime;
  const lineUnit = input.unit === 'hour' && !hourly ? 'day' : input.unit;
  const lines: ChargeLine[] = total.segments.map((segment, index) => {
    const when = hourly
      ? `${formatDisplayDate(segment.startDate)}, ${input.period.startTime}–${input.period.endTime}`
      : dateRange(lineUnit, segment.startDate, segment.endDate);
    const rate =
      segment.source === 'period' ? ', seasonal rate' : segment.source === 'override' ? ', agreed rate' : '';
    return {
      description: `${input.title}: ${when} (${formatUnits(lineUnit, segment.units)}${rate})`,
      quantity: segment.units,
      unit: lineUnit,
      unitPriceCents: segment.rateCents,
      taxPercent: total.taxPercent,
      discountPercent: total.discountPercent,
      ...(parts[index] as TotalPart),
    };
  });
  if (total.cleaningFeeCents > 0) {
    lines.push({
      description: 'Cleaning fee',
      quantity: 1,
      unit: null,
      unitPriceCents: total.cleaningFeeCents,
      taxPercent: total.taxPercent,
      discountPercent: 0,
      ...(parts.at(-1) as TotalPart),
    });
  }
  return lines;
}
