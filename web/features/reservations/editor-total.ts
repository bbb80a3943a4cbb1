import type { RatePeriod } from '../../../domain/billing.ts';
import { type BookedRates, bookingTotal, totalOfRates } from '../../../domain/booking-total.ts';
import type { Cents } from '../../../domain/money.ts';
import type { BookedPeriod, PriceUnit } from '../../../domain/rental-unit.ts';
import { changesPrice, changesStay, type PricedStay } from '../../../domain/reservation.ts';

/**
 * The editor's Total price, as the server will store it (docs/decisions/029): the stored total
 * until a field that prices the booking changes; a new discount alone re-prices the rates it was
 * booked at; a new listing, period or agreed rate, the listing's prices now. Null while unknown.
 */
export function editorTotal(input: {
  stored: { stay: PricedStay; totalCents: Cents; bookedRates: BookedRates | null } | null;
  drafted: PricedStay | null;
  unit: PriceUnit | null;
  period: BookedPeriod | null;
  listing: { rateCents: Cents; cleaningFeeCents: Cents; rates: readonly RatePeriod[] } | null;
}): Cents | null {
  const { stored, drafted, unit, period, listing } = input;
  if (stored && (!drafted || !changesPrice(stored.stay, drafted))) return stored.totalCents;
  if (!drafted) return null;
  // Prices include VAT, so the VAT % splits the total without changing it: 0 here.
  const terms = { discountPercent: drafted.discountPercent, taxPercent: 0 };
  if (stored?.bookedRates && !changesStay(stored.stay, drafted))
    return totalOfRates(stored.bookedRates, terms).totalCents;
  if (!listing || !unit || !period) return null;
  return bookingTotal({
    unit,
    period,
    listingRateCents: listing.rateCents,
    rates: listing.rates,
    overrideRateCents: drafted.rateOverridePerDayCents,
    cleaningFeeCents: listing.cleaningFeeCents,
    ...terms,
  }).totalCents;
}
