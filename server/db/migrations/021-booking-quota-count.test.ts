import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureUsage } from '../../modules/subscriptions/subscription.repository.ts';
import { day, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as bookingQuotaCount from './021-booking-quota-count.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('migration 021 carries existing bookings over', () => {
  it('bookings keep the month they were made in, except clients’ requests still waiting', async () => {
    const owner = await signInOwner(t, 'starter');
    const staff = await t.createUser({ role: 'frontoffice', parentOwnerId: owner.user.id });
    const admin = await t.createUser({ role: 'admin' });
    const person = await t.createUser({ role: 'client' });
    const property = await insertProperty(t.db, owner.user.id);
    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await bookingQuotaCount.down(db);

    const client = await t.db
      .insertInto('clients')
      .values({ owner_id: owner.user.id, first_name: 'Sam', last_name: 'Naidoo', email: 'sam@example.co.za' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = [
      ['request', person.id, 'pending', 10],
      ['accepted', person.id, 'confirmed', 12],
      ['walk-in', owner.user.id, 'pending', 14],
      ['by staff', staff.id, 'pending', 16],
      ['by admin', admin.id, 'pending', 18],
      ['cancelled', owner.user.id, 'cancelled', 20],
    ] as const;
    for (const [note, createdBy, status, offset] of rows) {
      await sql`INSERT INTO reservations
          (property_id, owner_id, client_id, start_date, end_date, status, created_by, special_requests, created_at)
        VALUES (${property.id}, ${owner.user.id}, ${client.id}, ${day(offset)}, ${day(offset + 1)}, ${status},
          ${createdBy}, ${note}, now() - interval '1 minute')`.execute(t.db);
    }
    await bookingQuotaCount.up(db);

    const counted = await t.db
      .selectFrom('reservations')
      .select(['special_requests', 'counted_at', 'created_at'])
      .where('property_id', '=', property.id)
      .execute();
    const byNote = Object.fromEntries(counted.map((row) => [row.special_requests, row]));
    expect(byNote.request?.counted_at).toBeNull();
    for (const note of ['accepted', 'walk-in', 'by staff', 'by admin', 'cancelled'])
      expect(byNote[note]?.counted_at, note).toEqual(byNote[note]?.created_at);
    expect((await measureUsage(t.db, owner.user.id)).bookingsThisMonth).toBe(4);
  });
});
