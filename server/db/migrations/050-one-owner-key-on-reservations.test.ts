import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientRecord, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { constraintNames, insertReservationRow } from '../../test/constraints.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as oneOwnerKeyOnReservations from './050-one-owner-key-on-reservations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const userKeysOf = () => constraintNames(t.db, 'reservations', 'f', 'users');

describe('migration 050: the owner of a booking is held by its client key', () => {
  it('a booking for an owner that does not exist is refused, and an owner with bookings cannot be deleted', async () => {
    const owner = await signInOwner(t);
    const flat = await insertProperty(t.db, owner.user.id);
    const client = await insertClientRecord(t.db, owner.user.id);
    const book = (ownerId: string, start: number) =>
      insertReservationRow(t.db, { propertyId: flat.id, ownerId, clientId: client, start, end: start + 1 });

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
