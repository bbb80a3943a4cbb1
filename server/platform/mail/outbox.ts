import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import type { MailTransport, OutgoingMail } from './transports.ts';

/** Retry delay after the nth failed attempt: 10 s, 20 s, 40 s … capped at one hour. Mail is never dropped. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/** Several emails in one statement (e.g. the client's and the owner's copy of one event). */
export async function enqueueMails(db: Kysely<Database>, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto('email_outbox')
    .values(
      mails.map((mail) => ({ to_address: mail.to, subject: mail.subject, html: mail.html, text: mail.text })),
    )
    .execute();
}

export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({ to_address: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    .execute();
}

export const SEND_LEASE_SECONDS = 300;

/**
 * Sends due outbox rows, a batch at a time. Rows are claimed with SKIP LOCKED and leased for a few minutes, so several
 * servers can share the outbox and a crash mid-send only delays that mail; no lock is held during I/O.
 */
export async function deliverDueMail(
  db: Kysely<Database>,
  transport: MailTransport,
  logger?: Logger,
  batchSize = 50,
): Promise<number> {
  const claimed = await db
    .updateTable('email_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${SEND_LEASE_SECONDS})`,
    }))
    .where(
      'id',
      'in',
      db
        .selectFrom('email_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('created_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  claimed.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());

  const sentIds: string[] = [];
  for (const row of claimed) {
    try {
      await transport.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
      sentIds.push(row.id);
    } catch (error) {
      logger?.warn({ err: error, outboxId: row.id, attempts: row.attempts }, 'mail send failed; will retry');
      await db
        .updateTable('email_outbox')
        .set({
          last_error: error instanceof Error ? error.message : String(error),
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  if (sentIds.length > 0) {
    await db
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
      .where('id', 'in', sentIds)
      .execute();
  }
  return sentIds.length;
}

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
  const batchSize = 50;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let pokedWhileRunning = false;
  // Drains the due mail: keeps going while batches come back full or new mail was enqueued meanwhile.
  const drain = async () => {
    let delivered: number;
    do {
      pokedWhileRunning = false;
      delivered = await deliverDueMail(db, transport, logger, batchSize);
    } while (!stopped && (delivered === batchSize || pokedWhileRunning));
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
    },
  };
}
