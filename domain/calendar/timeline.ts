import { addDays, daysBetween, formatDisplayDate, type IsoDate } from '../dates.ts';
import { bookingTimes } from '../owner-units.ts';
import { type CalendarReservationLike, calendarStatusLabel } from './day-reservations.ts';
import { weekdayOf } from './month-grid.ts';

/** The calendar's timeline: a row per listing over whole weeks (Sunday to Saturday), bookings as bars. */

export const TIMELINE_WEEKS = [1, 2, 4] as const;
export type TimelineWeeks = (typeof TIMELINE_WEEKS)[number];
export const DEFAULT_TIMELINE_WEEKS: TimelineWeeks = 2;

/** The Sunday on or before a day: every span starts on one. */
export const weekStartOf = (day: IsoDate): IsoDate => addDays(day, -weekdayOf(day));

export function timelineWeeksFromParam(value: string | null): TimelineWeeks {
  const weeks = Number(value);
  return (TIMELINE_WEEKS as readonly number[]).includes(weeks)
    ? (weeks as TimelineWeeks)
    : DEFAULT_TIMELINE_WEEKS;
}

/** ?start=YYYY-MM-DD moved back to its Sunday; anything else is the week holding today. */
export function timelineStartFromParam(value: string | null, today: IsoDate): IsoDate {
  const valid = value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
  return weekStartOf(valid && addDays(value, 0) === value ? value : today);
}

export interface TimelineSpan {
  start: IsoDate;
  /** Exclusive, like a reservation's end date. */
  end: IsoDate;
  days: IsoDate[];
}

export function timelineSpan(start: IsoDate, weeks: TimelineWeeks): TimelineSpan {
  const days = Array.from({ length: weeks * 7 }, (_, index) => addDays(start, index));
  return { start, end: addDays(start, days.length), days };
}

/** Previous and Next move by the whole span. */
export const shiftSpan = (start: IsoDate, weeks: TimelineWeeks, delta: number): IsoDate =>
  addDays(start, delta * weeks * 7);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '1 Nov' (en-ZA's own short format pads the day). */
const short = (day: IsoDate) => `${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

/** '22 Nov – 5 Dec 2026', or with both years when the span crosses one. */
export function spanTitle(span: TimelineSpan): string {
  const last = addDays(span.end, -1);
  const first =
    span.start.slice(0, 4) === last.slice(0, 4) ? short(span.start) : formatDisplayDate(span.start);
  return `${first} – ${formatDisplayDate(last)}`;
}

/** The month the span mostly shows first (its first Thursday's), for switching back to the month view. */
export const monthDayOfSpan = (span: TimelineSpan): IsoDate => addDays(span.start, 4);

export interface TimelineListing {
  id: string;
  title: string;
}

export interface TimelineBar<T> {
  reservation: T;
  /** The first day column it covers (0-based) and how many columns. */
  column: number;
  length: number;
  /** Its line within the row: overlapping bookings (a cancelled one under its replacement, hourly ones on one day) stack. */
  lane: number;
  /** It began before the span or runs on after it. */
  clippedStart: boolean;
  clippedEnd: boolean;
}

export interface TimelineRow<T> {
  listing: TimelineListing;
  lanes: number;
  bars: TimelineBar<T>[];
  /** Per day column: whether a bar covers it (a free day opens a new reservation). */
  occupied: boolean[];
}

const byStart = <T extends CalendarReservationLike & { start_time?: string | null }>(a: T, b: T) =>
  a.start_date.localeCompare(b.start_date) ||
  (a.start_time ?? '').localeCompare(b.start_time ?? '') ||
  a.end_date.localeCompare(b.end_date) ||
  a.id.localeCompare(b.id);

/**
 * One row per listing, in the order given, then any listing only a reservation names (by its title).
 * A reservation covers its nights or days from start to end (exclusive; an hourly booking its one day),
 * clipped to the span; bars that share a day go on separate lanes, each on the first lane free.
 */
export function layoutTimeline<T extends CalendarReservationLike & { start_time?: string | null }>(
  listings: readonly TimelineListing[],
  reservations: readonly T[],
  span: TimelineSpan,
): TimelineRow<T>[] {
  const inSpan = reservations.filter(
    (reservation) => reservation.start_date < span.end && span.start < reservation.end_date,
  );
  const known = new Set(listings.map((listing) => listing.id));
  const extra = new Map<string, TimelineListing>();
  for (const reservation of inSpan) {
    if (!known.has(reservation.property_id) && !extra.has(reservation.property_id)) {
      extra.set(reservation.property_id, {
        id: reservation.property_id,
        title: reservation.property?.title ?? 'Property Details Unavailable',
      });
    }
  }
  const rows = [...listings, ...[...extra.values()].sort((a, b) => a.title.localeCompare(b.title))];
  const total = span.days.length;
  return rows.map((listing) => {
    const laneEnds: number[] = [];
    const occupied = Array.from({ length: total }, () => false);
    const bars = inSpan
      .filter((reservation) => reservation.property_id === listing.id)
      .sort(byStart)
      .map((reservation) => {
        const column = Math.max(0, daysBetween(span.start, reservation.start_date));
        // A same-day end (never stored, but harmless) still draws one column.
        const endColumn = Math.min(
          total,
          Math.max(column + 1, daysBetween(span.start, reservation.end_date)),
        );
        let lane = laneEnds.findIndex((end) => end <= column);
        if (lane === -1) lane = laneEnds.length;
        laneEnds[lane] = endColumn;
        for (let day = column; day < endColumn; day++) occupied[day] = true;
        return {
          reservation,
          column,
          length: endColumn - column,
          lane,
          clippedStart: reservation.start_date < span.start,
          clippedEnd: reservation.end_date > span.end,
        };
      });
    return { listing, lanes: Math.max(1, laneEnds.length), bars, occupied };
  });
}

interface BarBooking {
  start_date: IsoDate;
  end_date: IsoDate;
  start_time: string | null;
  end_time: string | null;
  status: string;
  client: { first_name: string; last_name: string };
}

/**
 * What a bar says, in the order it is spoken: listing, client, dates (an hourly booking's day), its
 * times, status. The bar shows the client, times and status; the rest is read out only.
 */
export function barParts(listingTitle: string, reservation: BarBooking) {
  const times = bookingTimes(reservation);
  return {
    listing: listingTitle,
    client: `${reservation.client.first_name} ${reservation.client.last_name}`.trim(),
    dates: times
      ? formatDisplayDate(reservation.start_date)
      : `${formatDisplayDate(reservation.start_date)} – ${formatDisplayDate(reservation.end_date)}`,
    times,
    status: calendarStatusLabel(reservation.status),
  };
}

/** The bar's whole name: 'Sea Point Loft, Lerato Dlamini, 24 November 2026 – 27 November 2026, Confirmed'. */
export function barLabel(listingTitle: string, reservation: BarBooking): string {
  const parts = barParts(listingTitle, reservation);
  return [parts.listing, parts.client, parts.dates, parts.times, parts.status].filter(Boolean).join(', ');
}
