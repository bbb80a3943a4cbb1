import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/jobs/periodic-job.ts';
import { sweepBells } from './in-app-notifications.service.ts';

export const BELL_RETENTION_INTERVAL_MS = 60_000;
/** The first pass after start looks back a day: bells notified while no process was sweeping. */
export const FIRST_PASS_LOOKBACK_SECONDS = 86_400;
/**
 * Each later pass looks back to the start of the one before, and this much further: a notice's
 * created_at is its transaction's start, which may come before that pass while it commits after.
 */
export const LOOKBACK_MARGIN_SECONDS = 60;

export type BellRetentionWorker = PeriodicJob<number>;

/** How far back a pass starting at `startedAt` looks (monotonic milliseconds), after one that started at `previousStart`. */
export function passLookbackSeconds(previousStart: number | null, startedAt: number): number {
  if (previousStart === null) return FIRST_PASS_LOOKBACK_SECONDS;
  return Math.ceil((startedAt - previousStart) / 1000) + LOOKBACK_MARGIN_SECONDS;
}

/**
 * Runs the bells' retention (docs/decisions/084) once at start and then every minute, in every server
 * process like the lifecycle sweep (decision 019): concurrent passes skip each other's rows.
 */
export function startBellRetentionWorker(
  db: Kysely<Database>,
  logger: Logger,
  intervalMs = BELL_RETENTION_INTERVAL_MS,
): BellRetentionWorker {
  let lastPassStartedAt: number | null = null;
  return startPeriodicJob(
    async () => {
      const startedAt = performance.now();
      const deleted = await sweepBells(db, passLookbackSeconds(lastPassStartedAt, startedAt));
      lastPassStartedAt = startedAt;
      if (deleted > 0) logger.debug({ deleted }, 'bell retention');
      return deleted;
    },
    intervalMs,
    (error) => logger.error({ err: error }, 'bell retention failed'),
  );
}
