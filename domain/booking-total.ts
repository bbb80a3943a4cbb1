import {
  allocateCents,
  includedTax,
  percentOf,
  type RatePeriod,
  type RentalSegment,
  rentalSegments,
  rentalSubtotal,
} from './billing.ts';
import type { Cents } from './money.ts';
import type { BookedPeriod, PriceUnit } from './rental-unit.ts';

/**
 * A booking's one total (docs/decisions/029): every screen, email and document shows this figure,
 * and the add-rental-charge lines add up to it exactly.
 */
export interface BookingTotalInput {
  unit: PriceUnit;
  period: BookedPeriod;
  /** The listing's own price per unit (VAT included for a VAT vendor). */
  listingRateCents: Cents;
  /** The listing's seasonal rates; a unit outside every period takes the listing's price. */
  rates: readonly RatePeriod[];
  overrideRateCents?: Cents | null;
  cleaningFeeCents: Cents;
  /** Off the rental only (spec booking-core §5), never off the cleaning fee. */
  discountPercent: number;
  /** The VAT rate the prices include: the rate in force for a VAT vendor, 0 for anyone else. */
  taxPercent: number;
}

export interface BookingTotal {
  segments: RentalSegment[];
  /** Units × rate, by rate segment, added up. */
  rentalCents: Cents;
  /** The discount % of the rental, rounded once. */
  discountCents: Cents;
  cleaningFeeCents: Cents;
  /** What the client pays: rental − discount + cleaning fee. VAT is inside it, never added. */
  totalCents: Cents;
  /** The VAT the total holds, total × t / (100 + t), rounded once. */
  taxCents: Cents;
  /** The total without its VAT. */
  netCents: Cents;
  discountPercent: number;
  taxPercent: number;
}

/**
 * The prices a booking was made at (its rate segments and cleaning fee), stored with it: the rental
 * charge bills these, whatever the listing costs later (reservations.booked_rates, migration 023).
 */
export interface BookedRates {
  segments: RentalSegment[];
  cleaningFeeCents: Cents;
}

/** The total of a booking, rounding each figure once on the whole (never per rate segment). Deposits are not part of it. */
export function bookingTotal(input: BookingTotalInput): BookingTotal {
  const segments = rentalSegments({
    unit: input.unit,
    period: input.period,
    listingRateCents: input.listingRateCents,
    rates: input.rates,
    overrideRateCents: input.overrideRateCents,
  });
  return totalOfRates({ segments, cleaningFeeCents: input.cleaningFeeCents }, input);
}

/** The total of booked rates with a discount % (rental only) and the VAT % they include. */
export function totalOfRates(
  booked: BookedRates,
  terms: { discountPercent: number; taxPercent: number },
): BookingTotal {
  const { segments, cleaningFeeCents } = booked;
  const { discountPercent, taxPercent } = terms;
  const rentalCents = rentalSubtotal(segments);
  const discountCents = percentOf(rentalCents, discountPercent);
  const totalCents = rentalCents - discountCents + cleaningFeeCents;
  const taxCents = includedTax(totalCents, taxPercent);
  return {
    segments,
    rentalCents,
    discountCents,
    cleaningFeeCents,
    totalCents,
    taxCents,
    netCents: totalCents - taxCents,
    discountPercent,
    taxPercent,
  };
}

/** One part of the total as a billing line carries it: a rate segment or the cleaning fee. */
export interface TotalPart {
  grossCents: Cents;
  discountCents: Cents;
  subTotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/**
 * The total split into lines (each rate segment, then the cleaning fee when there is one) whose
 * discounts, VAT and totals add up to the booking's exactly: the rounded discount is shared over the
 * segments and the rounded VAT over every line, by largest remainder.
 */
export function totalParts(total: BookingTotal): TotalPart[] {
  const gross = [
    ...total.segments.map((segment) => segment.amountCents),
    ...(total.cleaningFeeCents > 0 ? [total.cleaningFeeCents] : []),
  ];
  const segmentDiscounts = allocateCents(
    total.discountCents,
    total.segments.map((segment) => segment.amountCents),
  );
  const discounts = gross.map((_, index) => segmentDiscounts[index] ?? 0);
  const totals = gross.map((amount, index) => amount - (discounts[index] ?? 0));
  const taxes = allocateCents(total.taxCents, totals);
  return gross.map((grossCents, index) => {
    const totalCents = totals[index] as Cents;
    const taxCents = taxes[index] as Cents;
    return {
      grossCents,
      discountCents: discounts[index] as Cents,
      subTotalCents: totalCents - taxCents,
      taxCents,
      totalCents,
    };
  });
}
