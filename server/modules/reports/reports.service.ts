import type { Kysely } from 'kysely';
import { businessDateOf, todayInBusinessZone } from '../../../domain/dates.ts';
import { hourlyRulesOf, priceUnitFor } from '../../../domain/rental-unit.ts';
import {
  defaultPeriod,
  periodDates,
  REPORT_MESSAGES,
  type ReportBooking,
  type ReportLine,
  type ReportListing,
  type ReportPeriod,
  reportFigures,
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
 * The report of a period and listing: three reads (listings; the bookings that overlap the period;
 * the not-voided lines recorded in it or on the bookings starting in it), then domain/reports.ts.
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

  // Lines recorded in the period on the chosen listings' bookings (of any dates), and every line of
  // the bookings that start in it (their balances and deposits are as of now): two index-friendly
  // reads (reservation_transactions by owner and time, migration 032; reservations by owner and
  // start), merged by line id.
  const lineRead = () => {
    let read = db
      .selectFrom('reservation_transactions as t')
      .innerJoin('reservations as r', 'r.id', 't.reservation_id')
      .innerJoin('clients as c', 'c.id', 'r.client_id')
      .select([
        't.id',
        't.reservation_id',
        't.kind',
        't.total_cents',
        't.payment_amount_cents',
        't.created_at',
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
        'r.created_at as booked_at',
        'r.total_price_cents',
      ])
      .where('t.voided_at', 'is', null);
    if (query.listing) read = read.where('r.property_id', '=', query.listing);
    return read;
  };
  const [recorded, ofStarting] = await Promise.all([
    lineRead()
      .where('t.owner_id', '=', ownerId)
      .where('t.created_at', '>=', instantOf(start))
      .where('t.created_at', '<', instantOf(end))
      .execute(),
    lineRead()
      .where('r.owner_id', '=', ownerId)
      .where('r.start_date', '>=', start)
      .where('r.start_date', '<', end)
      .execute(),
  ]);
  const seen = new Set<string>();
  const lineRows = [...recorded, ...ofStarting].filter((row) => !seen.has(row.id) && seen.add(row.id));
  const known = new Set(bookings.map((booking) => booking.id));
  const lines: ReportLine[] = [];
  for (const row of lineRows) {
    // A line recorded in the period on a booking outside it still names its client (top clients).
    if (!known.has(row.reservation_id)) {
      known.add(row.reservation_id);
      bookings.push({
        id: row.reservation_id,
        reference: row.reference,
        listingId: row.property_id,
        clientId: row.client_id,
        clientName: `${row.first_name} ${row.last_name}`.trim(),
        status: row.status,
        startDate: row.start_date,
        endDate: row.end_date,
        startTime: row.start_time,
        endTime: row.end_time,
        createdAt: new Date(row.booked_at).toISOString(),
        totalPriceCents: row.total_price_cents,
      });
    }
    lines.push({
      id: row.id,
      reservationId: row.reservation_id,
      kind: row.kind,
      totalCents: row.total_cents,
      paymentAmountCents: row.payment_amount_cents,
      createdAt: new Date(row.created_at).toISOString(),
    });
  }

  return {
    ...reportFigures({ period, listings, bookings, lines }),
    listings: properties.map((property) => ({
      id: property.id,
      title: property.title,
      unit: priceUnitFor(property.type),
      archived: property.archived_at !== null,
    })),
    listing: query.listing ?? null,
  };
}
