import { addMonths, daysBetween, formatDisplayDate, type IsoDate, todayInBusinessZone } from './dates.ts';
import { plainRandCents } from './money.ts';
import { PLANS, type PlanId, type SubscriptionStatus } from './plans.ts';
import {
  ADD_ONS,
  type AddOn,
  type AddOnId,
  monthlyCostCents,
  type SubscriptionPaymentMethod,
} from './subscriptions.ts';

/**
 * What a plan change or an add-on costs now and from when (issue 19, docs/decisions/031). Pure: the
 * server charges what these return and the Subscription screen shows the same figures before paying.
 * A period is counted in Africa/Johannesburg calendar days from its stored start to its stored end,
 * whatever its length; the day of the change counts as unused (the new period starts that day).
 */

/** amount × part / whole in integer cents, half-up; 0 when nothing is left, the whole amount at most. */
export function prorateCents(amountCents: number, part: number, whole: number): number {
  if (whole <= 0 || part <= 0 || amountCents <= 0) return 0;
  const used = Math.min(part, whole);
  return Math.floor((2 * amountCents * used + whole) / (2 * whole));
}

/** The days of the current period still unused on the day of `now`, and the period's length in days. */
export function unusedDaysOf(
  period: { start: Date; end: Date },
  now: Date,
): { unused: number; total: number } {
  const end = todayInBusinessZone(period.end);
  const total = Math.max(daysBetween(todayInBusinessZone(period.start), end), 0);
  const unused = Math.min(Math.max(daysBetween(todayInBusinessZone(now), end), 0), total);
  return { unused, total };
}

/** The billing facts of a subscription as stored. */
export interface BillingState {
  planId: PlanId;
  paymentMethod: SubscriptionPaymentMethod;
  status: SubscriptionStatus;
  periodStart: Date;
  periodEnd: Date;
  /** The gateway holds recurring billing (a token). */
  hasRecurringBilling: boolean;
  /** Add-ons that continue past the period end: they are part of every next charge. */
  continuingAddOns: readonly AddOnId[];
  /** Of those, the ones paid with the current period (not deferred): their unused part is credited. */
  paidAddOns: readonly AddOnId[];
}

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'switch';

export interface PlanChangePreview {
  planId: PlanId;
  change: PlanChangeKind;
  /** Whether the change goes through the gateway's checkout (and applies when the payment is confirmed). */
  payment: 'checkout' | 'none';
  unusedDays: number;
  periodDays: number;
  /** The unused part of what was paid for the current period, taken off the amount due now. */
  creditCents: number;
  /** The new plan with the continuing add-ons, a month. */
  newMonthlyCents: number;
  dueNowCents: number;
  /** What the gateway charges from `firstBillingDate` on; 0 on a free plan without add-ons. */
  recurringCents: number;
  /** The first recurring charge (YYYY-MM-DD, Johannesburg); null when nothing recurs. */
  firstBillingDate: IsoDate | null;
}

/** The next billing date of the current period: its end, or today once it has passed. */
function nextBillingDate(state: BillingState, today: IsoDate): IsoDate {
  const end = todayInBusinessZone(state.periodEnd);
  return end > today ? end : today;
}

/**
 * The rules of a plan change. An upgrade, and a paid plan without recurring billing or an active paid
 * period, is paid at checkout: a new period starts when the payment is confirmed, for the new monthly
 * amount less the unused part of the current period (an active paid subscription only), with the first
 * recurring charge a month later. A downgrade, or a change to a free plan, applies now without a refund:
 * the recurring amount changes from the next billing date, which stays.
 */
export function previewPlanChange(state: BillingState, planId: PlanId, now: Date): PlanChangePreview {
  const today = todayInBusinessZone(now);
  const currentMonthly = monthlyCostCents(state.planId, state.continuingAddOns);
  const newMonthlyCents = monthlyCostCents(planId, state.continuingAddOns);
  const target = PLANS[planId].priceCents;
  const current = state.paymentMethod === 'subscription' ? PLANS[state.planId].priceCents : 0;
  const change: PlanChangeKind = target > current ? 'upgrade' : target < current ? 'downgrade' : 'switch';
  const { unused, total } = unusedDaysOf({ start: state.periodStart, end: state.periodEnd }, now);
  const payment =
    target > 0 && (change === 'upgrade' || state.status !== 'active' || !state.hasRecurringBilling)
      ? 'checkout'
      : 'none';
  const common = { planId, change, payment, unusedDays: unused, periodDays: total, newMonthlyCents } as const;
  if (payment === 'checkout') {
    const paidPeriod = state.status === 'active' && change === 'upgrade';
    const paidMonthly = paidPeriod
      ? monthlyCostCents(state.paymentMethod === 'subscription' ? state.planId : 'starter', state.paidAddOns)
      : 0;
    const creditCents = Math.min(prorateCents(paidMonthly, unused, total), newMonthlyCents);
    const firstBillingDate = addMonths(today, 1);
    const dueNowCents = newMonthlyCents - creditCents;
    return { ...common, creditCents, dueNowCents, recurringCents: newMonthlyCents, firstBillingDate };
  }
  const recurs = newMonthlyCents > 0 && (state.hasRecurringBilling || currentMonthly > 0);
  return {
    ...common,
    creditCents: 0,
    dueNowCents: 0,
    recurringCents: recurs ? newMonthlyCents : 0,
    firstBillingDate: recurs ? nextBillingDate(state, today) : null,
  };
}

export interface AddOnTerms {
  addOnId: AddOnId;
  /** checkout: paid now and active once the payment is confirmed; deferred: active now, charged from the next billing date. */
  payment: 'checkout' | 'deferred';
  dueNowCents: number;
  /** The monthly amount with the add-on. */
  newMonthlyCents: number;
  firstBillingDate: IsoDate;
}

/**
 * Adding an add-on. With nothing billed each month (a free plan, no recurring billing) it is a checkout
 * for the new monthly amount that starts recurring billing a month later. Otherwise it is active at once
 * and charged from the next billing date: the gateway's recurring amount (or the next Pay now) grows by
 * its price, and the rest of the current period is not charged.
 */
export function addOnTermsOf(
  state: Pick<
    BillingState,
    'planId' | 'paymentMethod' | 'periodEnd' | 'hasRecurringBilling' | 'continuingAddOns'
  >,
  addOnId: AddOnId,
  now: Date,
): AddOnTerms {
  const today = todayInBusinessZone(now);
  const plan = state.paymentMethod === 'subscription' ? state.planId : 'starter';
  const currentMonthly = monthlyCostCents(plan, state.continuingAddOns);
  const newMonthlyCents = currentMonthly + ADD_ONS[addOnId].priceCents;
  if (!state.hasRecurringBilling && currentMonthly === 0)
    return {
      addOnId,
      payment: 'checkout',
      dueNowCents: newMonthlyCents,
      newMonthlyCents,
      firstBillingDate: addMonths(today, 1),
    };
  const end = todayInBusinessZone(state.periodEnd);
  return {
    addOnId,
    payment: 'deferred',
    dueNowCents: 0,
    newMonthlyCents,
    firstBillingDate: end > today ? end : today,
  };
}

const rand = plainRandCents;
const day = (date: IsoDate) => formatDisplayDate(date);

/** The lines the Plans tab shows in its confirm step, from the server's preview. */
export function planChangeLines(preview: PlanChangePreview): string[] {
  const lines: string[] = [];
  if (preview.payment === 'checkout') {
    lines.push(`${PLANS[preview.planId].name} with your add-ons: ${rand(preview.newMonthlyCents)} a month.`);
    if (preview.creditCents > 0)
      lines.push(
        `Credit for the unused ${preview.unusedDays} of ${preview.periodDays} days of your current period: − ${rand(preview.creditCents)}.`,
      );
    lines.push(`Due now: ${rand(preview.dueNowCents)}. Your new plan starts when the payment is confirmed.`);
  } else {
    lines.push('Takes effect now. Nothing is due now.');
    if (preview.change === 'downgrade') lines.push('The unused part of your current plan is not refunded.');
  }
  if (preview.firstBillingDate && preview.recurringCents > 0)
    lines.push(`Then ${rand(preview.recurringCents)} a month from ${day(preview.firstBillingDate)}.`);
  else lines.push('Nothing to pay each month.');
  return lines;
}

/** What the add-on's confirm step says before the owner commits. */
export function addOnTermsText(terms: AddOnTerms, addOn: Pick<AddOn, 'name'>): string {
  if (terms.payment === 'checkout')
    return `Pay ${rand(terms.dueNowCents)} now for ${addOn.name}. It becomes active once the payment is confirmed; then ${rand(terms.newMonthlyCents)} a month from ${day(terms.firstBillingDate)}.`;
  return `${addOn.name} becomes active now, at no charge until your next billing date, ${day(terms.firstBillingDate)}. From then you pay ${rand(terms.newMonthlyCents)} a month.`;
}

/** What removing an add-on does: it stays until the period end, or ends now when it was never charged. */
export function addOnRemovalText(addOn: Pick<AddOn, 'name'>, endsAt: IsoDate | null): string {
  return endsAt
    ? `${addOn.name} stays active until ${day(endsAt)} and is not charged after that.`
    : `${addOn.name} ends now. It has not been charged yet, so nothing is due for it.`;
}

/** The Overview's monthly total: 'R 299 + R 99 add-ons = R 398 / month'. */
export function monthlyTotalText(planPriceCents: number, addOnsCents: number): string {
  const whole = (cents: number) => `R ${Math.round(cents / 100)}`;
  if (addOnsCents === 0)
    return planPriceCents === 0 ? 'Free: nothing to pay each month' : `${whole(planPriceCents)} / month`;
  const plan = planPriceCents === 0 ? 'Free plan' : whole(planPriceCents);
  return `${plan} + ${whole(addOnsCents)} add-ons = ${whole(planPriceCents + addOnsCents)} / month`;
}
