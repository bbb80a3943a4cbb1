import { describe, expect, it } from 'vitest';
import {
  amountsDue,
  type CancellationPolicy,
  cancellationCharge,
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_PLAN,
  describeCancellationPolicy,
  describePlan,
  installments,
  type PaymentPlan,
  paymentTerms,
  securityDepositOutstanding,
} from './payment-plan.ts';

const policy: CancellationPolicy = { freeUntilDaysBefore: 7, feePercent: 50 };
const deposit30: PaymentPlan = {
  kind: 'deposit',
  depositType: 'percent',
  depositPercent: 30,
  depositAmountCents: 0,
  balanceDaysBefore: 14,
  securityDeposit: 'with_balance',
};
const amountPlan: PaymentPlan = { ...deposit30, depositType: 'amount', depositAmountCents: 500_000 };

describe('paymentTerms', () => {
  it.each([
    {
      name: 'full plan: everything at confirmation',
      plan: DEFAULT_PAYMENT_PLAN,
      totalCents: 1_000_000,
      startDate: '2026-03-05',
      confirmedOn: '2026-01-10',
      deposit: 1_000_000,
      balanceDueOn: '2026-01-10',
    },
    {
      name: '30 % deposit, balance 14 days before',
      plan: deposit30,
      totalCents: 1_000_000,
      startDate: '2026-06-20',
      confirmedOn: '2026-05-01',
      deposit: 300_000,
      balanceDueOn: '2026-06-06',
    },
    {
      name: '30 % of an odd total rounds half-up',
      plan: deposit30,
      totalCents: 12_345,
      startDate: '2026-06-20',
      confirmedOn: '2026-05-01',
      deposit: 3_704,
      balanceDueOn: '2026-06-06',
    },
    {
      name: 'amount deposit under the total',
      plan: amountPlan,
      totalCents: 1_200_000,
      startDate: '2026-06-20',
      confirmedOn: '2026-05-01',
      deposit: 500_000,
      balanceDueOn: '2026-06-06',
    },
    {
      name: 'amount deposit larger than the total is capped: all at once',
      plan: amountPlan,
      totalCents: 300_000,
      startDate: '2026-06-20',
      confirmedOn: '2026-05-01',
      deposit: 300_000,
      balanceDueOn: '2026-05-01',
    },
    {
      name: 'balance date across a month end',
      plan: deposit30,
      totalCents: 1_000_000,
      startDate: '2026-03-05',
      confirmedOn: '2026-01-15',
      deposit: 300_000,
      balanceDueOn: '2026-02-19',
    },
    {
      name: 'balance date across a year end',
      plan: deposit30,
      totalCents: 1_000_000,
      startDate: '2027-01-10',
      confirmedOn: '2026-11-20',
      deposit: 300_000,
      balanceDueOn: '2026-12-27',
    },
    {
      name: 'late booking: balance date is the confirmation day',
      plan: deposit30,
      totalCents: 1_000_000,
      startDate: '2026-06-20',
      confirmedOn: '2026-06-06',
      deposit: 1_000_000,
      balanceDueOn: '2026-06-06',
    },
    {
      name: 'late booking: balance date already past',
      plan: deposit30,
      totalCents: 1_000_000,
      startDate: '2026-06-20',
      confirmedOn: '2026-06-15',
      deposit: 1_000_000,
      balanceDueOn: '2026-06-15',
    },
    {
      name: 'one day before the late cut-off keeps the deposit',
      plan: deposit30,
      totalCents: 1_000_000,
      startDate: '2026-06-20',
      confirmedOn: '2026-06-05',
      deposit: 300_000,
      balanceDueOn: '2026-06-06',
    },
  ])('$name', ({ plan, totalCents, startDate, confirmedOn, deposit, balanceDueOn }) => {
    const terms = paymentTerms(plan, policy, { totalCents, startDate, confirmedOn });
    expect(terms).toEqual({
      plan,
      cancellation: policy,
      depositDueCents: deposit,
      balanceDueOn,
      confirmedOn,
    });
  });
});

describe('installments', () => {
  const booking = { totalCents: 1_000_000, securityDepositCents: 200_000 };

  it('deposit then balance, security deposit with the balance', () => {
    const terms = paymentTerms(deposit30, policy, {
      totalCents: 1_000_000,
      startDate: '2026-03-05',
      confirmedOn: '2026-01-15',
    });
    expect(installments(terms, booking)).toEqual([
      { key: 'deposit', dueOn: '2026-01-15', paymentCents: 300_000, securityDepositCents: 0 },
      { key: 'balance', dueOn: '2026-02-19', paymentCents: 700_000, securityDepositCents: 200_000 },
    ]);
  });

  it('security deposit collected separately is never in the schedule', () => {
    const plan: PaymentPlan = { ...deposit30, securityDeposit: 'separately' };
    const terms = paymentTerms(plan, policy, {
      totalCents: 1_000_000,
      startDate: '2026-03-05',
      confirmedOn: '2026-01-15',
    });
    expect(installments(terms, booking).map((i) => i.securityDepositCents)).toEqual([0, 0]);
  });

  it.each([
    ['full plan', DEFAULT_PAYMENT_PLAN, '2026-01-15'],
    ['late booking', deposit30, '2026-03-01'],
  ])('%s: one payment at confirmation with the security deposit', (_name, plan, confirmedOn) => {
    const terms = paymentTerms(plan, policy, { totalCents: 1_000_000, startDate: '2026-03-05', confirmedOn });
    expect(installments(terms, booking)).toEqual([
      { key: 'full', dueOn: confirmedOn, paymentCents: 1_000_000, securityDepositCents: 200_000 },
    ]);
  });

  it('capped amount deposit: one payment, and amountsDue agrees the security deposit is due now', () => {
    const terms = paymentTerms(amountPlan, policy, {
      totalCents: 300_000,
      startDate: '2026-06-20',
      confirmedOn: '2026-05-01',
    });
    expect(installments(terms, { totalCents: 300_000, securityDepositCents: 50_000 })).toEqual([
      { key: 'full', dueOn: '2026-05-01', paymentCents: 300_000, securityDepositCents: 50_000 },
    ]);
    const due = amountsDue(
      terms,
      { balanceDueCents: 300_000, paymentsCents: 0, securityDepositOutstandingCents: 50_000 },
      '2026-05-01',
    );
    expect(due.nowCents).toBe(350_000);
    expect(due.next).toBeNull();
  });
});

describe('amountsDue', () => {
  const terms = paymentTerms(deposit30, policy, {
    totalCents: 1_000_000,
    startDate: '2026-03-05',
    confirmedOn: '2026-01-15',
  });
  const separately = paymentTerms({ ...deposit30, securityDeposit: 'separately' }, policy, {
    totalCents: 1_000_000,
    startDate: '2026-03-05',
    confirmedOn: '2026-01-15',
  });

  it.each([
    {
      name: 'before the balance date, nothing paid: the deposit',
      terms,
      ledger: { balanceDueCents: 1_000_000, paymentsCents: 0, securityDepositOutstandingCents: 200_000 },
      today: '2026-01-20',
      now: 300_000,
      sd: 0,
      next: { dueOn: '2026-02-19', cents: 900_000, securityDepositCents: 200_000 },
      overdue: false,
    },
    {
      name: 'before the balance date, deposit partly paid: the rest of the deposit',
      terms,
      ledger: { balanceDueCents: 900_000, paymentsCents: 100_000, securityDepositOutstandingCents: 200_000 },
      today: '2026-01-20',
      now: 200_000,
      sd: 0,
      next: { dueOn: '2026-02-19', cents: 900_000, securityDepositCents: 200_000 },
      overdue: false,
    },
    {
      name: 'before the balance date, deposit paid: nothing now',
      terms,
      ledger: { balanceDueCents: 700_000, paymentsCents: 300_000, securityDepositOutstandingCents: 200_000 },
      today: '2026-02-18',
      now: 0,
      sd: 0,
      next: { dueOn: '2026-02-19', cents: 900_000, securityDepositCents: 200_000 },
      overdue: false,
    },
    {
      name: 'on the balance date: the balance and the security deposit',
      terms,
      ledger: { balanceDueCents: 700_000, paymentsCents: 300_000, securityDepositOutstandingCents: 200_000 },
      today: '2026-02-19',
      now: 900_000,
      sd: 200_000,
      next: null,
      overdue: false,
    },
    {
      name: 'after the balance date, a charge added later and a partial payment: overdue',
      terms,
      ledger: { balanceDueCents: 450_000, paymentsCents: 600_000, securityDepositOutstandingCents: 0 },
      today: '2026-02-25',
      now: 450_000,
      sd: 0,
      next: null,
      overdue: true,
    },
    {
      name: 'after the balance date, all paid: not overdue',
      terms,
      ledger: { balanceDueCents: 0, paymentsCents: 1_000_000, securityDepositOutstandingCents: 0 },
      today: '2026-02-25',
      now: 0,
      sd: 0,
      next: null,
      overdue: false,
    },
    {
      name: 'security deposit collected separately is never due online',
      terms: separately,
      ledger: { balanceDueCents: 700_000, paymentsCents: 300_000, securityDepositOutstandingCents: 200_000 },
      today: '2026-02-19',
      now: 700_000,
      sd: 0,
      next: null,
      overdue: false,
    },
    {
      name: 'security deposit separately, before the balance date: next is the rental only',
      terms: separately,
      ledger: { balanceDueCents: 1_000_000, paymentsCents: 0, securityDepositOutstandingCents: 200_000 },
      today: '2026-01-15',
      now: 300_000,
      sd: 0,
      next: { dueOn: '2026-02-19', cents: 700_000, securityDepositCents: 0 },
      overdue: false,
    },
  ])('$name', ({ terms: t, ledger, today, now, sd, next, overdue }) => {
    const due = amountsDue(t, ledger, today);
    expect(due.nowCents).toBe(now);
    expect(due.securityDepositNowCents).toBe(sd);
    expect(due.paymentNowCents).toBe(now - sd);
    expect(due.balanceCents).toBe(ledger.balanceDueCents);
    expect(due.next).toEqual(next);
    expect(due.overdue).toBe(overdue);
  });
});

describe('cancellationCharge', () => {
  const booking = { totalCents: 1_000_001, startDate: '2026-03-05' };

  it.each([
    { name: 'well before: free', p: policy, today: '2026-02-01', free: true, fee: 0 },
    { name: 'last free day (across a month end): free', p: policy, today: '2026-02-26', free: true, fee: 0 },
    { name: 'the day after: the fee, half-up', p: policy, today: '2026-02-27', free: false, fee: 500_001 },
    { name: 'on the start date: the fee', p: policy, today: '2026-03-05', free: false, fee: 500_001 },
    {
      name: '0 % policy: free even on the start date',
      p: { freeUntilDaysBefore: 0, feePercent: 0 },
      today: '2026-03-05',
      free: true,
      fee: 0,
    },
    {
      name: '0 % policy with days: free after them too',
      p: { freeUntilDaysBefore: 7, feePercent: 0 },
      today: '2026-03-01',
      free: true,
      fee: 0,
    },
  ])('$name', ({ p, today, free, fee }) => {
    const charge = cancellationCharge(p, booking, today);
    expect(charge).toEqual({ free, feeCents: fee, freeUntil: expect.any(String) });
  });

  it('names the last free day', () => {
    expect(cancellationCharge(policy, booking, '2026-01-01').freeUntil).toBe('2026-02-26');
  });
});

describe('describePlan and describeCancellationPolicy', () => {
  it.each([
    [
      DEFAULT_PAYMENT_PLAN,
      'Pay in full when your booking is confirmed. The refundable security deposit is paid with the balance.',
    ],
    [
      deposit30,
      'Pay a deposit of 30% when your booking is confirmed, and the balance 14 days before the start. The refundable security deposit is paid with the balance.',
    ],
    [
      { ...deposit30, balanceDaysBefore: 1, securityDeposit: 'separately' as const },
      'Pay a deposit of 30% when your booking is confirmed, and the balance 1 day before the start. The refundable security deposit is collected separately by the owner.',
    ],
    [
      { ...deposit30, balanceDaysBefore: 0 },
      'Pay a deposit of 30% when your booking is confirmed, and the balance on the start date. The refundable security deposit is paid with the balance.',
    ],
  ])('describes a plan', (plan, text) => {
    expect(describePlan(plan)).toBe(text);
  });

  it('describes an amount deposit in rand', () => {
    expect(describePlan(amountPlan)).toMatch(
      /^Pay a deposit of R\s?5[\s\u00a0]?000 when your booking is confirmed/,
    );
  });

  it.each([
    [
      DEFAULT_CANCELLATION_POLICY,
      'Free cancellation until 7 days before the start; after that 50% of the total is charged.',
    ],
    [
      { freeUntilDaysBefore: 1, feePercent: 25 },
      'Free cancellation until 1 day before the start; after that 25% of the total is charged.',
    ],
    [
      { freeUntilDaysBefore: 0, feePercent: 100 },
      'Free cancellation until the start date; after that 100% of the total is charged.',
    ],
    [{ freeUntilDaysBefore: 7, feePercent: 0 }, 'Free cancellation until the start.'],
  ])('describes a cancellation policy', (p, text) => {
    expect(describeCancellationPolicy(p)).toBe(text);
  });
});

describe('securityDepositOutstanding', () => {
  it('the deposit less what was received, never below 0; other lines do not count', () => {
    const lines = [
      { kind: 'payment', paymentAmountCents: 90_000 },
      { kind: 'deposit_received', paymentAmountCents: 30_000 },
      { kind: 'deposit_received', paymentAmountCents: null },
    ];
    expect(securityDepositOutstanding(50_000, lines)).toBe(20_000);
    expect(securityDepositOutstanding(20_000, lines)).toBe(0);
    expect(securityDepositOutstanding(50_000, [])).toBe(50_000);
  });
});
