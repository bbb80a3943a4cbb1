import type { ReservationStatus } from './reservation.ts';

/**
 * How bookings use a plan's monthly limit (docs/decisions/022). A booking takes one of the month's
 * places when the business takes it on: at once when the business makes it (its walk-ins), and for
 * a client's request when the business accepts it (confirmed or completed). A request still
 * waiting takes no place, so clients cannot fill an owner's month; instead each client may have only
 * a few requests waiting per listing.
 */
export const MAX_OPEN_REQUESTS_PER_LISTING = 3;

export const BOOKING_QUOTA_MESSAGES = {
  notTakingBookings: 'This property is not taking bookings at the moment. Please choose another one.',
  tooManyRequests: `You already have ${MAX_OPEN_REQUESTS_PER_LISTING} booking requests waiting for the owner's answer on this property. Please wait for an answer, or cancel one, before making another.`,
} as const;

/** A reservation as the limit sees it: its status, and whether it already holds a place in a month. */
export interface QuotaState {
  status: ReservationStatus;
  counted: boolean;
}

/**
 * Whether changing a reservation's status takes a new place in this month's limit (and so must be
 * checked against it): accepting a client's request, or restoring a cancelled booking, which is
 * checked like a new one. Cancelling gives a place back; other changes keep what the booking holds.
 */
export function takesMonthlyPlace(before: QuotaState, to: ReservationStatus): boolean {
  if (to === 'cancelled' || to === before.status) return false;
  if (before.status === 'cancelled') return true;
  return !before.counted && (to === 'confirmed' || to === 'completed');
}

/** Restoring: a cancelled booking set back to a status that holds its dates or its place. */
export function isRestore(from: ReservationStatus, to: ReservationStatus): boolean {
  return from === 'cancelled' && to !== 'cancelled';
}
