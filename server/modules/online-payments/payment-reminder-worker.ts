import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import { type ReminderCounts, runPaymentReminders } from './payment-reminders.ts';

/** Every five minutes: a reminder is due on a day, so a few minutes' lag never matters. */
export const REMINDER_INTERVAL_MS = 5 * 60_000;

export interface PaymentReminderWorker {
  /** A pass now (or the one under way); resolves with its counts, null when stopped or failed. */
  runNow: () => Promise<ReminderCounts | null>;
  stop: () => Promise<void>;
}

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
  let running: Promise<ReminderCounts | null> | null = null;
  let stopped = false;
  const run = (): Promise<ReminderCounts | null> => {
    if (stopped) return Promise.resolve(null);
    if (running) return running;
    running = runPaymentReminders(db, { publicUrl: options.publicUrl, logger })
      .then((counts) => {
        if (counts.sent > 0) {
          options.pokeMail?.();
          logger.info({ counts }, 'payment reminders');
        }
        return counts;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'payment reminders failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const startTimer = setTimeout(() => void run(), 0);
  startTimer.unref();
  const timer = setInterval(() => void run(), options.intervalMs ?? REMINDER_INTERVAL_MS);
  timer.unref();
  return {
    runNow: run,
    stop: async () => {
      stopped = true;
      clearTimeout(startTimer);
      clearInterval(timer);
      await running;
    },
  };
}
