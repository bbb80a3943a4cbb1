import type { Kysely } from 'kysely';
import { canCreateClientsOf, clientBusinessOf } from '../../../domain/access.ts';
import { bookingMoney, clientTotals, matchesClientSearch } from '../../../domain/clients.ts';
import { csvFileName, csvRow, toCsv } from '../../../domain/csv.ts';
import { businessDateOf, todayInBusinessZone } from '../../../domain/dates.ts';
import {
  BILLING_LINE_CSV_HEADER,
  billingLineCsvCells,
  CLIENT_CSV_HEADER,
  clientCsvCells,
  RESERVATION_CSV_HEADER,
  reservationCsvCells,
} from '../../../domain/exports-csv.ts';
import { isBalanceOverdue } from '../../../domain/payment-reminders.ts';
import type { ReservationExportQuery } from '../../../domain/schemas/reservation-list.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, forbidden, unauthorized } from '../../http/errors.ts';
import { ledgerFor } from '../billing-lines/billing-line.service.ts';
import { listClientsOfOwner } from '../clients/client.repository.ts';
import { CLIENT_MESSAGES } from '../clients/client.service.ts';
import { shortTime } from '../reservations/booked-period.ts';
import {
  findReservation,
  listLinesOfMatching,
  listReservationsForExport,
  type ReservationFilters,
  sumLinesOfMatching,
} from '../reservations/reservation.repository.ts';
import { balancesDue, scopeFor } from '../reservations/reservation-queries.service.ts';
import { lineSumsOfBusiness, listBookingsOfBusiness } from './csv-exports.repository.ts';

/**
 * CSV exports (issue 22 item 6, docs/decisions/056): what a screen's filters match, all of it, in
 * the screen's order, through the screen's own query and rules. Each returns the file's name and
 * body; the route adds the BOM and the headers.
 */

type Db = Kysely<Database>;
export interface CsvFile {
  fileName: string;
  body: string;
}

const file = (what: string, body: string): CsvFile => ({
  fileName: csvFileName(what, todayInBusinessZone()),
  body,
});

/** Reservation Management's readers: the business (owner, staff with the permission) and admins. */
function listScope(user: User | null) {
  if (!user) throw unauthorized('You must be logged in to view reservations.');
  if (user.role === 'client') throw forbidden('You do not have permission to view reservations');
  return scopeFor(user);
}

/** The list's default order when the screen sends none: newest start first (decision 046). */
const orderOf = (query: ReservationExportQuery) => ({
  sort: query.sort ?? 'start',
  order: query.order ?? (query.sort ? 'asc' : 'desc'),
});

const filtersOf = ({
  sort: _sort,
  order: _order,
  propertyId,
  overdue,
  ...rest
}: ReservationExportQuery): ReservationFilters => ({
  ...rest,
  property_id: rest.property_id ?? propertyId,
  overdueOn: overdue ? todayInBusinessZone() : undefined,
});

/** GET /api/reservations/export.csv: every booking the list's filters match, with its balance due. */
export async function reservationsCsv(db: Db, user: User | null, query: ReservationExportQuery) {
  const scope = listScope(user);
  const filters = filtersOf(query);
  const [rows, sums] = await Promise.all([
    listReservationsForExport(db, scope, filters, orderOf(query)),
    sumLinesOfMatching(db, scope, filters),
  ]);
  const balanceOf = balancesDue(sums);
  const today = todayInBusinessZone();
  const body = rows.map((row) => {
    const balanceDueCents = balanceOf(row);
    return csvRow(
      reservationCsvCells({
        reference: row.reference,
        listing: row.property_title,
        clientFirstName: row.client_first_name,
        clientLastName: row.client_last_name,
        clientEmail: row.client_email,
        propertyType: row.property_type,
        status: row.status,
        startDate: row.start_date,
        endDate: row.end_date,
        startTime: shortTime(row.start_time),
        endTime: shortTime(row.end_time),
        totalCents: row.total_price_cents,
        balanceDueCents,
        balanceDueOn: row.balance_due_on,
        overdue: isBalanceOverdue(
          { status: row.status, balanceDueOn: row.balance_due_on, balanceCents: balanceDueCents },
          today,
        ),
      }),
    );
  });
  return file('reservations', toCsv(RESERVATION_CSV_HEADER, []) + body.join(''));
}

/** GET /api/reservations/billing-lines.csv: the billing lines of every booking the list's filters match. */
export async function billingLinesCsv(db: Db, user: User | null, query: ReservationExportQuery) {
  const scope = listScope(user);
  const lines = await listLinesOfMatching(db, scope, filtersOf(query), orderOf(query));
  const body = lines.map((line) =>
    csvRow(
      billingLineCsvCells({
        reference: line.reference,
        date: businessDateOf(line.created_at),
        kind: line.kind,
        paymentMethod: line.payment_method,
        payoutMethod: line.payout_method,
        description: line.description,
        transactionRef: line.transaction_ref,
        quantity: Number(line.quantity),
        unit: line.unit,
        unitPriceCents: line.unit_price_cents,
        discountPercent: Number(line.discount_percent),
        taxPercent: Number(line.tax_percent),
        taxCents: line.tax_cents,
        totalCents: line.total_cents,
        paymentAmountCents: line.payment_amount_cents,
      }),
    ),
  );
  return file('billing-lines', toCsv(BILLING_LINE_CSV_HEADER, []) + body.join(''));
}

/** GET /api/reservations/:id/transactions.csv: one booking's lines, as its Transactions tab lists them. */
export async function reservationLinesCsv(db: Db, user: User | null, id: string) {
  const ledger = await ledgerFor(db, user, id);
  const reservation = await findReservation(db, id);
  const reference = reservation?.reference ?? '';
  const rows = ledger.lines.map((line) =>
    billingLineCsvCells({
      reference,
      date: businessDateOf(line.created_at),
      kind: line.kind,
      paymentMethod: line.payment_method,
      payoutMethod: line.payout_method,
      description: line.description,
      transactionRef: line.transaction_ref,
      quantity: line.quantity,
      unit: line.unit,
      unitPriceCents: line.unit_price_cents,
      discountPercent: line.discount_percent,
      taxPercent: line.tax_percent,
      taxCents: line.tax_cents,
      totalCents: line.total_cents,
      paymentAmountCents: line.payment_amount_cents,
    }),
  );
  return file(`billing-lines-${reference}`, toCsv(BILLING_LINE_CSV_HEADER, rows));
}

/**
 * GET /api/clients/export.csv?q=: My Clients' clients matching its search (the screen's own rule,
 * matchesClientSearch), with each one's bookings, billed, received and balance due as their page
 * totals them (decision 050). My Clients' readers: the owner, staff with the tenants permission, an
 * admin naming the business.
 */
export async function clientsCsv(
  db: Db,
  user: User | null,
  q: string | undefined,
  requestedOwnerId?: string,
) {
  if (!user) throw unauthorized(CLIENT_MESSAGES.mustLogIn);
  if (user.role === 'admin' && !requestedOwnerId) throw badRequest(CLIENT_MESSAGES.chooseBusiness);
  const ownerId = clientBusinessOf(user, requestedOwnerId);
  if (!ownerId || !canCreateClientsOf(user, ownerId)) throw forbidden(CLIENT_MESSAGES.onlyOwners);
  const [clients, bookings, sums] = await Promise.all([
    listClientsOfOwner(db, ownerId),
    listBookingsOfBusiness(db, ownerId),
    lineSumsOfBusiness(db, ownerId),
  ]);
  const linesOf = new Map<string, typeof sums>();
  for (const sum of sums) {
    const lines = linesOf.get(sum.reservationId);
    if (lines) lines.push(sum);
    else linesOf.set(sum.reservationId, [sum]);
  }
  const moneyOf = new Map<string, ReturnType<typeof bookingMoney>[]>();
  for (const booking of bookings) {
    const money = bookingMoney({
      status: booking.status,
      totalPriceCents: booking.total_price_cents,
      lines: linesOf.get(booking.id) ?? [],
    });
    const ofClient = moneyOf.get(booking.client_id);
    if (ofClient) ofClient.push(money);
    else moneyOf.set(booking.client_id, [money]);
  }
  const rows = clients
    .filter((client) => matchesClientSearch(client, q ?? ''))
    .map((client) => {
      const money = moneyOf.get(client.id) ?? [];
      const totals = clientTotals(money);
      return clientCsvCells({
        firstName: client.first_name,
        lastName: client.last_name,
        email: client.email,
        phone: client.phone,
        isActive: client.is_active,
        registered: client.user_id !== null,
        bookings: money.length,
        ...totals,
      });
    });
  return file('clients', toCsv(CLIENT_CSV_HEADER, rows));
}
