import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_ORDER_WALK, withSettings } from '../../db/planner-settings.ts';
import type { Database } from '../../db/types.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { claimDueMail, deliverDueMail, enqueueMails } from './outbox.ts';
import { createDevMailboxTransport } from './transports.ts';

let database: TestDatabase;
let db: Kysely<Database>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

const mails = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, n) => ({
    to: `${prefix}${n}@example.co.za`,
    subject: 'Booking request',
    html: '<p>Hello</p>',
    text: 'Hello',
  }));

describe('the outbox claim after much mail was sent (docs/decisions/079)', () => {
  it('walks the pending mail oldest first in its index, not a bitmap of every entry since the last vacuum', async () => {
    // Statistics taken while the outbox was empty, as a server without autovacuum keeps them.
    await sql`ANALYZE email_outbox`.execute(db);
    await enqueueMails(db, mails(300, 'sent'));
    const transport = createDevMailboxTransport(db);
    while ((await deliverDueMail(db, transport)) > 0);
    await enqueueMails(db, mails(3, 'due'));

    const plan = await withSettings(db, QUEUE_ORDER_WALK, async (trx) => {
      const claim = claimDueMail(trx, 100).compile();
      const explained = await trx.executeQuery<Record<string, string>>({
        ...claim,
        sql: `EXPLAIN ${claim.sql}`,
      });
      return explained.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('Index Scan using email_outbox_pending_age_idx');
    expect(plan).not.toContain('Bitmap');
    expect(plan).not.toContain('Sort');

    const claimed = await withSettings(db, QUEUE_ORDER_WALK, (trx) => claimDueMail(trx, 100).execute());
    expect(claimed.map((row) => row.to_address).sort()).toEqual([
      'due0@example.co.za',
      'due1@example.co.za',
      'due2@example.co.za',
    ]);
  });
});
