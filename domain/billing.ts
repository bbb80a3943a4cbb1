import { addDays, addMonths, type IsoDate } from './dates.ts';
import type { Cents } from './money.ts';
import { type BookedPeriod, hoursBetween, type PriceUnit, unitCount } from './rental-unit.ts';

/**
 * Billing amounts (spec booking-core §5, docs/decisions/016). Every amount is integer cents and
 * every rounding is half up (away from zero) to the cent:
 * - subTotal = quantity × unit price; total = subTotal + tax, tax = subTotal × tax %;
 * - a rental charge takes the discount % off the rental subtotal first, then the tax %.
 */

export const TRANSACTION_KINDS = [
  'ad_hoc',
  'stock',
  'rental',
  'payment',
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

/** The amounts of one billing line: quantity × unit price, less the discount %, plus the tax %. */
export function lineAmounts(input: {
  quantity: number;
  unitPriceCents: Cents;
  taxPercent: number;
  discountPercent?: number;
}): LineAmounts {
  const grossCents = divideHalfUp(hundredths(input.quantity) * BigInt(input.unitPriceCents), 100n);
  const discountCents = percentOf(grossCents, input.discountPercent ?? 0);
  const subTotalCents = grossCents - discountCents;
  const taxCents = percentOf(subTotalCents, input.taxPercent);
  return { grossCents, discountCents, subTotalCents, taxCents, totalCents: subTotalCents + taxCents };
}

/**
 * A kept deposit is an amount the owner keeps, VAT included when they charge VAT: the tax is its
 * tax fraction, t / (100 + t) of it (R 1 150 kept at 15 % is R 1 000 + R 150 VAT).
 */
export function inclusiveAmounts(totalCents: Cents, taxPercent: number): LineAmounts {
  const scale = 10_000n + hundredths(taxPercent);
  const subTotalCents = divideHalfUp(BigInt(totalCents) * 10_000n, scale);
  return {
    grossCents: subTotalCents,
    discountCents: 0,
    subTotalCents,
    taxCents: totalCents - subTotalCents,
    totalCents,
  };
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

/** Charges, payments, the balance due and the deposit held, from a reservation's (not voided) lines. */
export function ledgerSummary(lines: readonly LedgerLine[]): LedgerSummary {
  let chargesCents = 0;
  let paymentsCents = 0;
  let depositHeldCents = 0;
  for (const line of lines) {
    const money = line.paymentAmountCents ?? 0;
    switch (line.kind) {
      case 'payment':
        paymentsCents += money;
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
  const owed = chargesCents - paymentsCents;
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
