import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { createTestApp } from '../../test/harness.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../../test/test-database.ts';
import { enqueueMails, OUTBOX_BATCH_SIZE } from './outbox.ts';
import { OUTBOX_THREAD_APPLICATION, startOutboxThread } from './outbox-thread.ts';

/**
 * The outbox on a thread of its own (docs/decisions/074). Only against PostgreSQL
 * (TEST_DATABASE_URL): the thread opens its own connection, which PGlite cannot share.
 */
const silent = pino({ level: 'silent' });
const mail = (to: string) => ({ to, subject: 'Your booking', html: '<p>Booked</p>', text: 'Booked' });

describe.runIf(testDatabaseUrl())('outbox thread (PostgreSQL only)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('sends a backlog over SMTP from its own thread, each mail once, and stops cleanly', async () => {
    const sink = await startSmtpSink();
    const total = OUTBOX_BATCH_SIZE * 2 + 31;
    await enqueueMails(
      database.db,
      Array.from({ length: total }, (_, i) => mail(`thread${i}@example.co.za`)),
    );
    const worker = startOutboxThread(
      {
        databaseUrl: database.url as string,
        smtpUrl: `smtp://127.0.0.1:${sink.port}`,
        mailFrom: 'Rentza <no-reply@rentza.co.za>',
        logLevel: 'silent',
      },
      silent,
    );
    try {
      worker.poke();
      await expect.poll(() => sink.received(), { timeout: 20_000 }).toBe(total);
      // The sink counts a mail when SMTP accepts it; the thread marks its batch sent just after.
      await expect
        .poll(
          async () =>
            (
              await database.db
                .selectFrom('email_outbox')
                .select('id')
                .where('status', '!=', 'sent')
                .execute()
            ).length,
          { timeout: 20_000 },
        )
        .toBe(0);
    } finally {
      await worker.stop();
      await sink.close();
    }
    expect(sink.received()).toBe(total);
  }, 60_000);
});

describe.runIf(testDatabaseUrl())('a server with its own PostgreSQL database (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ outboxThread: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('delivers a password reset email from the outbox thread', async () => {
    const { user } = await t.signInAs({ role: 'client' });
    const requested = await t.post('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    expect(requested.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('dev_mailbox')
              .select('subject')
              .where('to_address', '=', user.email)
              .execute()
          ).map((row) => row.subject),
        { timeout: 20_000 },
      )
      .toEqual(['Reset your Rentza password']);
    // The thread's own connection to this database, not the request pool's, did the delivering.
    const outboxConnections = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${OUTBOX_THREAD_APPLICATION}`.execute(t.db);
    expect(outboxConnections.rows[0]?.n).toBe(1);
  }, 60_000);
});
