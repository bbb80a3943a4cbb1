import { z } from 'zod';
import { PAYMENT_METHODS, PAYOUT_METHODS, TRANSACTION_KINDS } from '../billing.ts';
import { hasAtMostTwoDecimals, MAX_BILLING_AMOUNT_CENTS } from '../billing-catalogues.ts';
import { BILLING_LINE_MESSAGES as M } from '../billing-lines.ts';
import { amountTooHigh } from '../money.ts';

/**
 * A reservation's billing lines on the wire (/api/reservations/:id/transactions). A request names
 * what to add; the server computes every amount from quantity, unit price and tax % (a stock charge
 * takes its price from the catalogue, a rental charge from the rate calculator) and ignores any
 * amount or total sent with it.
 */

/** A charge's quantity: above 0 (ad hoc) or at least 1 (stock and typed charges), 2 decimals at most. */
const quantity = (atLeastOne: boolean) => {
  const number = z.number({ error: 'Quantity must be a number' });
  return (atLeastOne ? number.min(1, M.quantityAtLeastOne) : number.gt(0, M.quantityPositive))
    .max(100_000, 'Quantity must be at most 100 000')
    .refine(hasAtMostTwoDecimals, 'Quantity can have at most 2 decimals');
};

const cents = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be in whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_BILLING_AMOUNT_CENTS, amountTooHigh(label));

const amount = z
  .number({ error: M.amountPositive })
  .int('Amount must be in whole cents')
  .min(1, M.amountPositive)
  .max(MAX_BILLING_AMOUNT_CENTS, amountTooHigh('Amount'));

const taxPercent = z
  .number({ error: 'Tax % must be a number' })
  .min(0, 'Tax % cannot be negative')
  .max(100, 'Tax % must be 100 or less')
  .refine(hasAtMostTwoDecimals, 'Tax % can have at most 2 decimals');

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullish()
    .transform((value) => value || null);

/** How money went back to the client: required on every new refund and deposit refund. */
const payoutMethod = z.enum(PAYOUT_METHODS, M.payoutRequired);

const description = z
  .string({ error: M.descriptionRequired })
  .trim()
  .min(1, M.descriptionRequired)
  .max(200, 'Description must be 200 characters or fewer');

export const BillingLineInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('ad_hoc'),
      description,
      quantity: quantity(false),
      unit: optionalText('Unit', 20),
      unit_price_cents: cents('Unit price'),
      tax_percent: taxPercent.default(0),
      note: optionalText('Note', 500),
    }),
    /** An ad hoc charge of a type: amount and tax default from the type. */
    z.object({
      kind: z.literal('extra'),
      extra_charge_type_id: z.uuid(M.typeRequired),
      quantity: quantity(true),
      unit_price_cents: cents('Amount').optional(),
      tax_percent: taxPercent.optional(),
      note: optionalText('Note', 500),
    }),
    z.object({
      kind: z.literal('stock'),
      stock_item_id: z.uuid(M.stockRequired),
      quantity: quantity(true),
      note: optionalText('Note', 500),
    }),
    z.object({ kind: z.literal('rental') }),
    z.object({
      kind: z.literal('payment'),
      payment_method: z.enum(PAYMENT_METHODS, 'Payment method must be manual or PayFast'),
      amount_cents: amount,
      transaction_ref: optionalText('Transaction ID', 100),
      note: optionalText('Note', 500),
    }),
    z.object({ kind: z.literal('deposit_received'), amount_cents: amount, note: optionalText('Note', 500) }),
    z.object({
      kind: z.literal('deposit_refunded'),
      amount_cents: amount,
      payout_method: payoutMethod,
      transaction_ref: optionalText('Reference', 100),
      note: optionalText('Note', 500),
    }),
    /** An overpayment paid back to the client: at most what the client has paid in excess. */
    z.object({
      kind: z.literal('refund'),
      amount_cents: amount,
      payout_method: payoutMethod,
      transaction_ref: optionalText('Reference', 100),
      note: optionalText('Note', 500),
    }),
    /** Part of the held deposit kept as revenue: the amount includes its tax. */
    z.object({
      kind: z.literal('deposit_kept'),
      amount_cents: amount,
      tax_percent: taxPercent.default(0),
      description: optionalText('Reason', 200),
      note: optionalText('Note', 500),
    }),
  ],
  { error: 'Please choose what to add: ad_hoc, extra, stock, rental, payment, refund or a deposit line' },
);
export type BillingLineInput = z.infer<typeof BillingLineInputSchema>;

export const BillingLineSchema = z.object({
  id: z.string(),
  reservation_id: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  description: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unit_price_cents: z.number(),
  tax_percent: z.number(),
  discount_percent: z.number(),
  sub_total_cents: z.number(),
  tax_cents: z.number(),
  total_cents: z.number(),
  payment_amount_cents: z.number().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  /** How a refund or deposit refund was paid out; null on other lines and on older deposit refunds. */
  payout_method: z.enum(PAYOUT_METHODS).nullable(),
  transaction_ref: z.string().nullable(),
  stock_item_id: z.string().nullable(),
  extra_charge_type_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type BillingLine = z.infer<typeof BillingLineSchema>;

/** A reservation's active lines with what they add up to (domain/billing.ts ledgerSummary). */
export const LedgerSchema = z.object({
  reservation_id: z.string(),
  lines: z.array(BillingLineSchema),
  charges_cents: z.number(),
  payments_cents: z.number(),
  balance_due_cents: z.number(),
  credit_cents: z.number(),
  deposit_held_cents: z.number(),
  /** The reservation's total after the change: the sum of its charge lines once it has any. */
  total_price_cents: z.number(),
});
export type Ledger = z.infer<typeof LedgerSchema>;
