import { addDays, addMonths, daysBetween, type IsoDate } from './dates.ts';
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

export const STATUS_COLORS: Record<ReservationStatus, string> = {
  pending: 'yellow',
  confirmed: 'teal',
  completed: 'blue',
  cancelled: 'gray',
};

/** Nights = ceiling of the day difference, minimum 1 (zero or less counts as 1). */
export function countNights(start: IsoDate, end: IsoDate): number {
  const days = Math.ceil(daysBetween(start, end));
  return days > 0 ? days : 1;
}

/** Total price = price per day × nights + the property's cleaning fee (an override rate replaces the price). */
export function quoteTotal(input: {
  pricePerDayCents: Cents;
  cleaningFeeCents: Cents;
  nights: number;
  rateOverridePerDayCents?: Cents | null;
}): Cents {
  const rate = input.rateOverridePerDayCents ?? input.pricePerDayCents;
  return Math.max(0, rate) * input.nights + input.cleaningFeeCents;
}

/** The types whose booking page asks for guests or attendees. */
export function bookingAsksForGuests(type: PropertyType): boolean {
  return type === 'accommodation' || type === 'event_space' || type === 'vehicle';
}

/** The reservation editor shows guests only for accommodation and event spaces. */
export function editorAsksForGuests(type: PropertyType): boolean {
  return type === 'accommodation' || type === 'event_space';
}

/** Guests allowed: accommodation maxGuests, event space capacity, vehicle seats, otherwise 1. */
export function maxGuestsFor(type: PropertyType, specifications: Record<string, unknown>): number {
  const read = (key: string) => {
    const value = Number(specifications[key]);
    return Number.isInteger(value) && value >= 1 ? value : 1;
  };
  if (type === 'accommodation') return read('maxGuests');
  if (type === 'event_space') return read('capacity');
  if (type === 'vehicle') return read('seatingCapacity');
  return 1;
}

const HEADER_NOUN: Record<PropertyType, string> = {
  accommodation: 'Stay',
  vehicle: 'Rental',
  event_space: 'Event',
  equipment: 'Equipment',
  electronics: 'Electronics',
  storage_space: 'Storage',
};

export function bookingHeader(type: PropertyType, title: string): string {
  return `Book Your ${HEADER_NOUN[type]} at ${title}`;
}

/** Whether the summary counts nights (stays) or days (everything else). */
export function durationUnit(type: PropertyType, count: number): string {
  const unit = type === 'accommodation' ? 'night' : 'day';
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
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
    if (input.blocked.some((range) => range.start <= day && day < range.end)) continue;
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
