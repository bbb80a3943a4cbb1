import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientRecord, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { constraintNames, insertReservationRow } from '../../test/constraints.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as oneClientKeyOnReservations from './049-one-client-key-on-reservations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const clientKeysOf = () => constraintNames(t.db, 'reservations', 'f', 'clients');

describe('migration 049: one client key on reservations', () => {
  it('a booking of a client that does not exist, or of another business, is refused by the one key left', async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const flat = await insertProperty(t.db, owner.user.id);
    const othersClient = await insertClientRecord(t.db, other.user.id);
    const book = (clientId: string, start: number) =>
      insertReservationRow(t.db, {
        propertyId: flat.id,
        ownerId: owner.user.id,
        clientId,
        start,
        end: start + 1,
      });

    expect(await clientKeysOf()).toEqual(['reservations_client_of_business']);
    const refusedBy = { code: '23503', constraint: 'reservations_client_of_business' };
    await expect(book(randomUUID(), 10)).rejects.toMatchObject(refusedBy);
    await expect(book(othersClient, 11)).rejects.toMatchObject(refusedBy);

    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await oneClientKeyOnReservations.down(db);
    expect(await clientKeysOf()).toEqual(['reservations_client_id_fkey', 'reservations_client_of_business']);
    await oneClientKeyOnReservations.up(db);
    expect(await clientKeysOf()).toEqual(['reservations_client_of_business']);
  });
});
