import { describe, expect, it } from 'vitest';
import { businessMidnight, paidPeriod, RECURRING_CHARGE_WINDOW_DAYS } from './billing-periods.ts';
import type { SubscriptionStatus } from './plans.ts';
import {
  decideLifecycle,
  dueReminder,
  graceEndsAt,
  isListedStatus,
  type LifecycleSubscription,
  type LifecycleTransition,
  reminderHorizon,
} from './subscription-lifecycle.ts';
import { GRACE_PERIOD_DAYS, monthlyCostCents } from './subscriptions.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Billing dates on the 31st (clamped): the current period ends at Johannesburg midnight of 28 February. */
const ANCHOR = '2041-01-31';
const END = businessMidnight('2041-02-28');
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
    billingAnchor: ANCHOR,
    recurringCharge: 'none',
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

/** A period between two billing dates (Johannesburg midnights). */
const period = (start: string, end: string) => ({
  start: businessMidnight(start),
  end: businessMidnight(end),
});
/** The period after the current one: 28 February → 31 March (the anchor's day, not 28 March). */
const FOLLOWING = period('2041-02-28', '2041-03-31');

describe('the constants this follows', () => {
  it('a 7-day grace, a 3-day charge window, Pro at R 299, Starter free', () => {
    expect([GRACE_PERIOD_DAYS, RECURRING_CHARGE_WINDOW_DAYS, PRO, STARTER, STARTER_WITH_BOOST]).toEqual([
      7, 3, 29900, 0, 9900,
    ]);
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
    expect(decide({}, END, cost)).toEqual({ kind: 'renew', period: FOLLOWING });
    expect(decide({}, at(-1), cost)).toEqual({ kind: 'none' });
  });

  it('free, the sweep late by 75 days (14 May): one renewal to the period around now', () => {
    expect(decide({}, at(75 * DAY), STARTER)).toEqual({
      kind: 'renew',
      period: period('2041-04-30', '2041-05-31'),
    });
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
        period: FOLLOWING,
      });
      // 31 days later is 31 March, the end of the following period too.
      expect(decide({ cancelAtPeriodEnd: true }, at(31 * DAY), cost)).toEqual({
        kind: 'end_paid_plan',
        period: period('2041-03-31', '2041-04-30'),
      });
    },
  );

  it('trialing runs like active', () => {
    expect(decide({ status: 'trialing' }, END, PRO)).toMatchObject({ kind: 'mark_past_due' });
  });
});

describe("a recurring charge in flight: the gateway's charge for the period end is waited for", () => {
  const coming = { recurringCharge: 'coming' as const };
  const WINDOW = RECURRING_CHARGE_WINDOW_DAYS * DAY;

  it.each([
    ['exactly at the end (the billing date begins)', 0],
    ['during the billing date', 14 * 60 * 60 * 1000],
    ['two days late', 2 * DAY],
    ['one millisecond before the window ends', WINDOW - 1],
  ])('%s: still active, no email', (_label, offset) => {
    expect(decide(coming, at(offset), PRO, [])).toEqual({ kind: 'none' });
  });

  it('no charge by the end of the window: Payment Due from then, 7 days of grace from then', () => {
    const windowEnd = at(WINDOW);
    expect(decide(coming, windowEnd, PRO)).toEqual({
      kind: 'mark_past_due',
      pastDueSince: windowEnd,
      graceEndsAt: at(WINDOW + GRACE_PERIOD_DAYS * DAY),
    });
  });

  it('a charge that failed: Payment Due at once, from the period end', () => {
    expect(decide({ recurringCharge: 'failed' }, at(60 * 60 * 1000), PRO, [7, 3])).toEqual({
      kind: 'mark_past_due',
      pastDueSince: END,
      graceEndsAt: at(GRACE_PERIOD_DAYS * DAY),
    });
  });

  it('a renewal arriving within the window: the following period to 31 March, never Payment Due', () => {
    for (const offset of [0, DAY, 2 * DAY, WINDOW - 1]) {
      const now = at(offset);
      expect(decide(coming, now, PRO)).toEqual({ kind: 'none' });
      const { anchor, period: paid } = paidPeriod(
        { anchor: ANCHOR, currentPeriodEnd: END, running: true },
        now,
      );
      expect({ anchor, paid }).toEqual({ anchor: ANCHOR, paid: FOLLOWING });
      const renewed = { ...coming, currentPeriodEnd: paid.end };
      expect(decide(renewed, now, PRO)).toEqual({ kind: 'none' });
      expect(decide(renewed, new Date(paid.end.getTime() - 1), PRO, [])).toEqual({ kind: 'none' });
    }
  });

  it('a free plan with a token left over renews as before', () => {
    expect(decide(coming, END, STARTER)).toEqual({ kind: 'renew', period: FOLLOWING });
  });

  it.each([7, 3, 1])('no "renews / expires" reminder %i days before: the debit order renews it', (days) => {
    expect(decide(coming, at(-days * DAY), PRO)).toEqual({ kind: 'none' });
  });

  it('a charge that failed before the end (an early billing date): the reminders go', () => {
    expect(decide({ recurringCharge: 'failed' }, at(-3 * DAY), PRO, [7])).toEqual({
      kind: 'remind',
      daysBefore: 3,
      periodEnd: END,
    });
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
      period: FOLLOWING,
    });
  });

  it('nothing left to pay (add-ons removed on Starter): renewed', () => {
    expect(decide(pastDue, at(2 * DAY), STARTER)).toEqual({ kind: 'renew', period: FOLLOWING });
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
