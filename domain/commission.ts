import { inclusiveAmounts, percentOf } from './billing.ts';
import { addDays, addMonths, type IsoDate, todayInBusinessZone } from './dates.ts';
import type { Cents } from './money.ts';
import type { ReservationStatus } from './reservation.ts';

/**
 * The commission model (issue 19, docs/decisions/032): 10 % of each completed booking's total accrues
 * to a monthly Rentza statement. Pure rules shared by the server and the Subscription screen.
 */

/** Days an owner has to pay a statement; the day after the due date it is overdue and the account Payment Due. */
export const COMMISSION_PAYMENT_TERMS_DAYS = 14;

export type AccrualKind = 'charge' | 'credit';

/** The commission on a booking total: rate × total, to the cent, half up (R 333.35 × 10 % = R 33.34). */
export function commissionCents(baseCents: Cents, rate: number): Cents {
  return percentOf(baseCents, rate * 100);
}

/** The first day of the Africa/Johannesburg month an instant falls in ('2026-11-01'). */
export function commissionMonth(instant: Date): IsoDate {
  return `${todayInBusinessZone(instant).slice(0, 7)}-01`;
}

export function previousMonth(month: IsoDate): IsoDate {
  return addMonths(month, -1);
}

/** The last day of a month given by its first day. */
export function monthEnd(month: IsoDate): IsoDate {
  return addDays(addMonths(month, 1), -1);
}

let monthFormat: Intl.DateTimeFormat | undefined;

/** 'November 2026'. */
export function monthLabel(month: IsoDate): string {
  monthFormat ??= new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return monthFormat.format(new Date(`${month}T00:00:00Z`));
}

/**
 * What a status change does to a booking's commission. A booking that reaches completed on the
 * commission model is charged (unless its last accrual is already a charge); a charged booking that
 * leaves completed (cancelled, or put back to confirmed) is credited. A booking completed again after
 * a credit is charged again. Anything else: nothing.
 */
export function commissionChange(input: {
  from: ReservationStatus;
  to: ReservationStatus;
  /** The booking's latest accrual, null when it has none. */
  last: AccrualKind | null;
  /** The owner is on the commission model now. */
  onCommission: boolean;
}): AccrualKind | null {
  const { from, to, last, onCommission } = input;
  if (from === to) return null;
  if (to === 'completed') return onCommission && last !== 'charge' ? 'charge' : null;
  if (from === 'completed') return last === 'charge' ? 'credit' : null;
  return null;
}

export interface OpenAccrual {
  month: IsoDate;
  amountCents: Cents;
}

/**
 * What the sweep closes at `now`: every open accrual of a month before the current one, when together
 * they come to more than nothing; the statement is for the month just ended. Credits that outweigh the
 * charges stay open and reduce the next statement (a statement is never negative).
 */
export function statementToClose<A extends OpenAccrual>(
  open: readonly A[],
  now: Date,
): { month: IsoDate; accruals: A[]; amountCents: Cents } | null {
  const current = commissionMonth(now);
  const accruals = open.filter((accrual) => accrual.month < current);
  const amountCents = accruals.reduce((sum, accrual) => sum + accrual.amountCents, 0);
  if (accruals.length === 0 || amountCents <= 0) return null;
  return { month: previousMonth(current), accruals, amountCents };
}

/** The statement's amounts: the commission includes VAT (Rentza's supply to the owner). */
export function statementAmounts(amountCents: Cents, vatRatePercent: number) {
  const { subTotalCents, taxCents } = inclusiveAmounts(amountCents, vatRatePercent);
  return { exclusiveCents: subTotalCents, vatCents: taxCents, totalCents: amountCents };
}

export function statementDueDate(issueDate: IsoDate): IsoDate {
  return addDays(issueDate, COMMISSION_PAYMENT_TERMS_DAYS);
}

export type StatementStatus = 'due' | 'paid';

/** Paid, Due, or Overdue after its due date (Africa/Johannesburg). */
export function statementStatusLabel(
  statement: { status: StatementStatus; dueDate: IsoDate },
  today: IsoDate,
): 'Paid' | 'Due' | 'Overdue' {
  if (statement.status === 'paid') return 'Paid';
  return today > statement.dueDate ? 'Overdue' : 'Due';
}

/** The tax invoice's line: 'Commission at 10 % on completed bookings, November 2026'. */
export function statementDescription(month: IsoDate, rate: number): string {
  return `Commission at ${Math.round(rate * 1000) / 10} % on completed bookings, ${monthLabel(month)}`;
}

export const COMMISSION_MESSAGES = {
  notFound: 'Statement not found',
  alreadyPaid: 'This statement is already paid',
  ownersOnly: 'Only the business owner can see and pay commission statements',
} as const;
