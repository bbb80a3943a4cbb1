import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import { deliverDueBatch, OUTBOX_BATCH_SIZE } from './outbox.ts';
import type { MailTransport } from './transports.ts';

/**
 * The least time from the start of a round that found less than a batch to the start of the next:
 * under load, mail enqueued meanwhile goes out together rather than a round per booking.
 */
export const OUTBOX_GATHER_MS = 50;

export interface OutboxWorker {
  /** Ask for an immediate delivery round (after enqueueing). */
  poke: () => void;
  stop: () => Promise<void>;
}

export function startOutboxWorker(
  db: Kysely<Database>,
  transport: MailTransport,
  logger: Logger,
  intervalMs = 2000,
): OutboxWorker {
  const batchSize = OUTBOX_BATCH_SIZE;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let pokedWhileRunning = false;
  // One delivery loop per process: it drains the due mail, going on while batches come back full or
  // new mail was enqueued meanwhile; pokes during a round only ask for another round.
  // A round that found less than a batch is followed by the next no sooner than OUTBOX_GATHER_MS
  // after it started: the first mail after a quiet moment goes at once, and under a steady stream of
  // pokes the mail of many bookings goes in one round.
  // While batches come back full there is a backlog: a second loop claims and sends beside the first
  // as soon as a full batch is claimed, so the SMTP pool always holds the next batch while the last
  // one's stragglers finish and while a loop waits on the database, instead of idling between rounds.
  let backlog: Promise<void> | null = null;
  const drainBacklog = async () => {
    while (!stopped && (await deliverDueBatch(db, transport, logger, batchSize)).claimed === batchSize);
  };
  const startBacklog = () => {
    if (backlog || stopped) return;
    backlog = drainBacklog()
      .catch((error: unknown) => logger.error({ err: error }, 'outbox delivery round failed'))
      .finally(() => {
        backlog = null;
      });
  };
  let lastPartialRoundAt = Number.NEGATIVE_INFINITY;
  const drain = async () => {
    let more = true;
    while (more && !stopped) {
      const gathering = lastPartialRoundAt + OUTBOX_GATHER_MS - performance.now();
      if (gathering > 0) await new Promise((resolve) => setTimeout(resolve, gathering));
      if (stopped) break;
      pokedWhileRunning = false;
      const startedAt = performance.now();
      const { claimed } = await deliverDueBatch(db, transport, logger, batchSize, startBacklog);
      if (claimed < batchSize) lastPartialRoundAt = startedAt;
      more = claimed === batchSize || pokedWhileRunning;
    }
    await backlog;
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      pokedWhileRunning = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, 'outbox delivery round failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    poke: () => setImmediate(run),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await backlog;
    },
  };
}
