import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from './plans.ts';
import {
  decideLifecycle,
  dueReminder,
  graceEndsAt,
  isListedStatus,
  type LifecycleSubscription,
  type LifecycleTransition,
  nextPeriod,
  reminderHorizon,
} from './subscription-lifecycle.ts';
import { BILLING_PERIOD_DAYS, GRACE_PERIOD_DAYS, monthlyCostCents } from './subscriptions.ts';

const DAY = 24 * 60 * 60 * 1000;
const END = new Date('2041-03-10T08:30:00.000Z');
const at = (offsetMs: number) => new Date(END.getTime() + offsetMs);

const PRO = monthlyCostCents('pro', []);
const STARTER = monthlyCostCents('starter', []);
const STARTER_WITH_BOOST = monthlyCostCents('starter', ['homepage_boost']);

function subscription(overrides: Partial<LifecycleSubscription> = {}): LifecycleSubscription {
  return {
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: END,
    pastDueSince: null,
    ...overrides,
  };
}

function decide(
  overrides: Partial<LifecycleSubscription>,
  now: Date,
  cost: number,
  remindersSent: number[] = [],
): LifecycleTransition {
  return decideLifecycle(subscription(overrides), { now, monthlyCostCents: cost, remindersSent });
}

const period = (startOffsetDays: number) => ({
  start: at(startOffsetDays * DAY),
  end: at((startOffsetDays + BILLING_PERIOD_DAYS) * DAY),
});

describe('the constants this follows', () => {
  it('a 30-day period, a 7-day grace, Pro at R 299, Starter free', () => {
    expect([BILLING_PERIOD_DAYS, GRACE_PERIOD_DAYS, PRO, STARTER, STARTER_WITH_BOOST]).toEqual([
      30, 7, 29900, 0, 9900,
    ]);
  });
});

describe('nextPeriod: 30 days from the old end, repeated until it ends after now', () => {
  it.each([
    ['exactly at the old end', 0, 0],
    ['a minute after', 1 / 1440, 0],
    ['29 days after', 29, 0],
    ['exactly 30 days after (that period has ended too)', 30, 30],
    ['65 days after', 65, 60],
    ['before the old end (not due yet, still the next one)', -3, 0],
  ])('%s', (_label, nowDays, startDays) => {
    expect(nextPeriod(END, at(nowDays * DAY))).toEqual(period(startDays));
  });
});

describe('a running period that ends', () => {
  it.each([
    ['one millisecond before the end: still running', -1, { kind: 'none' }],
    ['exactly at the end: Payment Due from the end', 0, { kind: 'mark_past_due' }],
    ['a day later: Payment Due from the end', DAY, { kind: 'mark_past_due' }],
  ] as const)('paid, active, %s', (_label, offset, expected) => {
    // Both reminders already went out, so only the period's end can change anything.
    const transition = decide({}, at(offset), PRO, [7, 3]);
    expect(transition).toMatchObject(expected);
    if (transition.kind === 'mark_past_due') {
      expect(transition.pastDueSince).toEqual(END);
      expect(transition.graceEndsAt).toEqual(at(GRACE_PERIOD_DAYS * DAY));
    }
  });

  it.each([
    ['Starter', STARTER],
    ['commission (Starter, no add-ons)', monthlyCostCents('starter', [])],
  ])('free (%s): renewed from the old end, exactly at the end', (_label, cost) => {
    expect(decide({}, END, cost)).toEqual({ kind: 'renew', period: period(0) });
    expect(decide({}, at(-1), cost)).toEqual({ kind: 'none' });
  });

  it('free, the sweep late by 75 days: one renewal to the period around now', () => {
    expect(decide({}, at(75 * DAY), STARTER)).toEqual({ kind: 'renew', period: period(60) });
  });

  it('Starter with a paid add-on is paid: Payment Due', () => {
    expect(decide({}, END, STARTER_WITH_BOOST)).toMatchObject({ kind: 'mark_past_due' });
  });

  it.each([
    ['paid', PRO],
    ['free', STARTER],
  ])(
    'set to cancel at period end (%s): the paid plan ends, a new free period from the old end',
    (_l, cost) => {
      expect(decide({ cancelAtPeriodEnd: true }, at(-1), cost)).toEqual({ kind: 'none' });
      expect(decide({ cancelAtPeriodEnd: true }, END, cost)).toEqual({
        kind: 'end_paid_plan',
        period: period(0),
      });
      expect(decide({ cancelAtPeriodEnd: true }, at(31 * DAY), cost)).toEqual({
        kind: 'end_paid_plan',
        period: period(30),
      });
    },
  );

  it('trialing runs like active', () => {
    expect(decide({ status: 'trialing' }, END, PRO)).toMatchObject({ kind: 'mark_past_due' });
  });
});

describe('Payment Due: the grace period', () => {
  const pastDue = { status: 'past_due' as const, pastDueSince: END };

  it.each([
    ['during the grace period', (GRACE_PERIOD_DAYS - 1) * DAY, { kind: 'none' }],
    ['one millisecond before it ends', GRACE_PERIOD_DAYS * DAY - 1, { kind: 'none' }],
    ['exactly when it ends', GRACE_PERIOD_DAYS * DAY, { kind: 'deactivate', graceEndedAt: at(7 * DAY) }],
    ['long after', 40 * DAY, { kind: 'deactivate', graceEndedAt: at(7 * DAY) }],
  ])('%s', (_label, offset, expected) => {
    expect(decide(pastDue, at(offset), PRO)).toEqual(expected);
  });

  it('counts from past_due_since, or from the period end when it is missing', () => {
    const later = at(2 * DAY);
    expect(decide({ ...pastDue, pastDueSince: later }, at(8 * DAY), PRO)).toEqual({ kind: 'none' });
    expect(decide({ ...pastDue, pastDueSince: later }, at(9 * DAY), PRO)).toMatchObject({
      kind: 'deactivate',
    });
    expect(decide({ ...pastDue, pastDueSince: null }, at(7 * DAY), PRO)).toMatchObject({
      kind: 'deactivate',
    });
  });

  it('cancelled while unpaid: the paid plan ends instead of lapsing', () => {
    expect(decide({ ...pastDue, cancelAtPeriodEnd: true }, at(2 * DAY), PRO)).toEqual({
      kind: 'end_paid_plan',
      period: period(0),
    });
  });

  it('nothing left to pay (add-ons removed on Starter): renewed', () => {
    expect(decide(pastDue, at(2 * DAY), STARTER)).toEqual({ kind: 'renew', period: period(0) });
  });

  it('sends no renewal reminder', () => {
    expect(decide(pastDue, at(-3 * DAY), PRO)).toEqual({ kind: 'none' });
  });

  it('graceEndsAt is 7 days later', () => {
    expect(graceEndsAt(END)).toEqual(at(7 * DAY));
  });
});

describe.each(['inactive', 'cancelled'] as const)('%s', (status: SubscriptionStatus) => {
  it('is left alone, however long ago the period ended', () => {
    expect(decide({ status }, at(100 * DAY), PRO)).toEqual({ kind: 'none' });
    expect(decide({ status, cancelAtPeriodEnd: true }, at(100 * DAY), PRO)).toEqual({ kind: 'none' });
    expect(decide({ status }, at(-3 * DAY), PRO)).toEqual({ kind: 'none' });
  });
});

describe('renewal reminders: 7 and 3 days before the end (whole days rounded up)', () => {
  it.each([
    ['8 days before', 8 * DAY, [], null],
    ['7 days and a millisecond before (8 days rounded up)', 7 * DAY + 1, [], null],
    ['exactly 7 days before', 7 * DAY, [], 7],
    ['6 days before', 6 * DAY, [], 7],
    ['6 days before, the 7-day one sent', 6 * DAY, [7], null],
    ['3 days and a millisecond before, the 7-day one sent', 3 * DAY + 1, [7], null],
    ['exactly 3 days before, the 7-day one sent', 3 * DAY, [7], 3],
    ['exactly 3 days before, none sent yet: only the nearer one', 3 * DAY, [], 3],
    ['an hour before', 60 * 60 * 1000, [7], 3],
    ['an hour before, both sent', 60 * 60 * 1000, [7, 3], null],
  ])('%s → %s', (_label, before, sent, expected) => {
    expect(dueReminder(END, at(-before), sent)).toBe(expected);
    const transition = decide({}, at(-before), PRO, sent);
    expect(transition).toEqual(
      expected === null ? { kind: 'none' } : { kind: 'remind', daysBefore: expected, periodEnd: END },
    );
  });

  it.each([
    ['a free plan', {}, STARTER],
    ['a plan set to cancel', { cancelAtPeriodEnd: true }, PRO],
    ['an inactive subscription', { status: 'inactive' as const }, PRO],
  ])('none for %s', (_label, overrides, cost) => {
    expect(decide(overrides, at(-3 * DAY), cost)).toEqual({ kind: 'none' });
  });

  it('at the end and after: no reminder (the period has ended)', () => {
    expect(dueReminder(END, END, [])).toBeNull();
    expect(dueReminder(END, at(DAY), [])).toBeNull();
  });

  it('a Starter plan with a paid add-on is reminded', () => {
    expect(decide({}, at(-7 * DAY), STARTER_WITH_BOOST)).toMatchObject({ kind: 'remind', daysBefore: 7 });
  });

  it('reminderHorizon: periods ending up to 7 days ahead', () => {
    expect(reminderHorizon(at(-7 * DAY))).toEqual(END);
  });
});

describe('isListedStatus: listings show and take bookings', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['past_due', true],
    ['inactive', false],
    ['cancelled', false],
    [null, false],
    [undefined, false],
  ] as const)('%s → %s', (status, listed) => {
    expect(isListedStatus(status)).toBe(listed);
  });
});
