import { z } from 'zod';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../plans.ts';
import { ADD_ON_IDS, PAYMENT_KINDS, PAYMENT_METHODS } from '../subscriptions.ts';

/** The wire types of the Subscription screen, the payment pages and the gateways (issue 13). */

const PlanCheckSchema = z.object({ allowed: z.boolean(), reason: z.string().optional() });

export const UsageSchema = z.object({
  currentListings: z.number(),
  bookingsThisMonth: z.number(),
  usersCount: z.number(),
});

export const PlanSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  isPopular: z.boolean(),
  isCustom: z.boolean(),
  features: z.array(z.object({ name: z.string(), included: z.boolean(), limit: z.number().optional() })),
  limits: z.object({ maxListings: z.number(), maxBookingsPerMonth: z.number(), maxUsers: z.number() }),
});
export type PlanView = z.infer<typeof PlanSchema>;

export const AddOnSchema = z.object({
  id: z.enum(ADD_ON_IDS),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
});

/** GET /api/subscription/plans (public). */
export const PlanCatalogueSchema = z.object({ plans: z.array(PlanSchema), addOns: z.array(AddOnSchema) });
export type PlanCatalogue = z.infer<typeof PlanCatalogueSchema>;

export const GATEWAY_IDS = ['payfast', 'stripe'] as const;
export const GatewayIdSchema = z.enum(GATEWAY_IDS);
export type GatewayId = z.infer<typeof GatewayIdSchema>;

export const SavedPaymentMethodSchema = z.object({
  type: z.enum(['card', 'bank_account', 'eft']),
  displayName: z.string(),
  brand: z.string().nullable(),
  lastUsed: z.string().nullable(),
  isActive: z.boolean(),
});

/**
 * GET /api/my/properties/allowance (the owner, or staff with the properties permission): whether the
 * business's subscription lets its listings be managed (status active) and one more be created. Staff
 * act under their owner's subscription; they never see its billing (docs/decisions/041).
 */
export const ListingAllowanceSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  planName: z.string().nullable(),
  currentListings: z.number(),
  canCreateListing: PlanCheckSchema,
});
export type ListingAllowance = z.infer<typeof ListingAllowanceSchema>;

/**
 * GET /api/subscription (owner; an admin passes ?ownerId=): the owner's plan, status, usage and what
 * the plan allows next. The first eight fields are what earlier screens read.
 */
export const SubscriptionSummarySchema = z.object({
  planId: z.enum(PLAN_IDS).nullable(),
  planName: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  currentPeriodEnd: z.string().nullable(),
  usage: UsageSchema,
  canCreateListing: PlanCheckSchema,
  canAddBooking: PlanCheckSchema,
  canAddUser: PlanCheckSchema,
  id: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** 0.1 = 10 % per booking. */
  commissionRate: z.number(),
  paymentProcessor: GatewayIdSchema.nullable(),
  /** Whether Pay now (a once-off payment of the next billing amount) is offered. */
  allowManualPayment: z.boolean(),
  /** The plan price plus active add-ons, charged at the next renewal. */
  nextBillingAmountCents: z.number().int(),
  addOns: z.array(
    AddOnSchema.extend({
      active: z.boolean(),
      /** A removal takes effect at this instant (the period end); null while the add-on continues. */
      endsAt: z.string().nullable(),
      /** Its first charge, when it was added mid-period and charged from the next billing date. */
      billedFrom: z.string().nullable(),
    }),
  ),
  /** The continuing add-ons a month (part of nextBillingAmountCents). */
  addOnsMonthlyCents: z.number().int(),
  savedPaymentMethod: SavedPaymentMethodSchema.nullable(),
  /** Whether the gateway holds a recurring-billing token (card update is then offered). */
  hasRecurringBilling: z.boolean(),
  /** The gateway this owner pays through (PayFast for ZA; Stripe elsewhere when configured). */
  gateway: GatewayIdSchema,
  /** Simulator or sandbox: the test payment and the sandbox notice are shown. */
  testMode: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

/**
 * How the browser continues a payment: PayFast posts `formFields` (in order) to `postUrl` with a hidden
 * form; Stripe (and PayFast's card update page) navigate to `redirectUrl`.
 */
export const PaymentStartSchema = z.object({
  reference: z.string(),
  gateway: GatewayIdSchema,
  redirectUrl: z.string(),
  postUrl: z.string().nullable(),
  formFields: z.array(z.tuple([z.string(), z.string()])).nullable(),
});
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

/** POST /api/subscription/plan: a free plan or a downgrade applies now; an upgrade returns a checkout. */
export const ChangePlanRequestSchema = z.object({
  planId: z.enum(PLAN_IDS, 'Invalid plan selected'),
  /** The amount due now the owner confirmed (from the preview); a different price is refused (409). */
  expectedDueNowCents: z.number().int().min(0).max(100_000_000).optional(),
});

/** GET /api/subscription/plan-preview?planId=: what the change costs now and from when (decision 031). */
export const PlanPreviewQuerySchema = z.object({ planId: z.enum(PLAN_IDS, 'Invalid plan selected') });
export const PlanChangePreviewSchema = z.object({
  planId: z.enum(PLAN_IDS),
  change: z.enum(['upgrade', 'downgrade', 'switch']),
  payment: z.enum(['checkout', 'none']),
  unusedDays: z.number().int(),
  periodDays: z.number().int(),
  creditCents: z.number().int(),
  newMonthlyCents: z.number().int(),
  dueNowCents: z.number().int(),
  recurringCents: z.number().int(),
  firstBillingDate: z.string().nullable(),
});
export type PlanChangePreviewView = z.infer<typeof PlanChangePreviewSchema>;
export const ChangePlanResultSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('changed'),
    subscription: SubscriptionSummarySchema,
    /** A downgrade below current usage: what stays and what is refused from now on. */
    notices: z.array(z.string()),
  }),
  z.object({ outcome: z.literal('checkout'), payment: PaymentStartSchema }),
]);
export type ChangePlanResult = z.infer<typeof ChangePlanResultSchema>;

/** POST /api/subscription/payments */
export const StartPaymentRequestSchema = z.object({
  kind: z.enum(['manual', 'test', 'update_method']),
});
export type StartPaymentRequest = z.infer<typeof StartPaymentRequestSchema>;

export const PAYMENT_STATUSES = ['pending', 'complete', 'failed', 'cancelled'] as const;

/** GET /api/payments/:reference: what /payment/return and /payment/cancel poll. */
export const PaymentStateSchema = z.object({
  reference: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  failureReason: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type PaymentState = z.infer<typeof PaymentStateSchema>;

/** GET /api/subscription/billing-history */
export const BillingHistoryEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['paid', 'pending', 'failed']),
  /** The tax invoice number ('RZ-000042') when the payment was paid. */
  invoiceNumber: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export const BillingHistorySchema = z.object({ entries: z.array(BillingHistoryEntrySchema) });
export type BillingHistoryEntry = z.infer<typeof BillingHistoryEntrySchema>;

/** POST /api/subscription/add-ons/:addOnId: active now (charged from the next billing date) or a checkout. */
export const AddOnResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('added'), subscription: SubscriptionSummarySchema }),
  z.object({ outcome: z.literal('checkout'), payment: PaymentStartSchema }),
]);
export type AddOnResult = z.infer<typeof AddOnResultSchema>;

export const AddOnParamsSchema = z.object({ addOnId: z.enum(ADD_ON_IDS, 'Invalid add-on selected') });
