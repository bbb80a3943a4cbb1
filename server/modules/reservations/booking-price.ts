import type { Kysely } from 'kysely';
import { type BookedRates, type BookingTotal, bookingTotal } from '../../../domain/booking-total.ts';
import type { IsoDate } from '../../../domain/dates.ts';
import { type BookedPeriod, priceUnitFor } from '../../../domain/rental-unit.ts';
import { type VatRate, vatRateOn } from '../../../domain/vat.ts';
import type { Database, Property } from '../../db/types.ts';
import { listRatesOfProperty } from '../billing-setup/rate.repository.ts';
import { listVatRates } from '../documents/documents.repository.ts';

type Db = Kysely<Database>;

/**
 * The VAT a business's prices include (docs/decisions/029): the rate in force on the booking date
 * for a business registered for VAT, whoever books; 0 for anyone else (they may not charge VAT).
 */
export async function vatPercentFor(db: Db, ownerId: string, bookingDate: IsoDate): Promise<number> {
  const details = await db
    .selectFrom('business_details')
    .select('vat_registered')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!details?.vat_registered) return 0;
  return vatRateOn(bookingDate, await listVatRates(db)) ?? 0;
}

/** vatPercentFor with the business's registration and the VAT rates already read. */
export function vatPercentAt(
  vatRegistered: boolean | null | undefined,
  rates: readonly VatRate[],
  bookingDate: IsoDate,
) {
  return vatRegistered ? (vatRateOn(bookingDate, rates) ?? 0) : 0;
}

/** A booking's one total from the listing's price, its rate periods, cleaning fee, discount and VAT. */
export async function priceBooking(
  db: Db,
  property: Property,
  period: BookedPeriod,
  terms: { rateOverrideCents: number | null; discountPercent: number; taxPercent: number },
): Promise<BookingTotal> {
  return priceBookingAt(property, period, terms, await listRatesOfProperty(db, property.id));
}

/** priceBooking with the listing's rate periods already read. */
export function priceBookingAt(
  property: Pick<Property, 'type' | 'price_per_day_cents' | 'cleaning_fee_cents'>,
  period: BookedPeriod,
  terms: { rateOverrideCents: number | null; discountPercent: number; taxPercent: number },
  rates: readonly { start_date: string; end_date: string; rate_cents: number }[],
): BookingTotal {
  return bookingTotal({
    unit: priceUnitFor(property.type),
    period,
    listingRateCents: property.price_per_day_cents,
    rates: rates.map((rate) => ({
      startDate: rate.start_date,
      endDate: rate.end_date,
      rateCents: rate.rate_cents,
    })),
    overrideRateCents: terms.rateOverrideCents,
    cleaningFeeCents: property.cleaning_fee_cents,
    discountPercent: terms.discountPercent,
    taxPercent: terms.taxPercent,
  });
}

/** The booked rates as stored with the reservation (reservations.booked_rates). */
export const bookedRatesColumn = (total: BookingTotal): string =>
  JSON.stringify({
    segments: total.segments,
    cleaningFeeCents: total.cleaningFeeCents,
  } satisfies BookedRates);
