import { type Kysely, sql } from 'kysely';
import { newReservationReference } from '../../../domain/reservation-reference.ts';
import type { ReservationListQuery } from '../../../domain/schemas/reservation.ts';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

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

export function listReservations(db: Executor, scope: ReservationScope, filters: ReservationListQuery) {
  let query = baseQuery(db);
  if (scope.kind === 'business') query = query.where('r.owner_id', '=', scope.ownerId);
  if (scope.kind === 'guest') query = query.where('c.user_id', '=', scope.userId);
  if (filters.status) query = query.where('r.status', '=', filters.status);
  if (filters.property_id) query = query.where('r.property_id', '=', filters.property_id);
  if (filters.from) query = query.where('r.end_date', '>', filters.from);
  if (filters.to) query = query.where('r.start_date', '<', filters.to);
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('p.title', 'ilike', pattern),
        eb(sql<string>`c.first_name || ' ' || c.last_name`, 'ilike', pattern),
        eb('c.email', 'ilike', pattern),
        eb(sql<string>`r.client_id::text`, 'ilike', pattern),
        eb('r.reference', 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('r.start_date', 'desc').orderBy('r.created_at', 'desc').limit(2000).execute();
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
