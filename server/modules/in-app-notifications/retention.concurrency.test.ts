import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { bellTitles, oldNotices } from './bell-fixtures.ts';
import { KEPT_PER_USER, notifyUser } from './in-app-notifications.service.ts';

/**
 * Two notices reaching one full bell at once (docs/decisions/079). Only against PostgreSQL
 * (TEST_DATABASE_URL): PGlite serialises transactions, so they cannot overlap there.
 */
const databaseUrl = testDatabaseUrl();

describe.runIf(databaseUrl)('retention while another notice is being written (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  const notice = (userId: string, title: string) =>
    ({ userId, kind: 'support_reply', title, body: '', link: null }) as const;
  it('a second notice does not wait for the first one’s retention; the next notice trims the bell back', async () => {
    const { user } = await t.signInAs({ role: 'owner' });
    await t.db.insertInto('in_app_notifications').values(oldNotices(user.id)).execute();

    // The first notice's transaction has deleted the oldest notice and stays open.
    let firstWritten!: () => void;
    const written = new Promise<void>((resolve) => {
      firstWritten = resolve;
    });
    let finishFirst!: () => void;
    const finish = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const first = t.db.transaction().execute(async (trx) => {
      await notifyUser(trx, notice(user.id, 'First'));
      firstWritten();
      await finish;
    });
    await written;

    try {
      // Waiting for the first one's row lock would fail here instead of finishing.
      await t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
        await notifyUser(trx, notice(user.id, 'Second'));
      });
    } finally {
      finishFirst();
      await first;
    }

    const both = await bellTitles(t.db, user.id);
    expect(both).toHaveLength(KEPT_PER_USER + 1);
    expect(both.slice(0, 2).sort()).toEqual(['First', 'Second']);
    expect(both).not.toContain(`Old ${KEPT_PER_USER - 1}`);

    await notifyUser(t.db, notice(user.id, 'Third'));
    const trimmed = await bellTitles(t.db, user.id);
    expect(trimmed).toHaveLength(KEPT_PER_USER);
    expect(trimmed[0]).toBe('Third');
    // Old 0 is the newest of the old ones: the two past the limit went.
    expect(trimmed).not.toContain(`Old ${KEPT_PER_USER - 3}`);
    expect(trimmed).toContain(`Old ${KEPT_PER_USER - 4}`);
  });
});
