import { describe, expect, it } from 'vitest';
import { lineAmounts } from './billing.ts';
import { documentMail, documentMailText, mailtoLink } from './document-mail.ts';
import {
  bookingLine,
  type DocumentLine,
  documentFileName,
  documentRefusal,
  documentTitle,
  documentTotals,
  formatDocumentNumber,
  invoiceContentKey,
  invoiceWarnings,
  quantityLabel,
} from './documents.ts';
import type { ReservationStatus } from './reservation.ts';

const line = (
  description: string,
  quantity: number,
  unitPriceCents: number,
  taxPercent: number,
): DocumentLine => {
  const amounts = lineAmounts({ quantity, unitPriceCents, taxPercent });
  return {
    description,
    quantity,
    unit: null,
    unitPriceCents,
    discountPercent: 0,
    taxPercent,
    subTotalCents: amounts.subTotalCents,
    taxCents: amounts.taxCents,
    totalCents: amounts.totalCents,
  };
};

describe('documentRefusal (which documents a status allows)', () => {
  const CONFIRMATION =
    'A booking confirmation is only available once the reservation is confirmed (or completed)';
  const QUOTE = 'A quote is only available while the reservation is pending';
  const INVOICE = 'An invoice is only available once the reservation is confirmed or completed';
  it.each<[ReservationStatus, string | null, string | null, string | null]>([
    ['pending', CONFIRMATION, null, INVOICE],
    ['confirmed', null, QUOTE, null],
    ['completed', null, QUOTE, null],
    ['cancelled', CONFIRMATION, QUOTE, INVOICE],
  ])('%s: confirmation %s, quote %s, invoice %s', (status, confirmation, quote, invoice) => {
    expect(documentRefusal('confirmation', status)).toBe(confirmation);
    expect(documentRefusal('quote', status)).toBe(quote);
    expect(documentRefusal('invoice', status)).toBe(invoice);
  });
});

describe('document numbers, titles and file names', () => {
  it.each([
    ['INV', 42, 'INV-000042'],
    ['CN', 3, 'CN-000003'],
    ['INV', 1_234_567, 'INV-1234567'],
  ] as const)('%s %i → %s', (series, number, text) => {
    expect(formatDocumentNumber(series, number)).toBe(text);
  });

  it.each([
    ['invoice', true, 'Tax Invoice'],
    ['invoice', false, 'Invoice'],
    ['credit_note', true, 'Tax Credit Note'],
    ['credit_note', false, 'Credit Note'],
    ['quote', true, 'Quote'],
    ['confirmation', false, 'Booking Confirmation'],
  ] as const)('%s, VAT registered %s → %s', (kind, vat, title) => {
    expect(documentTitle(kind, vat)).toBe(title);
  });

  it.each([
    ['invoice', 'INV-000042', 'INV-000042.pdf'],
    ['credit_note', 'CN-000003', 'CN-000003.pdf'],
    ['quote', 'RZ-7K3M9Q', 'Quote-RZ-7K3M9Q.pdf'],
    ['confirmation', 'RZ-7K3M9Q', 'Confirmation-RZ-7K3M9Q.pdf'],
  ] as const)('%s %s → %s', (kind, number, name) => {
    expect(documentFileName(kind, number)).toBe(name);
  });
});

describe('quantityLabel', () => {
  it.each([
    [4, 'night', '4 nights'],
    [1, 'night', '1 night'],
    [2, 'ea', '2 ea'],
    [1.5, 'hour', '1.5 hours'],
    [3, null, '3'],
    [2.25, 'Month', '2.25 Months'],
  ])('%d %s → %s', (quantity, unit, text) => {
    expect(quantityLabel(quantity, unit)).toBe(text);
  });
});

describe('documentTotals (from the lines, with VAT per rate)', () => {
  it.each([
    {
      name: 'three nights and linen at 15 %',
      lines: [line('Nights', 3, 125_000, 15), line('Extra linen', 2, 7_500, 15)],
      totals: { subTotalCents: 339_130, taxCents: 50_870, totalCents: 390_000 }, // VAT included (029)
      vat: [{ ratePercent: 15, taxableCents: 339_130, taxCents: 50_870 }],
    },
    {
      name: 'a zero-rated line is left out of the VAT block',
      lines: [line('Nights', 2, 100_000, 15), line('Transfer abroad', 1, 50_000, 0)],
      totals: { subTotalCents: 223_913, taxCents: 26_087, totalCents: 250_000 },
      vat: [{ ratePercent: 15, taxableCents: 173_913, taxCents: 26_087 }],
    },
    {
      name: 'each line rounded once (R 3.33 holds 43.43 c → 43 c), then added',
      lines: [line('Gas', 1, 333, 15), line('Gas', 1, 333, 15)],
      totals: { subTotalCents: 580, taxCents: 86, totalCents: 666 },
      vat: [{ ratePercent: 15, taxableCents: 580, taxCents: 86 }],
    },
    {
      name: 'two rates, highest first',
      lines: [line('Old rate', 1, 10_000, 14), line('New rate', 1, 10_000, 15)],
      totals: { subTotalCents: 17_468, taxCents: 2_532, totalCents: 20_000 },
      vat: [
        { ratePercent: 15, taxableCents: 8_696, taxCents: 1_304 },
        { ratePercent: 14, taxableCents: 8_772, taxCents: 1_228 },
      ],
    },
    { name: 'no lines', lines: [], totals: { subTotalCents: 0, taxCents: 0, totalCents: 0 }, vat: [] },
  ])('$name', ({ lines, totals, vat }) => {
    expect(documentTotals(lines)).toEqual({ ...totals, vatByRate: vat });
  });
});

describe('bookingLine (a booking without billing lines): its one total, VAT included, never added (029)', () => {
  it.each([
    [{ totalPriceCents: 375_000, taxPercent: 0 }, [375_000, 0, 375_000]],
    [{ totalPriceCents: 375_000, taxPercent: 15 }, [326_087, 48_913, 375_000]],
    [{ totalPriceCents: 200_000, taxPercent: 15 }, [173_913, 26_087, 200_000]],
  ])('%j → sub-total, VAT, total %j', (input, [subTotal, tax, total]) => {
    const result = bookingLine({ description: 'Stay', ...input });
    expect([result.subTotalCents, result.taxCents, result.totalCents]).toEqual([subTotal, tax, total]);
    expect(result).toMatchObject({ quantity: 1, unitPriceCents: input.totalPriceCents });
  });
});

describe('invoiceWarnings', () => {
  const lines = [
    { description: 'Nights', taxPercent: 15 },
    { description: 'Linen', taxPercent: 0 },
  ];
  it.each([
    [{ vatRegistered: true, vatRatePercent: 15, lines }, []],
    [
      { vatRegistered: true, vatRatePercent: 15, lines: [{ description: 'Gas', taxPercent: 14 }] },
      ['The tax % of "Gas" (14 %) differs from the VAT rate (15 %).'],
    ],
    [{ vatRegistered: true, vatRatePercent: null, lines }, ['No VAT rate is in force on the issue date.']],
    [{ vatRegistered: false, vatRatePercent: 15, lines: [{ description: 'Linen', taxPercent: 0 }] }, []],
    [
      { vatRegistered: false, vatRatePercent: 15, lines },
      [
        'You are not registered for VAT, but a line carries a tax %: the invoice shows no VAT, and the tax stays in the line amounts. Remove the tax % from: Nights.',
      ],
    ],
  ])('%j → %j', (input, warnings) => {
    expect(invoiceWarnings(input)).toEqual(warnings);
  });
});

describe('invoiceContentKey (a changed reservation needs a new invoice)', () => {
  type Recipient = { name: string; address: string | null; vatNumber: string | null };
  const recipient: Recipient = { name: 'Lerato Mokoena', address: null, vatNumber: null };
  const keyOf = (lines: DocumentLine[], to: Recipient = recipient) =>
    invoiceContentKey({ lines, totals: documentTotals(lines), recipient: to });
  const key = keyOf([line('Nights', 3, 125_000, 15)]);
  it('is the same for the same lines, totals and recipient', () => {
    expect(keyOf([line('Nights', 3, 125_000, 15)])).toBe(key);
  });
  it.each([
    ['another quantity', [line('Nights', 4, 125_000, 15)], recipient],
    ['another description', [line('Nights (sea view)', 3, 125_000, 15)], recipient],
    ['another tax %', [line('Nights', 3, 125_000, 0)], recipient],
    ['one more line', [line('Nights', 3, 125_000, 15), line('Gas bottle', 1, 35_000, 15)], recipient],
    [
      'the recipient’s address added',
      [line('Nights', 3, 125_000, 15)],
      { ...recipient, address: '1 Main Rd' },
    ],
  ])('differs for %s', (_what, changed, to) => {
    expect(keyOf(changed, to)).not.toBe(key);
  });
});

describe('document emails', () => {
  const input = {
    kind: 'invoice' as const,
    title: 'Tax Invoice',
    number: 'INV-000042',
    reference: 'RZ-7K3M9Q',
    propertyTitle: 'Sea Point Loft',
    when: '23 November 2026 – 26 November 2026',
    clientFirstName: 'Lerato',
    businessName: 'Karoo Stays',
    link: 'https://rentza.example/my-reservations',
    attached: true,
  };

  it('names the document, the booking and the business', () => {
    const mail = documentMail(input);
    expect(mail.subject).toBe('Tax Invoice INV-000042: Sea Point Loft (RZ-7K3M9Q) from Karoo Stays');
    expect(documentMailText(mail, 'Lerato')).toBe(
      [
        'Dear Lerato,',
        'Please find attached the tax invoice INV-000042 for your booking of Sea Point Loft, 23 November 2026 – 26 November 2026 (reference RZ-7K3M9Q).',
        'You can view and download it any time under My Reservations: https://rentza.example/my-reservations',
        'Kind regards,\nKaroo Stays',
      ].join('\n\n'),
    );
  });

  it.each([
    ['quote', 'Quote: Sea Point Loft (RZ-7K3M9Q) from Karoo Stays', 'Your quote for your booking'],
    [
      'confirmation',
      'Booking confirmation: Sea Point Loft (RZ-7K3M9Q) from Karoo Stays',
      'Your booking confirmation',
    ],
  ] as const)('a %s for the mail client says where to find it', (kind, subject, opening) => {
    const mail = documentMail({ ...input, kind, number: null, attached: false });
    expect(mail.subject).toBe(subject);
    expect(mail.paragraphs[0]).toMatch(new RegExp(`^${opening}`));
  });

  it('builds a mailto: link with the address, subject and body encoded', () => {
    expect(mailtoLink('lerato@example.co.za', 'Quote: A & B', 'Dear Lerato,\n\nHi')).toBe(
      'mailto:lerato@example.co.za?subject=Quote%3A%20A%20%26%20B&body=Dear%20Lerato%2C%0D%0A%0D%0AHi',
    );
  });
});
