import { describe, expect, it } from 'vitest';
import { formatRandCents } from './money.ts';
import {
  autoRenews,
  billingDayOf,
  canCancelSubscription,
  canReactivateSubscription,
  commissionLabel,
  featureText,
  formatBillingDate,
  invoiceFileName,
  isPaidPlan,
  limitLabel,
  type PlanAction,
  paymentMethodActionOf,
  paymentSuccessMessage,
  periodCountdown,
  planActionOf,
  planPriceLabel,
  renewalText,
  subscriptionTabOf,
  usageText,
} from './subscription-screen.ts';

const active = {
  planId: 'pro' as const,
  status: 'active',
  currentPeriodEnd: '2026-12-15T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  paymentMethod: 'subscription' as const,
  nextBillingAmountCents: 29900,
};

describe('the Subscription screen', () => {
  it.each([
    [null, 'overview'],
    ['', 'overview'],
    ['plans', 'plans'],
    ['billing', 'billing'],
    ['Billing', 'overview'],
    ['settings', 'overview'],
  ])('?tab=%s opens %s', (value, tab) => {
    expect(subscriptionTabOf(value)).toBe(tab);
  });

  it.each([
    ['payment_method_updated', 'updated'],
    ['payment_method_cancelled', 'cancelled'],
    ['something', null],
    [null, null],
  ])('action=%s is %s', (value, action) => {
    expect(paymentMethodActionOf(value)).toBe(action);
  });

  it('labels limits, prices and commission', () => {
    expect(limitLabel(-1)).toBe('Unlimited');
    expect(limitLabel(10)).toBe('10');
    expect(planPriceLabel(0)).toBe('Free');
    expect(planPriceLabel(29900)).toBe('R 299 / month');
    expect(planPriceLabel(69900)).toBe('R 699 / month');
    expect(commissionLabel(0.1)).toBe('10% per booking');
    expect(featureText({ name: 'Listings', limit: 10 })).toBe('Listings: 10');
    expect(featureText({ name: 'Bookings per month', limit: -1 })).toBe('Bookings per month: Unlimited');
    expect(featureText({ name: 'Analytics' })).toBe('Analytics');
    expect(usageText(3, 10)).toBe('3 of 10');
    expect(usageText(3, -1)).toBe('3 (Unlimited)');
  });

  const pro = { id: 'pro' as const, priceCents: 29900 };
  const starter = { id: 'starter' as const, priceCents: 0 };
  const business = { id: 'business' as const, priceCents: 69900 };
  it.each<
    [
      string,
      Parameters<typeof planActionOf>[0],
      { id: 'starter' | 'pro' | 'business'; priceCents: number },
      PlanAction,
    ]
  >([
    ['no subscription', null, pro, 'Choose'],
    ['no plan', { planId: null, paymentMethod: 'subscription' }, pro, 'Choose'],
    ['Pro on Pro', { planId: 'pro', paymentMethod: 'subscription' }, pro, 'Current plan'],
    ['Starter to Pro', { planId: 'starter', paymentMethod: 'subscription' }, pro, 'Upgrade'],
    ['Pro to Business', { planId: 'pro', paymentMethod: 'subscription' }, business, 'Upgrade'],
    ['Business to Pro', { planId: 'business', paymentMethod: 'subscription' }, pro, 'Downgrade'],
    ['Pro to Starter', { planId: 'pro', paymentMethod: 'subscription' }, starter, 'Downgrade'],
    ['commission to Starter', { planId: 'starter', paymentMethod: 'commission' }, starter, 'Choose'],
    ['commission to Pro', { planId: 'starter', paymentMethod: 'commission' }, pro, 'Upgrade'],
  ])('%s: %s', (_, current, target, label) => {
    expect(planActionOf(current, target)).toBe(label);
  });

  it('offers cancel to an active paid subscription, reactivate while it is cancelling', () => {
    expect(isPaidPlan(active)).toBe(true);
    expect(canCancelSubscription(active)).toBe(true);
    expect(canReactivateSubscription(active)).toBe(false);
    const cancelling = { ...active, cancelAtPeriodEnd: true };
    expect(canCancelSubscription(cancelling)).toBe(false);
    expect(canReactivateSubscription(cancelling)).toBe(true);
    expect(canCancelSubscription({ ...active, planId: 'starter' })).toBe(false);
    expect(canCancelSubscription({ ...active, paymentMethod: 'commission' })).toBe(false);
    expect(canCancelSubscription({ ...active, status: 'past_due' })).toBe(false);
    expect(canCancelSubscription({ ...active, planId: null })).toBe(false);
  });

  it('writes renewal lines', () => {
    expect(renewalText(active)).toBe(`Next billing on 15 December 2026: ${formatRandCents(29900)}`);
    expect(renewalText({ ...active, cancelAtPeriodEnd: true })).toBe('Cancels on 15 December 2026');
    expect(renewalText({ ...active, planId: 'starter', nextBillingAmountCents: 0 })).toBe(
      'Free: nothing to pay each month',
    );
    expect(
      renewalText({ ...active, planId: 'starter', paymentMethod: 'commission', nextBillingAmountCents: 0 }),
    ).toBe('No monthly fee: commission is taken per booking');
    // Issue 19: add-ons cost money on a free plan too, so it is never called free then.
    expect(renewalText({ ...active, planId: 'starter', nextBillingAmountCents: 9900 })).toBe(
      `Next billing on 15 December 2026: ${formatRandCents(9900)}`,
    );
    expect(
      renewalText({
        ...active,
        planId: 'starter',
        paymentMethod: 'commission',
        nextBillingAmountCents: 5000,
      }),
    ).toBe(`Next billing on 15 December 2026: ${formatRandCents(5000)}`);
    expect(renewalText({ ...active, status: 'past_due' })).toBe('Payment was due on 15 December 2026');
    expect(renewalText({ ...active, status: 'inactive' })).toBe('Ended on 15 December 2026');
    expect(renewalText({ ...active, planId: null, status: null, currentPeriodEnd: null })).toBeNull();
  });

  it('an owner whose debit order renews the plan is told when it renews, never that it expires', () => {
    const renewing = { ...active, hasRecurringBilling: true };
    const now = new Date('2026-12-12T10:00:00.000Z');
    expect(autoRenews(renewing)).toBe(true);
    expect(periodCountdown(renewing.currentPeriodEnd, true, now)).toEqual({
      text: 'Renews in 3 days',
      tone: 'normal',
    });
    expect(periodCountdown(renewing.currentPeriodEnd, false, now)).toEqual({
      text: '3 days remaining',
      tone: 'danger',
    });
    expect(periodCountdown(renewing.currentPeriodEnd, true, new Date('2026-12-16T10:00:00.000Z'))).toEqual({
      text: 'Renewal in progress',
      tone: 'normal',
    });
    expect(periodCountdown(renewing.currentPeriodEnd, false, new Date('2026-12-16T10:00:00.000Z'))).toEqual({
      text: 'Period ended',
      tone: 'danger',
    });
    expect(renewalText(renewing, now)).toBe(`Next billing on 15 December 2026: ${formatRandCents(29900)}`);
    // The billing date has come and the charge is on its way (docs/decisions/030).
    expect(renewalText(renewing, new Date('2026-12-16T10:00:00.000Z'))).toBe(
      'Renewing: the payment due on 15 December 2026 is on its way',
    );
    expect(renewalText(active, new Date('2026-12-16T10:00:00.000Z'))).toBe(
      `Next billing on 15 December 2026: ${formatRandCents(29900)}`,
    );
  });

  it.each([
    ['no recurring billing', { hasRecurringBilling: false }],
    ['set to cancel', { cancelAtPeriodEnd: true }],
    ['Payment Due', { status: 'past_due' }],
    ['a free plan', { planId: 'starter' as const }],
  ])('does not auto-renew: %s', (_label, overrides) => {
    expect(autoRenews({ ...active, hasRecurringBilling: true, ...overrides })).toBe(false);
  });

  it('dates in Johannesburg: an instant late on the 14th UTC is the 15th there', () => {
    expect(formatBillingDate('2026-12-14T23:30:00.000Z')).toBe('15 December 2026');
    expect(formatBillingDate('2026-03-01')).toBe('1 March 2026');
    expect(billingDayOf('2026-12-14T23:30:00.000Z')).toBe(15);
    expect(billingDayOf(null)).toBe(1);
  });

  it.each([
    ['subscription', 'Subscription created successfully!'],
    ['manual', 'Manual payment processed successfully! Your subscription has been extended.'],
    ['test', 'Payment processed successfully!'],
    ['renewal', 'Payment processed successfully!'],
    ['update_method', 'Payment method updated successfully!'],
  ])('a completed %s payment says %s', (kind, text) => {
    expect(paymentSuccessMessage(kind)).toBe(text);
  });

  it('names invoice files', () => {
    expect(invoiceFileName('RZ-000042')).toBe('Rentza-RZ-000042.pdf');
  });
});
