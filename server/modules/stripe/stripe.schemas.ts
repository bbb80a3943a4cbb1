import { z } from 'zod';
import {
  RENTZA_PRICE_CURRENCY,
  STRIPE_CURRENCIES,
  STRIPE_DEFAULT_CURRENCY,
} from '../../platform/payments/stripe-gateway.ts';

/**
 * The two direct Stripe calls of the spec (§7 "Direct HTTP calls"). Amounts are in the currency's
 * smallest unit (cents; yen for JPY), as Stripe counts them. The server prices every payment itself
 * (Rentza's prices, in ZAR): the caller's amount and currency are only checked against that price
 * (STRIPE_PRICE_MESSAGES). (Wire schemas belong in domain/schemas/; these stay here until the web app
 * calls them.)
 */

export const STRIPE_VALIDATION = {
  amount: 'Amount must be a whole number of cents greater than 0',
  amountTooLarge: 'Amount must be at most 99999999 cents',
  currency: `Currency must be one of ${STRIPE_CURRENCIES.join(', ')}`,
  email: 'Please enter a valid email',
  text: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

const priceCurrency = RENTZA_PRICE_CURRENCY.toUpperCase();

/** Refusals of an amount or currency that is not the server's price (400; nothing is created). */
export const STRIPE_PRICE_MESSAGES = {
  invalidPlan: 'Invalid plan selected',
  nothingDue: 'Nothing is due: your plan is free',
  /** create-subscription: the plan's monthly price, with the owner's active add-ons when there are any. */
  planPrice: (planName: string, cents: number, withAddOns: boolean) =>
    `Amount must be the ${planName} plan's monthly price${withAddOns ? ' with your add-ons' : ''}: ${cents} cents in ${priceCurrency}`,
  /** create-payment-intent (Pay now): the next billing amount of the owner's plan and add-ons. */
  amountDue: (cents: number) => `Amount must be your next billing amount: ${cents} cents in ${priceCurrency}`,
} as const;

const amount = z
  .number({ error: STRIPE_VALIDATION.amount })
  .int(STRIPE_VALIDATION.amount)
  .positive(STRIPE_VALIDATION.amount)
  // Stripe's limit for a charge: eight digits in the smallest unit.
  .max(99_999_999, STRIPE_VALIDATION.amountTooLarge);
const currency = z
  .enum(STRIPE_CURRENCIES, { error: STRIPE_VALIDATION.currency })
  .default(STRIPE_DEFAULT_CURRENCY);
const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .trim()
    .max(max, STRIPE_VALIDATION.text(label, max));
const email = z.string().trim().pipe(z.email(STRIPE_VALIDATION.email));

export const CreateStripeSubscriptionSchema = z.object({
  /** The paid plan bought (pro or business); anything else is refused with 'Invalid plan selected'. */
  priceId: text('Price', 100).min(1, 'Price is required'),
  /** Our id of the customer: when given, it must be the signed-in owner. */
  customerId: text('Customer', 100).optional(),
  customerEmail: email.optional(),
  customerName: text('Customer name', 200).optional(),
  /** Must be the plan's monthly price (with active add-ons) in ZAR: checked, never trusted. */
  amount,
  currency,
  description: text('Description', 250).optional(),
});
export type CreateStripeSubscription = z.infer<typeof CreateStripeSubscriptionSchema>;

export const CreateStripePaymentSchema = z.object({
  /** Must be the owner's next billing amount in ZAR: checked, never trusted. */
  amount,
  currency,
  description: text('Description', 250).optional(),
  customerEmail: email.optional(),
});
export type CreateStripePayment = z.infer<typeof CreateStripePaymentSchema>;

export const StripeSubscriptionStartSchema = z.object({
  /** The Checkout Session's id until the buyer pays (Stripe creates the subscription then). */
  subscriptionId: z.string(),
  redirectUrl: z.string(),
  /** Our reference: GET /api/payments/:reference follows it. */
  reference: z.string(),
  error: z.null(),
});

export const StripePaymentStartSchema = z.object({
  /** The PaymentIntent when Stripe created one up front, otherwise the Checkout Session's id. */
  paymentIntentId: z.string(),
  redirectUrl: z.string(),
  reference: z.string(),
  error: z.null(),
});

/** Every refusal: `error` (the spec's response field) and `message` carry the same text. */
export const StripeErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

export const CardUpdateQuerySchema = z.object({
  token: z.string().min(1).max(255),
  returnUrl: z.string().min(1).max(2000),
  cancelUrl: z.string().min(1).max(2000).optional(),
});

export const WebhookReceivedSchema = z.object({ received: z.literal(true) });
