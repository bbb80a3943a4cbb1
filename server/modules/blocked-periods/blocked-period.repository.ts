import { type Kysely, sql } from 'kysely';
import type { BlockReason } from '../../../domain/schemas/blocked-period.ts';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

const COLUMNS = [
  'b.id',
  'b.property_id',
  'p.title as property_title',
  'b.owner_id',
  'b.start_date',
  'b.end_date',
  'b.start_time',
  'b.end_time',
  'b.reason',
  'b.note',
  'b.created_at',
  'f.label as feed_label',
] as const;

/** Blocks that share a day with [from, to], of one business (or every business for an admin). */
export function listBlockedPeriods(
  db: Executor,
  scope: { ownerId: string | null; propertyId?: string; from: string; to: string },
) {
  let query = db
    .selectFrom('blocked_periods as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('calendar_feeds as f', 'f.id', 'b.feed_id')
    .select(COLUMNS)
    .where('b.end_date', '>', scope.from)
    .where('b.start_date', '<=', scope.to);
  if (scope.ownerId) query = query.where('b.owner_id', '=', scope.ownerId);
  if (scope.propertyId) query = query.where('b.property_id', '=', scope.propertyId);
  return query.orderBy('b.start_date').orderBy('b.id').limit(1000).execute();
}

export function findBlockedPeriod(db: Executor, id: string) {
  return db
    .selectFrom('blocked_periods as b')
    .innerJoin('properties as p', 'p.id', 'b.property_id')
    .leftJoin('calendar_feeds as f', 'f.id', 'b.feed_id')
    .select(COLUMNS)
    .where('b.id', '=', id)
    .executeTakeFirst();
}

/**
 * Locks the listing for a write that occupies its dates (a block, an imported calendar's blocks), as
 * a booking's first statement does (booking-context.ts): writers of one listing's dates go one after
 * the other, and each meets the last one's committed dates in occupied_periods (a 409), instead of
 * two waiting on each other's uncommitted dates until PostgreSQL breaks the deadlock (a second later,
 * and after five of them a 500; docs/decisions/078). FOR NO KEY UPDATE leaves foreign-key checks
 * (FOR KEY SHARE) free.
 */
export async function lockListingDates(db: Executor, propertyId: string): Promise<void> {
  await db.selectFrom('properties').select('id').where('id', '=', propertyId).forNoKeyUpdate().execute();
}

export function insertBlockedPeriod(
  db: Executor,
  block: {
    property_id: string;
    owner_id: string;
    start_date: string;
    end_date: string;
    reason: BlockReason;
    note: string | null;
    created_by: string;
  },
) {
  return db.insertInto('blocked_periods').values(block).returning('id').executeTakeFirstOrThrow();
}

export function deleteBlockedPeriod(db: Executor, id: string) {
  return db.deleteFrom('blocked_periods').where('id', '=', id).executeTakeFirst();
}

/** Whether another block of the listing shares a moment with [start, end): says which kind refused a block. */
export async function overlapsAnotherBlock(db: Executor, propertyId: string, start: string, end: string) {
  const row = await db
    .selectFrom('blocked_periods')
    .select('id')
    .where('property_id', '=', propertyId)
    .where(sql<boolean>`period && tsrange(${start}::timestamp, ${end}::timestamp, '[)')`)
    .executeTakeFirst();
  return !!row;
}
