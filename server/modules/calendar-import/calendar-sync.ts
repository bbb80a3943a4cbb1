import { type Kysely, sql } from 'kysely';
import { addDays, type IsoDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { BLOCK_REASON_LABELS } from '../../../domain/schemas/blocked-period.ts';
import {
  CALENDAR_IMPORT_MESSAGES,
  type CalendarSyncResult,
} from '../../../domain/schemas/calendar-import.ts';
import { retryOnDeadlock } from '../../db/deadlock-retry.ts';
import type { Database } from '../../db/types.ts';
import { lockListingDates } from '../blocked-periods/blocked-period.repository.ts';
import { claimFeed, listOccupiedDays, recordFeedError } from './calendar-feed.repository.ts';
import { eventsOfFeed, type FeedEvent, HORIZON_DAYS, mergeEvents } from './ics-events.ts';
import { fetchCalendarText, type SafeFetchOptions } from './safe-fetch.ts';

/**
 * One sync of one feed (issue 22, docs/decisions/053): fetch and parse outside any transaction, then
 * in ONE transaction replace the feed's external blocks and conflicts. Each merged range is cut
 * around what already holds the listing (bookings, manual blocks, other feeds' blocks): the free days
 * become blocks, the held days become conflicts the owner sees. The exclusion constraint stays the
 * guard: a block refused by it all the same (a booking made meanwhile) is rolled back to its savepoint
 * and recorded as a conflict. A failed fetch or parse keeps the previous blocks and stores the error.
 */

export const CLAIM_MS = 120_000;

export interface SyncOptions {
  fetch: SafeFetchOptions;
  now?: Date;
}

export type SyncOutcome = CalendarSyncResult & { skipped?: boolean };

interface Holder {
  start_date: IsoDate;
  end_date: IsoDate;
  reservation_id: string | null;
  block_id: string | null;
  clash: string;
}

const clashOf = (row: { reference: string | null; reason: string | null; feed_label: string | null }) =>
  row.reference
    ? `Booking ${row.reference}`
    : `Blocked · ${row.feed_label ?? BLOCK_REASON_LABELS[row.reason as keyof typeof BLOCK_REASON_LABELS] ?? 'dates'}`;

/** The days of [start, end) not held by any of the holders, as ranges. */
function freePieces(start: IsoDate, end: IsoDate, holders: readonly Holder[]) {
  const pieces: Array<{ start: IsoDate; end: IsoDate }> = [];
  let cursor = start;
  const overlapping = holders
    .filter((h) => h.start_date < end && h.end_date > start)
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  for (const holder of overlapping) {
    if (holder.start_date > cursor) pieces.push({ start: cursor, end: holder.start_date });
    if (holder.end_date > cursor) cursor = holder.end_date;
  }
  if (cursor < end) pieces.push({ start: cursor, end });
  return pieces;
}

function conflictsOf(event: FeedEvent, holders: readonly Holder[]) {
  return holders
    .filter((h) => h.start_date < event.end_date && h.end_date > event.start_date)
    .map((h) => ({
      external_uid: event.uid?.slice(0, 1000) ?? null,
      summary: event.summary,
      start_date: h.start_date > event.start_date ? h.start_date : event.start_date,
      end_date: h.end_date < event.end_date ? h.end_date : event.end_date,
      reservation_id: h.reservation_id,
      blocked_period_id: h.block_id,
      clash: h.clash.slice(0, 200),
    }));
}

async function holdersOf(db: Kysely<Database>, propertyId: string, from: IsoDate, to: IsoDate) {
  const rows = await listOccupiedDays(db, propertyId, from, to);
  return rows.map((row) => ({
    start_date: row.start_date,
    end_date: row.end_date,
    reservation_id: row.reservation_id,
    block_id: row.block_id,
    clash: clashOf(row),
  }));
}

export async function syncFeed(
  db: Kysely<Database>,
  feedId: string,
  options: SyncOptions,
): Promise<SyncOutcome> {
  const now = options.now ?? new Date();
  const feed = await claimFeed(db, feedId, now, CLAIM_MS);
  if (!feed) return { ok: false, skipped: true, blocks: 0, conflicts: 0, error: null };
  const today = todayInBusinessZone(now);
  let events: FeedEvent[];
  try {
    events = eventsOfFeed(await fetchCalendarText(feed.url, options.fetch), today);
  } catch (error) {
    const message = `${CALENDAR_IMPORT_MESSAGES.readFailedPrefix}${(error as Error).message}`;
    await recordFeedError(db, feedId, message, new Date());
    return { ok: false, blocks: 0, conflicts: 0, error: message };
  }
  const ranges = mergeEvents(events);
  try {
    return await writeBlocks(db, { ...feed, id: feedId }, events.length, ranges, today);
  } catch (error) {
    // Nothing was written (the transaction rolled back); the previous blocks stand.
    await recordFeedError(
      db,
      feedId,
      `${CALENDAR_IMPORT_MESSAGES.readFailedPrefix}saving its dates failed.`,
      new Date(),
    );
    throw error;
  }
}

async function writeBlocks(
  db: Kysely<Database>,
  feed: { id: string; property_id: string; owner_id: string },
  eventCount: number,
  ranges: ReturnType<typeof mergeEvents>,
  today: IsoDate,
): Promise<SyncOutcome> {
  const feedId = feed.id;
  return retryOnDeadlock(() =>
    db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('calendar_feeds')
        .select('id')
        .where('id', '=', feedId)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return { ok: false, blocks: 0, conflicts: 0, error: null, skipped: true };
      await lockListingDates(trx, feed.property_id);
      await trx.deleteFrom('blocked_periods').where('feed_id', '=', feedId).execute();
      await trx.deleteFrom('calendar_feed_conflicts').where('feed_id', '=', feedId).execute();
      const holders = await holdersOf(trx, feed.property_id, today, addDays(today, HORIZON_DAYS));
      let blocks = 0;
      const conflicts: ReturnType<typeof conflictsOf> = [];
      for (const range of ranges) {
        for (const event of range.events) conflicts.push(...conflictsOf(event, holders));
        for (const piece of freePieces(range.start_date, range.end_date, holders)) {
          const first =
            range.events.find((e) => e.start_date < piece.end && e.end_date > piece.start) ?? range.events[0];
          await sql`SAVEPOINT external_block`.execute(trx);
          try {
            await trx
              .insertInto('blocked_periods')
              .values({
                property_id: feed.property_id,
                owner_id: feed.owner_id,
                start_date: piece.start,
                end_date: piece.end,
                reason: 'external',
                note: first?.summary ?? null,
                feed_id: feedId,
                external_uid: first?.uid?.slice(0, 1000) ?? null,
                created_by: null,
              })
              .execute();
            await sql`RELEASE SAVEPOINT external_block`.execute(trx);
            blocks++;
          } catch (error) {
            if ((error as { code?: string }).code !== '23P01') throw error;
            // Taken since we looked (a booking made meanwhile): what holds it now is the conflict.
            await sql`ROLLBACK TO SAVEPOINT external_block`.execute(trx);
            const now = await holdersOf(trx, feed.property_id, piece.start, piece.end);
            for (const event of range.events.filter(
              (e) => e.start_date < piece.end && e.end_date > piece.start,
            ))
              conflicts.push(
                ...conflictsOf(
                  {
                    ...event,
                    start_date: event.start_date > piece.start ? event.start_date : piece.start,
                    end_date: event.end_date < piece.end ? event.end_date : piece.end,
                  },
                  now,
                ),
              );
          }
        }
      }
      if (conflicts.length > 0)
        await trx
          .insertInto('calendar_feed_conflicts')
          .values(conflicts.map((c) => ({ ...c, feed_id: feedId, property_id: feed.property_id })))
          .execute();
      await trx
        .updateTable('calendar_feeds')
        .set({
          last_synced_at: new Date(),
          last_error: null,
          last_error_at: null,
          event_count: eventCount,
          claimed_until: null,
        })
        .where('id', '=', feedId)
        .execute();
      return { ok: true, blocks, conflicts: conflicts.length, error: null };
    }),
  );
}
