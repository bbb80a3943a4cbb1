import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

/** The listing's feed token, made with `token` when it has none yet (the first ask wins a race). */
export async function findOrCreateToken(db: Executor, propertyId: string, token: string): Promise<string> {
  await db
    .insertInto('calendar_exports')
    .values({ property_id: propertyId, token })
    .onConflict((conflict) => conflict.column('property_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('calendar_exports')
    .select('token')
    .where('property_id', '=', propertyId)
    .executeTakeFirstOrThrow();
  return row.token;
}

/** Replaces the listing's token (or makes its first): the old one names nothing from now on. */
export async function replaceToken(db: Executor, propertyId: string, token: string): Promise<void> {
  await db
    .insertInto('calendar_exports')
    .values({ property_id: propertyId, token, reset_at: new Date() })
    .onConflict((conflict) => conflict.column('property_id').doUpdateSet({ token, reset_at: new Date() }))
    .execute();
}

export interface FeedRow {
  title: string;
  kind: 'reservation' | 'block' | null;
  id: string | null;
  reference: string | null;
  status: 'pending' | 'confirmed' | null;
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  stamp: Date | null;
}

/**
 * Everything a feed shows, in one statement (one round trip, each part on an index): the listing
 * the token names, and its pending and confirmed bookings and its own blocks (not blocks imported
 * from other calendars, whose channel already knows them) that end on or after `since`. No row:
 * no such token. One row with `kind` null: a listing with nothing to show.
 */
export async function readFeed(db: Executor, token: string, since: string): Promise<FeedRow[]> {
  const result = await sql<FeedRow>`
    SELECT p.title, ev.kind, ev.id, ev.reference, ev.status,
      ev.start_date::text AS start_date, ev.end_date::text AS end_date,
      ev.start_time::text AS start_time, ev.end_time::text AS end_time, ev.stamp
    FROM calendar_exports e
    JOIN properties p ON p.id = e.property_id
    LEFT JOIN LATERAL (
      SELECT 'reservation' AS kind, r.id, r.reference, r.status::text AS status, r.start_date,
        r.end_date, r.start_time, r.end_time, r.updated_at AS stamp
      FROM reservations r
      WHERE r.property_id = p.id AND r.status IN ('pending', 'confirmed') AND r.end_date >= ${since}::date
      UNION ALL
      SELECT 'block', b.id, NULL, NULL, b.start_date, b.end_date, b.start_time, b.end_time, b.created_at
      FROM blocked_periods b
      WHERE b.property_id = p.id AND b.reason IN ('maintenance', 'owner_use') AND b.end_date >= ${since}::date
    ) ev ON true
    WHERE e.token = ${token}
    ORDER BY ev.start_date, ev.start_time NULLS FIRST, ev.id`.execute(db);
  return result.rows;
}
