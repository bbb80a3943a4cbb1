import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, insertClientRecord, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as oneGuardForBookedDates from './047-one-guard-for-booked-dates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const exclusionsOf = async (table: string) =>
  (
    await sql<{ conname: string }>`SELECT conname FROM pg_constraint
      WHERE conrelid = ${table}::regclass AND contype = 'x' ORDER BY conname`.execute(t.db)
  ).rows.map((row) => row.conname);

describe('migration 047: one guard for booked dates', () => {
  it('occupied_periods alone refuses a second booking of held nights; undone, the reservation’s own guard is back', async () => {
    const owner = await signInOwner(t);
    const flat = await insertProperty(t.db, owner.user.id);
    const clientId = await insertClientRecord(t.db, owner.user.id);
    const bookNights = (start: number, end: number) =>
      sql`INSERT INTO reservations (property_id, owner_id, client_id, start_date, end_date, status)
        VALUES (${flat.id}, ${owner.user.id}, ${clientId}, ${day(start)}, ${day(end)}, 'pending')`.execute(
        t.db,
      );

    expect(await exclusionsOf('reservations')).toEqual([]);
    expect(await exclusionsOf('occupied_periods')).toEqual(['no_overlapping_occupation']);
    await bookNights(10, 13);
    await expect(bookNights(12, 14)).rejects.toMatchObject({
      code: '23P01',
      constraint: 'no_overlapping_occupation',
    });
    await bookNights(13, 14);

    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await oneGuardForBookedDates.down(db);
    expect(await exclusionsOf('reservations')).toEqual(['no_double_booking']);
    await expect(bookNights(11, 12)).rejects.toMatchObject({
      code: '23P01',
      constraint: 'no_double_booking',
    });
    await oneGuardForBookedDates.up(db);
    expect(await exclusionsOf('reservations')).toEqual([]);
  });
});
