import { describe, expect, it } from 'vitest';
import {
  type AccrualKind,
  COMMISSION_PAYMENT_TERMS_DAYS,
  commissionCents,
  commissionChange,
  commissionMonth,
  monthEnd,
  monthLabel,
  statementAmounts,
  statementDescription,
  statementDueDate,
  statementStatusLabel,
  statementToClose,
} from './commission.ts';
import type { ReservationStatus } from './reservation.ts';
import { decideLifecycle } from './subscription-lifecycle.ts';
import { COMMISSION_RATE } from './subscriptions.ts';

describe('commission on a booking total: 10 %, to the cent, half up', () => {
  it.each([
    ['R 2 300.00', 230_000, 23_000],
    ['R 1 000.05: 100.005 rounds up', 100_005, 10_001],
    ['R 1 000.04: 100.004 rounds down', 100_004, 10_000],
    ['R 333.35: 33.335 rounds up', 33_335, 3_334],
    ['R 0.05: half a cent rounds up', 5, 1],
    ['R 0.04', 4, 0],
    ['nothing', 0, 0],
    ['the largest total', 2_000_000_000, 200_000_000],
  ])('%s', (_label, baseCents, expected) => {
    expect(commissionCents(baseCents, COMMISSION_RATE)).toBe(expected);
  });

  it('at another rate (stored per subscription)', () => {
    expect(commissionCents(100_005, 0.125)).toBe(12_501); // 12 500.625
  });
});

describe('the month a booking accrues in is the Africa/Johannesburg month', () => {
  it.each([
    ['30 Nov 21:59 UTC is 23:59 on 30 November in Johannesburg', '2026-11-30T21:59:59Z', '2026-11-01'],
    ['30 Nov 22:00 UTC is midnight on 1 December in Johannesburg', '2026-11-30T22:00:00Z', '2026-12-01'],
    ['31 Dec 22:30 UTC is already the new year', '2026-12-31T22:30:00Z', '2027-01-01'],
    ['a leap day', '2028-02-29T12:00:00Z', '2028-02-01'],
  ])('%s', (_label, instant, month) => {
    expect(commissionMonth(new Date(instant))).toBe(month);
  });

  it('labels and month ends', () => {
    expect(monthLabel('2026-11-01')).toBe('November 2026');
    expect(monthEnd('2028-02-01')).toBe('2028-02-29');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
    expect(statementDescription('2026-11-01', COMMISSION_RATE)).toBe(
      'Commission at 10 % on completed bookings, November 2026',
    );
  });
});

describe('what a status change does to the commission', () => {
  const cases: [
    string,
    ReservationStatus,
    ReservationStatus,
    AccrualKind | null,
    boolean,
    AccrualKind | null,
  ][] = [
    ['confirmed → completed on commission: charged', 'confirmed', 'completed', null, true, 'charge'],
    ['pending → completed on commission: charged', 'pending', 'completed', null, true, 'charge'],
    ['completed on the subscription model: nothing', 'confirmed', 'completed', null, false, null],
    ['completed again while charged (no change): nothing', 'completed', 'completed', 'charge', true, null],
    ['completed → cancelled after a charge: credited', 'completed', 'cancelled', 'charge', true, 'credit'],
    ['completed → confirmed after a charge: credited', 'completed', 'confirmed', 'charge', true, 'credit'],
    ['credited even after leaving the commission model', 'completed', 'cancelled', 'charge', false, 'credit'],
    ['completed → cancelled never charged: nothing', 'completed', 'cancelled', null, true, null],
    ['completed again after a credit: charged again', 'confirmed', 'completed', 'credit', true, 'charge'],
    ['confirmed → cancelled: nothing', 'confirmed', 'cancelled', null, true, null],
  ];
  it.each(cases)('%s', (_label, from, to, last, onCommission, expected) => {
    expect(commissionChange({ from, to, last, onCommission })).toBe(expected);
  });
});

describe('closing a month into a statement', () => {
  const now = new Date('2026-12-01T00:05:00+02:00');
  it('takes every open accrual of earlier months, for the month just ended', () => {
    const open = [
      { id: 'a', month: '2026-11-01', amountCents: 23_000 },
      { id: 'b', month: '2026-11-01', amountCents: 10_001 },
      { id: 'c', month: '2026-12-01', amountCents: 5_000 },
    ];
    expect(statementToClose(open, now)).toEqual({
      month: '2026-11-01',
      accruals: [open[0], open[1]],
      amountCents: 33_001,
    });
  });

  it('a reversal credit reduces the next statement', () => {
    const open = [
      { month: '2026-11-01', amountCents: -23_000 },
      { month: '2026-11-01', amountCents: 40_000 },
    ];
    expect(statementToClose(open, now)?.amountCents).toBe(17_000);
  });

  it('credits that outweigh the charges stay open (a statement is never negative or empty)', () => {
    expect(statementToClose([{ month: '2026-11-01', amountCents: -23_000 }], now)).toBeNull();
    expect(
      statementToClose(
        [
          { month: '2026-11-01', amountCents: 23_000 },
          { month: '2026-11-01', amountCents: -23_000 },
        ],
        now,
      ),
    ).toBeNull();
    expect(statementToClose([], now)).toBeNull();
  });

  it('nothing of the current month closes: 23:59 on 30 November is still November', () => {
    const open = [{ month: '2026-11-01', amountCents: 23_000 }];
    expect(statementToClose(open, new Date('2026-11-30T23:59:00+02:00'))).toBeNull();
    expect(statementToClose(open, new Date('2026-12-01T00:00:00+02:00'))?.month).toBe('2026-11-01');
  });

  it('VAT at 15 % is included in the commission', () => {
    expect(statementAmounts(33_001, 15)).toEqual({
      exclusiveCents: 28_697,
      vatCents: 4_304,
      totalCents: 33_001,
    });
    expect(statementAmounts(23_000, 15)).toEqual({
      exclusiveCents: 20_000,
      vatCents: 3_000,
      totalCents: 23_000,
    });
  });
});

describe('paying a statement', () => {
  it(`is due ${COMMISSION_PAYMENT_TERMS_DAYS} days after it is issued, then overdue`, () => {
    const dueDate = statementDueDate('2026-12-01');
    expect(dueDate).toBe('2026-12-15');
    expect(statementStatusLabel({ status: 'due', dueDate }, '2026-12-15')).toBe('Due');
    expect(statementStatusLabel({ status: 'due', dueDate }, '2026-12-16')).toBe('Overdue');
    expect(statementStatusLabel({ status: 'paid', dueDate }, '2027-01-20')).toBe('Paid');
  });

  it('an overdue statement keeps a free plan Payment Due until the grace period ends, then Inactive', () => {
    const since = new Date('2026-12-16T00:00:00+02:00');
    const subscription = {
      status: 'past_due' as const,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date('2026-12-10T00:00:00Z'),
      pastDueSince: since,
      // Read by the lifecycle of decision 030 (calendar billing periods); a free plan has no recurring charge.
      billingAnchor: '2026-11-10',
      recurringCharge: 'none' as const,
    };
    const context = { monthlyCostCents: 0, remindersSent: [] };
    const day = 24 * 60 * 60 * 1000;
    expect(
      decideLifecycle(subscription, {
        ...context,
        now: new Date(since.getTime() + day),
        commissionOverdue: true,
      }),
    ).toEqual({ kind: 'none' });
    expect(
      decideLifecycle(subscription, {
        ...context,
        now: new Date(since.getTime() + 7 * day),
        commissionOverdue: true,
      }),
    ).toEqual({ kind: 'deactivate', graceEndedAt: new Date(since.getTime() + 7 * day) });
    // Paid (nothing overdue): the free plan carries on.
    expect(
      decideLifecycle(subscription, {
        ...context,
        now: new Date(since.getTime() + day),
        commissionOverdue: false,
      }),
    ).toMatchObject({ kind: 'renew' });
  });
});
