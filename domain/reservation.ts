import { isNightTaken } from './booking-range.ts';
import { addDays, addMonths, type IsoDate } from './dates.ts';
import type { Cents } from './money.ts';
import type { PropertyType } from './property.ts';

export const RESERVATION_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Only pending and confirmed reservations hold their dates. */
export const BLOCKING_STATUSES: readonly ReservationStatus[] = ['pending', 'confirmed'];
export const isBlocking = (status: string) => (BLOCKING_STATUSES as readonly string[]).includes(status);

/** Document and client-facing labels (spec §4). */
export function statusLabel(status: string): string {
  switch (status) {
    case 'confirmed':
      return 'Confirmed';
    case 'pending':
      return 'Pending Approval';
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return 'Cancelled';
    default:
      return 'Unknown';
  }
}

export const CLIENT_CANCEL_MESSAGES = {
  notPending:
    'Only a pending or confirmed reservation can be cancelled. Please contact the owner about this booking.',
  started: 'This reservation has already started and can no longer be cancelled.',
} as const;

/**
 * Why a client may not cancel their own reservation, or null when they may: a pending request
 * (free) or a confirmed booking (under the owner's cancellation policy, domain/client-cancellation.ts,
 * docs/decisions/063), only before the stay starts (Johannesburg today); the owner changes anything
 * else in the editor.
 */
export function clientCancelRefusal(
  reservation: { status: string; start_date: IsoDate },
  today: IsoDate,
): string | null {
  if (reservation.status !== 'pending' && reservation.status !== 'confirmed')
    return CLIENT_CANCEL_MESSAGES.notPending;
  if (reservation.start_date < today) return CLIENT_CANCEL_MESSAGES.started;
  return null;
}

export const STATUS_COLORS: Record<ReservationStatus, string> = {
  pending: 'yellow',
  confirmed: 'teal',
  completed: 'blue',
  cancelled: 'gray',
};

/** What a reservation's price depends on. */
export interface PricedStay {
  propertyId: string;
  startDate: IsoDate;
  endDate: IsoDate;
  /** Hourly bookings: the times on the day. */
  startTime?: string | null;
  endTime?: string | null;
  rateOverridePerDayCents: Cents | null;
  /** Off the rental (docs/decisions/029: the one total includes it). */
  discountPercent: number;
}

/**
 * The price is fixed when the booking is made. Only a change of listing, dates, times, rate override
 * or discount prices it again (from the listing's prices then); a status or any other change keeps
 * the total. The VAT % never does: prices include VAT, so it changes the split, not the total (029).
 */
export function changesPrice(before: PricedStay, after: PricedStay): boolean {
  return changesStay(before, after) || before.discountPercent !== after.discountPercent;
}

/**
 * Whether what is rented changed (listing, dates, times or the rate agreed): the rates are read
 * again from the listing. A discount alone re-prices the rates the booking was made at.
 */
export function changesStay(before: PricedStay, after: PricedStay): boolean {
  return (
    before.propertyId !== after.propertyId ||
    before.startDate !== after.startDate ||
    before.endDate !== after.endDate ||
    (before.startTime ?? null) !== (after.startTime ?? null) ||
    (before.endTime ?? null) !== (after.endTime ?? null) ||
    before.rateOverridePerDayCents !== after.rateOverridePerDayCents
  );
}

/** The reservation editor shows guests only for accommodation and event spaces. */
export function editorAsksForGuests(type: PropertyType): boolean {
  return type === 'accommodation' || type === 'event_space';
}

export const AVAILABILITY_MONTHS = 3;

/**
 * Bookable days from today to three months ahead: a day is free when no blocking reservation holds
 * its night ([start, end) ranges) and it lies inside the property's availability window.
 */
export function listAvailableDates(input: {
  today: IsoDate;
  blocked: Array<{ start: IsoDate; end: IsoDate }>;
  windowStart?: IsoDate | null;
  windowEnd?: IsoDate | null;
  months?: number;
}): IsoDate[] {
  const last = addMonths(input.today, input.months ?? AVAILABILITY_MONTHS);
  const dates: IsoDate[] = [];
  for (let day = input.today; day <= last; day = addDays(day, 1)) {
    if (input.windowStart && day < input.windowStart) continue;
    if (input.windowEnd && day >= input.windowEnd) continue;
    if (isNightTaken(day, input.blocked)) continue;
    dates.push(day);
  }
  return dates;
}

/** Negative tax, discount or rate values clamp to 0 (spec §5). */
export function clampNonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The editor's validity rule (spec §5). */
export function isReservationDraftValid(draft: {
  propertyId: string | null;
  startDate: string | null;
  endDate: string | null;
  guests: number;
  clientId: string | null;
  newClient?: { firstName: string; lastName: string; email: string } | null;
}): boolean {
  if (!draft.propertyId || !draft.startDate || !draft.endDate || !(draft.guests > 0)) return false;
  if (draft.clientId && draft.clientId !== 'new') return true;
  const c = draft.newClient;
  return !!c && c.firstName.trim() !== '' && c.lastName.trim() !== '' && c.email.trim() !== '';
}
