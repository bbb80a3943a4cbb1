import { type Actor, businessIdOf, canManageReservationsOf } from '../access.ts';
import { addDays, type IsoDate } from '../dates.ts';
import { RESERVATION_STATUSES, type ReservationStatus } from '../reservation.ts';

/** What a calendar day holds and what clicking it does (spec: Reservation calendar, §6 Calendar). */

export interface CalendarReservationLike {
  id: string;
  owner_id: string;
  property_id: string;
  start_date: IsoDate;
  end_date: IsoDate;
  status: string;
  property: { title: string } | null;
}

/** Reservations occupying that night (start ≤ day < end), earliest start first, then by property title. */
export function reservationsOnDay<T extends CalendarReservationLike>(
  reservations: readonly T[],
  day: IsoDate,
): T[] {
  return reservations
    .filter((reservation) => reservation.start_date <= day && day < reservation.end_date)
    .sort(
      (a, b) =>
        a.start_date.localeCompare(b.start_date) ||
        (a.property?.title ?? '').localeCompare(b.property?.title ?? '') ||
        a.id.localeCompare(b.id),
    );
}

/** At most this many reservations are listed in a day cell; the rest read '+N more'. */
export const DAY_CELL_LIMIT = 2;

export function splitForCell<T>(items: readonly T[], limit = DAY_CELL_LIMIT): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** Calendar labels for statuses: capitalised, unknown ones read 'Unknown' (and take the pending style). */
export function calendarStatusLabel(status: string): string {
  return (RESERVATION_STATUSES as readonly string[]).includes(status)
    ? status.charAt(0).toUpperCase() + status.slice(1)
    : 'Unknown';
}

export const knownStatus = (status: string): ReservationStatus =>
  (RESERVATION_STATUSES as readonly string[]).includes(status) ? (status as ReservationStatus) : 'pending';

/** Only owners and staff (who may manage reservations) create from the calendar (spec §6). */
export function canCreateFromCalendar(actor: Actor): boolean {
  if (actor.role !== 'owner' && actor.role !== 'backoffice' && actor.role !== 'frontoffice') return false;
  const ownerId = businessIdOf(actor);
  return ownerId !== null && canManageReservationsOf(actor, ownerId);
}

export const NO_CREATE_PERMISSION = 'You do not have permission to create reservations';

export type DayClick =
  | { kind: 'open'; reservationId: string }
  | { kind: 'create'; draft: { startDate: IsoDate; endDate: IsoDate } }
  | { kind: 'denied'; message: string };

/** One reservation opens it, several open the first, none opens a one-night draft for that day (owners, staff). */
export function dayClickAction(day: IsoDate, onDay: readonly { id: string }[], canCreate: boolean): DayClick {
  const first = onDay[0];
  if (first) return { kind: 'open', reservationId: first.id };
  if (!canCreate) return { kind: 'denied', message: NO_CREATE_PERMISSION };
  return { kind: 'create', draft: { startDate: day, endDate: addDays(day, 1) } };
}
