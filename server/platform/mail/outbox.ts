import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import type { MailTransport, OutgoingMail } from './transports.ts';

/** Retry delay after the nth failed attempt: 10 s, 20 s, 40 s … capped at one hour. Mail is never dropped. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({ to_address: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    .execute();
}

export const SEND_LEASE_SECONDS = 300;

/**
 * Sends due outbox rows. A row is claimed with SKIP LOCKED and leased for a few minutes, so several
 * servers can share the outbox and a crash mid-send only delays that mail; no lock is held during I/O.
 */
export async function deliverDueMail(
  db: Kysely<Database>,
  transport: MailTransport,
  logger?: Logger,
  batchSize = 20,
): Promise<number> {
  let delivered = 0;
  for (let i = 0; i < batchSize; i++) {
    const row = await db
      .updateTable('email_outbox')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${SEND_LEASE_SECONDS})`,
      }))
      .where(
        'id',
        '=',
        db
          .selectFrom('email_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('created_at')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) break;
    try {
      await transport.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
      await db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
        .where('id', '=', row.id)
        .execute();
      delivered++;
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
  return delivered;
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
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = deliverDueMail(db, transport, logger)
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
