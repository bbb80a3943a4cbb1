import { businessDateOf, formatDisplayDate, ISO_DATE_PATTERN, type IsoDate } from './dates.ts';
import { formatRandCents } from './money.ts';
import { PLANS, type PlanId } from './plans.ts';
import { invoiceFileNameFor } from './subscription-invoices.ts';
import { daysRemainingTone, daysUntil, type SubscriptionPaymentMethod } from './subscriptions.ts';

/**
 * What the Subscription screen and the payment pages show (second spec §2, §4, §8): tab addresses,
 * button labels, renewal lines and the spec's messages. Pure, zod-free (the screens import it whole).
 */

export const SUBSCRIPTION_TABS = ['overview', 'plans', 'billing'] as const;
export type SubscriptionTab = (typeof SUBSCRIPTION_TABS)[number];

/** `?tab=` of /subscription; Overview when absent or unknown. */
export function subscriptionTabOf(value: string | null | undefined): SubscriptionTab {
  return SUBSCRIPTION_TABS.find((tab) => tab === value) ?? 'overview';
}

/** The spec's texts (§8 "Subscription screen"), and the few the payment pages add. */
export const SUBSCRIPTION_MESSAGES = {
  planUpdated: 'Subscription plan updated successfully!',
  planFailed: 'Failed to update subscription plan',
  commissionSwitched: 'Successfully switched to commission-only model (10% per booking)',
  commissionFailed: 'Failed to switch to commission model',
  addOnAdded: 'Add-on successfully added!',
  addOnRemoved: 'Add-on successfully removed!',
  addOnFailed: 'Failed to update add-on',
  usageRefreshed: 'Usage data refreshed successfully!',
  usageFailed: 'Failed to refresh usage data. Please try again.',
  cancelConfirm:
    'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your current billing period.',
  cancelled:
    'Subscription cancelled successfully. You will retain access until the end of your current billing period.',
  cancelFailed: 'Failed to cancel subscription',
  reactivated: 'Subscription reactivated successfully!',
  reactivateFailed: 'Failed to reactivate subscription',
  manualPaid: 'Manual payment processed successfully! Your subscription has been extended.',
  manualFailed: 'Manual payment failed',
  subscriptionCreated: 'Subscription created successfully!',
  paymentProcessed: 'Payment processed successfully!',
  paymentFailed: 'Payment failed',
  paymentDataMissing: 'Payment data is missing. Please try again.',
  paymentFormDataMissing: 'Payment form data is missing. Please try again.',
  methodUpdateFailed: 'Failed to initiate payment method update',
  methodUpdated: 'Payment method updated successfully!',
  methodUpdateCancelled: 'Payment method update cancelled. Your saved payment method has not changed.',
  invoiceFailed: 'Failed to download invoice',
  loadFailed: 'Failed to load your subscription. Please try again.',
} as const;

/** localStorage keys of the payment the browser left for (spec §7: the current payment id, the update id). */
export const PAYMENT_STORAGE_KEYS = {
  payment: 'rentza.currentPaymentId',
  methodUpdate: 'rentza.paymentMethodUpdateId',
  /** A client's payment of a booking to its owner (issue 23, decision 061). */
  bookingPayment: 'rentza.bookingPaymentReference',
} as const;

/** /payment/return polls while PayFast has not yet told the server the outcome. */
export const PAYMENT_POLL = { intervalMs: 1500, timeoutMs: 60_000 } as const;

/** The `action` PayFast's card-update page returns with (spec §2). */
export const PAYMENT_METHOD_ACTIONS = {
  payment_method_updated: 'updated',
  payment_method_cancelled: 'cancelled',
} as const;

export function paymentMethodActionOf(value: string | null): 'updated' | 'cancelled' | null {
  return value === 'payment_method_updated' || value === 'payment_method_cancelled'
    ? PAYMENT_METHOD_ACTIONS[value]
    : null;
}

/** A plan limit as people read it: -1 is 'Unlimited'. */
export function limitLabel(limit: number): string {
  return limit === -1 ? 'Unlimited' : String(limit);
}

/** 'R 299 / month', or 'Free'. */
export function planPriceLabel(priceCents: number): string {
  return priceCents === 0 ? 'Free' : `R ${Math.round(priceCents / 100)} / month`;
}

/** '10% per booking' from a rate of 0.1. */
export function commissionLabel(rate: number): string {
  return `${Math.round(rate * 100)}% per booking`;
}

/** A feature line of a plan card: 'Listings: 10', 'Bookings per month: Unlimited', 'Analytics'. */
export function featureText(feature: { name: string; limit?: number | undefined }): string {
  return feature.limit === undefined ? feature.name : `${feature.name}: ${limitLabel(feature.limit)}`;
}

/** A usage bar's figure: '3 of 10', or '3 (Unlimited)'. */
export function usageText(used: number, limit: number): string {
  return limit === -1 ? `${used} (Unlimited)` : `${used} of ${limit}`;
}

export type PlanAction = 'Current plan' | 'Upgrade' | 'Downgrade' | 'Choose';

/**
 * The button of a plan card. The current plan is the plan of a monthly subscription; an owner on
 * commission (Starter limits) may still choose Starter's subscription, or upgrade.
 */
export function planActionOf(
  current: { planId: PlanId | null; paymentMethod: SubscriptionPaymentMethod } | null,
  target: { id: PlanId; priceCents: number },
): PlanAction {
  if (!current?.planId) return 'Choose';
  if (current.planId === target.id)
    return current.paymentMethod === 'subscription' ? 'Current plan' : 'Choose';
  const currentPrice = PLANS[current.planId].priceCents;
  if (target.priceCents > currentPrice) return 'Upgrade';
  if (target.priceCents < currentPrice) return 'Downgrade';
  return 'Choose';
}

interface SubscriptionFacts {
  planId: PlanId | null;
  status: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentMethod: SubscriptionPaymentMethod;
  nextBillingAmountCents: number;
  /** The gateway holds recurring billing (a PayFast token or Stripe subscription). */
  hasRecurringBilling?: boolean;
}

/** Whether the plan costs money each month (a Starter or commission owner has nothing to renew). */
export function isPaidPlan(subscription: Pick<SubscriptionFacts, 'planId' | 'paymentMethod'>): boolean {
  return (
    subscription.paymentMethod === 'subscription' &&
    subscription.planId !== null &&
    PLANS[subscription.planId].priceCents > 0
  );
}

/** Cancel is offered to an active paid subscription not already cancelling (spec §4). */
export function canCancelSubscription(subscription: SubscriptionFacts): boolean {
  return subscription.status === 'active' && !subscription.cancelAtPeriodEnd && isPaidPlan(subscription);
}

/**
 * The gateway renews it: an active paid plan with recurring billing, not set to cancel. Such an owner
 * is told when it renews, never that it expires (docs/decisions/030).
 */
export function autoRenews(subscription: SubscriptionFacts): boolean {
  return (
    subscription.status === 'active' &&
    !subscription.cancelAtPeriodEnd &&
    subscription.hasRecurringBilling === true &&
    isPaidPlan(subscription)
  );
}

/**
 * The plan card's countdown: 'Renews in N days' while the gateway renews it (and 'Renewal in progress'
 * while its charge is on the way, docs/decisions/030), otherwise 'N days remaining' marked warning at 7
 * or fewer and danger at 3 or fewer (spec §4).
 */
export function periodCountdown(
  periodEnd: string,
  renews: boolean,
  now: Date = new Date(),
): { text: string; tone: 'danger' | 'warning' | 'normal' } {
  const days = daysUntil(periodEnd, now);
  const dayWord = days === 1 ? 'day' : 'days';
  if (renews)
    return { text: days <= 0 ? 'Renewal in progress' : `Renews in ${days} ${dayWord}`, tone: 'normal' };
  return { text: days <= 0 ? 'Period ended' : `${days} ${dayWord} remaining`, tone: daysRemainingTone(days) };
}

/** Reactivate is offered while a cancellation waits for the period end (spec §4). */
export function canReactivateSubscription(subscription: SubscriptionFacts): boolean {
  return subscription.cancelAtPeriodEnd;
}

/** The Johannesburg calendar day of a date ('2026-03-01') or an instant. */
const businessDayOf = (value: string): IsoDate =>
  ISO_DATE_PATTERN.test(value) ? value : businessDateOf(value);

/** '24 November 2026' (en-ZA, Africa/Johannesburg) from a date or an instant. */
export function formatBillingDate(value: string): string {
  return formatDisplayDate(businessDayOf(value));
}

/** The day of the month billing falls on: the period end's (spec §4), 1 without one. */
export function billingDayOf(periodEnd: string | null): number {
  return periodEnd ? Number(businessDayOf(periodEnd).slice(8)) : 1;
}

/** The renewal line of the current plan card. */
export function renewalText(subscription: SubscriptionFacts, now: Date = new Date()): string | null {
  const end = subscription.currentPeriodEnd ? formatBillingDate(subscription.currentPeriodEnd) : null;
  if (subscription.cancelAtPeriodEnd && end) return `Cancels on ${end}`;
  // Add-ons cost money on any plan: only nothing billed a month is 'free' (issue 19).
  const billed = subscription.nextBillingAmountCents > 0;
  if (subscription.paymentMethod === 'commission' && !billed)
    return 'No monthly fee: commission is taken per booking';
  if (!subscription.planId) return null;
  if (!billed && !isPaidPlan(subscription)) return 'Free: nothing to pay each month';
  if (!end) return null;
  if (subscription.status === 'past_due') return `Payment was due on ${end}`;
  if (subscription.status === 'cancelled' || subscription.status === 'inactive') return `Ended on ${end}`;
  if (autoRenews(subscription) && daysUntil(subscription.currentPeriodEnd ?? '', now) <= 0)
    return `Renewing: the payment due on ${end} is on its way`;
  return `Next billing on ${end}: ${formatRandCents(subscription.nextBillingAmountCents)}`;
}

/** The success text of a completed payment, by what it paid for (spec §8). */
export function paymentSuccessMessage(kind: string): string {
  if (kind === 'subscription') return SUBSCRIPTION_MESSAGES.subscriptionCreated;
  if (kind === 'add_on') return SUBSCRIPTION_MESSAGES.addOnAdded;
  if (kind === 'manual') return SUBSCRIPTION_MESSAGES.manualPaid;
  if (kind === 'update_method') return SUBSCRIPTION_MESSAGES.methodUpdated;
  return SUBSCRIPTION_MESSAGES.paymentProcessed;
}

/** The file a tax invoice downloads as, as the server names it: 'Rentza-RZ-000042.pdf'. */
export function invoiceFileName(invoiceNumber: string | null): string {
  return invoiceFileNameFor(invoiceNumber ?? 'invoice');
}
