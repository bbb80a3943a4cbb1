import { addDays, addMonths, businessMinuteOfDay, type IsoDate, todayInBusinessZone } from './dates.ts';
import {
  formatUnits,
  MONTHLY_DEFAULTS,
  minutesOf,
  type PriceUnit,
  SLOT_MINUTES,
  type TimeOfDay,
  type TimeRange,
  timeOf,
} from './rental-unit.ts';
import { AVAILABILITY_MONTHS } from './reservation.ts';

/**
 * How long one booking may be, in its listing's unit (docs/decisions/022): a season's stay or hire by
 * the night or day, one day's hours (an hourly booking lies within one date), and storage for up to
 * two years (the months the booking page offers).
 */
export const MAX_STAY: Record<PriceUnit, number> = {
  night: 90,
  day: 90,
  hour: 24,
  month: MONTHLY_DEFAULTS.maxMonths,
};

/**
 * How far ahead a booking may start. A client books from what the availability calendar shows:
 * today to 3 months ahead (booking-core §9). The business booking for its own clients (walk-ins,
 * repeat guests, corporate contracts) plans further: up to 12 months.
 */
export const BOOKING_HORIZON_MONTHS = { client: AVAILABILITY_MONTHS, business: 12 } as const;
export type Booker = keyof typeof BOOKING_HORIZON_MONTHS;

export const BOOKING_WINDOW_MESSAGES = {
  pastStart: 'Start date cannot be in the past',
  pastTime: 'Start time cannot be in the past. Please choose a later time.',
  beyondHorizon: (booker: Booker) =>
    `Start date cannot be more than ${BOOKING_HORIZON_MONTHS[booker]} months ahead`,
  tooLong: (unit: PriceUnit) => `A booking cannot be longer than ${formatUnits(unit, MAX_STAY[unit])}`,
} as const;

/** The last day a booking may start on: the horizon's last day is bookable (as the calendar lists it). */
export function lastStartDate(today: IsoDate, booker: Booker): IsoDate {
  return addMonths(today, BOOKING_HORIZON_MONTHS[booker]);
}

/**
 * The latest end date (exclusive) a booking starting on `start` may have: 90 nights or days on,
 * 24 months on, or the next day for an hourly booking (its hours lie within its one date).
 */
export function lastEndDate(unit: PriceUnit, start: IsoDate): IsoDate {
  if (unit === 'month') return addMonths(start, MAX_STAY.month);
  if (unit === 'hour') return addDays(start, 1);
  return addDays(start, MAX_STAY[unit]);
}

/** Why a booking's start cannot be booked by this booker today, or null when it can. */
export function startDateRefusal(start: IsoDate, today: IsoDate, booker: Booker): string | null {
  if (start < today) return BOOKING_WINDOW_MESSAGES.pastStart;
  if (start > lastStartDate(today, booker)) return BOOKING_WINDOW_MESSAGES.beyondHorizon(booker);
  return null;
}

/**
 * Why a stay from `start` to `end` (exclusive) is too long for its unit, or null when it is not.
 * Compared by dates, so a century-long request is refused before anything counts its units.
 */
export function stayLengthRefusal(unit: PriceUnit, start: IsoDate, end: IsoDate): string | null {
  return end > lastEndDate(unit, start) ? BOOKING_WINDOW_MESSAGES.tooLong(unit) : null;
}

/**
 * "Now" for a listing booked by the hour (docs/decisions/033): the earliest time a booking on `day`
 * may start, Africa/Johannesburg. A client's half hour must not have started: at 15:00 the first is
 * 15:30, at 14:59 it is 15:00. The business may still book the half hour in progress (a walk-in at
 * the door): at 15:10, 15:00. Null on a later day (any time); '24:00' on a past day (none).
 */
export function earliestStartTime(day: IsoDate, now: Date, booker: Booker): TimeOfDay | null {
  const today = todayInBusinessZone(now);
  if (day > today) return null;
  if (day < today) return timeOf(24 * 60);
  const inProgress = Math.floor(businessMinuteOfDay(now) / SLOT_MINUTES) * SLOT_MINUTES;
  return timeOf(booker === 'client' ? inProgress + SLOT_MINUTES : inProgress);
}

/** Why an hourly booking cannot start at `startTime` on `day` now, or null when it can. */
export function startTimeRefusal(
  day: IsoDate,
  startTime: TimeOfDay,
  now: Date,
  booker: Booker,
): string | null {
  const earliest = earliestStartTime(day, now, booker);
  return earliest !== null && minutesOf(startTime) < minutesOf(earliest)
    ? BOOKING_WINDOW_MESSAGES.pastTime
    : null;
}

/**
 * The times of `day` already gone for this booker, as a range the slot pickers show as past and the
 * day's free runs leave out; null when none is.
 */
export function pastTimesOn(day: IsoDate, now: Date, booker: Booker): TimeRange | null {
  const earliest = earliestStartTime(day, now, booker);
  return earliest && minutesOf(earliest) > 0 ? { start: '00:00', end: earliest } : null;
}
