import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import { DEPOSIT_TYPES, PLAN_KINDS, SECURITY_DEPOSIT_COLLECTIONS } from '../payment-plan.ts';
import { PaymentStartSchema } from './subscription.ts';

/**
 * What crosses the wire for getting paid online (issue 23, docs/decisions/057). Secrets go in (the
 * owner's merchant key and passphrase) but never come back out.
 */

export const PAYFAST_ACCOUNT_MESSAGES = {
  merchantId: 'Enter your PayFast merchant ID (digits only).',
  merchantKey: 'Enter your PayFast merchant key.',
  passphrase: 'Enter the passphrase set in your PayFast account (Settings → Developer settings).',
} as const;

/** PUT /api/business/payment-account */
export const PaymentAccountInputSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('eft_only') }),
  z.object({
    method: z.literal('payfast'),
    merchantId: z
      .string()
      .trim()
      .regex(/^[0-9]{5,12}$/, PAYFAST_ACCOUNT_MESSAGES.merchantId),
    merchantKey: z.string().trim().min(1, PAYFAST_ACCOUNT_MESSAGES.merchantKey).max(100),
    passphrase: z.string().trim().min(1, PAYFAST_ACCOUNT_MESSAGES.passphrase).max(100),
  }),
]);
export type PaymentAccountInput = z.infer<typeof PaymentAccountInputSchema>;

/** GET /api/business/payment-account: never the key or the passphrase. */
export const PaymentAccountViewSchema = z.object({
  /** null: the owner has not chosen yet (clients then pay by EFT from the documents). */
  method: z.enum(['payfast', 'eft_only']).nullable(),
  merchantId: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** Where payments go: the simulator, PayFast's sandbox or live PayFast. */
  mode: z.enum(['simulator', 'sandbox', 'live']),
});
export type PaymentAccountView = z.infer<typeof PaymentAccountViewSchema>;

export const PaymentPlanSchema = z
  .object({
    kind: z.enum(PLAN_KINDS),
    depositType: z.enum(DEPOSIT_TYPES),
    depositPercent: z.number().min(0).max(100).multipleOf(0.01),
    depositAmountCents: z.number().int().min(0).max(MAX_AMOUNT_CENTS),
    balanceDaysBefore: z.number().int().min(0, 'Days before the start cannot be negative.').max(365),
    securityDeposit: z.enum(SECURITY_DEPOSIT_COLLECTIONS),
  })
  .superRefine((plan, ctx) => {
    if (plan.kind !== 'deposit') return;
    if (plan.depositType === 'percent' && (plan.depositPercent <= 0 || plan.depositPercent >= 100))
      ctx.addIssue({
        code: 'custom',
        path: ['depositPercent'],
        message: 'A deposit percentage must be more than 0 and less than 100.',
      });
    if (plan.depositType === 'amount' && plan.depositAmountCents <= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['depositAmountCents'],
        message: 'Enter a deposit amount above R 0.',
      });
  });

export const CancellationPolicySchema = z.object({
  freeUntilDaysBefore: z.number().int().min(0).max(365),
  feePercent: z.number().min(0).max(100).multipleOf(0.01),
});

/** GET/PUT /api/business/payment-settings: the business's plan and cancellation policy. */
export const PaymentSettingsSchema = z.object({
  plan: PaymentPlanSchema,
  cancellation: CancellationPolicySchema,
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** How a client pays one listing, as the listing, booking page and confirmation show it. */
export const ListingPaymentTermsSchema = z.object({
  plan: PaymentPlanSchema,
  cancellation: CancellationPolicySchema,
  instantBook: z.boolean(),
  /** The owner takes payments online through PayFast (verified); otherwise by EFT. */
  paysOnline: z.boolean(),
  planText: z.string(),
  cancellationText: z.string(),
});
export type ListingPaymentTerms = z.infer<typeof ListingPaymentTermsSchema>;

/** An online payment of a booking, as the editor and the client see it. */
export const BookingPaymentViewSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['pending', 'complete', 'failed', 'cancelled']),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
});
export type BookingPaymentView = z.infer<typeof BookingPaymentViewSchema>;

/** What a client owes on a booking now (My Reservations, the payment link page). */
export const PaymentDueSchema = z.object({
  reservationId: z.string(),
  reference: z.string(),
  /** Online payment can start now: confirmed, something due, the owner's PayFast verified. */
  payable: z.boolean(),
  /** Why not, in words, when not payable and something is owed. */
  notPayableReason: z.string().nullable(),
  nowCents: z.number().int(),
  paymentNowCents: z.number().int(),
  securityDepositNowCents: z.number().int(),
  balanceCents: z.number().int(),
  /** Everything a "pay the balance" checkout charges: the balance and the security deposit taken with it. */
  payOffCents: z.number().int(),
  next: z
    .object({ dueOn: z.string(), cents: z.number().int(), securityDepositCents: z.number().int() })
    .nullable(),
  overdue: z.boolean(),
  planText: z.string().nullable(),
  /** The booking's online payments, newest first (a return from PayFast shows the latest's state). */
  payments: z.array(BookingPaymentViewSchema),
});
export type PaymentDue = z.infer<typeof PaymentDueSchema>;

/** POST /api/reservations/:id/pay and POST /api/pay/:token/checkout */
export const StartBookingPaymentSchema = z.object({
  /** What is due now, or the whole balance early. */
  purpose: z.enum(['due_now', 'balance']).default('due_now'),
});
export type StartBookingPayment = z.infer<typeof StartBookingPaymentSchema>;
export const BookingCheckoutSchema = PaymentStartSchema;

/** GET /api/pay/:token: a payment link's booking, without signing in. */
export const PaymentLinkViewSchema = z.object({
  businessName: z.string(),
  propertyTitle: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  clientFirstName: z.string(),
  due: PaymentDueSchema,
});
export type PaymentLinkView = z.infer<typeof PaymentLinkViewSchema>;

/** POST /api/reservations/:id/payment-link: the owner emailed the client a link to pay (decision 061). */
export const PaymentLinkSentSchema = z.object({
  sentTo: z.string(),
  expiresAt: z.string(),
});
export type PaymentLinkSent = z.infer<typeof PaymentLinkSentSchema>;
/** GET /api/my/reservations/:id/cancellation: what cancelling the booking now costs (domain/client-cancellation.ts). */
export const CancellationPreviewSchema = z.object({
  cancellable: z.boolean(),
  refusal: z.string().nullable(),
  policyText: z.string(),
  free: z.boolean(),
  /** The last day a confirmed booking cancels free; null for a pending request. */
  freeUntil: z.string().nullable(),
  feePercent: z.number(),
  totalCents: z.number().int(),
  feeCents: z.number().int(),
  /** Payments net of refunds. */
  paidCents: z.number().int(),
  /** max(0, paid − fee): what the owner will refund. */
  refundDueCents: z.number().int(),
  depositHeldCents: z.number().int(),
});
export type CancellationPreview = z.infer<typeof CancellationPreviewSchema>;
