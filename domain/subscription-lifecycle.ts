import { chargeWindowEndsAt, nextPeriod, type Period } from './billing-periods.ts';
import type { IsoDate } from './dates.ts';
import type { SubscriptionStatus } from './plans.ts';
import { GRACE_PERIOD_DAYS, REMINDER_DAYS } from './subscriptions.ts';

/**
 * What happens to a subscription as time passes (issue 13): the pure decision behind the scheduled
 * sweep (server/modules/subscriptions/subscription-lifecycle.ts). A period ends at its
 * `current_period_end` instant (Johannesburg midnight of a billing date, domain/billing-periods.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Statuses whose listings show in search and take bookings: a paid subscription whose payment is late
 * (past_due) keeps both during its grace period. Inactive, cancelled or no subscription: hidden.
 */
export const LISTED_STATUSES = [
  'active',
  'trialing',
  'past_due',
] as const satisfies readonly SubscriptionStatus[];

export function isListedStatus(status: SubscriptionStatus | null | undefined): boolean {
  return !!status && (LISTED_STATUSES as readonly string[]).includes(status);
}

/** Statuses whose billing period runs (it renews, lapses or ends at its end). */
const RUNNING_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

/**
 * The gateway's recurring charge for the period end: 'coming' while it holds recurring billing (a
 * PayFast token or Stripe subscription) and no charge for this period has failed; 'failed' once one
 * has; 'none' without recurring billing (once-off payments, cancelled billing).
 */
export type RecurringCharge = 'coming' | 'failed' | 'none';

export interface LifecycleSubscription {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  pastDueSince: Date | null;
  /** The first day of its billing-date series (domain/billing-periods.ts). */
  billingAnchor: IsoDate;
  recurringCharge: RecurringCharge;
}

export interface LifecycleContext {
  /** The plan price plus active add-ons (domain/subscriptions.ts monthlyCostCents). */
  monthlyCostCents: number;
  now: Date;
  /** The reminders already sent for the current period end (days before it). */
  remindersSent: readonly number[];
  /** A commission statement is unpaid after its due date (docs/decisions/032): a free plan stays Payment Due. */
  commissionOverdue?: boolean;
}

export type { Period };

export type LifecycleTransition =
  | { kind: 'none' }
  /** Cancelled at period end: back to the free Starter plan, add-ons ended, a new free period. */
  | { kind: 'end_paid_plan'; period: Period }
  /** Free (cost 0): the next period, from the old end. */
  | { kind: 'renew'; period: Period }
  /**
   * Paid and not renewed by a payment: Payment Due from the period end, or from the end of the charge
   * window when the gateway's charge was expected and never came.
   */
  | { kind: 'mark_past_due'; pastDueSince: Date; graceEndsAt: Date }
  /** Payment Due for the whole grace period: Inactive (listings hidden). */
  | { kind: 'deactivate'; graceEndedAt: Date }
  /** A renewal reminder, once per period and number of days. */
  | { kind: 'remind'; daysBefore: number; periodEnd: Date };

/** Payment Due lasts GRACE_PERIOD_DAYS: [since, since + 7 days); Inactive from its end on. */
export function graceEndsAt(pastDueSince: Date): Date {
  return new Date(pastDueSince.getTime() + GRACE_PERIOD_DAYS * DAY_MS);
}

/**
 * The renewal reminder due now, if any: the nearest of REMINDER_DAYS that the whole days left (rounded
 * up, as the Subscription screen counts them) have reached. Days left ≤ d exactly when the end is at
 * most d × 24 h away. A reminder missed (the sweep did not run) is not sent late once a nearer one is due.
 */
export function dueReminder(periodEnd: Date, now: Date, sent: readonly number[]): number | null {
  const left = periodEnd.getTime() - now.getTime();
  if (left <= 0) return null;
  const daysLeft = Math.ceil(left / DAY_MS);
  const due = [...REMINDER_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days);
  return due === undefined || sent.includes(due) ? null : due;
}

/** Periods ending after `now` and at or before this instant may have a reminder due at `now`. */
export function reminderHorizon(now: Date): Date {
  return new Date(now.getTime() + Math.max(...REMINDER_DAYS) * DAY_MS);
}

/**
 * The next step for a subscription at `now` (apply it, then ask again: one sweep may take several, e.g.
 * Payment Due and, when the sweep had not run for the whole grace period, Inactive).
 */
export function decideLifecycle(
  subscription: LifecycleSubscription,
  context: LifecycleContext,
): LifecycleTransition {
  const { now, monthlyCostCents } = context;
  const { status, cancelAtPeriodEnd, currentPeriodEnd, billingAnchor, recurringCharge } = subscription;
  const ended = now.getTime() >= currentPeriodEnd.getTime();
  const following = () => nextPeriod(billingAnchor, currentPeriodEnd, now);

  if (RUNNING_STATUSES.includes(status)) {
    if (ended) {
      if (cancelAtPeriodEnd) return { kind: 'end_paid_plan', period: following() };
      if (monthlyCostCents === 0) return { kind: 'renew', period: following() };
      if (recurringCharge === 'coming') {
        // The gateway charges on the billing date: wait for its notification, then Payment Due from then.
        const windowEnd = chargeWindowEndsAt(currentPeriodEnd);
        if (now.getTime() < windowEnd.getTime()) return { kind: 'none' };
        return { kind: 'mark_past_due', pastDueSince: windowEnd, graceEndsAt: graceEndsAt(windowEnd) };
      }
      return {
        kind: 'mark_past_due',
        pastDueSince: currentPeriodEnd,
        graceEndsAt: graceEndsAt(currentPeriodEnd),
      };
    }
    // An owner whose debit order will renew the plan is not told it expires.
    if (cancelAtPeriodEnd || monthlyCostCents === 0 || recurringCharge === 'coming') return { kind: 'none' };
    const daysBefore = dueReminder(currentPeriodEnd, now, context.remindersSent);
    return daysBefore === null
      ? { kind: 'none' }
      : { kind: 'remind', daysBefore, periodEnd: currentPeriodEnd };
  }

  if (status === 'past_due') {
    // Cancelled while unpaid: the owner asked to leave the paid plan, so it ends rather than lapsing.
    if (cancelAtPeriodEnd) return { kind: 'end_paid_plan', period: following() };
    // Nothing left to pay (the add-ons were removed): the free plan carries on, unless commission is overdue.
    if (monthlyCostCents === 0 && !context.commissionOverdue) return { kind: 'renew', period: following() };
    const graceEnd = graceEndsAt(subscription.pastDueSince ?? currentPeriodEnd);
    if (now.getTime() >= graceEnd.getTime()) return { kind: 'deactivate', graceEndedAt: graceEnd };
  }
  return { kind: 'none' };
}
