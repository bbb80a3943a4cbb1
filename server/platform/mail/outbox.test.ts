import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/types.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import {
  deliverDueMail,
  enqueueMail,
  enqueueMails,
  OUTBOX_BATCH_SIZE,
  retryDelaySeconds,
  SEND_LEASE_SECONDS,
} from './outbox.ts';
import { startOutboxWorker } from './outbox-worker.ts';
import {
  createDevMailboxTransport,
  createSmtpTransport,
  type DeliverableMail,
  type MailTransport,
  type OutgoingMail,
  pooledSmtpUrl,
  SMTP_MESSAGES_PER_CONNECTION,
  SMTP_POOL_CONNECTIONS,
} from './transports.ts';

// A database of our own, without a running server whose worker would deliver our mail first.
let database: TestDatabase;
let db: Kysely<Database>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await db.deleteFrom('email_outbox').execute();
  await db.deleteFrom('dev_mailbox').execute();
});

const silent = pino({ level: 'silent' });

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

function mail(to: string, subject = 'Hello'): OutgoingMail {
  return { to, subject, html: `<p>${subject}</p>`, text: subject };
}

/** Records what it sends; fails the first `failures` attempts. */
function flakyTransport(failures: number) {
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

/** An outbox row as the worker hands it to a transport (no attachments). */
const asDeliverable = (row: Awaited<ReturnType<typeof outboxRow>>): DeliverableMail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  html: row.html,
  text: row.text,
  attachments: [],
});

async function outboxRow(to: string) {
  return db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
}

/** Simulates time passing: makes every pending row due now. */
async function makeDue() {
  await db
    .updateTable('email_outbox')
    .set({ next_attempt_at: sql<Date>`now() - interval '1 second'` })
    .where('status', '=', 'pending')
    .execute();
}

async function secondsUntilNextAttempt(to: string) {
  const row = await db
    .selectFrom('email_outbox')
    .select(sql<number>`extract(epoch from (next_attempt_at - now()))`.as('seconds'))
    .where('to_address', '=', to)
    .executeTakeFirstOrThrow();
  return Number(row.seconds);
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
    const failed = await outboxRow('retry@example.co.za');
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'SMTP down (attempt 1)',
      sent_at: null,
    });
    const wait = await secondsUntilNextAttempt('retry@example.co.za');
    expect(wait).toBeGreaterThan(retryDelaySeconds(1) - 2);
    expect(wait).toBeLessThanOrEqual(retryDelaySeconds(1));

    expect(await deliverDueMail(db, transport, silent)).toBe(0);
    expect(calls()).toBe(1);

    await makeDue();
    expect(await deliverDueMail(db, transport, silent)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: failed.id, to: 'retry@example.co.za', subject: 'Verify your email' });
    const delivered = await outboxRow('retry@example.co.za');
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(delivered.sent_at).not.toBeNull();

    await makeDue();
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
    await makeDue();
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
    expect((await outboxRow('later@example.co.za')).last_error).toBe('an attachment is not ready yet');
    await db
      .updateTable('documents')
      .set({ pdf: Buffer.from('%PDF'), pdf_sha256: 'x' })
      .where('id', '=', documentId)
      .execute();
    await makeDue();
    expect(await deliverDueMail(db, transport, silent)).toBe(1);
    expect((sent[0] as DeliverableMail).attachments[0]?.content.toString()).toBe('%PDF');
  });

  it('never drops a mail, however often the send fails, and backs off up to an hour', async () => {
    const { transport } = flakyTransport(Number.POSITIVE_INFINITY);
    await enqueueMail(db, mail('down@example.co.za'));
    for (let round = 1; round <= 12; round++) {
      await makeDue();
      await deliverDueMail(db, transport, silent);
    }
    expect(await outboxRow('down@example.co.za')).toMatchObject({ status: 'pending', attempts: 12 });
    const wait = await secondsUntilNextAttempt('down@example.co.za');
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
    expect((await outboxRow('bad@example.co.za')).status).toBe('pending');
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
    const leased = await secondsUntilNextAttempt('once@example.co.za');
    expect(leased).toBeGreaterThan(SEND_LEASE_SECONDS - 5);
    release();
    expect(await first).toBe(1);
    expect(sent).toEqual(['slow:once@example.co.za']);
  });
});

describe('deliverDueMail in batches (docs/decisions/067)', () => {
  /** Records each batch and each single send; a batch holding `bad` fails whole, as would one statement. */
  function batchTransport(bad?: string) {
    const batches: string[][] = [];
    const singles: string[] = [];
    const delivered: string[] = [];
    const transport: MailTransport = {
      kind: 'dev-mailbox',
      send: async (message) => {
        singles.push(message.to);
        if (message.to === bad) throw new Error('mailbox unavailable');
        delivered.push(message.to);
      },
      sendBatch: async (messages) => {
        batches.push(messages.map((message) => message.to));
        if (messages.some((message) => message.to === bad)) throw new Error('batch refused');
        delivered.push(...messages.map((message) => message.to));
      },
    };
    return { transport, batches, singles, delivered };
  }

  it('claims a batch and hands it to the transport at once, then marks it sent in one round', async () => {
    const { transport, batches, singles } = batchTransport();
    const addresses = Array.from({ length: 7 }, (_, i) => `batch${i}@example.co.za`);
    for (const to of addresses) await enqueueMail(db, mail(to));
    expect(await deliverDueMail(db, transport, silent, 5)).toBe(5);
    expect(batches.map((batch) => batch.length)).toEqual([5]);
    expect(await deliverDueMail(db, transport, silent, 5)).toBe(2);
    expect(batches.map((batch) => batch.length)).toEqual([5, 2]);
    expect(batches.flat().sort()).toEqual([...addresses].sort());
    expect(singles).toEqual([]);
    const rows = await db.selectFrom('email_outbox').select(['status', 'attempts']).execute();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('a batch with one failing mail sends the others and retries only that one, with its backoff', async () => {
    const { transport, delivered, singles } = batchTransport('bad@example.co.za');
    for (const to of ['a@example.co.za', 'bad@example.co.za', 'b@example.co.za'])
      await enqueueMail(db, mail(to));
    expect(await deliverDueMail(db, transport, silent)).toBe(2);
    expect(delivered.sort()).toEqual(['a@example.co.za', 'b@example.co.za']);
    expect(await outboxRow('bad@example.co.za')).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'mailbox unavailable',
    });
    expect(await secondsUntilNextAttempt('bad@example.co.za')).toBeGreaterThan(retryDelaySeconds(1) - 2);
    expect(await outboxRow('a@example.co.za')).toMatchObject({ status: 'sent', attempts: 1 });

    singles.length = 0;
    await makeDue();
    expect(await deliverDueMail(db, transport, silent)).toBe(0);
    // The next round claims only the failed mail; the sent ones are never sent again.
    expect(singles).toEqual(['bad@example.co.za']);
    expect(delivered.filter((to) => to !== 'bad@example.co.za')).toHaveLength(2);
  });

  it('two workers draining the same outbox at once never send the same mail', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `both${i}@example.co.za`);
    for (const to of addresses) await enqueueMail(db, mail(to));
    const sent: string[] = [];
    // Each worker holds its first mail until the other has claimed a batch too, so the two really
    // drain at once however the scheduler orders their first claims.
    const sending = new Set<string>();
    let bothSending: () => void = () => {};
    const bothClaimed = new Promise<void>((resolve) => {
      bothSending = resolve;
    });
    const worker = (name: string): MailTransport => ({
      kind: 'smtp',
      send: async (message) => {
        sending.add(name);
        if (sending.size === 2) bothSending();
        await bothClaimed;
        await new Promise((resolve) => setTimeout(resolve, 1));
        sent.push(`${name}:${message.id}`);
      },
    });
    const drain = async (transport: MailTransport) => {
      while ((await deliverDueMail(db, transport, silent, 6)) > 0);
    };
    await Promise.all([drain(worker('one')), drain(worker('two'))]);
    const ids = sent.map((entry) => entry.split(':')[1]);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(sent.some((entry) => entry.startsWith('one:'))).toBe(true);
    expect(sent.some((entry) => entry.startsWith('two:'))).toBe(true);
    const pending = await db
      .selectFrom('email_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
  });

  it('the dev mailbox takes a batch in one statement and keeps one copy of each mail', async () => {
    const transport = createDevMailboxTransport(db);
    for (const to of ['x@example.co.za', 'y@example.co.za']) await enqueueMail(db, mail(to));
    expect(await deliverDueMail(db, transport, silent)).toBe(2);
    const messages = (await db.selectFrom('email_outbox').selectAll().execute()).map(asDeliverable);
    await transport.sendBatch?.(messages);
    const captured = await db.selectFrom('dev_mailbox').select('to_address').orderBy('to_address').execute();
    expect(captured.map((row) => row.to_address)).toEqual(['x@example.co.za', 'y@example.co.za']);
  });
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
    const message = asDeliverable(await outboxRow('dev@example.co.za'));
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

describe('startOutboxWorker', () => {
  it('delivers soon after a poke and stops cleanly', async () => {
    const { transport, sent } = flakyTransport(0);
    const worker = startOutboxWorker(db, transport, silent, 60_000);
    try {
      await enqueueMail(db, mail('worker@example.co.za'));
      worker.poke();
      const deadline = Date.now() + 5000;
      while (sent.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sent.map((message) => message.to)).toEqual(['worker@example.co.za']);
    } finally {
      await worker.stop();
    }
    await enqueueMail(db, mail('after-stop@example.co.za'));
    worker.poke();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toHaveLength(1);
  });

  it('with a backlog, claims the next batch while the last one is still sending, and sends each mail once', async () => {
    const total = OUTBOX_BATCH_SIZE * 3 + 17;
    await enqueueMails(
      db,
      Array.from({ length: total }, (_, i) => mail(`backlog${i}@example.co.za`)),
    );
    // Sends are held until two batches are in flight at once (or a deadline passes, and the test fails).
    const delivered: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    let release: () => void = () => {};
    const overlapping = new Promise<void>((resolve) => {
      release = resolve;
    });
    const deadline = setTimeout(release, 5000);
    const transport: MailTransport = {
      kind: 'smtp',
      send: async (message) => {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        if (inFlight > OUTBOX_BATCH_SIZE) release();
        await overlapping;
        inFlight--;
        delivered.push(message.to);
      },
    };
    const worker = startOutboxWorker(db, transport, silent, 60_000);
    try {
      worker.poke();
      await expect.poll(() => delivered.length, { timeout: 15_000 }).toBe(total);
    } finally {
      await worker.stop();
      clearTimeout(deadline);
    }
    expect(mostInFlight).toBeGreaterThan(OUTBOX_BATCH_SIZE);
    expect(new Set(delivered).size).toBe(total);
    const pending = await db.selectFrom('email_outbox').select('id').where('status', '!=', 'sent').execute();
    expect(pending).toHaveLength(0);
  });
});
