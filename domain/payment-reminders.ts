import { addDays, type IsoDate } from './dates.ts';
import { plainRandCents } from './money.ts';

/**
 * Balance reminders (issue 23 item 4, docs/decisions/062): the client is emailed a few days before a
 * confirmed booking's balance falls due and again the day after when it is still owed; the owner sees
 * overdue balances on Today and in the reservation list.
 */

/** How many days before the balance's date the "before due" reminder goes out. */
export const REMINDER_DAYS_BEFORE = 3;

export type ReminderKind = 'before_due' | 'overdue';

/**
 * Which reminder a booking whose balance falls due on `dueOn` gets on `today`, if any: "before due"
 * from REMINDER_DAYS_BEFORE days ahead up to the day itself (not for terms that made everything due at
 * confirmation: nothing was ever deferred), "overdue" from the day after.
 */
export function reminderKindOn(
  terms: { balanceDueOn: IsoDate; confirmedOn: IsoDate },
  today: IsoDate,
): ReminderKind | null {
  if (today > terms.balanceDueOn) return 'overdue';
  if (terms.balanceDueOn <= terms.confirmedOn) return null;
  return today >= addDays(terms.balanceDueOn, -REMINDER_DAYS_BEFORE) ? 'before_due' : null;
}

/**
 * A booking's balance is overdue once its date has passed with money still owed; a cancelled booking's
 * fee is not a balance on the plan and never shows as overdue.
 */
export function isBalanceOverdue(
  booking: { status: string; balanceDueOn: IsoDate | null; balanceCents: number },
  today: IsoDate,
): boolean {
  return (
    booking.status !== 'cancelled' &&
    booking.status !== 'pending' &&
    booking.balanceDueOn !== null &&
    booking.balanceDueOn < today &&
    booking.balanceCents > 0
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '12 Dec 2026' (or '12 Dec' without the year), from an ISO date, whatever the time zone. */
export function shortDueDate(date: IsoDate, withYear = true): string {
  const [year, month, day] = date.split('-');
  const text = `${Number(day)} ${MONTHS[Number(month) - 1]}`;
  return withYear ? `${text} ${year}` : text;
}

/** 'Balance of R 1 234.00 due 12 Dec 2026 for RZ-…' / 'Overdue: balance of R 1 234.00 due 12 Dec 2026 for RZ-…'. */
export function reminderSubject(
  kind: ReminderKind,
  cents: number,
  dueOn: IsoDate,
  reference: string,
): string {
  const what = `balance of ${plainRandCents(cents)} due ${shortDueDate(dueOn)} for ${reference}`;
  return kind === 'overdue' ? `Overdue: ${what}` : `B${what.slice(1)}`;
}
