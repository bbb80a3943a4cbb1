import type { Kysely } from 'kysely';
import { maxGuestsFor } from '../../../domain/booking-page.ts';
import { BOOKING_QUOTA_MESSAGES } from '../../../domain/booking-quota.ts';
import type { BookingTotal } from '../../../domain/booking-total.ts';
import { BOOKING_WINDOW_MESSAGES, type Booker, startTimeRefusal } from '../../../domain/booking-window.ts';
import { MAX_TOTAL_CENTS, plainRandCents } from '../../../domain/money.ts';
import { isBookableListing } from '../../../domain/property.ts';
import type { BookedPeriod } from '../../../domain/rental-unit.ts';
import type { Database, Property } from '../../db/types.ts';
import { badRequest } from '../../http/errors.ts';
import { priceBooking } from './booking-price.ts';

export const RESERVATION_MESSAGES = {
  mustLogIn: 'You must be logged in to create a reservation. Please log in and try again.',
  notYours: 'You can only modify your own reservations',
  noPermission: 'You do not have permission to modify this reservation',
  missingInfo: 'Missing required information',
  invalidClient: 'Invalid client ID. Please select a valid client.',
  propertyNotFound: 'Property not found',
  notFound: 'Reservation not found',
  pastStart: BOOKING_WINDOW_MESSAGES.pastStart,
  outsideWindow: 'This property is not available for the selected dates',
  deleteNotAllowed: 'Only the owner or an admin can delete a reservation',
  archived: 'This property has been archived and takes no new bookings',
  notBookable: 'This property is inactive or under maintenance and takes no new bookings',
  notTakingBookings: BOOKING_QUOTA_MESSAGES.notTakingBookings,
  tooExpensive: `A booking cannot cost more than ${plainRandCents(MAX_TOTAL_CENTS)}. Please book a shorter stay.`,
} as const;

export interface ReservationDeps {
  db: Kysely<Database>;
  publicUrl: string;
  pokeMail: () => void;
}

export const isBookable = (property: Property | undefined): property is Property =>
  !!property && isBookableListing({ ...property, archived: property.archived_at !== null });

export function checkStay(property: Property, start: string, end: string, guests: number) {
  if (property.availability_start && start < property.availability_start)
    throw badRequest(RESERVATION_MESSAGES.outsideWindow);
  if (property.availability_end && end > property.availability_end)
    throw badRequest(RESERVATION_MESSAGES.outsideWindow);
  const max = maxGuestsFor(property.type, property.specifications);
  if (guests > max) throw badRequest(`Guests cannot be more than ${max} for this property`);
}

/**
 * The booking's one total (docs/decisions/029): its units at the listing's price or rate periods (or
 * the override rate), less the discount, plus the cleaning fee, VAT included; never more than a
 * ledger may hold (a 90-night stay at the highest nightly price would overflow the stored total).
 */
export async function priceOf(
  db: Kysely<Database>,
  property: Property,
  period: BookedPeriod,
  terms: Parameters<typeof priceBooking>[3],
) {
  return withinLimit(await priceBooking(db, property, period, terms));
}

export function withinLimit(price: BookingTotal): BookingTotal {
  if (price.totalCents > MAX_TOTAL_CENTS) throw badRequest(RESERVATION_MESSAGES.tooExpensive);
  return price;
}
/** An hourly booking today may not start at a time already gone (docs/decisions/033). */
export function refusePastTime(period: { startDate: string; startTime: string | null }, booker: Booker) {
  const refusal =
    period.startTime && startTimeRefusal(period.startDate, period.startTime, new Date(), booker);
  if (refusal) throw badRequest(refusal);
}
