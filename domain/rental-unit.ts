import { addDays, addMonths, daysBetween, type IsoDate } from './dates.ts';
import type { PropertyType } from './property.ts';

/**
 * What a listing is booked and charged by, from its type as the spec's price period labels say
 * (booking-core §9): accommodation per night; vehicle, equipment and electronics per day; event
 * spaces per hour; storage per month.
 */
export type PriceUnit = 'night' | 'day' | 'hour' | 'month';

export function priceUnitFor(type: PropertyType): PriceUnit {
  switch (type) {
    case 'accommodation':
      return 'night';
    case 'event_space':
      return 'hour';
    case 'storage_space':
      return 'month';
    case 'vehicle':
    case 'equipment':
    case 'electronics':
      return 'day';
  }
}

/** '1 night', '3 nights', '4 hours', '4.5 hours', '2 months'. */
export function formatUnits(unit: PriceUnit, count: number): string {
  const shown = Number.isInteger(count) ? String(count) : count.toFixed(1);
  return `${shown} ${unit}${count === 1 ? '' : 's'}`;
}

/** A time of day 'HH:MM'; '24:00' is the end of the day (a closing time or a booking's end). */
export type TimeOfDay = string;

export const TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
/** Hourly bookings start and end on the hour or the half hour. */
export const SLOT_MINUTES = 30;
export const HOURLY_DEFAULTS = {
  /** The bookable hours of an hourly listing unless its owner sets others. */
  bookableHours: { start: '08:00', end: '22:00' },
  /** The spec's default rental period for event spaces: 4 hours. */
  minimumHours: 4,
} as const;
/** Storage is booked for a whole number of months, 1 by default (the spec's default rental period). */
export const MONTHLY_DEFAULTS = { months: 1, maxMonths: 24 } as const;

export function minutesOf(time: TimeOfDay): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function timeOf(minutes: number): TimeOfDay {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function isOnSlot(time: TimeOfDay): boolean {
  return TIME_PATTERN.test(time) && minutesOf(time) % SLOT_MINUTES === 0;
}

/** Hours from start to end of one day, in halves: 14:00–18:30 → 4.5. */
export function hoursBetween(start: TimeOfDay, end: TimeOfDay): number {
  return (minutesOf(end) - minutesOf(start)) / 60;
}

/** An hourly listing's rules for a booking: when it may be booked and for how long at least. */
export interface HourlyRules {
  bookableHours: { start: TimeOfDay; end: TimeOfDay };
  minimumHours: number;
}

/** Reads an event space's hourly rules from its specifications, with the defaults for what is missing. */
export function hourlyRulesOf(specifications: object | null | undefined): HourlyRules {
  // Any listing's specifications (stored JSON, or a form's values): read defensively, field by field.
  const specs = (specifications ?? {}) as {
    bookableHours?: { start?: unknown; end?: unknown };
    minimumHours?: unknown;
  };
  const hours = specs.bookableHours;
  const start =
    typeof hours?.start === 'string' && isOnSlot(hours.start)
      ? hours.start
      : HOURLY_DEFAULTS.bookableHours.start;
  const end =
    typeof hours?.end === 'string' && isOnSlot(hours.end) ? hours.end : HOURLY_DEFAULTS.bookableHours.end;
  const minimum = Number(specs.minimumHours);
  return {
    bookableHours: { start, end },
    minimumHours:
      Number.isFinite(minimum) && minimum > 0 && (minimum * 60) % SLOT_MINUTES === 0
        ? minimum
        : HOURLY_DEFAULTS.minimumHours,
  };
}

export const HOURLY_MESSAGES = {
  timesRequired: 'Please choose a start and an end time',
  onSlot: 'Times must be on the hour or the half hour',
  order: 'End time must be after start time',
  outside: (rules: HourlyRules) =>
    `This venue can be booked between ${rules.bookableHours.start} and ${rules.bookableHours.end}`,
  tooShort: (rules: HourlyRules) => `The minimum booking is ${formatUnits('hour', rules.minimumHours)}`,
  timesNotHourly: 'Start and end times apply only to listings booked by the hour',
} as const;

/** Why start–end cannot be booked on an hourly listing, or null when it can. */
export function hourlyBookingRefusal(
  start: TimeOfDay | null | undefined,
  end: TimeOfDay | null | undefined,
  rules: HourlyRules,
): string | null {
  if (!start || !end) return HOURLY_MESSAGES.timesRequired;
  if (!isOnSlot(start) || !isOnSlot(end)) return HOURLY_MESSAGES.onSlot;
  if (minutesOf(end) <= minutesOf(start)) return HOURLY_MESSAGES.order;
  if (
    minutesOf(start) < minutesOf(rules.bookableHours.start) ||
    minutesOf(end) > minutesOf(rules.bookableHours.end)
  )
    return HOURLY_MESSAGES.outside(rules);
  if (hoursBetween(start, end) < rules.minimumHours) return HOURLY_MESSAGES.tooShort(rules);
  return null;
}

export interface TimeRange {
  start: TimeOfDay;
  end: TimeOfDay;
}

/** The half-hour slots a listing can be booked in on a day: 08:00, 08:30, … up to the last before closing. */
export function slotStarts(rules: HourlyRules): TimeOfDay[] {
  const slots: TimeOfDay[] = [];
  for (
    let m = minutesOf(rules.bookableHours.start);
    m < minutesOf(rules.bookableHours.end);
    m += SLOT_MINUTES
  )
    slots.push(timeOf(m));
  return slots;
}

/** Whether the half-hour slot starting at `slot` is held by a taken time range. */
export function isSlotTaken(slot: TimeOfDay, taken: readonly TimeRange[]): boolean {
  const m = minutesOf(slot);
  return taken.some((range) => minutesOf(range.start) <= m && m < minutesOf(range.end));
}

/** Whether start–end overlaps a taken range (ranges are half-open: 12:00–14:00 and 14:00–16:00 do not). */
export function crossesTakenTime(start: TimeOfDay, end: TimeOfDay, taken: readonly TimeRange[]): boolean {
  return taken.some(
    (range) => minutesOf(range.start) < minutesOf(end) && minutesOf(start) < minutesOf(range.end),
  );
}

/** Whether a day still has a free run of at least the minimum length inside the bookable hours. */
export function hasFreeSlot(rules: HourlyRules, taken: readonly TimeRange[]): boolean {
  const needed = rules.minimumHours * 60;
  let runStart: number | null = null;
  const close = minutesOf(rules.bookableHours.end);
  for (let m = minutesOf(rules.bookableHours.start); m < close; m += SLOT_MINUTES) {
    if (isSlotTaken(timeOf(m), taken)) {
      runStart = null;
      continue;
    }
    runStart ??= m;
    if (m + SLOT_MINUTES - runStart >= needed) return true;
  }
  return false;
}

/**
 * The end of a monthly booking: the same day N months later; when that month is shorter, its last
 * day (31 January + 1 month ends 28 or 29 February; 31 January + 2 months ends 31 March — always
 * counted from the start, never month by month). docs/decisions/015.
 */
export function monthlyEnd(start: IsoDate, months: number): IsoDate {
  return addMonths(start, months);
}

/** The whole months from start to end, rounded up (a stored end that is not a month boundary counts its part month). */
export function monthsBetween(start: IsoDate, end: IsoDate): number {
  let months = 1;
  while (monthlyEnd(start, months) < end) months += 1;
  return months;
}

/** Nights or days = ceiling of the day difference, minimum 1 (spec §5). */
export function countDays(start: IsoDate, end: IsoDate): number {
  const days = Math.ceil(daysBetween(start, end));
  return days > 0 ? days : 1;
}

/** What a booking holds: its dates, and its times on the day when it is booked by the hour. */
export interface BookedPeriod {
  startDate: IsoDate;
  endDate: IsoDate;
  startTime?: TimeOfDay | null;
  endTime?: TimeOfDay | null;
}

/** How many of its unit a booking is charged for: nights, days, hours or months. */
export function unitCount(unit: PriceUnit, period: BookedPeriod): number {
  if (unit === 'hour' && period.startTime && period.endTime)
    return hoursBetween(period.startTime, period.endTime);
  if (unit === 'month') return monthsBetween(period.startDate, period.endDate);
  return countDays(period.startDate, period.endDate);
}

/**
 * The duration in words: '3 nights', '2 days', '14:00–18:00 (4 hours)', '2 months'. A day booking
 * of an hourly listing (made before listings were booked by the hour) counts its days.
 */
export function describeDuration(unit: PriceUnit, period: BookedPeriod): string {
  if (period.startTime && period.endTime)
    return `${period.startTime}–${period.endTime} (${formatUnits('hour', hoursBetween(period.startTime, period.endTime))})`;
  const dayUnit = unit === 'hour' ? 'day' : unit;
  return formatUnits(
    dayUnit,
    unit === 'hour' ? countDays(period.startDate, period.endDate) : unitCount(unit, period),
  );
}

/** The date range an hourly booking's day takes in the date columns: the day itself, [day, day + 1). */
export function hourlyDates(day: IsoDate): { startDate: IsoDate; endDate: IsoDate } {
  return { startDate: day, endDate: addDays(day, 1) };
}

/**
 * The times a client is picking on an hourly listing's slot picker: nothing, a first slot only, or
 * a first and a last slot (the booking ends when the last slot ends).
 */
export interface SlotRange {
  start: TimeOfDay | null;
  last: TimeOfDay | null;
}

export const NO_SLOTS: SlotRange = { start: null, last: null };

/** When the half-hour slot starting at `slot` ends: 21:30 → 22:00. */
export function slotEnd(slot: TimeOfDay): TimeOfDay {
  return timeOf(minutesOf(slot) + SLOT_MINUTES);
}

/**
 * The slot range after a click on `slot`, as the day calendar picks a stay: the first click sets
 * the start; the second sets the last slot when no taken time lies between; a click before the
 * start, or one whose range would cross a taken time, starts again from that slot; a taken slot
 * changes nothing; after a whole range, a click starts a new one.
 */
export function nextSlotRangeAfterClick(
  range: SlotRange,
  slot: TimeOfDay,
  taken: readonly TimeRange[],
): SlotRange {
  if (
    range.start &&
    !range.last &&
    minutesOf(slot) >= minutesOf(range.start) &&
    !crossesTakenTime(range.start, slotEnd(slot), taken)
  )
    return { start: range.start, last: slot };
  if (isSlotTaken(slot, taken)) return range;
  return { start: slot, last: null };
}

/** The times a slot range books, start to the end of its last slot; null until both slots are chosen. */
export function slotRangeTimes(range: SlotRange): TimeRange | null {
  return range.start && range.last ? { start: range.start, end: slotEnd(range.last) } : null;
}

/** How a slot reads on the picker, also read out by screen readers: '14:00, taken', '09:00, past'. */
export type SlotState = 'selected' | 'taken' | 'past' | 'available';

/** `past`: today's times already gone for the booker (domain/booking-window.ts pastTimesOn). */
export function slotState(
  range: SlotRange,
  slot: TimeOfDay,
  taken: readonly TimeRange[],
  past: TimeRange | null = null,
): SlotState {
  const m = minutesOf(slot);
  if (past && isSlotTaken(slot, [past])) return 'past';
  if (range.start && m >= minutesOf(range.start) && m <= minutesOf(range.last ?? range.start))
    return 'selected';
  return isSlotTaken(slot, taken) ? 'taken' : 'available';
}

export const MONTHLY_MESSAGES = {
  crossesBooking: 'These months overlap another booking: choose another start day or fewer months',
} as const;
