import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { NAME_ORDER_WALK, withSettings } from './planner-settings.ts';
import type { Database } from './types.ts';

let database: TestDatabase;
let db: Kysely<Database>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

const setting = async (executor: Kysely<Database>, name: string) =>
  (await sql<{ value: string }>`SELECT current_setting(${name}) AS value`.execute(executor)).rows[0]?.value;

describe('withSettings', () => {
  it("applies every setting to the transaction's statements and to nothing after it", async () => {
    const inside = await withSettings(db, NAME_ORDER_WALK, async (trx) => ({
      seqscan: await setting(trx, 'enable_seqscan'),
      bitmapscan: await setting(trx, 'enable_bitmapscan'),
    }));
    expect(inside).toEqual({ seqscan: 'off', bitmapscan: 'off' });
    expect(await setting(db, 'enable_seqscan')).toBe('on');
    expect(await setting(db, 'enable_bitmapscan')).toBe('on');
  });

  it('refuses a setting that is not "name = value" before it starts the transaction', () => {
    expect(() => withSettings(db, ['enable_seqscan off'], async () => 'ran')).toThrow(
      'withSettings: "enable_seqscan off" is not "name = value"',
    );
  });
});
