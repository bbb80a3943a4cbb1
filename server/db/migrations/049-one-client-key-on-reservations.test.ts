import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, insertClientRecord, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as oneClientKeyOnReservations from './049-one-client-key-on-reservations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const clientKeysOf = async () =>
  (
    await sql<{ conname: string }>`SELECT conname FROM pg_constraint
      WHERE conrelid = 'reservations'::regclass AND contype = 'f'
        AND confrelid = 'clients'::regclass ORDER BY conname`.execute(t.db)
  ).rows.map((row) => row.conname);

describe('migration 049: one client key on reservations', () => {
  it('a booking of a client that does not exist, or of another business, is refused by the one key left', async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const flat = await insertProperty(t.db, owner.user.id);
    const othersClient = await insertClientRecord(t.db, other.user.id);
    const book = (clientId: string, start: number) =>
      sql`INSERT INTO reservations (property_id, owner_id, client_id, start_date, end_date, status)
        VALUES (${flat.id}, ${owner.user.id}, ${clientId}, ${day(start)}, ${day(start + 1)}, 'pending')`.execute(
        t.db,
      );

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
