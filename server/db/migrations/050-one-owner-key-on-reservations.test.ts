import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, insertClientRecord, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as oneOwnerKeyOnReservations from './050-one-owner-key-on-reservations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const userKeysOf = async () =>
  (
    await sql<{ conname: string }>`SELECT conname FROM pg_constraint
      WHERE conrelid = 'reservations'::regclass AND contype = 'f'
        AND confrelid = 'users'::regclass ORDER BY conname`.execute(t.db)
  ).rows.map((row) => row.conname);

describe('migration 050: the owner of a booking is held by its client key', () => {
  it('a booking for an owner that does not exist is refused, and an owner with bookings cannot be deleted', async () => {
    const owner = await signInOwner(t);
    const flat = await insertProperty(t.db, owner.user.id);
    const client = await insertClientRecord(t.db, owner.user.id);
    const book = (ownerId: string, start: number) =>
      sql`INSERT INTO reservations (property_id, owner_id, client_id, start_date, end_date, status)
        VALUES (${flat.id}, ${ownerId}, ${client}, ${day(start)}, ${day(start + 1)}, 'pending')`.execute(
        t.db,
      );

    expect(await userKeysOf()).toEqual(['reservations_created_by_fkey']);
    await expect(book(randomUUID(), 10)).rejects.toMatchObject({
      code: '23503',
      constraint: 'reservations_client_of_business',
    });
    await book(owner.user.id, 11);
    // A key that refuses the delete: foreign_key_violation, or restrict_violation (PostgreSQL 16+).
    await expect(sql`DELETE FROM users WHERE id = ${owner.user.id}`.execute(t.db)).rejects.toMatchObject({
      code: expect.stringMatching(/^(23503|23001)$/),
    });
    const stillThere = await t.db.selectFrom('users').select('id').where('id', '=', owner.user.id).execute();
    expect(stillThere).toHaveLength(1);

    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await oneOwnerKeyOnReservations.down(db);
    expect(await userKeysOf()).toEqual(['reservations_created_by_fkey', 'reservations_owner_id_fkey']);
    await oneOwnerKeyOnReservations.up(db);
    expect(await userKeysOf()).toEqual(['reservations_created_by_fkey']);
  });
});
