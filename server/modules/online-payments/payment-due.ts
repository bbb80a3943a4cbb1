import type { Kysely } from 'kysely';
import { ledgerSummary, unbilledTotalOf } from '../../../domain/billing.ts';
import { formatDisplayDate, type IsoDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { formatRand } from '../../../domain/money.ts';
import {
  type AmountsDue,
  amountsDue,
  describePlan,
  type PaymentTerms,
  securityDepositOutstanding,
} from '../../../domain/payment-plan.ts';
import type { BookingPaymentView, PaymentDue } from '../../../domain/schemas/online-payments.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { lineSumsQuery, toLineSums } from '../billing-lines/line-sums.ts';
import { findReservation, type ReservationRow } from '../reservations/reservation.repository.ts';
import { ownerPayfastCredentials } from './credentials.ts';

/**
 * What a client owes on a booking now and whether it can be paid online (docs/decisions/060). The
 * figures come from the same line sums and ledger rules as the reservation list, so the Pay button,
 * the list's balance column and the Transactions tab agree.
 */

export type DueDeps = { db: Kysely<Database>; config: Pick<Config, 'PAYMENT_CREDENTIALS_KEY'> };

export const PAYMENT_DUE_MESSAGES = {
  pending: 'Waiting for the owner to confirm your booking.',
  cancelled: 'This booking was cancelled, so nothing can be paid on it.',
  completed: 'This booking is completed: contact the owner to settle anything still owed.',
  eftOnly: 'This business takes payment by EFT: use the bank details on your invoice.',
  nothingDue: 'Nothing is owed on this booking.',
  nothingDueNow: (next: { dueOn: string; cents: number }) =>
    `Nothing is due now: ${formatRand(next.cents)} is due on ${formatDisplayDate(next.dueOn)}.`,
} as const;

/** The terms a booking is paid under: its own, or (confirmed before plans existed) everything now. */
function termsOf(
  reservation: Pick<ReservationRow, 'payment_terms'>,
  today: IsoDate,
): Pick<PaymentTerms, 'depositDueCents' | 'balanceDueOn'> & {
  plan: Pick<PaymentTerms['plan'], 'securityDeposit'>;
} {
  return (
    reservation.payment_terms ?? {
      depositDueCents: 0,
      balanceDueOn: today,
      plan: { securityDeposit: 'with_balance' },
    }
  );
}

/** The ledger figures amountsDue reads, from the booking's not-voided lines. */
async function ledgerOf(db: Kysely<Database>, reservation: ReservationRow) {
  const sums = toLineSums(await lineSumsQuery(db).where('reservation_id', '=', reservation.id).execute());
  const lines = sums.map((sum) => ({
    kind: sum.kind,
    totalCents: sum.totalCents,
    paymentAmountCents: sum.paymentAmountCents,
  }));
  const summary = ledgerSummary(
    lines,
    unbilledTotalOf({ status: reservation.status, totalPriceCents: reservation.total_price_cents }),
  );
  return {
    balanceDueCents: summary.balanceDueCents,
    paymentsCents: summary.paymentsCents,
    securityDepositOutstandingCents: securityDepositOutstanding(reservation.security_deposit_cents, sums),
  };
}

export interface BookingAmounts {
  reservation: ReservationRow;
  due: AmountsDue;
  /** The whole balance and the security deposit taken with it (purpose 'balance'). */
  wholeBalance: { paymentCents: number; securityDepositCents: number };
  /** Why no online payment can start, or null when one can. */
  refusal: string | null;
  credentials: Awaited<ReturnType<typeof ownerPayfastCredentials>>;
}

/** The amounts and whether an online payment can start (the checkout's and the view's one reading). */
export async function bookingAmounts(
  deps: DueDeps,
  reservation: ReservationRow,
  today: IsoDate = todayInBusinessZone(),
): Promise<BookingAmounts> {
  const terms = termsOf(reservation, today);
  const ledger = await ledgerOf(deps.db, reservation);
  const confirmed = reservation.status === 'confirmed';
  const computed = amountsDue(terms, ledger, today);
  const due: AmountsDue = confirmed
    ? computed
    : {
        paymentNowCents: 0,
        securityDepositNowCents: 0,
        nowCents: 0,
        balanceCents: computed.balanceCents,
        next: null,
        overdue: false,
      };
  const wholeBalance = {
    paymentCents: ledger.balanceDueCents,
    securityDepositCents:
      terms.plan.securityDeposit === 'with_balance' ? ledger.securityDepositOutstandingCents : 0,
  };
  const credentials = confirmed
    ? await ownerPayfastCredentials(deps.db, deps.config, reservation.owner_id)
    : null;
  return {
    reservation,
    due,
    wholeBalance,
    credentials,
    refusal: refusalOf(reservation, due, wholeBalance, credentials),
  };
}

function refusalOf(
  reservation: ReservationRow,
  due: AmountsDue,
  wholeBalance: BookingAmounts['wholeBalance'],
  credentials: BookingAmounts['credentials'],
): string | null {
  if (reservation.status === 'pending') return PAYMENT_DUE_MESSAGES.pending;
  if (reservation.status === 'cancelled') return PAYMENT_DUE_MESSAGES.cancelled;
  if (reservation.status === 'completed') return PAYMENT_DUE_MESSAGES.completed;
  if (due.nowCents === 0 && wholeBalance.paymentCents + wholeBalance.securityDepositCents === 0)
    return PAYMENT_DUE_MESSAGES.nothingDue;
  if (!credentials) return PAYMENT_DUE_MESSAGES.eftOnly;
  return null;
}

/** The booking's online payments, newest first. */
export async function bookingPaymentsOf(
  db: Kysely<Database>,
  reservationId: string,
): Promise<BookingPaymentView[]> {
  const rows = await db
    .selectFrom('booking_payments')
    .select(['id', 'reference', 'amount_cents', 'status', 'created_at', 'completed_at', 'receipt_number'])
    .where('reservation_id', '=', reservationId)
    .orderBy('created_at', 'desc')
    .orderBy('reference', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    amountCents: row.amount_cents,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    receiptNumber: row.receipt_number,
  }));
}

/**
 * GET /api/reservations/:id/payment-due and the payment link page: what is owed now, later, and
 * whether it can be paid online (payable: confirmed, something owed, the owner's PayFast verified).
 * Null when the reservation does not exist.
 */
export async function paymentDueFor(
  deps: DueDeps,
  reservationOrId: ReservationRow | string,
  today: IsoDate = todayInBusinessZone(),
): Promise<PaymentDue | null> {
  const reservation =
    typeof reservationOrId === 'string' ? await findReservation(deps.db, reservationOrId) : reservationOrId;
  if (!reservation) return null;
  const { due, wholeBalance, refusal } = await bookingAmounts(deps, reservation, today);
  return {
    reservationId: reservation.id,
    reference: reservation.reference,
    payable: refusal === null,
    // Nothing owed is not a reason to explain.
    notPayableReason: refusal === PAYMENT_DUE_MESSAGES.nothingDue ? null : refusal,
    nowCents: due.nowCents,
    paymentNowCents: due.paymentNowCents,
    securityDepositNowCents: due.securityDepositNowCents,
    balanceCents: due.balanceCents,
    payOffCents: wholeBalance.paymentCents + wholeBalance.securityDepositCents,
    next: due.next,
    overdue: due.overdue,
    planText: reservation.payment_terms ? describePlan(reservation.payment_terms.plan) : null,
    payments: await bookingPaymentsOf(deps.db, reservation.id),
  };
}
