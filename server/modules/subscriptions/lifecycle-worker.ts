import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/jobs/periodic-job.ts';
import { runCommissionSweep } from '../commission/commission-statements.ts';
import { type LifecycleSweepCounts, runLifecycleSweep } from './subscription-lifecycle.ts';

export const LIFECYCLE_INTERVAL_MS = 60_000;

export interface LifecycleWorkerOptions {
  /** PUBLIC_URL, for the links in the emails. */
  publicUrl: string;
  /** The outbox worker's poke: deliver the sweep's emails now rather than at its next round. */
  pokeMail?: () => void;
  intervalMs?: number;
  /** With the configuration (Rentza's seller details), each pass also runs the commission sweep first. */
  config?: Config;
}

export type LifecycleWorker = PeriodicJob<LifecycleSweepCounts>;

/**
 * Runs the subscription lifecycle sweep once at start and then every minute, in every server process
 * (docs/decisions/019): the sweep's row locks and conditional updates make concurrent passes safe, and
 * anything a stopped process left undone is simply due on the next pass, here or elsewhere.
 */
export function startLifecycleWorker(
  db: Kysely<Database>,
  options: LifecycleWorkerOptions,
  logger: Logger,
): LifecycleWorker {
  const config = options.config;
  const pass = async () => {
    // A failing commission pass is logged and never holds up the lifecycle's.
    const commission = config
      ? await runCommissionSweep(db, { config, logger }).catch((error: unknown) => {
          logger.error({ err: error }, 'commission sweep failed');
          return null;
        })
      : null;
    if (commission && (commission.mails > 0 || commission.failed > 0))
      logger.info({ counts: commission }, 'commission sweep');
    const counts = await runLifecycleSweep(db, { publicUrl: options.publicUrl, logger });
    if (commission?.mails) counts.mails += commission.mails;
    if (counts.mails > 0) options.pokeMail?.();
    const { skipped: _skipped, ...changes } = counts;
    if (Object.values(changes).some((n) => n > 0)) logger.info({ counts }, 'subscription lifecycle sweep');
    return counts;
  };
  return startPeriodicJob(pass, options.intervalMs ?? LIFECYCLE_INTERVAL_MS, (error) =>
    logger.error({ err: error }, 'subscription lifecycle sweep failed'),
  );
}
