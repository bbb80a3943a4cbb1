import type { Kysely } from 'kysely';
import type { PhotographyStatus } from '../../../domain/photography.ts';
import type { PhotographyListing } from '../../../domain/schemas/photography.ts';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

export interface NewRequest {
  owner_id: string;
  requested_by: string | null;
  month: string;
  preferred_dates: string[];
  earliest_preferred_date: string;
  notes: string;
  propertyIds: string[];
}

/** The request and its listings; call inside a transaction. Returns the new id. */
export async function insertRequest(db: Executor, request: NewRequest): Promise<string> {
  const { propertyIds, ...values } = request;
  const { id } = await db
    .insertInto('photography_requests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('photography_request_listings')
    .values(propertyIds.map((property_id) => ({ request_id: id, property_id })))
    .execute();
  return id;
}

/** The statuses of the owner's requests made in the month starting `month`. */
export async function requestStatusesInMonth(
  db: Executor,
  ownerId: string,
  month: string,
): Promise<PhotographyStatus[]> {
  const rows = await db
    .selectFrom('photography_requests')
    .select('status')
    .where('owner_id', '=', ownerId)
    .where('month', '=', month)
    .execute();
  return rows.map((row) => row.status);
}

export function lockRequest(db: Executor, id: string) {
  return db
    .selectFrom('photography_requests')
    .select(['id', 'owner_id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setRequestStatus(
  db: Executor,
  id: string,
  changes: {
    status: PhotographyStatus;
    scheduled_date?: string;
    scheduled_time?: string;
    completed_at?: Date;
    cancelled_at?: Date;
  },
): Promise<void> {
  await db.updateTable('photography_requests').set(changes).where('id', '=', id).execute();
}

export async function photoCountOf(db: Executor, requestId: string): Promise<number> {
  const row = await db
    .selectFrom('photography_request_photos')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const requestColumns = [
  'r.id',
  'r.owner_id',
  'r.status',
  'r.preferred_dates',
  'r.notes',
  'r.scheduled_date',
  'r.scheduled_time',
  'r.created_at',
  'r.completed_at',
  'r.cancelled_at',
  'u.first_name as owner_first_name',
  'u.last_name as owner_last_name',
  'u.email as owner_email',
  'u.phone as owner_phone',
] as const;

function requestsQuery(db: Executor) {
  return db
    .selectFrom('photography_requests as r')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .select(requestColumns);
}

type BareRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>['executeTakeFirstOrThrow']>>;
export type RequestRow = BareRow & { listings: PhotographyListing[] };

async function withListings(db: Executor, rows: BareRow[]): Promise<RequestRow[]> {
  if (rows.length === 0) return [];
  const listings = await db
    .selectFrom('photography_request_listings as l')
    .innerJoin('properties as p', 'p.id', 'l.property_id')
    .select((eb) => [
      'l.request_id',
      'p.id',
      'p.title',
      'p.location as address',
      'p.city',
      eb
        .selectFrom('photography_request_photos as ph')
        .select((inner) => inner.fn.countAll<string>().as('count'))
        .whereRef('ph.request_id', '=', 'l.request_id')
        .whereRef('ph.property_id', '=', 'l.property_id')
        .as('photos_uploaded'),
    ])
    .where(
      'l.request_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('p.title')
    .execute();
  return rows.map((row) => ({
    ...row,
    listings: listings
      .filter((listing) => listing.request_id === row.id)
      .map(({ request_id: _, photos_uploaded, ...listing }) => ({
        ...listing,
        photos_uploaded: Number(photos_uploaded ?? 0),
      })),
  }));
}

export async function findRequest(db: Executor, id: string): Promise<RequestRow | undefined> {
  const row = await requestsQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? (await withListings(db, [row]))[0] : undefined;
}

/**
 * A business's requests (newest first), or the admin queue (every business; by status when given;
 * earliest preferred date first, then the oldest request).
 */
export async function listRequests(
  db: Executor,
  filter: { ownerId?: string; status?: PhotographyStatus },
): Promise<RequestRow[]> {
  let query = requestsQuery(db);
  if (filter.ownerId) {
    query = query.where('r.owner_id', '=', filter.ownerId).orderBy('r.created_at', 'desc');
  } else {
    if (filter.status) query = query.where('r.status', '=', filter.status);
    query = query.orderBy('r.earliest_preferred_date').orderBy('r.created_at');
  }
  return withListings(db, await query.limit(500).execute());
}
