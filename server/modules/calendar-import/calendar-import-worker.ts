import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import { listDueFeeds } from './calendar-feed.repository.ts';
import { syncFeed } from './calendar-sync.ts';
import type { SafeFetchOptions } from './safe-fetch.ts';

/**
 * The scheduled calendar import (issue 22, docs/decisions/053), a sweep like the subscription
 * lifecycle's (decision 019): every minute each server process looks for feeds whose last attempt is
 * 15 minutes old and syncs a few at a time. A feed is claimed by a conditional UPDATE before it is
 * fetched (claimed_until), so two processes never sync the same feed at once; a claim left by a process
 * that died lapses after two minutes.
 */

export const SYNC_INTERVAL_MS = 15 * 60_000;
export const SWEEP_INTERVAL_MS = 60_000;
export const SWEEP_CONCURRENCY = 3;
const FEEDS_PER_PASS = 30;

export interface ImportSweepCounts {
  synced: number;
  failed: number;
  skipped: number;
}

export async function runCalendarImportSweep(
  db: Kysely<Database>,
  options: { fetch: SafeFetchOptions; now?: Date; concurrency?: number; logger?: Pick<Logger, 'error'> },
): Promise<ImportSweepCounts> {
  const due = await listDueFeeds(db, options.now ?? new Date(), SYNC_INTERVAL_MS, FEEDS_PER_PASS);
  const counts: ImportSweepCounts = { synced: 0, failed: 0, skipped: 0 };
  const queue = due.map((row) => row.id);
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      try {
        const outcome = await syncFeed(db, id, { fetch: options.fetch });
        if (outcome.skipped) counts.skipped++;
        else if (outcome.ok) counts.synced++;
        else counts.failed++;
      } catch (error) {
        counts.failed++;
        options.logger?.error({ err: error, feedId: id }, 'calendar import failed');
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? SWEEP_CONCURRENCY }, worker));
  return counts;
}

export interface CalendarImportWorker {
  runNow: () => Promise<ImportSweepCounts | null>;
  stop: () => Promise<void>;
}

export function startCalendarImportWorker(
  db: Kysely<Database>,
  options: { fetch: SafeFetchOptions; intervalMs?: number },
  logger: Logger,
): CalendarImportWorker {
  let running: Promise<ImportSweepCounts | null> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped) return Promise.resolve(null);
    if (running) return running;
    running = runCalendarImportSweep(db, { fetch: options.fetch, logger })
      .then((counts) => {
        if (counts.synced + counts.failed > 0) logger.info({ counts }, 'calendar import sweep');
        return counts;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'calendar import sweep failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), options.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    runNow: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
