import { addMonths, type IsoDate, todayInBusinessZone } from './dates.ts';

/**
 * Subscription periods on the gateway's calendar (issue 19, docs/decisions/030). PayFast and Stripe
 * charge recurring billing on the same calendar day each month, so a period ends on the next billing
 * date, not after 30 days. A subscription's billing dates are a series anchored on its first billing
 * day: the anchor plus 1, 2, 3 … months, each clamped to its month's end from the anchor (not from the
 * previous date), so 31 January → 28 (or 29) February → 31 March → 30 April. A billing date is a
 * calendar date in Africa/Johannesburg, and a period ends at Johannesburg midnight at its start.
 */

export type BillingFrequency = 'monthly' | 'yearly';

const MONTHS: Record<BillingFrequency, number> = { monthly: 1, yearly: 12 };

/** Africa/Johannesburg is UTC+2 all year (domain/dates.ts). */
const BUSINESS_UTC_OFFSET_MS = 2 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/**
 * How long a paid period that the gateway will charge for (a PayFast token or Stripe subscription)
 * stays active past its end, waiting for the charge's notification: PayFast charges during the billing
 * date, Stripe at noon UTC, and either may notify late or retry. A charge that failed ends it at once.
 */
export const RECURRING_CHARGE_WINDOW_DAYS = 3;

/** The instant a Johannesburg calendar date begins (its midnight, 22:00 UTC the day before). */
export function businessMidnight(date: IsoDate): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - BUSINESS_UTC_OFFSET_MS);
}

/** The `n`th billing date of the series anchored on `anchor` (n = 0 is the anchor itself). */
export function billingDateOf(anchor: IsoDate, n: number, frequency: BillingFrequency = 'monthly'): IsoDate {
  return addMonths(anchor, n * MONTHS[frequency]);
}

const monthIndex = (date: IsoDate) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** The first billing date of the anchor's series that falls after `date` (the anchor itself counts). */
export function nextBillingDate(
  anchor: IsoDate,
  date: IsoDate,
  frequency: BillingFrequency = 'monthly',
): IsoDate {
  // Start one step before the month of `date`, so the loop runs at most three times.
  let n = Math.max(0, Math.floor((monthIndex(date) - monthIndex(anchor)) / MONTHS[frequency]) - 1);
  while (billingDateOf(anchor, n, frequency) <= date) n++;
  return billingDateOf(anchor, n, frequency);
}

export interface Period {
  start: Date;
  end: Date;
}

/** A period from `start` to Johannesburg midnight of the next billing date after start's calendar day. */
export function periodFrom(anchor: IsoDate, start: Date, frequency: BillingFrequency = 'monthly'): Period {
  return {
    start,
    end: businessMidnight(nextBillingDate(anchor, todayInBusinessZone(start), frequency)),
  };
}

/** A new subscription paid at `now`: its anchor is today in Johannesburg, its period ends a month later. */
export function firstPeriod(now: Date, frequency: BillingFrequency = 'monthly') {
  const anchor = todayInBusinessZone(now);
  return { anchor, period: periodFrom(anchor, now, frequency) };
}

/** The billing_date a new subscription's checkout sends the gateway: its first period's end. */
export function firstBillingDate(now: Date, frequency: BillingFrequency = 'monthly'): IsoDate {
  const anchor = todayInBusinessZone(now);
  return nextBillingDate(anchor, anchor, frequency);
}

/**
 * The period after one ending at `end`, repeated until it ends after `now` (a free plan renewed by a
 * sweep that did not run for two months skips the periods nobody used).
 */
export function nextPeriod(
  anchor: IsoDate,
  end: Date,
  now: Date,
  frequency: BillingFrequency = 'monthly',
): Period {
  let period = periodFrom(anchor, end, frequency);
  while (period.end.getTime() <= now.getTime()) period = periodFrom(anchor, period.end, frequency);
  return period;
}

export interface PaidSubscription {
  anchor: IsoDate;
  currentPeriodEnd: Date;
  /** Active, trialing or Payment Due: the current period is still the owner's. */
  running: boolean;
}

/**
 * The period a payment for the plan the owner is on pays (a recurring charge, or Pay now): the one that
 * follows the current period, while the subscription runs and that one has not already ended — early,
 * on the billing date, late within the charge window, or during Payment Due. After a lapse (Inactive,
 * or more than a whole period late) it starts now and the series is anchored again on today.
 */
export function paidPeriod(
  subscription: PaidSubscription,
  now: Date,
  frequency: BillingFrequency = 'monthly',
): { anchor: IsoDate; period: Period } {
  if (subscription.running) {
    const following = periodFrom(subscription.anchor, subscription.currentPeriodEnd, frequency);
    if (following.end.getTime() > now.getTime()) return { anchor: subscription.anchor, period: following };
  }
  return firstPeriod(now, frequency);
}

/** When a period ending at `end` stops waiting for the gateway's charge. */
export function chargeWindowEndsAt(end: Date): Date {
  return new Date(end.getTime() + RECURRING_CHARGE_WINDOW_DAYS * DAY_MS);
}
