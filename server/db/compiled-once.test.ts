import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Database } from './types.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('compiledOnce', () => {
  let builds = 0;
  const query = compiledOnce(
    (db: Kysely<Database>, values: { email: string; ids: readonly string[] }) => {
      builds++;
      return db
        .selectNoFrom([
          sql<string>`${values.email}::text`.as('email'),
          sql<string>`${values.ids[0]}::text`.as('first'),
          sql<number>`${3}::int`.as('constant'),
        ])
        .where(sql<boolean>`${values.ids[1]}::text IS NOT NULL`);
    },
    { email: true, ids: 2 },
  );

  it('builds the query once and runs it with each call’s own values', async () => {
    const first = await query(database.db, { email: 'a@example.co.za', ids: ['x', 'y'] });
    const second = await query(database.db, { email: 'b@example.co.za', ids: ['p', 'q'] });
    expect(builds).toBe(1);
    expect(first).toEqual([{ email: 'a@example.co.za', first: 'x', constant: 3 }]);
    expect(second).toEqual([{ email: 'b@example.co.za', first: 'p', constant: 3 }]);
  });

  it('refuses an array of another length than its placeholders', async () => {
    await expect(query(database.db, { email: 'c@example.co.za', ids: ['only'] })).rejects.toThrow(
      'compiledOnce: ids must have 2 values',
    );
  });
});
