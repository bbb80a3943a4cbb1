import { describe, expect, it } from 'vitest';
import {
  formatPlatformInvoiceNumber,
  platformInvoiceAmounts,
  platformInvoiceFileName,
} from './subscription-invoices.ts';

describe('formatPlatformInvoiceNumber', () => {
  it.each([
    [1, 'RZ-000001'],
    [42, 'RZ-000042'],
    [999_999, 'RZ-999999'],
    [1_234_567, 'RZ-1234567'],
  ])('%i → %s', (number, formatted) => {
    expect(formatPlatformInvoiceNumber(number)).toBe(formatted);
  });
});

describe('platformInvoiceFileName', () => {
  it('is Rentza- and the number', () => {
    expect(platformInvoiceFileName(42)).toBe('Rentza-RZ-000042.pdf');
  });
});

describe('platformInvoiceAmounts', () => {
  it('R 299.00 including R 39.00 VAT at 15 %: R 260.00 excluding VAT', () => {
    expect(platformInvoiceAmounts({ amountCents: 29900, vatCents: 3900 })).toEqual({
      exclusiveCents: 26000,
      vatCents: 3900,
      totalCents: 29900,
    });
  });

  it('no VAT: the total is the amount excluding VAT', () => {
    expect(platformInvoiceAmounts({ amountCents: 500, vatCents: 0 })).toEqual({
      exclusiveCents: 500,
      vatCents: 0,
      totalCents: 500,
    });
  });
});
