import { describe, expect, it } from 'vitest';
import {
  addOnRemovalText,
  addOnTermsOf,
  addOnTermsText,
  type BillingState,
  monthlyTotalText,
  planChangeLines,
  previewPlanChange,
  prorateCents,
  unusedDaysOf,
} from './subscription-proration.ts';

/** 08:00 in Johannesburg on the given day. */
const at = (date: string) => new Date(`${date}T06:00:00Z`);

/** Pro, paid for 1 → 31 December 2026 (a 30-day period as the gateway billed it), recurring billing on. */
const pro: BillingState = {
  planId: 'pro',
  paymentMethod: 'subscription',
  status: 'active',
  periodStart: at('2026-12-01'),
  periodEnd: at('2026-12-31'),
  hasRecurringBilling: true,
  continuingAddOns: [],
  paidAddOns: [],
};

describe('prorateCents: integer cents, half-up', () => {
  it.each([
    [29900, 20, 30, 19933], // 19 933.33
    [29900, 15, 30, 14950],
    [9900, 1, 30, 330],
    [10001, 1, 2, 5001], // 5 000.5 rounds up
    [29900, 0, 30, 0],
    [29900, 31, 30, 29900], // never more than the whole
    [29900, 5, 0, 0], // an empty period credits nothing
  ])('%i × %i / %i = %i', (amount, part, whole, expected) => {
    expect(prorateCents(amount, part, whole)).toBe(expected);
  });
});

describe('unused days of a period (Johannesburg days; the day of the change is unused)', () => {
  const period = { start: at('2026-01-31'), end: at('2026-02-28') };
  it.each([
    ['2026-01-31T06:00:00Z', 28, 28], // first day: all of it
    ['2026-02-27T21:59:00Z', 1, 28], // 23:59 on the last day
    ['2026-02-27T22:00:00Z', 0, 28], // midnight in Johannesburg: the end day, nothing left
    ['2026-03-05T06:00:00Z', 0, 28], // after the end
  ])('at %s: %i of %i', (now, unused, total) => {
    expect(unusedDaysOf(period, new Date(now))).toEqual({ unused, total });
  });
});

describe('previewPlanChange: what a plan change costs now and from when', () => {
  it.each([
    // [case, state, target, now, credit, due now, recurring, first billing date]
    ['mid-period upgrade Pro → Business', pro, 'business', '2026-12-11', 19933, 49967, 69900, '2027-01-11'],
    [
      'upgrade on the first day credits it all',
      pro,
      'business',
      '2026-12-01',
      29900,
      40000,
      69900,
      '2027-01-01',
    ],
    [
      'upgrade on the last day credits one day',
      pro,
      'business',
      '2026-12-30',
      997,
      68903,
      69900,
      '2027-01-30',
    ],
    [
      'add-ons paid with the period are credited and carried over',
      { ...pro, continuingAddOns: ['homepage_boost'], paidAddOns: ['homepage_boost'] },
      'business',
      '2026-12-16',
      19900, // (29 900 + 9 900) × 15 / 30
      59900, // 79 800 − 19 900
      79800,
      '2027-01-16',
    ],
    [
      'a deferred add-on is carried over but not credited',
      { ...pro, continuingAddOns: ['homepage_boost'], paidAddOns: [] },
      'business',
      '2026-12-16',
      14950,
      64850,
      79800,
      '2027-01-16',
    ],
    [
      'Starter → Pro: nothing paid, nothing credited',
      { ...pro, planId: 'starter', hasRecurringBilling: false },
      'pro',
      '2026-12-11',
      0,
      29900,
      29900,
      '2027-01-11',
    ],
    [
      'upgrade while Payment Due: the period was not paid',
      { ...pro, status: 'past_due' },
      'business',
      '2026-12-11',
      0,
      69900,
      69900,
      '2027-01-11',
    ],
    [
      'month end: 31 January → 28 February',
      { ...pro, periodStart: at('2027-01-10'), periodEnd: at('2027-02-10') },
      'business',
      '2027-01-31',
      9645, // 29 900 × 10 / 31
      60255,
      69900,
      '2027-02-28',
    ],
  ] as const)('%s', (_case, state, planId, now, credit, dueNow, recurring, firstBilling) => {
    const preview = previewPlanChange(state, planId, at(now));
    expect(preview).toMatchObject({
      payment: 'checkout',
      creditCents: credit,
      dueNowCents: dueNow,
      recurringCents: recurring,
      firstBillingDate: firstBilling,
    });
    expect(preview.dueNowCents + preview.creditCents).toBe(preview.newMonthlyCents);
  });

  it('a downgrade applies now, without a refund, and keeps the next billing date', () => {
    const preview = previewPlanChange({ ...pro, planId: 'business' }, 'pro', at('2026-12-11'));
    expect(preview).toMatchObject({
      change: 'downgrade',
      payment: 'none',
      creditCents: 0,
      dueNowCents: 0,
      recurringCents: 29900,
      firstBillingDate: '2026-12-31',
    });
    expect(planChangeLines(preview)).toEqual([
      'Takes effect now. Nothing is due now.',
      'The unused part of your current plan is not refunded.',
      'Then R 299.00 a month from 31 December 2026.',
    ]);
  });

  it('a downgrade to Starter keeps charging for the add-ons that stay', () => {
    const state = { ...pro, continuingAddOns: ['branded_profile'] as const, paidAddOns: [] };
    expect(previewPlanChange(state, 'starter', at('2026-12-11'))).toMatchObject({
      payment: 'none',
      recurringCents: 5000,
      firstBillingDate: '2026-12-31',
    });
    expect(previewPlanChange(pro, 'starter', at('2026-12-11'))).toMatchObject({
      recurringCents: 0,
      firstBillingDate: null,
    });
  });

  it('a downgrade without recurring billing goes through checkout at the full new price', () => {
    const state = { ...pro, planId: 'business' as const, hasRecurringBilling: false };
    expect(previewPlanChange(state, 'pro', at('2026-12-11'))).toMatchObject({
      payment: 'checkout',
      creditCents: 0,
      dueNowCents: 29900,
    });
  });

  it('the confirm step says the credit, the amount due now and the first billing date', () => {
    expect(planChangeLines(previewPlanChange(pro, 'business', at('2026-12-11')))).toEqual([
      'Business with your add-ons: R 699.00 a month.',
      'Credit for the unused 20 of 30 days of your current period: − R 199.33.',
      'Due now: R 499.67. Your new plan starts when the payment is confirmed.',
      'Then R 699.00 a month from 11 January 2027.',
    ]);
  });
});

describe('addOnTermsOf: what an add-on costs now and from when', () => {
  const starter = { ...pro, planId: 'starter' as const, hasRecurringBilling: false };
  it.each([
    [
      'Starter: a checkout for the add-on, recurring a month later',
      starter,
      'checkout',
      9900,
      9900,
      '2027-01-11',
    ],
    [
      'commission: the same checkout',
      { ...starter, paymentMethod: 'commission' as const },
      'checkout',
      9900,
      9900,
      '2027-01-11',
    ],
    [
      'Pro with recurring billing: deferred to the next billing date',
      pro,
      'deferred',
      0,
      39800,
      '2026-12-31',
    ],
    [
      'Starter already billing an add-on: deferred too',
      { ...starter, hasRecurringBilling: true, continuingAddOns: ['branded_profile'] as const },
      'deferred',
      0,
      14900,
      '2026-12-31',
    ],
  ] as const)('%s', (_case, state, payment, dueNow, monthly, firstBilling) => {
    expect(addOnTermsOf(state, 'homepage_boost', at('2026-12-11'))).toEqual({
      addOnId: 'homepage_boost',
      payment,
      dueNowCents: dueNow,
      newMonthlyCents: monthly,
      firstBillingDate: firstBilling,
    });
  });

  it('says it before the owner commits', () => {
    expect(
      addOnTermsText(addOnTermsOf(starter, 'homepage_boost', at('2026-12-11')), { name: 'Homepage boost' }),
    ).toBe(
      'Pay R 99.00 now for Homepage boost. It becomes active once the payment is confirmed; then R 99.00 a month from 11 January 2027.',
    );
    expect(
      addOnTermsText(addOnTermsOf(pro, 'homepage_boost', at('2026-12-11')), { name: 'Homepage boost' }),
    ).toBe(
      'Homepage boost becomes active now, at no charge until your next billing date, 31 December 2026. From then you pay R 398.00 a month.',
    );
    expect(addOnRemovalText({ name: 'Homepage boost' }, '2026-12-31')).toBe(
      'Homepage boost stays active until 31 December 2026 and is not charged after that.',
    );
  });
});

describe('monthlyTotalText: the Overview never says free when add-ons cost money', () => {
  it.each([
    [29900, 9900, 'R 299 + R 99 add-ons = R 398 / month'],
    [0, 9900, 'Free plan + R 99 add-ons = R 99 / month'],
    [29900, 0, 'R 299 / month'],
    [0, 0, 'Free: nothing to pay each month'],
  ])('plan %i, add-ons %i: %s', (plan, addOns, text) => {
    expect(monthlyTotalText(plan, addOns)).toBe(text);
  });
});
