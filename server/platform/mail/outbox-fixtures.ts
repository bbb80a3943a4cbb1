import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../db/types.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { DeliverableMail, MailTransport, OutgoingMail } from './transports.ts';

/**
 * A database of the test file's own, without a running server whose worker would deliver its mail
 * first, emptied of mail before each test. Read `db` from a test or a later hook.
 */
export function ownOutboxDatabase(): { readonly db: Kysely<Database> } {
  let database: TestDatabase | undefined;
  const own = {
    get db(): Kysely<Database> {
      if (!database) throw new Error('ownOutboxDatabase: the database opens in beforeAll');
      return database.db;
    },
  };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await own.db.deleteFrom('email_outbox').execute();
    await own.db.deleteFrom('dev_mailbox').execute();
  });
  return own;
}

export const silent = pino({ level: 'silent' });

export function mail(to: string, subject = 'Hello'): OutgoingMail {
  return { to, subject, html: `<p>${subject}</p>`, text: subject };
}

/** Records what it sends; fails the first `failures` attempts. */
export function flakyTransport(failures: number) {
  const sent: Array<OutgoingMail & { id: string }> = [];
  let calls = 0;
  const transport: MailTransport = {
    kind: 'smtp',
    send: async (message) => {
      calls++;
      if (calls <= failures) throw new Error(`SMTP down (attempt ${calls})`);
      sent.push(message);
    },
  };
  return { transport, sent, calls: () => calls };
}

export async function outboxRow(db: Kysely<Database>, to: string) {
  return db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
}

/** An outbox row as the worker hands it to a transport (no attachments). */
export const asDeliverable = (row: Awaited<ReturnType<typeof outboxRow>>): DeliverableMail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  html: row.html,
  text: row.text,
  attachments: [],
});

/** Simulates time passing: makes every pending row due now. */
export async function makeDue(db: Kysely<Database>) {
  await db
    .updateTable('email_outbox')
    .set({ next_attempt_at: sql<Date>`now() - interval '1 second'` })
    .where('status', '=', 'pending')
    .execute();
}

export async function secondsUntilNextAttempt(db: Kysely<Database>, to: string) {
  const row = await db
    .selectFrom('email_outbox')
    .select(sql<number>`extract(epoch from (next_attempt_at - now()))`.as('seconds'))
    .where('to_address', '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.seconds);
}
