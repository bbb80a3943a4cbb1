import type { Kysely } from 'kysely';
import { businessIdOf, canManageReservationsOf } from '../../../domain/access.ts';
import { type LedgerLine, ledgerSummary, unbilledTotalOf } from '../../../domain/billing.ts';
import { addDays, type IsoDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { isBalanceOverdue } from '../../../domain/payment-reminders.ts';
import { describeDuration, formatUnits, hoursBetween, priceUnitFor } from '../../../domain/rental-unit.ts';
import type { Today, TodayBooking, TodayQuery } from '../../../domain/schemas/today.ts';
import {
  BALANCE_HORIZON_DAYS,
  type DeskBooking,
  movementsOn,
  TODAY_MESSAGES,
  weekAtAGlance,
} from '../../../domain/today.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { shortTime } from '../reservations/booked-period.ts';
import { sumLinesByKind } from '../reservations/reservation.repository.ts';
import {
  type DeskRow,
  listBalancesDue,
  listDepositsHeld,
  listMovingBookings,
  listPendingRequests,
} from './today.repository.ts';

/**
 * The Today desk (issue 22 item 1, docs/decisions/055) of the user's business: for its owner and its
 * staff with the reservations permission. Admins have no business of their own and are refused, as
 * are clients and staff without the permission.
 */
function businessOf(user: User | null): string {
  if (!user) throw unauthorized(TODAY_MESSAGES.mustLogIn);
  const ownerId = businessIdOf(user);
  if (!ownerId || user.role === 'admin' || !canManageReservationsOf(user, ownerId))
    throw forbidden(TODAY_MESSAGES.forbidden);
  return ownerId;
}

type LineSums = Awaited<ReturnType<typeof sumLinesByKind>>;

/** A row with its balance due and deposit held, from ledgerSummary as the reservation list computes them. */
function toTodayBooking(row: DeskRow, sums: LineSums, date: IsoDate): TodayBooking {
  const lines: LedgerLine[] = sums
    .filter((sum) => sum.reservation_id === row.id)
    .map((sum) => ({
      kind: sum.kind,
      totalCents: Number(sum.total),
      paymentAmountCents: Number(sum.payment),
    }));
  const ledger = ledgerSummary(
    lines,
    unbilledTotalOf({ status: row.status, totalPriceCents: row.total_price_cents }),
  );
  const unit = priceUnitFor(row.property_type ?? 'accommodation');
  const startTime = shortTime(row.start_time);
  const endTime = shortTime(row.end_time);
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    start_date: row.start_date,
    end_date: row.end_date,
    start_time: startTime,
    end_time: endTime,
    price_unit: unit,
    // An event's times are already in the row's dates (bookedWhen): its duration is the hours alone.
    duration:
      startTime && endTime
        ? formatUnits('hour', hoursBetween(startTime, endTime))
        : describeDuration(unit, { startDate: row.start_date, endDate: row.end_date, startTime, endTime }),
    guests: row.guests,
    property:
      row.property_id && row.property_title && row.property_type
        ? {
            id: row.property_id,
            title: row.property_title,
            type: row.property_type,
            archived: row.property_archived_at !== null,
          }
        : null,
    client: { first_name: row.client_first_name, last_name: row.client_last_name, email: row.client_email },
    total_price_cents: row.total_price_cents,
    balance_due_cents: ledger.balanceDueCents,
    deposit_held_cents: ledger.depositHeldCents,
    created_at: new Date(row.created_at).toISOString(),
    balance_due_on: row.balance_due_on,
    overdue: isBalanceOverdue(
      { status: row.status, balanceDueOn: row.balance_due_on, balanceCents: ledger.balanceDueCents },
      date,
    ),
  };
}

const deskBookingOf = (booking: TodayBooking): DeskBooking & { dto: TodayBooking } => ({
  id: booking.id,
  propertyId: booking.property?.id ?? null,
  unit: booking.price_unit,
  status: booking.status,
  startDate: booking.start_date,
  endDate: booking.end_date,
  startTime: booking.start_time,
  endTime: booking.end_time,
  dto: booking,
});

/** Five queries whatever the business's size: four lists, then the ledger lines of every row at once. */
export async function todayFor(db: Kysely<Database>, user: User | null, query: TodayQuery): Promise<Today> {
  const ownerId = businessOf(user);
  const date: IsoDate = query.date ?? todayInBusinessZone();
  const [moving, pending, balances, deposits] = await Promise.all([
    listMovingBookings(db, ownerId, date),
    listPendingRequests(db, ownerId),
    listBalancesDue(db, ownerId, addDays(date, BALANCE_HORIZON_DAYS), date),
    listDepositsHeld(db, ownerId, date),
  ]);
  const ids = [
    ...new Set([moving, pending, balances, deposits].flatMap((rows) => rows.map((row) => row.id))),
  ];
  const sums = await sumLinesByKind(db, ids);
  const dtoOf = (row: DeskRow) => toTodayBooking(row, sums, date);
  const desk = moving.map((row) => deskBookingOf(dtoOf(row)));
  const dayOf = (day: IsoDate) => ({
    date: day,
    arrivals: movementsOn(day, desk, 'arrival').map(({ booking, ...rest }) => ({
      ...rest,
      booking: booking.dto,
    })),
    departures: movementsOn(day, desk, 'departure').map(({ booking, ...rest }) => ({
      ...rest,
      booking: booking.dto,
    })),
  });
  const countOf = (rows: readonly { total: string }[]) => Number(rows[0]?.total ?? 0);
  return {
    date,
    days: [dayOf(date), dayOf(addDays(date, 1))],
    pending: { items: pending.map(dtoOf), total: countOf(pending) },
    balances: {
      items: balances.map(dtoOf),
      total: countOf(balances),
      total_due_cents: Number(balances[0]?.sum ?? 0),
    },
    deposits: {
      items: deposits.map(dtoOf),
      total: countOf(deposits),
      total_held_cents: Number(deposits[0]?.sum ?? 0),
    },
    week: weekAtAGlance(date, desk).map(({ inUse, ...day }) => ({ ...day, in_use: inUse })),
  };
}
