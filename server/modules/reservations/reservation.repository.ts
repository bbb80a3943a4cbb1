import { type Kysely, sql } from 'kysely';
import type { IsoDate } from '../../../domain/dates.ts';
import { newReservationReference } from '../../../domain/reservation-reference.ts';
import type { ReservationListQuery } from '../../../domain/schemas/reservation.ts';
import type { ReservationSort } from '../../../domain/schemas/reservation-list.ts';
import type { Database } from '../../db/types.ts';
import { lineSumsQuery } from '../billing-lines/line-sums.ts';

type Executor = Kysely<Database>;

/** The list's filters, and `overdueOn`: only balances whose date is before that day and still owed. */
export type ReservationFilters = ReservationListQuery & { overdueOn?: IsoDate };

export type ReservationScope =
  | { kind: 'business'; ownerId: string }
  /** A user's own bookings as a guest: those whose client record is linked to their account. */
  | { kind: 'guest'; userId: string }
  | { kind: 'all' };

function baseQuery(db: Executor) {
  return db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .leftJoin('properties as p', 'p.id', 'r.property_id')
    .leftJoin('rental_agreements as ra', 'ra.id', 'r.agreement_id')
    .selectAll('r')
    .select([
      'ra.version as agreement_version',
      'c.first_name as client_first_name',
      'c.last_name as client_last_name',
      'c.email as client_email',
      'c.user_id as client_user_id',
      'p.title as property_title',
      'p.type as property_type',
      'p.location as property_location',
      'p.city as property_city',
      'p.archived_at as property_archived_at',
      sql<
        string | null
      >`(SELECT pi.thumbnail_key FROM property_images pi WHERE pi.property_id = r.property_id ORDER BY pi.position, pi.created_at LIMIT 1)`.as(
        'property_cover_key',
      ),
    ]);
}

export type ReservationRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

type ReservationQuery = ReturnType<typeof baseQuery>;

/**
 * A client's full name and email as one text, the expression of its trigram index (migration 044):
 * a match in the full name (first and last name with its space) or in the email; chr(31) keeps a
 * match from running on from the last name into the email.
 */
const CLIENT_SEARCH_TEXT = sql<string>`(tc.first_name || ' ' || tc.last_name || chr(31) || tc.email)`;

/** The list's scope and filters (bookings overlapping [from, to), `to` exclusive). */
function applyFilters(query: ReservationQuery, scope: ReservationScope, filters: ReservationFilters) {
  let filtered = query;
  if (scope.kind === 'business') filtered = filtered.where('r.owner_id', '=', scope.ownerId);
  if (scope.kind === 'guest') filtered = filtered.where('c.user_id', '=', scope.userId);
  if (filters.status) filtered = filtered.where('r.status', '=', filters.status);
  if (filters.property_id) filtered = filtered.where('r.property_id', '=', filters.property_id);
  if (filters.from) filtered = filtered.where('r.end_date', '>', filters.from);
  if (filters.to) filtered = filtered.where('r.start_date', '<', filters.to);
  if (filters.overdueOn)
    filtered = filtered
      .where('r.status', 'in', ['confirmed', 'completed'])
      .where('r.balance_due_on', '<', filters.overdueOn)
      .where(BALANCE_DUE, '>', 0);
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    // Control characters cannot be typed into a name or an email: dropping them keeps
    // CLIENT_SEARCH_TEXT from matching across its separator.
    const textPattern = pattern.replace(/\p{Cc}/gu, '');
    // The listing's title, the client's full name or email, the client id or the reference. The
    // client and listing matches as sets (each table read once, not joined to every booking first),
    // so the list reads the bookings from their index (decision 068).
    filtered = filtered.where((eb) =>
      eb.or([
        eb(
          'r.property_id',
          'in',
          eb.selectFrom('properties as tp').select('tp.id').where('tp.title', 'ilike', pattern),
        ),
        eb(
          'r.client_id',
          'in',
          eb.selectFrom('clients as tc').select('tc.id').where(CLIENT_SEARCH_TEXT, 'ilike', textPattern),
        ),
        eb(sql<string>`r.client_id::text`, 'ilike', pattern),
        eb('r.reference', 'ilike', pattern),
      ]),
    );
  }
  return filtered;
}

export function listReservations(db: Executor, scope: ReservationScope, filters: ReservationFilters) {
  return applyFilters(baseQuery(db), scope, filters)
    .orderBy('r.start_date', 'desc')
    .orderBy('r.created_at', 'desc')
    .limit(2000)
    .execute();
}

export interface ReservationPaging {
  sort: ReservationSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * A booking's balance due: ledgerSummary's (domain/billing.ts) over its not-voided lines, the unbilled
 * total until a charge line exists (unbilledTotalOf), stored by migration 045 (a generated column over
 * the sums a trigger keeps with every write of the lines; docs/decisions/069). The list sorts and
 * filters by it, the Today desk and the payment reminders select by it; reservation-balance.test.ts
 * holds it equal to ledgerSummary.
 */
export const BALANCE_DUE = sql<number>`r.balance_due_cents`;

const SORT_COLUMNS: Record<ReservationSort, ReturnType<typeof sql>[]> = {
  reference: [sql`r.reference`],
  property: [sql`p.title`],
  client: [sql`c.first_name`, sql`c.last_name`],
  start: [sql`r.start_date`, sql`r.start_time`],
  end: [sql`r.end_date`, sql`r.end_time`],
  status: [sql`r.status`],
  total: [sql`r.total_price_cents`],
  balance: [BALANCE_DUE],
};

/** The list's order: a column, then the id in the same direction (pages never repeat or skip a row). */
function sortedQuery(query: ReservationQuery, paging: Pick<ReservationPaging, 'sort' | 'order'>) {
  const direction = paging.order === 'asc' ? sql`ASC` : sql`DESC`;
  let sorted = query;
  for (const column of SORT_COLUMNS[paging.sort]) sorted = sorted.orderBy(sql`${column} ${direction}`);
  return sorted.orderBy('r.id', paging.order);
}

/**
 * Every booking the list's filters match, in the list's order, with only what the CSV export
 * needs (docs/decisions/056): one query, however many pages the screen would show.
 */
export function listReservationsForExport(
  db: Executor,
  scope: ReservationScope,
  filters: ReservationFilters,
  order: Pick<ReservationPaging, 'sort' | 'order'>,
) {
  return sortedQuery(applyFilters(baseQuery(db), scope, filters), order)
    .clearSelect()
    .select([
      'r.id',
      'r.reference',
      'r.status',
      'r.start_date',
      'r.end_date',
      'r.start_time',
      'r.end_time',
      'r.total_price_cents',
      'r.balance_due_on',
      'c.first_name as client_first_name',
      'c.last_name as client_last_name',
      'c.email as client_email',
      'p.title as property_title',
      'p.type as property_type',
    ])
    .execute();
}

/** The not-voided lines of every booking the filters match, summed by booking and kind (one query). */
export function sumLinesOfMatching(db: Executor, scope: ReservationScope, filters: ReservationFilters) {
  const matching = applyFilters(baseQuery(db), scope, filters).clearSelect().select('r.id');
  return lineSumsQuery(db).where('reservation_id', 'in', matching).execute();
}

/**
 * The not-voided billing lines of every booking the filters match: bookings in the list's order,
 * each booking's lines as its Transactions tab lists them (oldest first).
 */
export function listLinesOfMatching(
  db: Executor,
  scope: ReservationScope,
  filters: ReservationFilters,
  order: Pick<ReservationPaging, 'sort' | 'order'>,
) {
  return sortedQuery(applyFilters(baseQuery(db), scope, filters), order)
    .innerJoin('reservation_transactions as l', 'l.reservation_id', 'r.id')
    .where('l.voided_at', 'is', null)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .clearSelect()
    .select([
      'r.reference',
      'l.kind',
      'l.description',
      'l.quantity',
      'l.unit',
      'l.unit_price_cents',
      'l.discount_percent',
      'l.tax_percent',
      'l.tax_cents',
      'l.total_cents',
      'l.payment_amount_cents',
      'l.payment_method',
      'l.payout_method',
      'l.transaction_ref',
      'l.created_at',
    ])
    .execute();
}

/**
 * The list's joins with nothing selected, each a LEFT JOIN: a booking always has its client
 * (client_id NOT NULL, foreign key) and at most one listing and agreement, so the rows are
 * baseQuery's, and PostgreSQL drops any join no filter or sort reads. The count and the page's ids
 * then read the bookings' indexes alone for a sort on the booking's own columns (docs/decisions/068).
 * Typed as baseQuery for applyFilters and sortedQuery, which read only r, c and p; callers clear the
 * selection.
 */
function narrowQuery(db: Executor): ReservationQuery {
  return db
    .selectFrom('reservations as r')
    .leftJoin('clients as c', 'c.id', 'r.client_id')
    .leftJoin('properties as p', 'p.id', 'r.property_id') as unknown as ReservationQuery;
}

/**
 * One page of the list and how many match, sorted by a column with the id breaking ties: the page's
 * ids from the narrow query (only the joins its filters and sort read), then their rows; the count
 * from the narrow query too.
 */
export async function listReservationPage(
  db: Executor,
  scope: ReservationScope,
  filters: ReservationFilters,
  paging: ReservationPaging,
) {
  const matching = applyFilters(narrowQuery(db), scope, filters);
  // A business's bookings by client name: its clients in name order (clients_owner_name_idx), each
  // one's bookings, until the page is full. Every booking's client is of its business (the foreign
  // key reservations_client_of_business, migration 045), so this keeps every booking.
  const ordered =
    paging.sort === 'client' && scope.kind === 'business'
      ? matching.where('c.owner_id', '=', scope.ownerId)
      : matching;
  const pageIds = sortedQuery(ordered, paging).clearSelect().select('r.id');
  const [rows, count] = await Promise.all([
    sortedQuery(baseQuery(db), paging)
      .where('r.id', 'in', pageIds.limit(paging.limit).offset(paging.offset))
      .execute(),
    matching.clearSelect().select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** The not-voided lines of some reservations, summed by kind (the LineSum of domain/reports.ts). */
export function sumLinesByKind(db: Executor, reservationIds: readonly string[]) {
  if (reservationIds.length === 0) return Promise.resolve([]);
  return lineSumsQuery(db).where('reservation_id', 'in', reservationIds).execute();
}

export function findReservation(db: Executor, id: string) {
  return baseQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** A reference no reservation has yet; the unique constraint settles the rare race of two bookings. */
export async function pickUnusedReference(db: Executor): Promise<string> {
  for (;;) {
    const candidate = newReservationReference();
    const taken = await db
      .selectFrom('reservations')
      .select('id')
      .where('reference', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** Locks one reservation row until the transaction ends (status changes read, check and write under it). */
export function lockReservation(db: Executor, id: string) {
  return db.selectFrom('reservations').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * What holds a property's time after a date, for the availability list: blocking (pending,
 * confirmed) bookings and blocked periods (migration 035), which take days the same way.
 */
export function listBlockingRanges(db: Executor, propertyId: string, after: string) {
  return db
    .selectFrom('reservations')
    .select(['start_date as start', 'end_date as end', 'start_time', 'end_time'])
    .where('property_id', '=', propertyId)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('end_date', '>', after)
    .unionAll(
      db
        .selectFrom('blocked_periods')
        .select(['start_date as start', 'end_date as end', 'start_time', 'end_time'])
        .where('property_id', '=', propertyId)
        .where('end_date', '>', after),
    )
    .orderBy('start')
    .orderBy('start_time')
    .execute();
}
