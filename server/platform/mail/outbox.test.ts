import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/types.ts';
import { deliverDueMail, enqueueMail, retryDelaySeconds, SEND_LEASE_SECONDS } from './outbox.ts';
import {
  flakyTransport,
  mail,
  makeDue,
  outboxRow,
  ownOutboxDatabase,
  secondsUntilNextAttempt,
  silent,
} from './outbox-fixtures.ts';
import type { DeliverableMail, MailTransport } from './transports.ts';

/** The outbox's retries, backoff, attachments and lease (docs/decisions/067). */
const own = ownOutboxDatabase();
let db: Kysely<Database>;
beforeAll(() => {
  db = own.db;
});

/** A document row (and the owner, listing, client and booking it needs), with or without its PDF. */
async function insertDocument(pdf: Buffer | null): Promise<string> {
  const owner = randomUUID();
  await sql`INSERT INTO users (id, name, email, first_name, last_name, role)
    VALUES (${owner}, 'Olwethu Owner', ${`${owner}@example.co.za`}, 'Olwethu', 'Owner', 'owner')`.execute(db);
  const property = await sql<{ id: string }>`INSERT INTO properties
    (owner_id, type, category, title, description, city, location, price_per_day_cents, specifications)
    VALUES (${owner}, 'accommodation', 'house', 'Loft', 'A loft', 'Durban', 'Umhlanga', 100000, '{}')
    RETURNING id`.execute(db);
  const client = await sql<{ id: string }>`INSERT INTO clients (owner_id, first_name, last_name, email)
    VALUES (${owner}, 'Lerato', 'Client', 'lerato@example.co.za') RETURNING id`.execute(db);
  const reservation = await sql<{ id: string }>`INSERT INTO reservations
    (property_id, owner_id, client_id, start_date, end_date)
    VALUES (${property.rows[0]?.id}, ${owner}, ${client.rows[0]?.id}, '2030-01-01', '2030-01-03') RETURNING id`.execute(
    db,
  );
  const document = await db
    .insertInto('documents')
    .values({
      owner_id: owner,
      reservation_id: reservation.rows[0]?.id as string,
      kind: 'quote',
      series: null,
      number: null,
      issue_date: '2030-01-01',
      replaces_id: null,
      credits_id: null,
      total_cents: 0,
      tax_cents: 0,
      snapshot: '{}',
      pdf,
      pdf_sha256: pdf ? 'hash' : null,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return document.id;
}

describe('retryDelaySeconds', () => {
  it.each([
    [0, 10],
    [1, 10],
    [2, 20],
    [3, 40],
    [4, 80],
    [9, 2560],
    [10, 3600],
    [50, 3600],
  ])('after attempt %i waits %i s', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});

describe('deliverDueMail', () => {
  it('retries a mail whose send failed and delivers it on a later round, once', async () => {
    const { transport, sent, calls } = flakyTransport(1);
    await enqueueMail(db, mail('retry@example.co.za', 'Verify your email'));

    expect(await deliverDueMail(db, transport, silent)).toBe(0);
    const failed = await outboxRow(db, 'retry@example.co.za');
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'SMTP down (attempt 1)',
      sent_at: null,
    });
    const wait = await secondsUntilNextAttempt(db, 'retry@example.co.za');
    expect(wait).toBeGreaterThan(retryDelaySeconds(1) - 2);
    expect(wait).toBeLessThanOrEqual(retryDelaySeconds(1));

    expect(await deliverDueMail(db, transport, silent)).toBe(0);
    expect(calls()).toBe(1);

    await makeDue(db);
    expect(await deliverDueMail(db, transport, silent)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: failed.id, to: 'retry@example.co.za', subject: 'Verify your email' });
    const delivered = await outboxRow(db, 'retry@example.co.za');
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(delivered.sent_at).not.toBeNull();

    await makeDue(db);
    expect(await deliverDueMail(db, transport, silent)).toBe(0);
    expect(calls()).toBe(2);
  });

  it('retries an email with its attachment and reply-to: the retried send still carries the file', async () => {
    const documentId = await insertDocument(Buffer.from('%PDF-1.4 test document'));
    const { transport, sent } = flakyTransport(1);
    await enqueueMail(
      db,
      { ...mail('attach@example.co.za', 'Tax Invoice INV-000001'), replyTo: 'accounts@karoo.example' },
      [{ documentId, fileName: 'INV-000001.pdf' }],
    );
    expect(await deliverDueMail(db, transport, silent)).toBe(0);
    await makeDue(db);
    expect(await deliverDueMail(db, transport, silent)).toBe(1);
    expect(sent[0]).toMatchObject({ replyTo: 'accounts@karoo.example' });
    const attachments = (sent[0] as DeliverableMail).attachments;
    expect(attachments.map((file) => [file.fileName, file.contentType, file.content.toString()])).toEqual([
      ['INV-000001.pdf', 'application/pdf', '%PDF-1.4 test document'],
    ]);
  });

  it('holds back an email whose attachment has no PDF yet, and sends it once the PDF is stored', async () => {
    const documentId = await insertDocument(null);
    const { transport, sent } = flakyTransport(0);
    await enqueueMail(db, mail('later@example.co.za'), [{ documentId, fileName: 'CN-000001.pdf' }]);
    expect(await deliverDueMail(db, transport, silent)).toBe(0);
    expect((await outboxRow(db, 'later@example.co.za')).last_error).toBe('an attachment is not ready yet');
    await db
      .updateTable('documents')
      .set({ pdf: Buffer.from('%PDF'), pdf_sha256: 'x' })
      .where('id', '=', documentId)
      .execute();
    await makeDue(db);
    expect(await deliverDueMail(db, transport, silent)).toBe(1);
    expect((sent[0] as DeliverableMail).attachments[0]?.content.toString()).toBe('%PDF');
  });

  it('never drops a mail, however often the send fails, and backs off up to an hour', async () => {
    const { transport } = flakyTransport(Number.POSITIVE_INFINITY);
    await enqueueMail(db, mail('down@example.co.za'));
    for (let round = 1; round <= 12; round++) {
      await makeDue(db);
      await deliverDueMail(db, transport, silent);
    }
    expect(await outboxRow(db, 'down@example.co.za')).toMatchObject({ status: 'pending', attempts: 12 });
    const wait = await secondsUntilNextAttempt(db, 'down@example.co.za');
    expect(wait).toBeGreaterThan(3590);
    expect(wait).toBeLessThanOrEqual(3600);
  });

  it('sends oldest first, at most a batch per round, and one failure does not block the rest', async () => {
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      send: async (message) => {
        if (message.to === 'bad@example.co.za') throw new Error('mailbox unavailable');
        sent.push(message.to);
      },
    };
    const order = ['a@example.co.za', 'bad@example.co.za', 'b@example.co.za', 'c@example.co.za'];
    // Enqueued newest first, then dated so that the list order is the age order.
    for (const [index, to] of [...order.entries()].reverse()) {
      await enqueueMail(db, mail(to));
      await db
        .updateTable('email_outbox')
        .set({ created_at: sql<Date>`now() - make_interval(secs => ${100 - index})` })
        .where('to_address', '=', to)
        .execute();
    }
    expect(await deliverDueMail(db, transport, silent, 2)).toBe(1);
    expect(sent).toEqual(['a@example.co.za']);
    expect(await deliverDueMail(db, transport, silent)).toBe(2);
    expect(sent).toEqual(['a@example.co.za', 'b@example.co.za', 'c@example.co.za']);
    expect((await outboxRow(db, 'bad@example.co.za')).status).toBe('pending');
  });

  it('leases a mail while it is being sent, so a concurrent round does not send it twice', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    const sent: string[] = [];
    const slow: MailTransport = {
      kind: 'smtp',
      send: async (message) => {
        started();
        await gate;
        sent.push(`slow:${message.to}`);
      },
    };
    const fast: MailTransport = {
      kind: 'smtp',
      send: async (message) => {
        sent.push(`fast:${message.to}`);
      },
    };
    await enqueueMail(db, mail('once@example.co.za'));

    const first = deliverDueMail(db, slow, silent);
    await sending;
    expect(await deliverDueMail(db, fast, silent)).toBe(0);
    const leased = await secondsUntilNextAttempt(db, 'once@example.co.za');
    expect(leased).toBeGreaterThan(SEND_LEASE_SECONDS - 5);
    release();
    expect(await first).toBe(1);
    expect(sent).toEqual(['slow:once@example.co.za']);
  });
});
