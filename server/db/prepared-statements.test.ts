import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../test/test-database.ts';
import { executePrepared } from './prepared-statements.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('executePrepared', () => {
  it('runs a query builder’s statement with its own values each time', async () => {
    const { db } = database;
    const count = async (email: string) =>
      (
        await executePrepared(
          db,
          db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('email', '=', email),
        )
      ).map((row) => Number(row.count));
    await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        name: 'Probe',
        email: 'probe@example.co.za',
        first_name: 'P',
        last_name: 'Robe',
        role: 'client',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    expect(await count('nobody@example.co.za')).toEqual([0]);
    expect(await count('probe@example.co.za')).toEqual([1]);
  });

  it('runs a raw statement', async () => {
    const rows = await executePrepared(database.db, sql<{ answer: number }>`SELECT ${41}::int + 1 AS answer`);
    expect(rows).toEqual([{ answer: 42 }]);
  });

  it.runIf(testDatabaseUrl())('is parsed once per connection, as a named prepared statement', async () => {
    const { db } = database;
    await db.transaction().execute(async (trx) => {
      const marker = sql<{ marker: string }>`SELECT ${'prepared'}::text AS marker_${sql.raw('probe')}`;
      await executePrepared(trx, marker);
      await executePrepared(trx, marker);
      const prepared = await sql<{ name: string }>`
        SELECT name FROM pg_prepared_statements WHERE statement LIKE '%AS marker_probe%'`.execute(trx);
      expect(prepared.rows).toEqual([{ name: expect.stringMatching(/^rentza_prepared_\d+$/) }]);
    });
  });
});
