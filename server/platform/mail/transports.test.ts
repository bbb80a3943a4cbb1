import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/types.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { deliverDueMail, enqueueMail } from './outbox.ts';
import { asDeliverable, mail, outboxRow, ownOutboxDatabase, silent } from './outbox-fixtures.ts';
import {
  createDevMailboxTransport,
  createSmtpTransport,
  pooledSmtpUrl,
  SMTP_MESSAGES_PER_CONNECTION,
  SMTP_POOL_CONNECTIONS,
} from './transports.ts';

/** The transports the outbox delivers through: pooled SMTP and the dev mailbox. */
const own = ownOutboxDatabase();
let db: Kysely<Database>;
beforeAll(() => {
  db = own.db;
});

describe('SMTP transport', () => {
  it('delivers a batch over a few pooled connections, each message once', async () => {
    const sink = await startSmtpSink();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${sink.port}`, 'Rentza <no-reply@rentza.co.za>');
    try {
      const addresses = Array.from({ length: 24 }, (_, i) => `smtp${i}@example.co.za`);
      for (const to of addresses) await enqueueMail(db, mail(to));
      expect(await deliverDueMail(db, transport, silent)).toBe(24);
      expect(sink.received()).toBe(24);
      expect(sink.connections()).toBeLessThanOrEqual(SMTP_POOL_CONNECTIONS);
      expect(await deliverDueMail(db, transport, silent)).toBe(0);
      expect(sink.received()).toBe(24);
    } finally {
      transport.close?.();
      await sink.close();
    }
  });
});

describe('pooledSmtpUrl', () => {
  it('turns pooling on with a few connections, and keeps what SMTP_URL says itself', () => {
    const pooled = new URL(pooledSmtpUrl('smtp://user:secret@mail.example:587'));
    expect(pooled.searchParams.get('pool')).toBe('true');
    expect(pooled.searchParams.get('maxConnections')).toBe(String(SMTP_POOL_CONNECTIONS));
    expect(pooled.searchParams.get('maxMessages')).toBe(String(SMTP_MESSAGES_PER_CONNECTION));
    expect(pooled.username).toBe('user');
    expect(pooled.host).toBe('mail.example:587');
    const own = new URL(pooledSmtpUrl('smtps://mail.example?pool=false&maxConnections=2&maxMessages=50'));
    expect(own.searchParams.get('pool')).toBe('false');
    expect(own.searchParams.get('maxConnections')).toBe('2');
    expect(own.searchParams.get('maxMessages')).toBe('50');
  });
});

describe('dev mailbox transport', () => {
  it('keeps one copy of a mail even if it is sent twice', async () => {
    const transport = createDevMailboxTransport(db);
    await enqueueMail(db, mail('dev@example.co.za', 'Reset your Rentza password'));
    const message = asDeliverable(await outboxRow(db, 'dev@example.co.za'));
    await transport.send(message);
    await transport.send(message);
    const captured = await db
      .selectFrom('dev_mailbox')
      .selectAll()
      .where('outbox_id', '=', message.id)
      .execute();
    expect(captured).toHaveLength(1);
    expect(captured[0]).toMatchObject({
      to_address: 'dev@example.co.za',
      subject: 'Reset your Rentza password',
    });
  });
});
