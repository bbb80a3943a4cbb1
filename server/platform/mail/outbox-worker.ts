import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import { deliverDueBatch, OUTBOX_BATCH_SIZE } from './outbox.ts';
import type { MailTransport } from './transports.ts';

/** How long a busy worker lets mail gather between rounds that found less than a batch. */
const OUTBOX_GATHER_MS = 50;

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
  // Under a steady stream of pokes, a round that found less than a batch waits a moment before the
  // next, so mail arriving meanwhile goes out together rather than a round per booking.
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
  const drain = async () => {
    let claimed: number;
    do {
      pokedWhileRunning = false;
      ({ claimed } = await deliverDueBatch(db, transport, logger, batchSize, startBacklog));
      if (claimed < batchSize && pokedWhileRunning && !stopped)
        await new Promise((resolve) => setTimeout(resolve, OUTBOX_GATHER_MS));
    } while (!stopped && (claimed === batchSize || pokedWhileRunning));
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
