import { type Kysely, sql } from 'kysely';
import type { TransactionKind } from '../../../domain/billing.ts';
import { businessDateOf, todayInBusinessZone } from '../../../domain/dates.ts';
import { hourlyRulesOf, priceUnitFor } from '../../../domain/rental-unit.ts';
import {
  defaultPeriod,
  periodDates,
  REPORT_MESSAGES,
  type ReportBooking,
  type ReportLineSums,
  type ReportListing,
  type ReportPeriod,
  reportFiguresFromSums,
} from '../../../domain/reports.ts';
import type { Report, ReportQuery } from '../../../domain/schemas/reports.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';

type Db = Kysely<Database>;

/**
 * The business whose reports the user may see (issue 20 item 6): an owner's own, or their staff's
 * with the reports permission; and only while the business's plan includes analytics (Pro, Business).
 */
export async function reportingBusiness(db: Db, user: User): Promise<string> {
  const ownerId =
    user.role === 'owner'
      ? user.id
      : (user.role === 'backoffice' || user.role === 'frontoffice') && user.parent_owner_id
        ? user.parent_owner_id
        : null;
  if (!ownerId) throw forbidden(REPORT_MESSAGES.noPermission);
  if (user.role !== 'owner' && !user.permissions.canViewReports)
    throw forbidden(REPORT_MESSAGES.noPermission);
  if (!(await entitlementsOf(db, ownerId)).analytics) throw forbidden(REPORT_MESSAGES.notIncluded);
  return ownerId;
}

/** A Johannesburg date's first instant. */
const instantOf = (date: string) => new Date(`${date}T00:00:00+02:00`);

/**
 * The report of a period and listing: the owner's listings, the bookings that overlap the period,
 * and the sums of the not-voided lines recorded in it or on the bookings starting in it; then
 * domain/reports.ts turns them into figures.
 */
export async function reportFor(db: Db, user: User, query: ReportQuery, now = new Date()): Promise<Report> {
  const ownerId = await reportingBusiness(db, user);
  const period: ReportPeriod =
    query.from && query.to ? { from: query.from, to: query.to } : defaultPeriod(todayInBusinessZone(now));
  const { start, end } = periodDates(period);

  const properties = await db
    .selectFrom('properties')
    .select([
      'id',
      'title',
      'type',
      'specifications',
      'created_at',
      'archived_at',
      'availability_start',
      'availability_end',
    ])
    .where('owner_id', '=', ownerId)
    .orderBy('title')
    .orderBy('id')
    .execute();
  if (query.listing && !properties.some((property) => property.id === query.listing))
    throw notFound(REPORT_MESSAGES.listingNotFound);
  const chosen = query.listing ? properties.filter((property) => property.id === query.listing) : properties;
  const listings: ReportListing[] = chosen.map((property) => ({
    id: property.id,
    title: property.title,
    unit: priceUnitFor(property.type),
    bookableHours: hourlyRulesOf(property.specifications).bookableHours,
    createdOn: businessDateOf(property.created_at),
    archivedOn: property.archived_at ? businessDateOf(property.archived_at) : null,
    availabilityStart: property.availability_start,
    availabilityEnd: property.availability_end,
  }));

  let bookingQuery = db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select([
      'r.id',
      'r.reference',
      'r.property_id',
      'r.client_id',
      'c.first_name',
      'c.last_name',
      'r.status',
      'r.start_date',
      'r.end_date',
      'r.start_time',
      'r.end_time',
      'r.created_at',
      'r.total_price_cents',
    ])
    .where('r.owner_id', '=', ownerId)
    .where('r.start_date', '<', end)
    .where('r.end_date', '>=', start);
  if (query.listing) bookingQuery = bookingQuery.where('r.property_id', '=', query.listing);
  const bookingRows = await bookingQuery.execute();
  const bookings: ReportBooking[] = bookingRows.map((row) => ({
    id: row.id,
    reference: row.reference,
    listingId: row.property_id,
    clientId: row.client_id,
    clientName: `${row.first_name} ${row.last_name}`.trim(),
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    createdAt: new Date(row.created_at).toISOString(),
    totalPriceCents: row.total_price_cents,
  }));

  // The money figures come from sums of the not-voided lines by kind (domain LineSum), aggregated in
  // SQL rather than every line shipped to JS. One pass over the lines recorded in the period (owner
  // and time: migration 032's covering index), grouped two ways at once (GROUPING SETS): by
  // Johannesburg month, and by their booking's client (with the client's bookings across kinds);
  // and every line of the bookings that start in the period, by booking (reservations by owner and
  // start). The redundant r.owner_id lets the planner hash the owner's bookings instead of probing
  // one by one.
  const sumsOf = sql`sum(t.total_cents)::bigint AS total, coalesce(sum(t.payment_amount_cents), 0)::bigint AS payment`;
  const listingFilter = query.listing ? sql`AND r.property_id = ${query.listing}` : sql``;
  const [recorded, byBooking] = await Promise.all([
    sql<{
      month: string | null;
      client_id: string | null;
      kind: TransactionKind | null;
      total: string;
      payment: string;
      bookings: number;
      first_name: string | null;
      last_name: string | null;
    }>`
      SELECT s.*, c.first_name, c.last_name FROM (
        SELECT to_char(t.created_at AT TIME ZONE 'UTC' + interval '2 hours', 'YYYY-MM') AS month,
          r.client_id, t.kind, ${sumsOf}, count(DISTINCT t.reservation_id)::int AS bookings
        FROM reservation_transactions t
        JOIN reservations r ON r.id = t.reservation_id AND r.owner_id = ${ownerId}
        WHERE t.owner_id = ${ownerId} AND t.voided_at IS NULL
          AND t.created_at >= ${instantOf(start)} AND t.created_at < ${instantOf(end)} ${listingFilter}
        GROUP BY GROUPING SETS ((1, t.kind), (r.client_id, t.kind), (r.client_id))
      ) s LEFT JOIN clients c ON c.id = s.client_id`.execute(db),
    sql<{ reservation_id: string; kind: TransactionKind; total: string; payment: string }>`
      SELECT t.reservation_id, t.kind, ${sumsOf}
      FROM reservations r
      JOIN reservation_transactions t ON t.reservation_id = r.id
      WHERE r.owner_id = ${ownerId} AND r.start_date >= ${start} AND r.start_date < ${end}
        AND t.voided_at IS NULL ${listingFilter}
      GROUP BY 1, 2`.execute(db),
  ]);
  const cents = (value: string) => Number(value);
  const byMonth: ReportLineSums['byMonth'] = [];
  const clients = new Map<string, ReportLineSums['byClient'][number]>();
  for (const row of recorded.rows) {
    if (row.month !== null && row.kind !== null) {
      byMonth.push({
        month: row.month,
        kind: row.kind,
        totalCents: cents(row.total),
        paymentAmountCents: cents(row.payment),
      });
      continue;
    }
    if (row.client_id === null) continue;
    let client = clients.get(row.client_id);
    if (!client) {
      client = {
        clientId: row.client_id,
        client: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
        bookings: 0,
        sums: [],
      };
      clients.set(row.client_id, client);
    }
    // The client's own row (kind NULL: the third grouping set) counts their bookings across kinds.
    if (row.kind === null) client.bookings = row.bookings;
    else
      client.sums.push({
        kind: row.kind,
        totalCents: cents(row.total),
        paymentAmountCents: cents(row.payment),
      });
  }
  const sums: ReportLineSums = {
    byMonth,
    byClient: [...clients.values()],
    byBooking: byBooking.rows.map((row) => ({
      reservationId: row.reservation_id,
      kind: row.kind,
      totalCents: cents(row.total),
      paymentAmountCents: cents(row.payment),
    })),
  };

  return {
    ...reportFiguresFromSums({ period, listings, bookings, sums }),
    listings: properties.map((property) => ({
      id: property.id,
      title: property.title,
      unit: priceUnitFor(property.type),
      archived: property.archived_at !== null,
    })),
    listing: query.listing ?? null,
  };
}
