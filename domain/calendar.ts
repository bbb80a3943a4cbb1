import { type Actor, businessIdOf, canManageReservationsOf } from './access.ts';
import { addDays, formatDisplayDate, type IsoDate } from './dates.ts';
import { RESERVATION_STATUSES, type ReservationStatus } from './reservation.ts';

/** The reservation calendar's rules (spec: Reservation calendar, §6 Calendar). Months are 1–12. */

export interface CalendarMonth {
  year: number;
  month: number;
}

export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const WEEKDAY_LONG_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const utc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const isoOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: IsoDate) => utc(date).getUTCDay();
export const isWeekend = (date: IsoDate) => weekdayOf(date) === 0 || weekdayOf(date) === 6;
export const monthOf = (date: IsoDate): CalendarMonth => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});
export const isInMonth = (date: IsoDate, { year, month }: CalendarMonth) =>
  date.slice(0, 7) === isoOf(year, month, 1).slice(0, 7);

/** Whole weeks Sunday–Saturday: from the Sunday on or before the 1st to the Saturday on or after the last day. */
export function monthWeeks(year: number, month: number): IsoDate[][] {
  const first = isoOf(year, month, 1);
  const last = isoOf(year, month + 1, 0);
  const weeks: IsoDate[][] = [];
  for (let day = addDays(first, -weekdayOf(first)); day <= last; ) {
    const week: IsoDate[] = [];
    for (let i = 0; i < 7; i++, day = addDays(day, 1)) week.push(day);
    weeks.push(week);
  }
  return weeks;
}

/** The dates the grid shows as a half-open range [start, end): what to load from the API. */
export function monthGridRange(year: number, month: number): { start: IsoDate; end: IsoDate } {
  const weeks = monthWeeks(year, month);
  const start = weeks[0]?.[0] ?? isoOf(year, month, 1);
  const lastWeek = weeks[weeks.length - 1];
  return { start, end: addDays(lastWeek?.[6] ?? start, 1) };
}

export function shiftMonth({ year, month }: CalendarMonth, delta: number): CalendarMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The title: month and year in en-ZA, e.g. "November 2026". */
export function monthTitle(year: number, month: number): string {
  return new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utc(isoOf(year, month, 1)),
  );
}

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

export const ownerLabel = (ownerId: string) => `Owner ${ownerId.slice(0, 8)}`;

export const STATUS_FILTER_VALUES = ['all', ...RESERVATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTER_VALUES)[number];

export interface CalendarFilters {
  propertyId: string | null;
  status: StatusFilter;
  ownerId: string | null;
}

export const NO_FILTERS: CalendarFilters = { propertyId: null, status: 'all', ownerId: null };

export function filterReservations<T extends CalendarReservationLike>(
  reservations: readonly T[],
  filters: CalendarFilters,
): T[] {
  return reservations.filter(
    (reservation) =>
      (!filters.propertyId || reservation.property_id === filters.propertyId) &&
      (filters.status === 'all' || reservation.status === filters.status) &&
      (!filters.ownerId || reservation.owner_id === filters.ownerId),
  );
}

export const summaryText = (shown: number, total: number) => `Showing ${shown} of ${total} reservations`;

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

/** What a screen reader hears for a day cell, e.g. "Saturday 21 November 2026, today, 2 reservations" (count null: loading). */
export function dayAriaLabel(
  day: IsoDate,
  state: { today: boolean; selected: boolean; otherMonth: boolean; count: number | null },
): string {
  const parts = [`${WEEKDAY_LONG_NAMES[weekdayOf(day)]} ${formatDisplayDate(day)}`];
  if (state.today) parts.push('today');
  if (state.otherMonth) parts.push('other month');
  if (state.selected) parts.push('selected');
  if (state.count === null) parts.push('loading reservations');
  else
    parts.push(
      state.count === 0 ? 'no reservations' : `${state.count} reservation${state.count === 1 ? '' : 's'}`,
    );
  return parts.join(', ');
}

/** Arrow keys move a day or a week, Home and End to the week's Sunday and Saturday; other keys do nothing. */
export function dayForKey(day: IsoDate, key: string): IsoDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekdayOf(day));
    case 'End':
      return addDays(day, 6 - weekdayOf(day));
    default:
      return null;
  }
}

/** The owners a staff member can filter by: their own business first, then any other owner in the data. */
export function ownerOptions(parentOwnerId: string | null, ownerIds: Iterable<string>): string[] {
  const unique = new Set<string>();
  if (parentOwnerId) unique.add(parentOwnerId);
  for (const id of ownerIds) unique.add(id);
  return [...unique];
}
