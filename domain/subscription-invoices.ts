import type { Cents } from './money.ts';

/** Rentza's own tax invoices for subscription payments are numbered RZ-000001, RZ-000002, … */
export function formatPlatformInvoiceNumber(number: number): string {
  return `RZ-${String(number).padStart(6, '0')}`;
}

/** The file a Rentza tax invoice downloads as: 'Rentza-RZ-000042.pdf'. */
export function platformInvoiceFileName(number: number): string {
  return invoiceFileNameFor(formatPlatformInvoiceNumber(number));
}

/** The file name for an invoice number already formatted ('RZ-000042'). */
export function invoiceFileNameFor(invoiceNumber: string): string {
  return `Rentza-${invoiceNumber}.pdf`;
}

export interface PlatformInvoiceAmounts {
  /** The amount before VAT. */
  exclusiveCents: Cents;
  vatCents: Cents;
  /** What was paid, VAT included. */
  totalCents: Cents;
}

/** An invoice row's amounts: the stored total (VAT inclusive) and VAT, and the difference excluding VAT. */
export function platformInvoiceAmounts(invoice: {
  amountCents: Cents;
  vatCents: Cents;
}): PlatformInvoiceAmounts {
  return {
    exclusiveCents: invoice.amountCents - invoice.vatCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.amountCents,
  };
}
