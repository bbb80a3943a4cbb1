import { describe, expect, it } from 'vitest';
import { ExtraChargeTypeInputSchema, RateInputSchema, StockItemInputSchema } from './billing.ts';

const PROPERTY = '0b7c6f1e-8d1a-4c59-9a52-2f4c1d2e3f40';
const rate = { property_id: PROPERTY, start_date: '2026-12-01', end_date: '2026-12-16', rate_cents: 150_000 };
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('RateInputSchema', () => {
  it('takes a period in ZAR (the default)', () => {
    expect(RateInputSchema.parse(rate)).toEqual({ ...rate, currency: 'ZAR' });
  });

  it.each([
    ['end = start', { end_date: '2026-12-01' }, 'End date must be after start date.'],
    ['end before start', { end_date: '2026-11-30' }, 'End date must be after start date.'],
    ['rate 0', { rate_cents: 0 }, 'Rate must be greater than 0'],
    ['a rate in part cents', { rate_cents: 10.5 }, 'Rate must be in whole cents'],
    ['another currency', { currency: 'USD' }, 'Rates are in ZAR only'],
    ['an impossible date', { start_date: '2026-02-30' }, 'Start date must be a valid date (YYYY-MM-DD)'],
    ['no property', { property_id: 'nope' }, 'Please select a property'],
  ])('refuses %s', (_case, changes, message) => {
    expect(firstMessage(RateInputSchema.safeParse({ ...rate, ...changes }))).toBe(message);
  });
});

describe('StockItemInputSchema', () => {
  it('defaults the price and tax to 0 and the unit to ea; trims; an empty SKU is none', () => {
    expect(StockItemInputSchema.parse({ name: '  Firewood  ', sku: ' ', unit: '' })).toEqual({
      name: 'Firewood',
      sku: null,
      unit_price_cents: 0,
      tax_percent: 0,
      unit: 'ea',
    });
  });

  it.each([
    ['no name', { name: ' ' }, 'Name is required'],
    ['a negative price', { name: 'Wood', unit_price_cents: -1 }, 'Unit price cannot be negative'],
    ['tax above 100', { name: 'Wood', tax_percent: 100.01 }, 'Tax % must be 100 or less'],
    ['negative tax', { name: 'Wood', tax_percent: -1 }, 'Tax % cannot be negative'],
    ['tax with 3 decimals', { name: 'Wood', tax_percent: 15.125 }, 'Tax % can have at most 2 decimals'],
  ])('refuses %s', (_case, input, message) => {
    expect(firstMessage(StockItemInputSchema.safeParse(input))).toBe(message);
  });

  it('keeps tax with 2 decimals', () => {
    expect(StockItemInputSchema.parse({ name: 'Wood', tax_percent: 15.25 }).tax_percent).toBe(15.25);
  });
});

describe('ExtraChargeTypeInputSchema', () => {
  it('defaults the amount and tax to 0', () => {
    expect(ExtraChargeTypeInputSchema.parse({ name: 'Late checkout' })).toEqual({
      name: 'Late checkout',
      default_amount_cents: 0,
      tax_percent: 0,
    });
  });

  it('refuses a missing name and a negative amount', () => {
    expect(firstMessage(ExtraChargeTypeInputSchema.safeParse({}))).toBe('Name is required');
    expect(
      firstMessage(ExtraChargeTypeInputSchema.safeParse({ name: 'Fee', default_amount_cents: -5 })),
    ).toBe('Default amount cannot be negative');
  });
});
