import type { IsoDate } from './dates.ts';
import type { Cents } from './money.ts';

/**
 * South African VAT rules for documents (docs/decisions/017):
 * - a VAT number is 10 digits and starts with 4;
 * - the VAT rate is the one in force on the document's issue date (a table of rates by effective
 *   date, so a rate change is a new row, not a code change);
 * - a tax invoice over R 5 000 is a "full" tax invoice: it also names the recipient's address and,
 *   when they have one, their VAT number (VAT Act s20(4)); up to R 5 000 the recipient's name is enough.
 */

export const VAT_NUMBER_MESSAGE = 'VAT number must be 10 digits starting with 4';
const VAT_NUMBER_PATTERN = /^4\d{9}$/;

/** Spaces are common when people type it ("4123 456 789"); they are not part of the number. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isValidVatNumber(value: string): boolean {
  return VAT_NUMBER_PATTERN.test(normalizeVatNumber(value));
}

export interface VatRate {
  /** The first day the rate applies. */
  effectiveFrom: IsoDate;
  ratePercent: number;
}

/** The rate in force on a date: the latest rate that took effect on or before it; null before any rate. */
export function vatRateOn(date: IsoDate, rates: readonly VatRate[]): number | null {
  let current: VatRate | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom <= date && (!current || rate.effectiveFrom > current.effectiveFrom))
      current = rate;
  }
  return current ? current.ratePercent : null;
}

/** R 5 000: above this a tax invoice must carry the recipient's address and VAT number. */
export const FULL_TAX_INVOICE_THRESHOLD_CENTS: Cents = 500_000;

export function recipientDetailsRequired(input: { vatRegistered: boolean; totalCents: Cents }): boolean {
  return input.vatRegistered && input.totalCents > FULL_TAX_INVOICE_THRESHOLD_CENTS;
}

export const RECIPIENT_ADDRESS_MESSAGE =
  "A tax invoice over R 5 000 must show the client's address. Please enter it.";

/** "15 %", "14.5 %": a rate as documents print it. */
export function formatPercent(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2).replace(/0$/, '')} %`;
}
