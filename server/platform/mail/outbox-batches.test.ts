import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/types.ts';
import { deliverDueMail, enqueueMail, enqueueMails, OUTBOX_BATCH_SIZE, retryDelaySeconds } from './outbox.ts';
import {
  asDeliverable,
  flakyTransport,
  mail,
  makeDue,
  outboxRow,
  ownOutboxDatabase,
  secondsUntilNextAttempt,
  silent,
} from './outbox-fixtures.ts';
import { startOutboxWorker } from './outbox-worker.ts';
import { createDevMailboxTransport, type MailTransport } from './transports.ts';

/** Delivery in batches, by two workers at once, and by the worker with a backlog (docs/decisions/067). */
const own = ownOutboxDatabase();
let db: Kysely<Database>;
beforeAll(() => {
  db = own.db;
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
    expect(await outboxRow(db, 'bad@example.co.za')).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'mailbox unavailable',
    });
    expect(await secondsUntilNextAttempt(db, 'bad@example.co.za')).toBeGreaterThan(retryDelaySeconds(1) - 2);
    expect(await outboxRow(db, 'a@example.co.za')).toMatchObject({ status: 'sent', attempts: 1 });

    singles.length = 0;
    await makeDue(db);
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
