import { addDays, formatDisplayDate, type IsoDate } from '../dates.ts';

/** The calendar's month grid: whole weeks, titles, moving between months and days, spoken day labels. Months are 1–12. */

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
