/** Calendar dates are 'YYYY-MM-DD' strings; ranges are half-open [start, end). */
export type IsoDate = string;

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const BUSINESS_TIME_ZONE = 'Africa/Johannesburg';

export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The calendar every date typed in must fall within (docs/decisions/025): outside it a date is a
 * typo or an attack, and a far one (9999-12-31) breaks date arithmetic in the database.
 */
export const DATE_WINDOW = { first: '2000-01-01', last: '2100-12-31' } as const;

export function isWithinDateWindow(value: IsoDate): boolean {
  return value >= DATE_WINDOW.first && value <= DATE_WINDOW.last;
}

export const dateOutsideWindowMessage = (label: string) => `${label} must be between the years 2000 and 2100`;

/**
 * Africa/Johannesburg is UTC+2 all year (no daylight saving since 1944). A fixed offset rather than
 * Intl with the time zone: the first time-zone formatter costs a browser ~40 ms on a slow phone
 * (loading zone data), and the home page needs today before it can draw.
 */
const BUSINESS_UTC_OFFSET_MS = 2 * 3_600_000;

/** Today in Africa/Johannesburg, whatever the server's or browser's zone. */
export function todayInBusinessZone(now: Date = new Date()): IsoDate {
  return new Date(now.getTime() + BUSINESS_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The Johannesburg calendar date of a moment (a stored timestamp such as when a booking was made):
 * 23:30 UTC on the 24th is 01:30 on the 25th in Johannesburg, so the 25th.
 */
export function businessDateOf(instant: string | Date): IsoDate {
  return todayInBusinessZone(typeof instant === 'string' ? new Date(instant) : instant);
}

/** '25 November 2026': the Johannesburg date of a moment, as people in the business read it. */
export function formatBusinessDate(instant: string | Date): string {
  return formatDisplayDate(businessDateOf(instant));
}

/** Minutes since midnight in Johannesburg at a moment: 13:00 UTC → 900 (15:00). */
export function businessMinuteOfDay(now: Date = new Date()): number {
  const shifted = new Date(now.getTime() + BUSINESS_UTC_OFFSET_MS);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export function addMonths(date: IsoDate, months: number): IsoDate {
  const value = new Date(`${date}T00:00:00Z`);
  const day = value.getUTCDate();
  value.setUTCDate(1);
  value.setUTCMonth(value.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth() + 1, 0)).getUTCDate();
  value.setUTCDate(Math.min(day, lastDay));
  return value.toISOString().slice(0, 10);
}

/** Whole days from a to b (negative when b is earlier). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export interface DateRange {
  start: IsoDate;
  end: IsoDate;
}

/**
 * The spec's overlap rule: a requested range conflicts with an existing one when its start falls
 * within it, its end falls within it, or it encloses it — with the end exclusive, i.e. half-open
 * ranges that share at least one night.
 */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.start < b.end && b.start < a.end;
}

// Created on first use, not when the module loads: pages that import this module may never format.
let displayDateFormat: Intl.DateTimeFormat | undefined;

export function formatDisplayDate(date: IsoDate): string {
  displayDateFormat ??= new Intl.DateTimeFormat('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return displayDateFormat.format(new Date(`${date}T00:00:00Z`));
}

let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** A moment as people in the business read it: '24 Nov 2026, 14:05' (Africa/Johannesburg). */
export function formatDisplayDateTime(instant: string | Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-ZA', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: BUSINESS_TIME_ZONE,
  });
  return dateTimeFormat.format(typeof instant === 'string' ? new Date(instant) : instant);
}
