import { describe, expect, it } from 'vitest';
import {
  billingDescription,
  daysRemainingTone,
  daysUntil,
  formatPlanPrice,
  isPlanUpgrade,
  monthlyCostCents,
  newPaymentId,
  subscriptionStatusLabel,
  usageLevel,
  validityOf,
} from './subscriptions.ts';

const NOW = new Date('2026-11-25T10:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

describe('validity of a subscription (§4: thresholds 0, 3 and 7 days, rounded up)', () => {
  it.each([
    [-2, 'Expired', true, 'Your subscription has expired!'],
    [0, 'Expired', true, 'Your subscription has expired!'],
    [0.01, 'Expires Soon', true, 'Your subscription expires in 1 days!'],
    [3, 'Expires Soon', true, 'Your subscription expires in 3 days!'],
    [3.5, 'Expires This Week', false, null],
    [7, 'Expires This Week', false, null],
    [7.2, 'Active', false, null],
    [30, 'Active', false, null],
  ] as const)('%s days left: %s (urgent %s)', (days, label, urgent, notice) => {
    expect(validityOf(inDays(days), NOW)).toMatchObject({ label, urgent, notice });
  });

  it('counts part of a day as a whole day', () => {
    expect(daysUntil(inDays(2.1), NOW)).toBe(3);
    expect(daysUntil(inDays(-0.5), NOW)).toBe(-0);
  });

  it.each([
    [1, 'danger'],
    [3, 'danger'],
    [4, 'warning'],
    [7, 'warning'],
    [8, 'normal'],
  ] as const)('days remaining %i is shown as %s', (days, tone) => {
    expect(daysRemainingTone(days)).toBe(tone);
  });
});

describe('usage bars (§9: warning at 80 %, -1 unlimited)', () => {
  it.each([
    [7, 10, 70, false],
    [8, 10, 80, true],
    [10, 10, 100, true],
    [12, 10, 100, true],
    [0, 1, 0, false],
    [1, 1, 100, true],
  ] as const)('%i of %i: %i %%, warning %s', (used, limit, percent, warning) => {
    expect(usageLevel(used, limit)).toEqual({ percent, warning, unlimited: false });
  });

  it('unlimited shows no bar', () => {
    expect(usageLevel(250, -1)).toEqual({ percent: 0, warning: false, unlimited: true });
  });
});

describe('prices and costs', () => {
  it('a price of 0 is Free; otherwise R and whole rands', () => {
    expect(formatPlanPrice(0)).toBe('Free');
    expect(formatPlanPrice(29900)).toBe('R 299');
    expect(formatPlanPrice(69900)).toBe('R 699');
  });

  it('the monthly cost is the plan price plus active add-ons', () => {
    expect(monthlyCostCents('starter', [])).toBe(0);
    expect(monthlyCostCents('pro', [])).toBe(29900);
    expect(monthlyCostCents('pro', ['homepage_boost', 'branded_profile'])).toBe(29900 + 9900 + 5000);
    expect(monthlyCostCents('business', ['photography', 'custom_agreement'])).toBe(69900 + 49900 + 14900);
  });

  it('an upgrade costs more', () => {
    expect(isPlanUpgrade('starter', 'pro')).toBe(true);
    expect(isPlanUpgrade('business', 'pro')).toBe(false);
  });

  it('describes a billing history entry as the spec does', () => {
    expect(billingDescription('pro')).toBe('Pro Plan - Monthly Subscription');
  });
});

describe('status and payment ids', () => {
  it.each([
    ['active', 'Active'],
    ['trialing', 'Trial'],
    ['past_due', 'Payment Due'],
    ['cancelled', 'Cancelled'],
    ['inactive', 'Inactive'],
    ['paused', 'Unknown'],
  ])('%s shows as %s', (status, label) => {
    expect(subscriptionStatusLabel(status)).toBe(label);
  });

  it('payment ids are a prefix, a timestamp and a random string (§9)', () => {
    const at = new Date('2026-11-25T10:00:00Z');
    expect(newPaymentId('subscription', at, 'a1b2c3')).toBe(`SUB_${at.getTime()}_a1b2c3`);
    expect(newPaymentId('manual', at, 'a1b2c3')).toBe(`PAY_${at.getTime()}_a1b2c3`);
    expect(newPaymentId('test', at, 'a1b2c3')).toBe(`PAY_${at.getTime()}_a1b2c3`);
    expect(newPaymentId('update_method', at, 'a1b2c3')).toBe(`UPDATE_${at.getTime()}_a1b2c3`);
  });
});
