import type { Kysely } from 'kysely';
import { canManageReservationsOf } from '../../../domain/access.ts';
import { type LedgerLine, ledgerSummary, unbilledTotalOf } from '../../../domain/billing.ts';
import { pastTimesOn } from '../../../domain/booking-window.ts';
import { type IsoDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { isBalanceOverdue } from '../../../domain/payment-reminders.ts';
import { HOURLY_MESSAGES, hasFreeSlot, hourlyRulesOf, priceUnitFor } from '../../../domain/rental-unit.ts';
import { listAvailableDates } from '../../../domain/reservation.ts';
import type { Availability, DayTimes, Reservation } from '../../../domain/schemas/reservation.ts';
import type { ReservationPage, ReservationPageQuery } from '../../../domain/schemas/reservation-list.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { findPropertyById } from '../properties/property.repository.ts';
import { timesHeldOn } from './booked-period.ts';
import {
  findReservation,
  listBlockingRanges,
  listReservationPage,
  listReservations,
  type ReservationFilters,
  type ReservationScope,
  sumLinesByKind,
} from './reservation.repository.ts';
import { toReservationDto } from './reservation.schemas.ts';
import { isBookable, RESERVATION_MESSAGES } from './reservation.service.ts';

/** What each user may read of reservations, and a listing's bookable days. */

export function scopeFor(user: User): ReservationScope {
  if (user.role === 'admin') return { kind: 'all' };
  if (user.role === 'client') return { kind: 'guest', userId: user.id };
  const ownerId = user.role === 'owner' ? user.id : user.parent_owner_id;
  if (!ownerId || !canManageReservationsOf(user, ownerId))
    throw forbidden('You do not have permission to view reservations');
  return { kind: 'business', ownerId };
}

/**
 * Each booking's balance due from its lines summed by kind: the billing tab's figure
 * (billing-line.service ledgerOf) — ledgerSummary of the lines, the booking's total until a charge
 * line exists. The list and the CSV export (docs/decisions/056) both read it from here.
 */
export function balancesDue(
  sums: readonly { reservation_id: string; kind: LedgerLine['kind']; total: string; payment: string }[],
) {
  const linesOf = new Map<string, LedgerLine[]>();
  for (const sum of sums) {
    const line = { kind: sum.kind, totalCents: Number(sum.total), paymentAmountCents: Number(sum.payment) };
    const lines = linesOf.get(sum.reservation_id);
    if (lines) lines.push(line);
    else linesOf.set(sum.reservation_id, [line]);
  }
  return (row: { id: string; status: string; total_price_cents: number }) => {
    const unbilled = unbilledTotalOf({ status: row.status, totalPriceCents: row.total_price_cents });
    return ledgerSummary(linesOf.get(row.id) ?? [], unbilled).balanceDueCents;
  };
}

/**
 * GET /api/reservations: a page (sorted, with each booking's balance due) when the request names
 * `page`, otherwise the plain list (docs/decisions/046).
 */
export async function listVisibleReservations(
  db: Kysely<Database>,
  user: User | null,
  query: ReservationPageQuery,
): Promise<Reservation[] | ReservationPage> {
  if (!user) throw unauthorized('You must be logged in to view reservations.');
  const { page, pageSize, sort, order, propertyId, overdue, ...rest } = query;
  const today = todayInBusinessZone();
  const filters: ReservationFilters = {
    ...rest,
    property_id: rest.property_id ?? propertyId,
    overdueOn: overdue ? today : undefined,
  };
  if (page === undefined) return (await listReservations(db, scopeFor(user), filters)).map(toReservationDto);
  const size = pageSize ?? 25;
  const { rows, total } = await listReservationPage(db, scopeFor(user), filters, {
    sort: sort ?? 'start',
    order: order ?? (sort ? 'asc' : 'desc'),
    limit: size,
    offset: (page - 1) * size,
  });
  const balanceOf = balancesDue(
    await sumLinesByKind(
      db,
      rows.map((row) => row.id),
    ),
  );
  return {
    items: rows.map((row) => {
      const balance = balanceOf(row);
      return {
        ...toReservationDto(row),
        balance_due_cents: balance,
        balance_due_on: row.balance_due_on,
        overdue: isBalanceOverdue(
          { status: row.status, balanceDueOn: row.balance_due_on, balanceCents: balance },
          today,
        ),
      };
    }),
    total,
    page,
    pageSize: size,
  };
}

/**
 * My Reservations: any signed-in user's own bookings as a guest — the reservations whose client
 * record is linked to their account (a client's; an owner's, staff member's or admin's booking of
 * someone else's listing).
 */
export async function listOwnReservations(db: Kysely<Database>, user: User | null) {
  if (!user) throw unauthorized('You must be logged in to view reservations.');
  return (await listReservations(db, { kind: 'guest', userId: user.id }, {})).map(toReservationDto);
}

export async function getVisibleReservation(db: Kysely<Database>, user: User | null, id: string) {
  if (!user) throw unauthorized('You must be logged in to view reservations.');
  const row = await findReservation(db, id);
  const visible =
    row &&
    (canManageReservationsOf(user, row.owner_id) ||
      (row.client_user_id !== null && row.client_user_id === user.id));
  if (!visible) throw notFound(RESERVATION_MESSAGES.notFound);
  return toReservationDto(row);
}

export async function availabilityOf(db: Kysely<Database>, propertyId: string): Promise<Availability> {
  const property = await findPropertyById(db, propertyId);
  if (!isBookable(property)) throw notFound(RESERVATION_MESSAGES.propertyNotFound);
  const now = new Date();
  const today = todayInBusinessZone(now);
  const bookings = await listBlockingRanges(db, propertyId, today);
  const wholeDays = bookings.filter((b) => !b.start_time).map(({ start, end }) => ({ start, end }));
  let dates = listAvailableDates({
    today,
    blocked: wholeDays,
    windowStart: property.availability_start,
    windowEnd: property.availability_end,
  });
  if (priceUnitFor(property.type) !== 'hour') return { from: today, dates, blocked: wholeDays, hourly: null };
  // A day of an hourly listing is bookable while it has a free run of the minimum length; today's
  // hours already gone (for a client: docs/decisions/033) are not free.
  const rules = hourlyRulesOf(property.specifications);
  dates = dates.filter((day) => {
    const held = bookings.flatMap((booking) => timesHeldOn(day, booking) ?? []);
    const past = pastTimesOn(day, now, 'client');
    return hasFreeSlot(rules, past ? [past, ...held] : held);
  });
  return {
    from: today,
    dates,
    blocked: wholeDays,
    hourly: { bookable_hours: rules.bookableHours, minimum_hours: rules.minimumHours },
  };
}

/** An hourly listing's taken times on one day, for the booking page's slot picker. */
export async function dayTimesOf(db: Kysely<Database>, propertyId: string, date: IsoDate): Promise<DayTimes> {
  const property = await findPropertyById(db, propertyId);
  if (!isBookable(property)) throw notFound(RESERVATION_MESSAGES.propertyNotFound);
  if (priceUnitFor(property.type) !== 'hour') throw badRequest(HOURLY_MESSAGES.timesNotHourly);
  const rules = hourlyRulesOf(property.specifications);
  const bookings = await listBlockingRanges(db, propertyId, date);
  const taken = bookings.flatMap((booking) => timesHeldOn(date, booking) ?? []);
  return { date, bookable_hours: rules.bookableHours, minimum_hours: rules.minimumHours, taken };
}
