import { PLANS, type PlanId, type SubscriptionStatus } from './plans.ts';

/** Subscription rules of the second spec (§4, §9) shared by the server and the Subscription screen. */

export const ADD_ON_IDS = ['homepage_boost', 'photography', 'custom_agreement', 'branded_profile'] as const;
export type AddOnId = (typeof ADD_ON_IDS)[number];

export interface AddOn {
  id: AddOnId;
  name: string;
  description: string;
  priceCents: number;
}

export const ADD_ONS: Record<AddOnId, AddOn> = {
  homepage_boost: {
    id: 'homepage_boost',
    name: 'Homepage boost',
    description: 'Feature your listings on the Rentza home page.',
    priceCents: 9900,
  },
  photography: {
    id: 'photography',
    name: 'Professional photography',
    description: 'A photographer visits and shoots your listings.',
    priceCents: 49900,
  },
  custom_agreement: {
    id: 'custom_agreement',
    name: 'Custom rental agreement',
    description: 'Your own rental agreement attached to every booking.',
    priceCents: 14900,
  },
  branded_profile: {
    id: 'branded_profile',
    name: 'Branded profile',
    description: 'Your own public page with your logo, cover image and listings.',
    priceCents: 5000,
  },
};

export const PAYMENT_METHODS = ['subscription', 'commission'] as const;
export type SubscriptionPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Commission model: 10 % of each successful booking, on the Starter plan (§9). */
export const COMMISSION_RATE = 0.1;
export const COMMISSION_PLAN: PlanId = 'starter';
/** After the period ends unpaid, the subscription is Payment Due for this many days, then Inactive. */
export const GRACE_PERIOD_DAYS = 7;
/** Reminder emails go this many days before the period ends. */
export const REMINDER_DAYS = [7, 3] as const;
/** PayFast's minimum recurring amount and the card-update charge (§9): R 5.00. */
export const PAYMENT_METHOD_UPDATE_CENTS = 500;
/** The test payment of the Billing tab (§2): plan pro, R 100. */
export const TEST_PAYMENT = { planId: 'pro' as PlanId, amountCents: 10000 };
export const FREQUENCY_CODES = { monthly: 3, yearly: 6 } as const;

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment Due',
  cancelled: 'Cancelled',
  inactive: 'Inactive',
};

export function subscriptionStatusLabel(status: string): string {
  return SUBSCRIPTION_STATUS_LABELS[status as SubscriptionStatus] ?? 'Unknown';
}

/** 0 shows as Free; otherwise R and whole rands ('R 299'). */
export function formatPlanPrice(priceCents: number): string {
  return priceCents === 0 ? 'Free' : `R ${Math.round(priceCents / 100)}`;
}

/** The plan price plus active add-ons. */
export function monthlyCostCents(planId: PlanId, activeAddOns: readonly AddOnId[]): number {
  return activeAddOns.reduce((sum, id) => sum + ADD_ONS[id].priceCents, PLANS[planId].priceCents);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until the period end, rounded up (§9); negative once it has passed. */
export function daysUntil(periodEnd: Date | string, now: Date = new Date()): number {
  return Math.ceil((new Date(periodEnd).getTime() - now.getTime()) / DAY_MS);
}

export type ValidityLabel = 'Expired' | 'Expires Soon' | 'Expires This Week' | 'Active';

export interface Validity {
  label: ValidityLabel;
  urgent: boolean;
  daysRemaining: number;
  /** 'Your subscription has expired!' or 'Your subscription expires in N days!' when urgent. */
  notice: string | null;
}

/** §4: 0 or fewer = Expired (urgent); up to 3 = Expires Soon (urgent); up to 7 = Expires This Week. */
export function validityOf(periodEnd: Date | string, now: Date = new Date()): Validity {
  const days = daysUntil(periodEnd, now);
  if (days <= 0)
    return { label: 'Expired', urgent: true, daysRemaining: days, notice: 'Your subscription has expired!' };
  if (days <= 3)
    return {
      label: 'Expires Soon',
      urgent: true,
      daysRemaining: days,
      notice: `Your subscription expires in ${days} days!`,
    };
  if (days <= 7) return { label: 'Expires This Week', urgent: false, daysRemaining: days, notice: null };
  return { label: 'Active', urgent: false, daysRemaining: days, notice: null };
}

/** Days remaining is marked warning at 7 or fewer and danger at 3 or fewer. */
export function daysRemainingTone(days: number): 'danger' | 'warning' | 'normal' {
  if (days <= 3) return 'danger';
  if (days <= 7) return 'warning';
  return 'normal';
}

/** A usage bar: 'Unlimited' for -1, warning at 80 % or more. */
export function usageLevel(
  used: number,
  limit: number,
): { percent: number; warning: boolean; unlimited: boolean } {
  if (limit === -1) return { percent: 0, warning: false, unlimited: true };
  if (limit === 0) return { percent: 100, warning: true, unlimited: false };
  const percent = Math.min(100, Math.round((used / limit) * 100));
  return { percent, warning: used / limit >= 0.8, unlimited: false };
}

/**
 * 'commission' pays a monthly commission statement (docs/decisions/032), once-off like Pay now;
 * `add_on`: an add-on bought on a free plan, a checkout that starts its recurring billing (decision 031).
 */
export const PAYMENT_KINDS = [
  'subscription',
  'manual',
  'update_method',
  'test',
  'renewal',
  'commission',
  'add_on',
] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** §9: PAY_ (once-off), SUB_ (a new subscription) or UPDATE_ (card update) + a timestamp + a random string. */
export function paymentIdPrefix(kind: PaymentKind): 'PAY_' | 'SUB_' | 'UPDATE_' {
  if (kind === 'subscription' || kind === 'add_on') return 'SUB_';
  if (kind === 'update_method') return 'UPDATE_';
  return 'PAY_';
}

export function newPaymentId(kind: PaymentKind, now: Date, random: string): string {
  return timestampedReference(paymentIdPrefix(kind), now, random);
}

/** A gateway reference: a prefix (PAY_, SUB_, UPDATE_, BKP_ for a booking's payment), a timestamp, a random string. */
export function timestampedReference(prefix: string, now: Date, random: string): string {
  return `${prefix}${now.getTime()}_${random}`;
}

/** 'Pro Plan - Monthly Subscription' (§3, billing history entry). */
export function billingDescription(planId: PlanId): string {
  return `${PLANS[planId].name} Plan - Monthly Subscription`;
}

export function isPlanUpgrade(from: PlanId, to: PlanId): boolean {
  return PLANS[to].priceCents > PLANS[from].priceCents;
}
