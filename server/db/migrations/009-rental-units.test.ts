import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as rentalUnits from './009-rental-units.ts';
import * as hourlySearchIndex from './010-hourly-search-index.ts';
import * as blockedPeriods from './035-blocked-periods.ts';
import * as calendarImport from './040-calendar-import.ts';
import * as oneGuardForBookedDates from './047-one-guard-for-booked-dates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('migration 009 carries existing bookings over', () => {
  it('bookings made before it keep their dates and hold the same days after it', async () => {
    const owner = await signInOwner(t);
    const hall = await insertProperty(t.db, owner.user.id, { type: 'event_space' });
    const flat = await insertProperty(t.db, owner.user.id, { type: 'accommodation' });
    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    // What builds on 009 is undone first and redone after: 010's index reads its start_time, 035 its
    // period, 040 (calendar import) 035's blocked_periods, and 047 drops its constraint.
    await oneGuardForBookedDates.down(db);
    await calendarImport.down(db);
    await blockedPeriods.down(db);
    await hourlySearchIndex.down(db);
    await rentalUnits.down(db);

    // Bookings by dates, as every booking was before: a venue for two whole days, a flat for three nights.
    const client = await t.db
      .insertInto('clients')
      .values({
        owner_id: owner.user.id,
        first_name: 'Sam',
        last_name: 'Naidoo',
        email: 'sam.naidoo@example.co.za',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [property, start, end] of [
      [hall, day(10), day(12)],
      [flat, day(10), day(13)],
    ] as const) {
      await sql`INSERT INTO reservations (property_id, owner_id, client_id, start_date, end_date, status)
        VALUES (${property.id}, ${owner.user.id}, ${client.id}, ${start}, ${end}, 'confirmed')`.execute(t.db);
    }
    await rentalUnits.up(db);
    await hourlySearchIndex.up(db);
    await blockedPeriods.up(db);
    await calendarImport.up(db);
    await oneGuardForBookedDates.up(db);

    const rows = await sql<{
      property_id: string;
      start_date: string;
      end_date: string;
      start_time: string | null;
      period: string;
    }>`
      SELECT property_id, start_date::text, end_date::text, start_time::text, period::text FROM reservations
      WHERE property_id IN (${hall.id}, ${flat.id}) ORDER BY start_date, property_id`.execute(t.db);
    expect(
      rows.rows.map((row) => [row.property_id, row.start_date, row.end_date, row.start_time]).sort(),
    ).toEqual(
      [
        [hall.id, day(10), day(12), null],
        [flat.id, day(10), day(13), null],
      ].sort(),
    );
    const hallPeriod = rows.rows.find((row) => row.property_id === hall.id)?.period;
    expect(hallPeriod).toBe(`["${day(10)} 00:00:00","${day(12)} 00:00:00")`);

    // The venue's old whole-day booking still holds every hour of its days.
    const clash = await t.post(
      '/api/reservations',
      { property_id: hall.id, start_date: day(11), start_time: '10:00', end_time: '14:00' },
      { cookie: (await t.signInAs({ role: 'client' })).cookie },
    );
    expect(clash.statusCode).toBe(409);
  });

  it('is not undone while hourly bookings exist (their times would be lost)', async () => {
    const owner = await signInOwner(t);
    const hall = await insertProperty(t.db, owner.user.id, { type: 'event_space' });
    const response = await t.post(
      '/api/reservations',
      { property_id: hall.id, start_date: day(20), start_time: '10:00', end_time: '14:00' },
      { cookie: (await t.signInAs({ role: 'client' })).cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    await expect(rentalUnits.down(t.db as unknown as Kysely<unknown>)).rejects.toThrow(
      /Hourly bookings exist/,
    );
  });
});
