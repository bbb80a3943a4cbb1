import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { bellTitles, oldNotices } from './bell-fixtures.ts';
import { KEPT_PER_USER, notifyUser, sweepBells } from './in-app-notifications.service.ts';

/**
 * Two retention sweeps at once, as every server process runs one (docs/decisions/079, 084). Only against PostgreSQL
 * (TEST_DATABASE_URL): PGlite serialises transactions, so they cannot overlap there.
 */
const databaseUrl = testDatabaseUrl();

describe.runIf(databaseUrl)('the retention sweep beside another sweep and a notice (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ bellRetention: false });
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  const notice = (userId: string, title: string) =>
    ({ userId, kind: 'support_reply', title, body: '', link: null }) as const;
  it('two servers sweeping at once skip each other’s rows, and a notice written meanwhile waits for neither', async () => {
    const { user } = await t.signInAs({ role: 'owner' });
    await t.db.insertInto('in_app_notifications').values(oldNotices(user.id)).execute();
    await notifyUser(t.db, notice(user.id, 'First'));
    await notifyUser(t.db, notice(user.id, 'Second'));

    // The first server's sweep has deleted the two oldest notices and stays open.
    let firstSwept!: (count: number) => void;
    const swept = new Promise<number>((resolve) => {
      firstSwept = resolve;
    });
    let finishFirst!: () => void;
    const finish = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const first = t.db.transaction().execute(async (trx) => {
      firstSwept(await sweepBells(trx, 30));
      await finish;
    });
    expect(await swept).toBeGreaterThanOrEqual(2);

    try {
      // Waiting for the first one's row locks would fail here instead of finishing.
      await t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
        expect(await sweepBells(trx, 30)).toBe(0);
        await notifyUser(trx, notice(user.id, 'Third'));
      });
    } finally {
      finishFirst();
      await first;
    }

    const bell = await bellTitles(t.db, user.id);
    expect(bell).toHaveLength(KEPT_PER_USER + 1);
    expect(bell.slice(0, 3)).toEqual(['Third', 'Second', 'First']);
    expect(bell).toContain(`Old ${KEPT_PER_USER - 3}`);
    expect(bell).not.toContain(`Old ${KEPT_PER_USER - 2}`);

    await sweepBells(t.db, 30);
    const trimmed = await bellTitles(t.db, user.id);
    expect(trimmed).toHaveLength(KEPT_PER_USER);
    expect(trimmed).not.toContain(`Old ${KEPT_PER_USER - 3}`);
    expect(trimmed).toContain(`Old ${KEPT_PER_USER - 4}`);
  });
});
