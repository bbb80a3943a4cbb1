import { type Kysely, sql } from 'kysely';
import { addDays, type IsoDate } from '../../../domain/dates.ts';
import { DESK_LIST_LIMIT, MOVING_STATUSES, WEEK_DAYS } from '../../../domain/today.ts';
import type { Database } from '../../db/types.ts';
import { BALANCE_DUE } from '../reservations/reservation.repository.ts';

type Executor = Kysely<Database>;

/** A booking of the business with its listing and client: what each row of the desk shows. */
function deskRows(db: Executor, ownerId: string) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .leftJoin('properties as p', 'p.id', 'r.property_id')
    .select([
      'r.id',
      'r.reference',
      'r.status',
      'r.property_id',
      'r.start_date',
      'r.end_date',
      'r.start_time',
      'r.end_time',
      'r.guests',
      'r.total_price_cents',
      'r.created_at',
      'r.balance_due_on',
      'c.first_name as client_first_name',
      'c.last_name as client_last_name',
      'c.email as client_email',
      'p.title as property_title',
      'p.type as property_type',
      'p.archived_at as property_archived_at',
    ])
    .where('r.owner_id', '=', ownerId);
}

export type DeskRow = Awaited<ReturnType<ReturnType<typeof deskRows>['execute']>>[number];

/**
 * The deposit a booking still holds, in SQL for choosing the rows only: ledgerSummary's
 * depositHeldCents (domain/billing.ts) over the not-voided lines, received − refunded − kept. The
 * figures shown come from ledgerSummary itself.
 */
const DEPOSIT_HELD = sql<number>`(SELECT
    coalesce(sum(t.payment_amount_cents) FILTER (WHERE t.kind = 'deposit_received'), 0)
    - coalesce(sum(t.payment_amount_cents) FILTER (WHERE t.kind = 'deposit_refunded'), 0)
    - coalesce(sum(t.total_cents) FILTER (WHERE t.kind = 'deposit_kept'), 0)
  FROM reservation_transactions t WHERE t.reservation_id = r.id AND t.voided_at IS NULL)`;

const totalOver = sql<string>`count(*) over ()`.as('total');

/** Bookings that come, go or stay in [from, from + 7): those that start before its end and end on or after its first day. */
export function listMovingBookings(db: Executor, ownerId: string, from: IsoDate) {
  return deskRows(db, ownerId)
    .where('r.status', 'in', [...MOVING_STATUSES])
    .where('r.start_date', '<', addDays(from, WEEK_DAYS))
    .where('r.end_date', '>=', from)
    .orderBy('r.start_date')
    .orderBy('r.start_time')
    .orderBy('r.id')
    .execute();
}

/** Requests waiting for the business's answer, soonest first. */
export function listPendingRequests(db: Executor, ownerId: string) {
  return deskRows(db, ownerId)
    .select(totalOver)
    .where('r.status', '=', 'pending')
    .orderBy('r.start_date')
    .orderBy('r.start_time')
    .orderBy('r.id')
    .limit(DESK_LIST_LIMIT)
    .execute();
}

/**
 * Accepted bookings (and cancelled ones billed a fee) that start before `before` and still owe, and
 * accepted ones whose balance date is before `today` (overdue, however far off their start), overdue
 * first and then soonest first, with how many there are and what they owe in all (the list's
 * BALANCE_DUE rule; overdue as domain/payment-reminders.ts isBalanceOverdue).
 */
export function listBalancesDue(db: Executor, ownerId: string, before: IsoDate, today: IsoDate) {
  const overdue = sql<boolean>`(r.status IN ('confirmed', 'completed') AND r.balance_due_on < ${today}::date)`;
  return deskRows(db, ownerId)
    .select([totalOver, sql<string>`sum(${BALANCE_DUE}) over ()`.as('sum')])
    .where('r.status', 'in', ['confirmed', 'completed', 'cancelled'])
    .where((eb) => eb.or([eb('r.start_date', '<', before), eb(overdue, '=', true)]))
    .where(BALANCE_DUE, '>', 0)
    .orderBy(sql`coalesce(${overdue}, false) DESC`)
    .orderBy('r.balance_due_on')
    .orderBy('r.start_date')
    .orderBy('r.start_time')
    .orderBy('r.id')
    .limit(DESK_LIST_LIMIT)
    .execute();
}

/** Bookings that ended by `day` (end exclusive) whose security deposit is still held, oldest first. */
export function listDepositsHeld(db: Executor, ownerId: string, day: IsoDate) {
  return deskRows(db, ownerId)
    .select([totalOver, sql<string>`sum(${DEPOSIT_HELD}) over ()`.as('sum')])
    .where('r.end_date', '<=', day)
    .where(DEPOSIT_HELD, '>', 0)
    .orderBy('r.end_date')
    .orderBy('r.id')
    .limit(DESK_LIST_LIMIT)
    .execute();
}
