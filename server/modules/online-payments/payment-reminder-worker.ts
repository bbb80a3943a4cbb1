import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/jobs/periodic-job.ts';
import { type ReminderCounts, runPaymentReminders } from './payment-reminders.ts';

/** Every five minutes: a reminder is due on a day, so a few minutes' lag never matters. */
export const REMINDER_INTERVAL_MS = 5 * 60_000;

export type PaymentReminderWorker = PeriodicJob<ReminderCounts>;

/**
 * Runs the balance reminders (docs/decisions/062) once at start and then every few minutes in every
 * server process, like the lifecycle sweep (decision 019): the reminder row inserted with the email
 * makes concurrent passes send each reminder once.
 */
export function startPaymentReminderWorker(
  db: Kysely<Database>,
  options: { publicUrl: string; pokeMail?: () => void; intervalMs?: number },
  logger: Logger,
): PaymentReminderWorker {
  return startPeriodicJob(
    async () => {
      const counts = await runPaymentReminders(db, { publicUrl: options.publicUrl, logger });
      if (counts.sent > 0) {
        options.pokeMail?.();
        logger.info({ counts }, 'payment reminders');
      }
      return counts;
    },
    options.intervalMs ?? REMINDER_INTERVAL_MS,
    (error) => logger.error({ err: error }, 'payment reminders failed'),
  );
}
