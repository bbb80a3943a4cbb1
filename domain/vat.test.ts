import { describe, expect, it } from 'vitest';
import { BusinessDetailsInputSchema } from './schemas/business-details.ts';
import {
  FULL_TAX_INVOICE_THRESHOLD_CENTS,
  formatPercent,
  isValidVatNumber,
  recipientDetailsRequired,
  VAT_NUMBER_MESSAGE,
  type VatRate,
  vatRateOn,
} from './vat.ts';

describe('isValidVatNumber (10 digits starting with 4)', () => {
  it.each([
    ['4123456789', true],
    ['4000000000', true],
    ['4123 456 789', true],
    [' 4123456789 ', true],
    ['412345678', false],
    ['41234567890', false],
    ['5123456789', false],
    ['0123456789', false],
    ['412345678a', false],
    ['412-345-6789', false],
    ['', false],
  ])('%j → %s', (value, valid) => {
    expect(isValidVatNumber(value)).toBe(valid);
  });
});

describe('vatRateOn (the rate in force on a date, by effective date)', () => {
  const rates: VatRate[] = [
    { effectiveFrom: '2018-04-01', ratePercent: 15 },
    { effectiveFrom: '1993-04-07', ratePercent: 14 },
    { effectiveFrom: '2027-04-01', ratePercent: 15.5 },
  ];
  it.each([
    ['1993-04-06', null],
    ['1993-04-07', 14],
    ['2018-03-31', 14],
    ['2018-04-01', 15],
    ['2026-11-23', 15],
    ['2027-03-31', 15],
    ['2027-04-01', 15.5],
    ['2030-01-01', 15.5],
  ])('on %s → %s', (date, rate) => {
    expect(vatRateOn(date, rates)).toBe(rate);
  });

  it('has no rate without rates', () => {
    expect(vatRateOn('2026-01-01', [])).toBeNull();
  });
});

describe('recipientDetailsRequired (a full tax invoice above R 5 000)', () => {
  it.each([
    [true, 499_999, false],
    [true, FULL_TAX_INVOICE_THRESHOLD_CENTS, false],
    [true, 500_001, true],
    [true, 1_250_000, true],
    [false, 1_250_000, false],
  ])('VAT vendor %s, total %i cents → %s', (vatRegistered, totalCents, required) => {
    expect(recipientDetailsRequired({ vatRegistered, totalCents })).toBe(required);
  });
});

describe('formatPercent', () => {
  it.each([
    [15, '15 %'],
    [14.5, '14.5 %'],
    [0, '0 %'],
    [12.25, '12.25 %'],
  ])('%d → %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });
});

describe('BusinessDetailsInputSchema', () => {
  const base = {
    trading_name: 'Karoo Stays',
    address: '12 Long Street\nCape Town\n8001',
    vat_registered: false,
  };

  it.each([
    [{ vat_registered: true, vat_number: '4123456789' }, null],
    [{ vat_registered: true, vat_number: '4123 456 789' }, null],
    [{ vat_registered: true, vat_number: '' }, VAT_NUMBER_MESSAGE],
    [{ vat_registered: true }, VAT_NUMBER_MESSAGE],
    [{ vat_registered: true, vat_number: '5123456789' }, VAT_NUMBER_MESSAGE],
    [{ vat_registered: false, vat_number: '' }, null],
    [{ vat_registered: false, vat_number: '123' }, VAT_NUMBER_MESSAGE],
  ])('%j → %s', (fields, message) => {
    const result = BusinessDetailsInputSchema.safeParse({ ...base, ...fields });
    if (message === null) expect(result.success).toBe(true);
    else expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('stores the VAT number without spaces and empty fields as null', () => {
    const parsed = BusinessDetailsInputSchema.parse({
      ...base,
      vat_registered: true,
      vat_number: '4123 456 789',
      phone: '',
      bank_account_number: '62 1234 5678',
      bank_branch_code: '250 655',
    });
    expect(parsed).toMatchObject({
      vat_number: '4123456789',
      phone: null,
      email: null,
      bank_account_number: '6212345678',
      bank_branch_code: '250655',
      payment_terms: null,
    });
  });

  it.each([
    [{ trading_name: ' ' }, 'Trading name is required'],
    [{ address: '' }, 'Address is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email'],
    [{ phone: '12' }, 'Please enter a valid phone number'],
    [{ bank_branch_code: '12345' }, 'Branch code must be 6 digits'],
    [{ bank_account_number: '12ab' }, 'Account number must be 6 to 16 digits'],
  ])('%j → %s', (fields, message) => {
    const result = BusinessDetailsInputSchema.safeParse({ ...base, ...fields });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
