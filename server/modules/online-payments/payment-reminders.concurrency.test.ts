import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { insertBookingWithTerms } from '../../test/payment-terms-fixtures.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { runPaymentReminders } from './payment-reminders.ts';

/**
 * Two server processes' reminder passes at once, as two Kysely instances on their own connections to
 * the same PostgreSQL database (TEST_DATABASE_URL): each reminder is sent once (docs/decisions/062).
 * PGlite is one connection in one process, so the race cannot happen there.
 */
const databaseUrl = testDatabaseUrl();

describe.runIf(databaseUrl)('payment reminders on two connections at once (PostgreSQL only)', () => {
  let t: TestApp;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const { name } = await sql<{ name: string }>`SELECT current_database() AS name`
      .execute(t.db)
      .then((result) => result.rows[0] as { name: string });
    const url = new URL(databaseUrl as string);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++)
      handles.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 1 }));
  }, 120_000);
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await t?.close();
  });

  // No deposit was paid: the whole R 1 000 is owed on the balance date.
  it('ten passes on two connections: one before-due and one overdue email per booking', async () => {
    const ownerId = (await t.createUser({ role: 'owner' })).id;
    const bookings = await Promise.all(
      Array.from({ length: 5 }, () =>
        insertBookingWithTerms(t.db, ownerId, {
          start: '2036-03-24',
          end: '2036-03-27',
          confirmedOn: '2036-01-05',
        }),
      ),
    );
    const pass = (date: string) =>
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          runPaymentReminders((handles[i % 2] as DatabaseHandle).db, {
            publicUrl: TEST_PUBLIC_URL,
            now: new Date(`${date}T10:00:00+02:00`),
          }),
        ),
      );
    const before = await pass('2036-03-08');
    expect(before.reduce((sum, counts) => sum + counts.sent, 0)).toBe(5);
    const overdue = await pass('2036-03-11');
    expect(overdue.reduce((sum, counts) => sum + counts.sent, 0)).toBe(5);
    for (const b of bookings) {
      const mails = await t.db
        .selectFrom('email_outbox')
        .select('subject')
        .where('to_address', '=', b.email)
        .orderBy('created_at')
        .execute();
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Balance of R 1 000.00 due 10 Mar 2036 for ${b.reference}`,
        `Overdue: balance of R 1 000.00 due 10 Mar 2036 for ${b.reference}`,
      ]);
      const links = await t.db
        .selectFrom('payment_links')
        .select('id')
        .where('reservation_id', '=', b.id)
        .execute();
      expect(links).toHaveLength(2);
    }
  });
});
