import type { Cents } from './money.ts';

/**
 * The one CSV serializer (docs/decisions/056; Reports' tables use it too, 039): RFC 4180 — fields
 * joined by commas, rows ended by CRLF, a field quoted when it holds a comma, a quote, CR or LF, its
 * quotes doubled. A text cell a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * CR) is prefixed with an apostrophe; a plain number such as '-0.05' stays a number.
 */

export type CsvCell = string | number | null | undefined;

/** UTF-8 byte order mark: Excel reads a file that starts with it as UTF-8 (names such as "Zoë"). */
export const CSV_BOM = '\uFEFF';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvField(value: CsvCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRow = (cells: readonly CsvCell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** A header row and the rows, each ended by CRLF (no BOM: the HTTP layer adds it to a download). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map(csvRow).join('');
}

/**
 * Rand with a decimal point, two decimals and no grouping: 123456 → '1234.56', −5 → '-0.05'. The
 * point as on South African invoices; no grouping (a space or comma would make it text or split it).
 */
export function csvRand(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An ISO date as en-ZA writes it short: '2026-11-25' → '2026/11/25' (Excel in en-ZA reads it as a date). */
export const csvDate = (date: string) => date.slice(0, 10).replaceAll('-', '/');

/** A date and a time of day: '2026/11/25 14:00'. */
export const csvDateTime = (date: string, time: string) => `${csvDate(date)} ${time}`;

/** A dated download name: rentza-reservations-2026-11-26.csv. */
export const csvFileName = (what: string, today: string) => `rentza-${what}-${today}.csv`;
