import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as bellNoticesByTime from './051-bell-notices-by-time.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bellRetention: false });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const indexesOfTheBell = async () =>
  (
    await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes
      WHERE tablename = 'in_app_notifications' AND indexname = 'in_app_notifications_created_idx'`.execute(
      t.db,
    )
  ).rows.map((row) => row.indexdef);

describe('migration 051: the bell by time, for the retention sweep (docs/decisions/084)', () => {
  it('indexes notifications by (created_at, user_id); down drops it and up makes it again', async () => {
    expect(await indexesOfTheBell()).toEqual([
      expect.stringMatching(/ON public\.in_app_notifications USING btree \(created_at, user_id\)$/),
    ]);
    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await bellNoticesByTime.down(db);
    expect(await indexesOfTheBell()).toEqual([]);
    await bellNoticesByTime.up(db);
    expect(await indexesOfTheBell()).toHaveLength(1);
  });
});
