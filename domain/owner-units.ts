import { formatDisplayDate, type IsoDate } from './dates.ts';
import {
  crossesTakenTime,
  type HourlyRules,
  isSlotTaken,
  minutesOf,
  type PriceUnit,
  SLOT_MINUTES,
  slotStarts,
  type TimeOfDay,
  type TimeRange,
  timeOf,
} from './rental-unit.ts';

/*
 * How the owner's screens (property form, reservation editor, calendar, management list, My
 * Reservations) show and choose units. The rules themselves are in rental-unit.ts.
 */

/** Every half hour of a day, 00:00 to 24:00: the choices for a listing's bookable hours. */
export function halfHoursOfDay(): TimeOfDay[] {
  const times: TimeOfDay[] = [];
  for (let m = 0; m <= 24 * 60; m += SLOT_MINUTES) times.push(timeOf(m));
  return times;
}

export interface TimeChoice {
  value: TimeOfDay;
  disabled: boolean;
}

/**
 * The start times the editor offers on a day: each half hour from opening until the minimum length
 * still fits before closing; a start is disabled when its slot is taken or its minimum run crosses taken time.
 */
export function startTimeChoices(rules: HourlyRules, taken: readonly TimeRange[]): TimeChoice[] {
  const latest = minutesOf(rules.bookableHours.end) - rules.minimumHours * 60;
  return slotStarts(rules)
    .filter((start) => minutesOf(start) <= latest)
    .map((start) => ({
      value: start,
      disabled:
        isSlotTaken(start, taken) ||
        crossesTakenTime(start, timeOf(minutesOf(start) + rules.minimumHours * 60), taken),
    }));
}

/**
 * The end times for a chosen start: from start + the minimum to closing, on the half hour; an end is
 * disabled when start–end would cross taken time. No start, no ends.
 */
export function endTimeChoices(
  rules: HourlyRules,
  taken: readonly TimeRange[],
  start: TimeOfDay | null,
): TimeChoice[] {
  if (!start) return [];
  const choices: TimeChoice[] = [];
  const close = minutesOf(rules.bookableHours.end);
  for (let m = minutesOf(start) + rules.minimumHours * 60; m <= close; m += SLOT_MINUTES) {
    const end = timeOf(m);
    choices.push({ value: end, disabled: crossesTakenTime(start, end, taken) });
  }
  return choices;
}

/**
 * The taken times of a day without the booking being edited (its own hours are not a conflict with
 * itself): one range equal to its own times is left out.
 */
export function withoutOwnTimes(
  taken: readonly TimeRange[],
  own: { start: TimeOfDay | null; end: TimeOfDay | null } | null,
): TimeRange[] {
  if (!own?.start || !own.end) return [...taken];
  const index = taken.findIndex((range) => range.start === own.start && range.end === own.end);
  return index < 0 ? [...taken] : taken.filter((_, i) => i !== index);
}

/** What a reservation's dates and times are, as the API returns them. */
export interface BookedDates {
  start_date: IsoDate;
  end_date: IsoDate;
  start_time: TimeOfDay | null;
  end_time: TimeOfDay | null;
}

/** An hourly booking's times, '14:00–18:00', or null for a booking by dates. */
export function bookingTimes(booking: BookedDates): string | null {
  return booking.start_time && booking.end_time ? `${booking.start_time}–${booking.end_time}` : null;
}

/**
 * Where a booking starts and ends, as shown in lists: an hourly booking by its day and times
 * ('12/03/2026 14:00', '12/03/2026 18:00'), others by their dates.
 */
export function bookingEnds(booking: BookedDates): { start: string; end: string } {
  const times = bookingTimes(booking);
  if (!times)
    return { start: formatDisplayDate(booking.start_date), end: formatDisplayDate(booking.end_date) };
  const day = formatDisplayDate(booking.start_date);
  return { start: `${day} ${booking.start_time}`, end: `${day} ${booking.end_time}` };
}

/** A booking in one phrase: '12/03/2026, 14:00–18:00' or '12/03/2026 – 14/03/2026'. */
export function bookedWhen(booking: BookedDates): string {
  const times = bookingTimes(booking);
  return times
    ? `${formatDisplayDate(booking.start_date)}, ${times}`
    : `${formatDisplayDate(booking.start_date)} – ${formatDisplayDate(booking.end_date)}`;
}

/** The editor's rate override names the listing's unit; nights and days keep 'per day' (the stored field's name). */
export function rateOverrideLabel(unit: PriceUnit): string {
  return `Rate override per ${unit === 'hour' || unit === 'month' ? unit : 'day'} (R)`;
}
