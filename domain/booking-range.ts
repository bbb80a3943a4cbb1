import { addDays, type DateRange, type IsoDate } from './dates.ts';

/**
 * The stay a client is picking on the booking calendar: nothing, a check-in day only, or a check-in
 * and a check-out day. Nights are half-open: a stay from the 13th to the 16th holds the nights of
 * the 13th, 14th and 15th, so its check-out day may be the first day of someone else's stay.
 */
export interface StayRange {
  start: IsoDate | null;
  end: IsoDate | null;
}

export const NO_STAY: StayRange = { start: null, end: null };

/** What the availability API says: bookable days (nights) and the stays that hold the others. */
export interface NightAvailability {
  dates: readonly IsoDate[];
  blocked: readonly DateRange[];
}

/** Whether another stay holds the night of `day` (start ≤ day < end). */
export function isNightTaken(day: IsoDate, blocked: readonly DateRange[]): boolean {
  return blocked.some((stay) => stay.start <= day && day < stay.end);
}

/** Whether the stay [start, end) would hold a night another stay already holds. */
export function crossesTakenNight(start: IsoDate, end: IsoDate, blocked: readonly DateRange[]): boolean {
  return blocked.some((stay) => stay.start < end && start < stay.end);
}

/** Whether the night of `day` can be booked: a listed bookable day that no stay holds. */
export function isNightFree(day: IsoDate, availability: NightAvailability): boolean {
  return availability.dates.includes(day) && !isNightTaken(day, availability.blocked);
}

/** Whether check-in `start` and check-out `end` make a stay whose every night is free. */
export function isBookableStay(start: IsoDate, end: IsoDate, availability: NightAvailability): boolean {
  if (end <= start || crossesTakenNight(start, end, availability.blocked)) return false;
  for (let night = start; night < end; night = addDays(night, 1)) {
    if (!isNightFree(night, availability)) return false;
  }
  return true;
}

/** Whether the range is a whole stay that can be booked. */
export function isCompleteStay(range: StayRange, availability: NightAvailability): boolean {
  return !!range.start && !!range.end && isBookableStay(range.start, range.end, availability);
}

const pickingCheckOut = (range: StayRange): range is { start: IsoDate; end: null } =>
  !!range.start && !range.end;

/**
 * The range after a click on `day`. The first click sets the check-in only; the second sets the
 * check-out when every night between is free. A click on or before the check-in, or one whose
 * stay would cross a taken night, starts again from that day when its night is free; a click on a
 * day that can be neither leaves the range as it was. After a whole stay, a click starts a new one.
 */
export function nextRangeAfterClick(
  range: StayRange,
  day: IsoDate,
  availability: NightAvailability,
): StayRange {
  if (pickingCheckOut(range) && isBookableStay(range.start, day, availability)) {
    return { start: range.start, end: day };
  }
  if (isNightFree(day, availability)) return { start: day, end: null };
  return range;
}

/** Whether a click on `day` would change anything: a free night, or the check-out being picked. */
export function canPickDay(range: StayRange, day: IsoDate, availability: NightAvailability): boolean {
  if (pickingCheckOut(range) && isBookableStay(range.start, day, availability)) return true;
  return isNightFree(day, availability);
}

/** The range after the check-in field changes: the check-out stays only if the stay is still bookable. */
export function rangeWithStart(
  range: StayRange,
  start: IsoDate | null,
  availability: NightAvailability,
): StayRange {
  if (!start) return NO_STAY;
  const keepEnd = range.end && isBookableStay(start, range.end, availability) ? range.end : null;
  return { start, end: keepEnd };
}

/** The range after the check-out field changes; a check-out that makes no bookable stay is refused. */
export function rangeWithEnd(
  range: StayRange,
  end: IsoDate | null,
  availability: NightAvailability,
): StayRange {
  if (!end || !range.start) return { start: range.start, end: null };
  return isBookableStay(range.start, end, availability) ? { start: range.start, end } : range;
}

/** How a calendar day reads: part of the chosen stay, held by another stay, or free. */
export type CalendarDayState = 'selected' | 'booked' | 'available' | 'unavailable';

export function calendarDayState(
  range: StayRange,
  day: IsoDate,
  availability: NightAvailability,
): CalendarDayState {
  if (range.start && (day === range.start || (range.end && range.start < day && day <= range.end))) {
    return 'selected';
  }
  if (isNightTaken(day, availability.blocked)) return 'booked';
  return isNightFree(day, availability) ? 'available' : 'unavailable';
}

/** The legend's words for each state, also read out by screen readers on each day. */
export const CALENDAR_DAY_LABELS: Record<CalendarDayState, string> = {
  available: 'Available',
  booked: 'Booked',
  selected: 'Selected',
  unavailable: 'Unavailable',
};
