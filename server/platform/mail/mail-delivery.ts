import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/types.ts';
import { type OutboxWorker, startOutboxWorker } from './outbox-worker.ts';
import { createDevMailboxTransport, createSmtpTransport } from './transports.ts';

/**
 * The outbox worker with its transport: SMTP when a URL is given, else the dev mailbox (a table of
 * the same database). Stopping it also closes the transport's pooled connections. The request thread
 * (PGlite) and the outbox thread (PostgreSQL, outbox-thread.ts) both start delivery this way.
 */
export function startOutboxDelivery(
  db: Kysely<Database>,
  mail: { smtpUrl?: string; mailFrom: string },
  logger: Logger,
): OutboxWorker {
  const transport = mail.smtpUrl
    ? createSmtpTransport(mail.smtpUrl, mail.mailFrom)
    : createDevMailboxTransport(db);
  const worker = startOutboxWorker(db, transport, logger);
  return {
    poke: worker.poke,
    stop: async () => {
      await worker.stop();
      transport.close?.();
    },
  };
}
