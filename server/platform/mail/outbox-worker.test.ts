import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { enqueueMail } from './outbox.ts';
import { OUTBOX_GATHER_MS, startOutboxWorker } from './outbox-worker.ts';
import type { MailTransport } from './transports.ts';

// A database of our own, without a running server whose worker would deliver our mail first.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const silent = pino({ level: 'silent' });
const mail = (to: string) => ({ to, subject: 'Booking request', html: '<p>Hello</p>', text: 'Hello' });

describe('the outbox worker under a stream of bookings', () => {
  it('sends the first mail at once, then the mail of many bookings together, a round at most every OUTBOX_GATHER_MS', async () => {
    const { db } = database;
    const rounds: number[] = [];
    const transport: MailTransport = {
      kind: 'dev-mailbox',
      send: async () => {
        rounds.push(1);
      },
      sendBatch: async (mails) => {
        rounds.push(mails.length);
      },
    };
    const worker = startOutboxWorker(db, transport, silent, 60_000);
    try {
      await enqueueMail(db, mail('first@example.co.za'));
      worker.poke();
      await expect.poll(() => rounds, { timeout: 5000 }).toEqual([1]);

      // 40 bookings, a few milliseconds apart, each poking the worker as a request does.
      const started = performance.now();
      for (let booking = 0; booking < 40; booking++) {
        await enqueueMail(db, mail(`booking${booking}@example.co.za`));
        worker.poke();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await expect.poll(() => rounds.reduce((sum, size) => sum + size, 0), { timeout: 10_000 }).toBe(41);
      const elapsed = performance.now() - started;
      // A round per poke would be 40; gathering allows one per OUTBOX_GATHER_MS of the stream, and one more.
      expect(rounds.length - 1).toBeLessThanOrEqual(Math.ceil(elapsed / OUTBOX_GATHER_MS) + 1);
      expect(rounds.length - 1).toBeLessThan(20);
    } finally {
      await worker.stop();
    }
  });
});
