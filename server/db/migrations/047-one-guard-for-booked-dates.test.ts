import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientRecord, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { constraintNames, insertReservationRow } from '../../test/constraints.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as oneGuardForBookedDates from './047-one-guard-for-booked-dates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const exclusionsOf = (table: string) => constraintNames(t.db, table, 'x');

describe('migration 047: one guard for booked dates', () => {
  it('occupied_periods alone refuses a second booking of held nights; undone, the reservation’s own guard is back', async () => {
    const owner = await signInOwner(t);
    const flat = await insertProperty(t.db, owner.user.id);
    const clientId = await insertClientRecord(t.db, owner.user.id);
    const bookNights = (start: number, end: number) =>
      insertReservationRow(t.db, { propertyId: flat.id, ownerId: owner.user.id, clientId, start, end });

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
