import { z } from 'zod';
import {
  CATALOGUE_MESSAGES,
  DEFAULT_STOCK_UNIT,
  hasAtMostTwoDecimals,
  MAX_BILLING_AMOUNT_CENTS,
} from '../billing-catalogues.ts';
import { RATE_CURRENCY, RATE_MESSAGES } from '../billing-rates.ts';
import { dateOutsideWindowMessage, isValidIsoDate, isWithinDateWindow } from '../dates.ts';
import { amountTooHigh } from '../money.ts';

/** Billing setup on the wire (GET/POST/PUT /api/billing/…): amounts in integer cents, tax in percent. */

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isValidIsoDate, `${label} must be a valid date (YYYY-MM-DD)`)
    .refine(isWithinDateWindow, dateOutsideWindowMessage(label));

const cents = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be in whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_BILLING_AMOUNT_CENTS, amountTooHigh(label));

const taxPercent = z
  .number({ error: 'Tax % must be a number' })
  .min(0, 'Tax % cannot be negative')
  .max(100, 'Tax % must be 100 or less')
  .refine(hasAtMostTwoDecimals, 'Tax % can have at most 2 decimals');

const name = z
  .string({ error: CATALOGUE_MESSAGES.nameRequired })
  .trim()
  .min(1, CATALOGUE_MESSAGES.nameRequired)
  .max(120, 'Name must be 120 characters or fewer');

const timestamps = { created_at: z.string(), updated_at: z.string() };

/** Which business a catalogue request is about: an admin names one; owners and staff work for their own. */
export const BillingBusinessQuerySchema = z.object({
  owner_id: z.uuid('Please choose a valid business').optional(),
});

export const RateListQuerySchema = z.object({ property_id: z.uuid(RATE_MESSAGES.propertyRequired) });

export const RateInputSchema = z
  .object({
    property_id: z.uuid(RATE_MESSAGES.propertyRequired),
    start_date: isoDate('Start date'),
    /** Exclusive: the first day the rate no longer applies. */
    end_date: isoDate('End date'),
    /** Per the listing's unit: night, day, hour or month. */
    rate_cents: z
      .number({ error: RATE_MESSAGES.rateRequired })
      .int('Rate must be in whole cents')
      .min(1, RATE_MESSAGES.rateRequired)
      .max(MAX_BILLING_AMOUNT_CENTS, amountTooHigh('Rate')),
    currency: z.literal(RATE_CURRENCY, 'Rates are in ZAR only').default(RATE_CURRENCY),
  })
  .refine((rate) => rate.end_date > rate.start_date, {
    message: RATE_MESSAGES.endAfterStart,
    path: ['end_date'],
  });
export type RateInput = z.infer<typeof RateInputSchema>;

export const RateSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  owner_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  rate_cents: z.number(),
  currency: z.literal(RATE_CURRENCY),
  ...timestamps,
});
export type Rate = z.infer<typeof RateSchema>;

export const StockItemInputSchema = z.object({
  name,
  sku: z
    .string()
    .trim()
    .max(60, 'SKU must be 60 characters or fewer')
    .nullish()
    .transform((value) => value || null),
  unit_price_cents: cents('Unit price').default(0),
  tax_percent: taxPercent.default(0),
  unit: z
    .string()
    .trim()
    .max(20, 'Unit must be 20 characters or fewer')
    .nullish()
    .transform((value) => value || DEFAULT_STOCK_UNIT),
});
export type StockItemInput = z.infer<typeof StockItemInputSchema>;

export const StockItemSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  unit_price_cents: z.number(),
  tax_percent: z.number(),
  unit: z.string(),
  ...timestamps,
});
export type StockItem = z.infer<typeof StockItemSchema>;

export const ExtraChargeTypeInputSchema = z.object({
  name,
  default_amount_cents: cents('Default amount').default(0),
  tax_percent: taxPercent.default(0),
});
export type ExtraChargeTypeInput = z.infer<typeof ExtraChargeTypeInputSchema>;

export const ExtraChargeTypeSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  name: z.string(),
  default_amount_cents: z.number(),
  tax_percent: z.number(),
  ...timestamps,
});
export type ExtraChargeType = z.infer<typeof ExtraChargeTypeSchema>;

/** What deleting a catalogue entry did: an entry already used on a billing line is archived instead. */
export const CatalogueDeleteResultSchema = z.object({ archived: z.boolean() });
export type CatalogueDeleteResult = z.infer<typeof CatalogueDeleteResultSchema>;
