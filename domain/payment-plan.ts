import { percentOf } from './billing.ts';
import { addDays, type IsoDate } from './dates.ts';
import { type Cents, formatRand } from './money.ts';

/**
 * How a booking is paid online (issue 23, docs/decisions/057): the owner's payment plan (per business,
 * or per listing over it) and cancellation policy. Money is integer cents; dates are Johannesburg
 * calendar dates. The server decides with these; the web app shows the same figures.
 */

export const PLAN_KINDS = ['full', 'deposit'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const DEPOSIT_TYPES = ['percent', 'amount'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];
/** The refundable security deposit: paid with the balance, or collected separately by the owner. */
export const SECURITY_DEPOSIT_COLLECTIONS = ['with_balance', 'separately'] as const;
export type SecurityDepositCollection = (typeof SECURITY_DEPOSIT_COLLECTIONS)[number];

export interface PaymentPlan {
  kind: PlanKind;
  depositType: DepositType;
  /** 0–100, two decimals. */
  depositPercent: number;
  depositAmountCents: Cents;
  /** The balance falls due this many days before the start (0: on the start date). */
  balanceDaysBefore: number;
  securityDeposit: SecurityDepositCollection;
}

export interface CancellationPolicy {
  /** A client cancels free of charge until this many days before the start. */
  freeUntilDaysBefore: number;
  /** After that, this percentage of the booking's total is kept. */
  feePercent: number;
}

/** A business that never chose: everything at booking, deposit with it. */
export const DEFAULT_PAYMENT_PLAN: PaymentPlan = {
  kind: 'full',
  depositType: 'percent',
  depositPercent: 0,
  depositAmountCents: 0,
  balanceDaysBefore: 0,
  securityDeposit: 'with_balance',
};

/** A business that never chose: free until 7 days before, then half the total. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = { freeUntilDaysBefore: 7, feePercent: 50 };

/** What a confirmed booking agreed to (reservations.payment_terms). */
export interface PaymentTerms {
  plan: PaymentPlan;
  cancellation: CancellationPolicy;
  /** The rental part due at confirmation (the whole total for a 'full' plan or a late booking). */
  depositDueCents: Cents;
  /** When the rest of the rental (and a security deposit taken with it) is due. */
  balanceDueOn: IsoDate;
  confirmedOn: IsoDate;
}

/** One payment a client makes in the schedule. */
export interface Installment {
  key: 'full' | 'deposit' | 'balance';
  dueOn: IsoDate;
  /** Rental money: a 'payment' line. */
  paymentCents: Cents;
  /** Security deposit taken with it: a 'deposit_received' line. */
  securityDepositCents: Cents;
}

/** The rental deposit a plan asks for on a total (never more than the total). */
export function depositFor(plan: PaymentPlan, totalCents: Cents): Cents {
  if (plan.kind === 'full') return totalCents;
  const asked =
    plan.depositType === 'percent' ? percentOf(totalCents, plan.depositPercent) : plan.depositAmountCents;
  return Math.max(0, Math.min(totalCents, asked));
}

/**
 * The terms a booking gets when it is confirmed on `confirmedOn`: the deposit now and the balance
 * `balanceDaysBefore` days before the start. When that date is today or already past (a late booking),
 * or the plan is 'full', everything is due at once.
 */
export function paymentTerms(
  plan: PaymentPlan,
  cancellation: CancellationPolicy,
  booking: { totalCents: Cents; startDate: IsoDate; confirmedOn: IsoDate },
): PaymentTerms {
  const balanceDate = addDays(booking.startDate, -plan.balanceDaysBefore);
  const late = balanceDate <= booking.confirmedOn;
  const depositDueCents =
    plan.kind === 'full' || late ? booking.totalCents : depositFor(plan, booking.totalCents);
  // A deposit that covers the whole total (an amount capped to it) leaves no balance: everything,
  // the security deposit 'with the balance' included, is due at confirmation, as installments() says.
  const atOnce = depositDueCents >= booking.totalCents;
  return {
    plan,
    cancellation,
    depositDueCents,
    balanceDueOn: atOnce ? booking.confirmedOn : balanceDate,
    confirmedOn: booking.confirmedOn,
  };
}

/** The schedule the terms make of a booking's total and security deposit. */
export function installments(
  terms: PaymentTerms,
  booking: { totalCents: Cents; securityDepositCents: Cents },
): Installment[] {
  const withBalance = terms.plan.securityDeposit === 'with_balance' ? booking.securityDepositCents : 0;
  const rest = Math.max(0, booking.totalCents - terms.depositDueCents);
  if (rest === 0)
    return [
      {
        key: 'full',
        dueOn: terms.confirmedOn,
        paymentCents: booking.totalCents,
        securityDepositCents: withBalance,
      },
    ];
  return [
    {
      key: 'deposit',
      dueOn: terms.confirmedOn,
      paymentCents: terms.depositDueCents,
      securityDepositCents: 0,
    },
    { key: 'balance', dueOn: terms.balanceDueOn, paymentCents: rest, securityDepositCents: withBalance },
  ];
}

/** The security deposit still to be received: the booking's, less its 'deposit_received' lines, not below 0. */
export function securityDepositOutstanding(
  securityDepositCents: Cents,
  lines: readonly { kind: string; paymentAmountCents?: Cents | null }[],
): Cents {
  const received = lines
    .filter((line) => line.kind === 'deposit_received')
    .reduce((sum, line) => sum + (line.paymentAmountCents ?? 0), 0);
  return Math.max(0, securityDepositCents - received);
}

export interface AmountsDue {
  /** Rental money due today or earlier and not yet paid. */
  paymentNowCents: Cents;
  /** Security deposit due with it and not yet received. */
  securityDepositNowCents: Cents;
  nowCents: Cents;
  /** Everything still owed on the booking (the balance), whenever due. */
  balanceCents: Cents;
  /**
   * The next date something falls due after today, with its amount and the refundable security
   * deposit inside that amount; null when nothing more is scheduled.
   */
  next: { dueOn: IsoDate; cents: Cents; securityDepositCents: Cents } | null;
  /** The balance's date has passed and money is still owed. */
  overdue: boolean;
}

/**
 * What a client owes now on a confirmed booking, from its terms and its ledger: the deposit until the
 * balance date, then the whole balance (charges added later included). The security deposit 'with the
 * balance' falls due with it; 'separately' is never asked for online here (the owner collects it, or
 * sends a payment link for it).
 */
export function amountsDue(
  terms: Pick<PaymentTerms, 'depositDueCents' | 'balanceDueOn'> & {
    plan: Pick<PaymentPlan, 'securityDeposit'>;
  },
  ledger: {
    balanceDueCents: Cents;
    paymentsCents: Cents;
    /** Security deposit still to be received (the booking's deposit − received so far, not below 0). */
    securityDepositOutstandingCents: Cents;
  },
  today: IsoDate,
): AmountsDue {
  const balanceCents = ledger.balanceDueCents;
  const balanceDay = today >= terms.balanceDueOn;
  const paymentNowCents = balanceDay
    ? balanceCents
    : Math.min(balanceCents, Math.max(0, terms.depositDueCents - ledger.paymentsCents));
  const securityDepositNowCents =
    terms.plan.securityDeposit === 'with_balance' && balanceDay ? ledger.securityDepositOutstandingCents : 0;
  const laterPayment = balanceCents - paymentNowCents;
  const laterDeposit =
    terms.plan.securityDeposit === 'with_balance' && !balanceDay ? ledger.securityDepositOutstandingCents : 0;
  return {
    paymentNowCents,
    securityDepositNowCents,
    nowCents: paymentNowCents + securityDepositNowCents,
    balanceCents,
    next:
      laterPayment + laterDeposit > 0
        ? {
            dueOn: terms.balanceDueOn,
            cents: laterPayment + laterDeposit,
            securityDepositCents: laterDeposit,
          }
        : null,
    overdue: today > terms.balanceDueOn && balanceCents > 0,
  };
}

/** What a client's cancellation on `today` costs: nothing until the free period ends, then the fee %. */
export function cancellationCharge(
  policy: CancellationPolicy,
  booking: { totalCents: Cents; startDate: IsoDate },
  today: IsoDate,
): { free: boolean; feeCents: Cents; freeUntil: IsoDate } {
  const freeUntil = addDays(booking.startDate, -policy.freeUntilDaysBefore);
  // A 0 % policy never charges: the cancellation is free whenever it happens.
  const free = today <= freeUntil || policy.feePercent === 0;
  return { free, feeCents: free ? 0 : percentOf(booking.totalCents, policy.feePercent), freeUntil };
}

/** The plan in words for the listing, the booking page and the confirmation. */
export function describePlan(plan: PaymentPlan): string {
  const deposit =
    plan.kind === 'full'
      ? 'Pay in full when your booking is confirmed'
      : `Pay a deposit of ${
          plan.depositType === 'percent' ? `${plan.depositPercent}%` : formatRand(plan.depositAmountCents)
        } when your booking is confirmed, and the balance ${
          plan.balanceDaysBefore === 0
            ? 'on the start date'
            : `${plan.balanceDaysBefore} day${plan.balanceDaysBefore === 1 ? '' : 's'} before the start`
        }`;
  const security =
    plan.securityDeposit === 'with_balance'
      ? 'The refundable security deposit is paid with the balance.'
      : 'The refundable security deposit is collected separately by the owner.';
  return `${deposit}. ${security}`;
}

/** The cancellation policy in words. */
export function describeCancellationPolicy(policy: CancellationPolicy): string {
  if (policy.feePercent === 0) return 'Free cancellation until the start.';
  const until =
    policy.freeUntilDaysBefore === 0
      ? 'until the start date'
      : `until ${policy.freeUntilDaysBefore} day${policy.freeUntilDaysBefore === 1 ? '' : 's'} before the start`;
  return `Free cancellation ${until}; after that ${policy.feePercent}% of the total is charged.`;
}
