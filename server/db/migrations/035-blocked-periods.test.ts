import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as blockedPeriods from './035-blocked-periods.ts';
import * as calendarImport from './040-calendar-import.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('migration 035 blocked periods', () => {
  it('carries the pending and confirmed bookings into occupied_periods, so a block cannot take their nights', async () => {
    const owner = await signInOwner(t);
    const flat = await insertProperty(t.db, owner.user.id);
    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    // 040 (calendar import) builds on blocked_periods: undone first, redone after.
    await calendarImport.down(db);
    await blockedPeriods.down(db);

    const client = await t.db
      .insertInto('clients')
      .values({ owner_id: owner.user.id, first_name: 'Sam', last_name: 'Naidoo', email: 'sam@example.co.za' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: Record<string, string> = {};
    for (const [status, offset] of [
      ['pending', 10],
      ['confirmed', 20],
      ['cancelled', 30],
      ['completed', 40],
    ] as const) {
      const row = await sql<{ id: string }>`INSERT INTO reservations
          (property_id, owner_id, client_id, start_date, end_date, status)
        VALUES (${flat.id}, ${owner.user.id}, ${client.id}, ${day(offset)}, ${day(offset + 2)}, ${status})
        RETURNING id`.execute(t.db);
      ids[status] = row.rows[0]?.id ?? '';
    }
    await blockedPeriods.up(db);
    await calendarImport.up(db);

    const occupied = await t.db
      .selectFrom('occupied_periods')
      .select(['reservation_id', 'block_id'])
      .where('property_id', '=', flat.id)
      .orderBy('period')
      .execute();
    expect(occupied).toEqual([
      { reservation_id: ids.pending, block_id: null },
      { reservation_id: ids.confirmed, block_id: null },
    ]);
    const blockOn = (offset: number) =>
      t.db
        .insertInto('blocked_periods')
        .values({
          property_id: flat.id,
          owner_id: owner.user.id,
          start_date: day(offset),
          end_date: day(offset + 1),
          reason: 'maintenance',
          note: null,
          created_by: owner.user.id,
        })
        .execute();
    await expect(blockOn(11)).rejects.toMatchObject({
      code: '23P01',
      constraint: 'no_overlapping_occupation',
    });
    await expect(blockOn(21)).rejects.toMatchObject({
      code: '23P01',
      constraint: 'no_overlapping_occupation',
    });
    await blockOn(31);
    await blockOn(41);
    // A block that ends before it starts, or with times over more than one day, is refused.
    await expect(
      sql`INSERT INTO blocked_periods (property_id, owner_id, start_date, end_date, reason)
        VALUES (${flat.id}, ${owner.user.id}, ${day(50)}, ${day(50)}, 'maintenance')`.execute(t.db),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
