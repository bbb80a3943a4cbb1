import { addDays, addMonths, type IsoDate } from './dates.ts';
import type { Cents } from './money.ts';
import { type BookedPeriod, hoursBetween, type PriceUnit, unitCount } from './rental-unit.ts';

/**
 * Billing amounts (spec booking-core §5, docs/decisions/016 and 029). Every amount is integer cents
 * and every rounding is half up (away from zero) to the cent. Prices include VAT (029: what the
 * listing or catalogue shows is what the client pays):
 * - total = quantity × unit price, less the discount %; tax = the part of the total that is VAT,
 *   total × t / (100 + t), rounded once; subTotal (excl. VAT) = total − tax.
 */

export const TRANSACTION_KINDS = [
  'ad_hoc',
  'stock',
  'rental',
  'payment',
  'refund',
  'deposit_received',
  'deposit_refunded',
  'deposit_kept',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Lines that raise what the client owes (revenue). A kept deposit is revenue settled from the deposit. */
export const CHARGE_KINDS: readonly TransactionKind[] = ['ad_hoc', 'stock', 'rental', 'deposit_kept'];
export const isCharge = (kind: TransactionKind) => CHARGE_KINDS.includes(kind);

export const PAYMENT_METHODS = ['manual', 'payfast'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How money went back to a client (a refund or a deposit refund): PayFast has no refund API for every method. */
export const PAYOUT_METHODS = ['eft', 'cash', 'card', 'payfast', 'other'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** a / b rounded half away from zero, exactly (BigInt: quantity × price × tax can pass 2^53). */
function divideHalfUp(a: bigint, b: bigint): number {
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const quotient = (absA * 2n + absB) / (absB * 2n);
  return Number(negative ? -quotient : quotient);
}

/** A number with at most 2 decimals as an exact count of hundredths: 15.5 → 1550. */
export function hundredths(value: number): bigint {
  return BigInt(Math.round(Number((value * 100).toPrecision(15))));
}

/** `percent` of an amount, to the cent, half up. */
export function percentOf(amountCents: Cents, percent: number): Cents {
  return divideHalfUp(BigInt(amountCents) * hundredths(percent), 10_000n);
}

export interface LineAmounts {
  /** quantity × unit price, before any discount. */
  grossCents: Cents;
  discountCents: Cents;
  /** After the discount, before tax. */
  subTotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/** The VAT a VAT-inclusive amount holds: total × t / (100 + t), half up (R 2 000 at 15 % holds R 260.87). */
export function includedTax(totalCents: Cents, taxPercent: number): Cents {
  const rate = hundredths(taxPercent);
  return divideHalfUp(BigInt(totalCents) * rate, 10_000n + rate);
}

/** The amounts of one billing line: quantity × unit price (VAT included), less the discount %; its VAT is the included part. */
export function lineAmounts(input: {
  quantity: number;
  unitPriceCents: Cents;
  taxPercent: number;
  discountPercent?: number;
}): LineAmounts {
  const grossCents = divideHalfUp(hundredths(input.quantity) * BigInt(input.unitPriceCents), 100n);
  const discountCents = percentOf(grossCents, input.discountPercent ?? 0);
  const totalCents = grossCents - discountCents;
  const taxCents = includedTax(totalCents, input.taxPercent);
  return { grossCents, discountCents, subTotalCents: totalCents - taxCents, taxCents, totalCents };
}

/**
 * An amount with its VAT included (a kept deposit, a subscription payment): the tax is its tax
 * fraction, t / (100 + t) of it (R 1 150 kept at 15 % is R 1 000 + R 150 VAT).
 */
export function inclusiveAmounts(totalCents: Cents, taxPercent: number): LineAmounts {
  const taxCents = includedTax(totalCents, taxPercent);
  const subTotalCents = totalCents - taxCents;
  return { grossCents: subTotalCents, discountCents: 0, subTotalCents, taxCents, totalCents };
}

/**
 * Splits an amount over parts in proportion to their weights, in whole cents that add up to it
 * exactly (largest remainder; ties to the earlier part). All weights 0: the first part takes it.
 */
export function allocateCents(amountCents: Cents, weights: readonly Cents[]): Cents[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((total, weight) => total + BigInt(weight), 0n);
  if (sum === 0n) return weights.map((_, index) => (index === 0 ? amountCents : 0));
  const amount = BigInt(amountCents);
  const shares = weights.map((weight) => (amount * BigInt(weight)) / sum);
  const remainders = weights.map((weight, index) => ({
    index,
    remainder: amount * BigInt(weight) - (shares[index] as bigint) * sum,
  }));
  let left = amount - shares.reduce((total, share) => total + share, 0n);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left <= 0n) break;
    shares[index] = (shares[index] as bigint) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/** A seasonal rate of a listing: [startDate, endDate), per the listing's unit. */
export interface RatePeriod {
  startDate: IsoDate;
  endDate: IsoDate;
  rateCents: Cents;
}

/** Where a unit's rate came from (shown on the booking summary and the billing lines). */
export type RateSource = 'listing' | 'period' | 'override';

/** Consecutive booked units charged at one rate. */
export interface RentalSegment {
  startDate: IsoDate;
  /** Exclusive: the day after the segment's last unit starts. */
  endDate: IsoDate;
  units: number;
  rateCents: Cents;
  source: RateSource;
  /** units × rate, to the cent. */
  amountCents: Cents;
}

/** When each booked unit starts: every night or day, every month from the start, one day for hours. */
function unitStarts(unit: PriceUnit, period: BookedPeriod): IsoDate[] {
  const count = unitCount(unit, period);
  if (unit === 'hour' && period.startTime && period.endTime) return [period.startDate];
  if (unit === 'month')
    return Array.from({ length: count }, (_, index) => addMonths(period.startDate, index));
  return Array.from({ length: count }, (_, index) => addDays(period.startDate, index));
}

function nextUnitStart(unit: PriceUnit, period: BookedPeriod, index: number, starts: IsoDate[]): IsoDate {
  if (unit === 'month') return addMonths(period.startDate, index + 1);
  return starts[index + 1] ?? addDays(starts[index] as IsoDate, 1);
}

/**
 * The rental charge of a booking, unit by unit (the rate calculator, spec booking-core §7): a unit's
 * rate is the rate period that holds the unit's start ([start, end)); a unit outside every period
 * takes the listing's own price (the earlier app counted it as 0, billing those nights as free —
 * docs/decisions/016); an override rate replaces both. Units in a row at one rate make one segment.
 * An hourly booking is one segment of its hours at its day's rate.
 */
export function rentalSegments(input: {
  unit: PriceUnit;
  period: BookedPeriod;
  listingRateCents: Cents;
  rates: readonly RatePeriod[];
  overrideRateCents?: Cents | null;
}): RentalSegment[] {
  const { unit, period } = input;
  const starts = unitStarts(unit, period);
  const hourly = unit === 'hour' && period.startTime && period.endTime;
  const unitsPerStart = hourly ? hoursBetween(period.startTime as string, period.endTime as string) : 1;
  const segments: Omit<RentalSegment, 'amountCents'>[] = [];
  starts.forEach((start, index) => {
    const season = input.rates.find((rate) => rate.startDate <= start && start < rate.endDate);
    const rate: { rateCents: Cents; source: RateSource } =
      input.overrideRateCents != null
        ? { rateCents: Math.max(0, input.overrideRateCents), source: 'override' }
        : season
          ? { rateCents: season.rateCents, source: 'period' }
          : { rateCents: input.listingRateCents, source: 'listing' };
    const end = nextUnitStart(unit, period, index, starts);
    const last = segments.at(-1);
    if (last && last.rateCents === rate.rateCents && last.source === rate.source && last.endDate === start) {
      last.units += unitsPerStart;
      last.endDate = end;
    } else {
      segments.push({ startDate: start, endDate: end, units: unitsPerStart, ...rate });
    }
  });
  return segments.map((segment) => ({
    ...segment,
    amountCents: lineAmounts({ quantity: segment.units, unitPriceCents: segment.rateCents, taxPercent: 0 })
      .totalCents,
  }));
}

/** The rental subtotal: the segments' amounts summed (before discount and tax). */
export function rentalSubtotal(segments: readonly RentalSegment[]): Cents {
  return segments.reduce((sum, segment) => sum + segment.amountCents, 0);
}

/** What a line contributes to the ledger. */
export interface LedgerLine {
  kind: TransactionKind;
  totalCents: Cents;
  /** Payments and the deposit's money in and out. */
  paymentAmountCents: Cents | null;
}

export interface LedgerSummary {
  /** Everything charged (revenue), VAT included. */
  chargesCents: Cents;
  /** Paid by the client, plus what was settled from a kept deposit. */
  paymentsCents: Cents;
  /** Charges − payments, never below 0. */
  balanceDueCents: Cents;
  /** Paid in excess of the charges (for the owner to refund or keep as credit). */
  creditCents: Cents;
  /** The deposit still held: received − refunded − kept; not revenue, not owed, no VAT. */
  depositHeldCents: Cents;
}

/**
 * What a booking owes until a charge line exists: the price fixed at booking, except that a
 * cancelled booking owes only what was billed on it (a cancellation fee), never its unbilled total.
 * One rule for the Transactions tab, the reservation list, a client's page and the reports.
 */
export function unbilledTotalOf(booking: { status: string; totalPriceCents: Cents }): Cents {
  return booking.status === 'cancelled' ? 0 : booking.totalPriceCents;
}

/**
 * Charges, payments, the balance due and the deposit held, from a reservation's (not voided) lines.
 * Until a charge line exists, what is owed is the booking's total (`unbilledTotalCents`, the price
 * fixed at booking): an unbilled booking is never shown with nothing due (docs/decisions/029).
 */
export function ledgerSummary(lines: readonly LedgerLine[], unbilledTotalCents = 0): LedgerSummary {
  let chargesCents = 0;
  let paymentsCents = 0;
  let depositHeldCents = 0;
  for (const line of lines) {
    const money = line.paymentAmountCents ?? 0;
    switch (line.kind) {
      case 'payment':
        paymentsCents += money;
        break;
      case 'refund':
        paymentsCents -= money;
        break;
      case 'deposit_received':
        depositHeldCents += money;
        break;
      case 'deposit_refunded':
        depositHeldCents -= money;
        break;
      case 'deposit_kept':
        chargesCents += line.totalCents;
        paymentsCents += line.totalCents;
        depositHeldCents -= line.totalCents;
        break;
      default:
        chargesCents += line.totalCents;
    }
  }
  const billed = lines.some((line) => isCharge(line.kind));
  const owed = (billed ? chargesCents : unbilledTotalCents) - paymentsCents;
  return {
    chargesCents,
    paymentsCents,
    balanceDueCents: Math.max(0, owed),
    creditCents: Math.max(0, -owed),
    depositHeldCents,
  };
}

/** The reservation's total: the sum of its charge lines (spec §4: the non-payment lines' totals). */
export function chargesTotal(lines: readonly LedgerLine[]): Cents {
  return lines.filter((line) => isCharge(line.kind)).reduce((sum, line) => sum + line.totalCents, 0);
}
