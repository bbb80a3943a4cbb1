import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import type { Property as PropertyDto, PropertyPage } from '../../../domain/schemas/property-view.ts';
import type { Property } from '../../db/types.ts';
import { day, insertProperty, insertRate } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';

let t: TestApp;
let person: ReturnType<typeof testPeople>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
});
afterAll(async () => {
  await t?.close();
});

const ADDRESS = '12 Long Street, Sea Point, Cape Town';
const AREA = 'Sea Point, Cape Town';

async function listing(): Promise<Property> {
  const owner = await person('owner');
  const property = await insertProperty(t.db, owner.user.id, {
    price_per_day_cents: 100_000,
    cleaning_fee_cents: 25_000,
  });
  await t.db.updateTable('properties').set({ location: ADDRESS }).where('id', '=', property.id).execute();
  return property;
}

/** A booking of the listing by a signed-in client, through the client record the owner keeps of them. */
async function bookingBy(property: Property, key: PersonKey, status: ReservationStatus, offset: number) {
  const { user } = await person(key);
  const client = await t.db
    .insertInto('clients')
    .values({
      owner_id: property.owner_id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: null,
      region: null,
      user_id: user.id,
    })
    .onConflict((conflict) => conflict.columns(['owner_id', 'email']).doUpdateSet({ user_id: user.id }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('reservations')
    .values({
      property_id: property.id,
      owner_id: property.owner_id,
      client_id: client.id,
      start_date: day(offset),
      end_date: day(offset + 2),
      start_time: null,
      end_time: null,
      status,
      special_requests: null,
      voucher_number: null,
      purchase_order_number: null,
      rate_override_per_day_cents: null,
      created_by: user.id,
    })
    .execute();
}

async function locationSeenBy(propertyId: string, key: PersonKey | null): Promise<string> {
  const cookie = key ? (await person(key)).cookie : undefined;
  const response = await t.get(`/api/properties/${propertyId}`, cookie ? { cookie } : {});
  expect(response.statusCode).toBe(200);
  return response.json<PropertyDto>().location;
}

describe('the street address of a listing (docs/decisions/043)', () => {
  it('the public and other users see the area; the business and admins see the address', async () => {
    const property = await listing();
    const seen: Record<string, string> = {};
    for (const key of [
      null,
      'client',
      'otherOwner',
      'otherBackoffice',
      'owner',
      'backoffice',
      'frontofficeWithout',
      'admin',
    ] as const) {
      seen[key ?? 'anyone'] = await locationSeenBy(property.id, key);
    }
    expect(seen).toEqual({
      anyone: AREA,
      client: AREA,
      otherOwner: AREA,
      otherBackoffice: AREA,
      owner: ADDRESS,
      backoffice: ADDRESS,
      frontofficeWithout: ADDRESS,
      admin: ADDRESS,
    });
  });

  it('a client sees it once their booking is confirmed (or completed), not while it is pending or cancelled', async () => {
    const pending = await listing();
    await bookingBy(pending, 'client', 'pending', 10);
    expect(await locationSeenBy(pending.id, 'client')).toBe(AREA);

    const cancelled = await listing();
    await bookingBy(cancelled, 'client', 'cancelled', 10);
    expect(await locationSeenBy(cancelled.id, 'client')).toBe(AREA);

    const confirmed = await listing();
    await bookingBy(confirmed, 'client', 'confirmed', 10);
    expect(await locationSeenBy(confirmed.id, 'client')).toBe(ADDRESS);
    // Another person's booking shows them nothing more.
    expect(await locationSeenBy(confirmed.id, null)).toBe(AREA);

    const completed = await listing();
    await bookingBy(completed, 'client', 'completed', -5);
    expect(await locationSeenBy(completed.id, 'client')).toBe(ADDRESS);
  });

  it('search results name the area only, even to the owner', async () => {
    const property = await listing();
    const owner = await person('owner');
    const title = (
      await t.db
        .selectFrom('properties')
        .select('title')
        .where('id', '=', property.id)
        .executeTakeFirstOrThrow()
    ).title;
    const response = await t.get(`/api/properties?${new URLSearchParams({ q: title })}`, {
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    const found = response.json<PropertyPage>().items.find((item) => item.id === property.id);
    expect(found?.location).toBe(AREA);
    expect(JSON.stringify(response.json())).not.toContain('12 Long Street');
  });
});

describe('search results price the searched dates (docs/decisions/043)', () => {
  it('the total is the booking total: rate periods and cleaning fee included; none without dates', async () => {
    const property = await listing();
    // Nights at days 20 and 21 at R1 000, day 22 inside a R1 500 period; plus the R250 cleaning fee.
    await insertRate(t.db, property, 22, 30, 150_000);
    const title = (
      await t.db
        .selectFrom('properties')
        .select('title')
        .where('id', '=', property.id)
        .executeTakeFirstOrThrow()
    ).title;
    const search = async (extra: Record<string, string>) => {
      const response = await t.get(`/api/properties?${new URLSearchParams({ q: title, ...extra })}`);
      expect(response.statusCode).toBe(200);
      return response.json<PropertyPage>().items.find((item) => item.id === property.id);
    };
    expect((await search({ checkIn: day(20), checkOut: day(23) }))?.total_cents).toBe(
      100_000 * 2 + 150_000 + 25_000,
    );
    expect((await search({}))?.total_cents).toBeUndefined();
  });
});
