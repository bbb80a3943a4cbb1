import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

/** Feeds of a listing with how many of their conflicts still stand. */
export function listFeeds(db: Executor, propertyId: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .select([
      'f.id',
      'f.property_id',
      'f.label',
      'f.url',
      'f.created_at',
      'f.last_synced_at',
      'f.last_error',
      'f.last_error_at',
      'f.event_count',
      (eb) =>
        eb
          .selectFrom('calendar_feed_conflicts as c')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('c.feed_id', '=', 'f.id')
          .as('conflict_count'),
    ])
    .where('f.property_id', '=', propertyId)
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
}

export function findFeed(db: Executor, id: string) {
  return db.selectFrom('calendar_feeds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function countFeeds(db: Executor, propertyId: string) {
  return db
    .selectFrom('calendar_feeds')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('property_id', '=', propertyId)
    .executeTakeFirstOrThrow();
}

/**
 * The conflicts of a listing's feeds that still stand: those with a booking only while it is pending
 * or confirmed (a cancelled booking no longer clashes; the next sync also drops the row).
 */
export function listConflicts(db: Executor, propertyId: string) {
  return db
    .selectFrom('calendar_feed_conflicts as c')
    .innerJoin('calendar_feeds as f', 'f.id', 'c.feed_id')
    .leftJoin('reservations as r', 'r.id', 'c.reservation_id')
    .select([
      'c.id',
      'c.feed_id',
      'f.label as feed_label',
      'c.external_uid',
      'c.summary',
      'c.start_date',
      'c.end_date',
      'c.reservation_id',
      'c.clash',
      'c.detected_at',
    ])
    .where('c.property_id', '=', propertyId)
    .where((eb) =>
      eb.or([eb('c.reservation_id', 'is', null), eb('r.status', 'in', ['pending', 'confirmed'])]),
    )
    .orderBy('c.start_date')
    .orderBy('c.id')
    .limit(500)
    .execute();
}

/**
 * Takes a feed for one sync: only when nobody holds it (another server's job, or a Sync now under way).
 * The hold lapses by itself should that process die.
 */
export async function claimFeed(db: Executor, id: string, now: Date, holdMs: number) {
  const row = await db
    .updateTable('calendar_feeds')
    .set({ claimed_until: new Date(now.getTime() + holdMs) })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returning(['id', 'url', 'property_id', 'owner_id', 'label'])
    .executeTakeFirst();
  return row ?? null;
}

export function recordFeedError(db: Executor, id: string, message: string, now: Date) {
  return db
    .updateTable('calendar_feeds')
    .set({ last_error: message.slice(0, 500), last_error_at: now, claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/** Feeds whose last attempt (success or failure) is older than the interval, oldest first, not held. */
export function listDueFeeds(db: Executor, now: Date, intervalMs: number, limit: number) {
  const before = new Date(now.getTime() - intervalMs);
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('properties as p', 'p.id', 'f.property_id')
    .select('f.id')
    .where('p.archived_at', 'is', null)
    .where((eb) => eb.or([eb('f.claimed_until', 'is', null), eb('f.claimed_until', '<', now)]))
    .where(sql<boolean>`GREATEST(f.last_synced_at, f.last_error_at) IS NULL
      OR GREATEST(f.last_synced_at, f.last_error_at) < ${before}`)
    .orderBy(sql`GREATEST(f.last_synced_at, f.last_error_at) NULLS FIRST`)
    .limit(limit)
    .execute();
}

/** What holds a listing's days from `from` to `to`: bookings and blocks, as whole days. */
export function listOccupiedDays(db: Executor, propertyId: string, from: string, to: string) {
  return db
    .selectFrom('occupied_periods as o')
    .leftJoin('reservations as r', 'r.id', 'o.reservation_id')
    .leftJoin('blocked_periods as b', 'b.id', 'o.block_id')
    .leftJoin('calendar_feeds as f', 'f.id', 'b.feed_id')
    .select([
      sql<string>`lower(o.period)::date`.as('start_date'),
      sql<string>`(upper(o.period) - interval '1 microsecond')::date + 1`.as('end_date'),
      'o.reservation_id',
      'o.block_id',
      'r.reference',
      'b.reason',
      'f.label as feed_label',
    ])
    .where('o.property_id', '=', propertyId)
    .where(sql<boolean>`o.period && tsrange(${from}::timestamp, ${to}::timestamp, '[)')`)
    .execute();
}
