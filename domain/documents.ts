import { lineAmounts } from './billing.ts';
import type { Cents } from './money.ts';
import type { ReservationStatus } from './reservation.ts';
import { formatPercent } from './vat.ts';

/**
 * Reservation documents (docs/decisions/017): a booking confirmation and a quote are drawn from the
 * reservation as it is now; an invoice is issued — numbered per business, its content frozen — and
 * a credit note reverses an issued invoice (a changed reservation, a cancellation).
 */

export const DOCUMENT_KINDS = ['confirmation', 'quote', 'invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What the business asks for; a credit note is never asked for, it follows from a change. */
export const REQUESTED_KINDS = ['confirmation', 'quote', 'invoice'] as const;
export type RequestedKind = (typeof REQUESTED_KINDS)[number];

export const DOCUMENT_MESSAGES = {
  confirmationNotConfirmed:
    'A booking confirmation is only available once the reservation is confirmed (or completed)',
  quoteNotPending: 'A quote is only available while the reservation is pending',
  invoiceNotConfirmed: 'An invoice is only available once the reservation is confirmed or completed',
  businessDetailsMissing:
    'Please add your business details (trading name and address) on your profile before issuing documents',
  documentNotFound: 'Document not found',
  popupsBlocked: 'Please allow popups to print documents',
} as const;

/** Why a document cannot be had for a reservation in this status, or null when it can. */
export function documentRefusal(kind: RequestedKind, status: ReservationStatus): string | null {
  // A pending booking is not yet confirmed and a cancelled one never will be (issue 21).
  if (kind === 'confirmation' && status !== 'confirmed' && status !== 'completed')
    return DOCUMENT_MESSAGES.confirmationNotConfirmed;
  if (kind === 'quote' && status !== 'pending') return DOCUMENT_MESSAGES.quoteNotPending;
  if (kind === 'invoice' && status !== 'confirmed' && status !== 'completed')
    return DOCUMENT_MESSAGES.invoiceNotConfirmed;
  return null;
}

/** Numbered series, one counter per business each: INV-000042, CN-000003, and payment receipts RC-000001. */
export const DOCUMENT_SERIES = { invoice: 'INV', credit_note: 'CN', receipt: 'RC' } as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[keyof typeof DOCUMENT_SERIES];

export function formatDocumentNumber(series: DocumentSeries, number: number): string {
  return `${series}-${String(number).padStart(6, '0')}`;
}

/** The heading: a VAT vendor's invoice is a tax invoice (the words SARS requires), anyone else's is not. */
export function documentTitle(kind: DocumentKind, vatRegistered: boolean): string {
  switch (kind) {
    case 'confirmation':
      return 'Booking Confirmation';
    case 'quote':
      return 'Quote';
    case 'invoice':
      return vatRegistered ? 'Tax Invoice' : 'Invoice';
    case 'credit_note':
      return vatRegistered ? 'Tax Credit Note' : 'Credit Note';
  }
}

/** The file a document downloads as: its number when it has one, else its kind and the booking's reference. */
export function documentFileName(kind: DocumentKind, numberOrReference: string): string {
  const prefix = kind === 'confirmation' ? 'Confirmation-' : kind === 'quote' ? 'Quote-' : '';
  return `${prefix}${numberOrReference}.pdf`;
}

/** One line of a document: a supply, with its amounts as the billing line holds them. */
export interface DocumentLine {
  description: string;
  quantity: number;
  unit: string | null;
  /** Before the discount, VAT included (docs/decisions/029). */
  unitPriceCents: Cents;
  discountPercent: number;
  taxPercent: number;
  /** After the discount, without the VAT it holds (total − tax). */
  subTotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
}

/** Units that are words take a plural: '4 nights', '1 night', '2 ea', '1.5 hours'. */
const COUNTED_UNITS = new Set(['night', 'day', 'hour', 'week', 'month', 'person', 'guest']);

export function quantityLabel(quantity: number, unit: string | null): string {
  const amount = String(Number(quantity.toFixed(2)));
  if (!unit) return amount;
  const plural = quantity !== 1 && COUNTED_UNITS.has(unit.toLowerCase());
  return `${amount} ${unit}${plural ? 's' : ''}`;
}

export interface VatAtRate {
  ratePercent: number;
  taxableCents: Cents;
  taxCents: Cents;
}

export interface DocumentTotals {
  subTotalCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  /** The VAT per rate, for the totals block ("VAT at 15 %"); lines without VAT are left out. */
  vatByRate: VatAtRate[];
}

/** Totals are the lines' own amounts added up (each line was rounded to the cent once, when billed). */
export function documentTotals(lines: readonly DocumentLine[]): DocumentTotals {
  const byRate = new Map<number, VatAtRate>();
  let subTotalCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    subTotalCents += line.subTotalCents;
    taxCents += line.taxCents;
    if (line.taxPercent > 0) {
      const rate = byRate.get(line.taxPercent) ?? {
        ratePercent: line.taxPercent,
        taxableCents: 0,
        taxCents: 0,
      };
      rate.taxableCents += line.subTotalCents;
      rate.taxCents += line.taxCents;
      byRate.set(line.taxPercent, rate);
    }
  }
  return {
    subTotalCents,
    taxCents,
    totalCents: subTotalCents + taxCents,
    vatByRate: [...byRate.values()].sort((a, b) => b.ratePercent - a.ratePercent),
  };
}

/**
 * The one line a booking without billing lines is documented by: its total as stored at booking
 * (the one total, docs/decisions/029: discount already taken off the rental), with the VAT it
 * includes at its tax % — never added on top, so the document says what every screen says.
 */
export function bookingLine(input: {
  description: string;
  totalPriceCents: Cents;
  taxPercent: number;
}): DocumentLine {
  const amounts = lineAmounts({
    quantity: 1,
    unitPriceCents: input.totalPriceCents,
    taxPercent: input.taxPercent,
  });
  return {
    description: input.description,
    quantity: 1,
    unit: null,
    unitPriceCents: input.totalPriceCents,
    discountPercent: 0,
    taxPercent: input.taxPercent,
    subTotalCents: amounts.subTotalCents,
    taxCents: amounts.taxCents,
    totalCents: amounts.totalCents,
  };
}

/**
 * What the business is told before issuing an invoice: a business that is not registered for VAT
 * may not charge it, and a VAT vendor's lines charge the rate in force (or none: zero-rated).
 */
export function invoiceWarnings(input: {
  vatRegistered: boolean;
  vatRatePercent: number | null;
  lines: readonly Pick<DocumentLine, 'description' | 'taxPercent'>[];
}): string[] {
  const taxed = input.lines.filter((line) => line.taxPercent > 0);
  if (!input.vatRegistered) {
    return taxed.length === 0
      ? []
      : [
          `You are not registered for VAT, but ${taxed.length === 1 ? 'a line carries' : `${taxed.length} lines carry`} a tax %: the invoice shows no VAT, and the tax stays in the line amounts. Remove the tax % from: ${taxed.map((line) => line.description).join('; ')}.`,
        ];
  }
  const rate = input.vatRatePercent;
  if (rate === null) return ['No VAT rate is in force on the issue date.'];
  const odd = taxed.filter((line) => line.taxPercent !== rate);
  return odd.map(
    (line) =>
      `The tax % of "${line.description}" (${formatPercent(line.taxPercent)}) differs from the VAT rate (${formatPercent(rate)}).`,
  );
}

/**
 * What identifies an invoice's content: a reservation whose lines, totals or recipient differ from
 * its invoice's needs a new invoice (a corrected address is a corrected invoice too).
 */
export function invoiceContentKey(content: {
  lines: readonly DocumentLine[];
  totals: Pick<DocumentTotals, 'subTotalCents' | 'taxCents' | 'totalCents'>;
  recipient: { name: string; address: string | null; vatNumber: string | null };
}): string {
  const { lines, totals, recipient } = content;
  return JSON.stringify({
    lines: lines.map((l) => [
      l.description,
      l.quantity,
      l.unit,
      l.unitPriceCents,
      l.discountPercent,
      l.taxPercent,
      l.subTotalCents,
      l.taxCents,
      l.totalCents,
    ]),
    totals: [totals.subTotalCents, totals.taxCents, totals.totalCents],
    recipient: [recipient.name, recipient.address, recipient.vatNumber],
  });
}

/** A rental agreement version's PDF (docs/decisions/037). */
export function agreementFileName(version: number): string {
  return `Rental-agreement-v${version}.pdf`;
}
