import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type {
  OwnedProperty as OwnedPropertyDto,
  Property as PropertyDto,
} from '../../../domain/schemas/property-view.ts';
import type { Reservation as ReservationDto } from '../../../domain/schemas/reservation.ts';
import type { Database, Property, ReservationStatus } from '../../db/types.ts';
import {
  bookingBody,
  day,
  insertProperty,
  newClientInput,
  setPlan,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { type CreatedUser, createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Deleting a listing that reservations refer to archives it (docs/decisions/006): hidden from search
 * and new bookings, still named (marked archived) by its reservations, restorable by its owner. And the
 * database refuses to delete any row a reservation refers to.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const ARCHIVED = 'This property has been archived and takes no new bookings';
const NOT_FOUND = 'Property not found';
const NOT_OWNER = 'You must be an owner to manage properties';
const NOT_YOUR_DELETE = 'You can only delete your own properties';
const NOT_YOUR_RESTORE = 'You can only restore your own properties';
const NO_SUBSCRIPTION = 'No active subscription';

type Person = { user: CreatedUser; cookie: string };

const del = (id: string, cookie?: string) =>
  t.request('DELETE', `/api/properties/${id}`, cookie ? { cookie } : {});
const restore = (id: string, cookie?: string) =>
  t.post(`/api/properties/${id}/restore`, {}, cookie ? { cookie } : {});

function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
}

/** Another owner (notYours), the owner's staff without the properties permission, a client and an admin (403), anonymous (401). */
async function expectRefusedToOthers(
  owner: Person,
  attempt: (cookie?: string) => Promise<LightMyRequestResponse>,
  notYours: string,
) {
  expectError(await attempt((await signInOwner(t)).cookie), 403, notYours);
  const others = [
    t.signInAs({
      role: 'backoffice',
      parentOwnerId: owner.user.id,
      permissions: { ...defaultPermissions('backoffice'), canManageProperties: false },
    }),
    t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id }),
    t.signInAs({ role: 'client' }),
    t.signInAs({ role: 'admin' }),
  ];
  for (const other of others) expectError(await attempt((await other).cookie), 403, NOT_OWNER);
  expect((await attempt()).statusCode).toBe(401);
}

const stored = (id: string) =>
  t.db.selectFrom('properties').selectAll().where('id', '=', id).executeTakeFirst();

/** A client record of the owner's business, linked to a registered client when given. */
async function clientOf(ownerId: string, userId: string | null = null) {
  const row = await t.db
    .insertInto('clients')
    .values({
      owner_id: ownerId,
      ...newClientInput(),
      phone: null,
      region: 'ZA',
      user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function reserve(
  property: Property,
  status: ReservationStatus,
  startOffset: number,
  clientId?: string,
) {
  return t.db
    .insertInto('reservations')
    .values({
      property_id: property.id,
      owner_id: property.owner_id,
      client_id: clientId ?? (await clientOf(property.owner_id)),
      start_date: day(startOffset),
      end_date: day(startOffset + 2),
      status,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const outboxSize = async () =>
  Number(
    (
      await t.db
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const searchIds = async (q: string) => {
  const response = await t.get(`/api/properties?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ items: PropertyDto[] }>().items.map((item) => item.id);
};

/** A listing whose title carries a unique word, so search can find exactly it. */
async function taggedListing(owner: Person) {
  const tag = `arch${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const property = await insertProperty(t.db, owner.user.id, { title: `Cottage ${tag}` });
  return { property, tag };
}

describe('DELETE /api/properties/:id: archive instead of cascade', () => {
  it.each(['pending', 'confirmed', 'completed', 'cancelled'] as const)(
    'a listing with a %s reservation is archived (200), the reservation kept, nobody emailed',
    async (status) => {
      const owner = await signInOwner(t);
      const { property, tag } = await taggedListing(owner);
      const reservation = await reserve(property, status, 10);
      expect(await searchIds(tag)).toEqual([property.id]);
      const mailBefore = await outboxSize();

      const response = await del(property.id, owner.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json<PropertyDto>()).toMatchObject({
        id: property.id,
        archived_at: expect.any(String),
      });

      expect((await stored(property.id))?.archived_at).toBeInstanceOf(Date);
      const kept = await t.db
        .selectFrom('reservations')
        .selectAll()
        .where('id', '=', reservation.id)
        .executeTakeFirst();
      expect(kept).toMatchObject({ id: reservation.id, status, property_id: property.id });
      expect(await outboxSize()).toBe(mailBefore);
      expect(await searchIds(tag)).toEqual([]);
    },
  );

  it('a listing that never had a reservation is really deleted (204), with its row', async () => {
    const owner = await signInOwner(t);
    const { property } = await taggedListing(owner);
    const response = await del(property.id, owner.cookie);
    expect(response.statusCode).toBe(204);
    expect(await stored(property.id)).toBeUndefined();
  });

  it('deleting an archived listing again keeps it archived (the first archive date stays)', async () => {
    const owner = await signInOwner(t);
    const { property } = await taggedListing(owner);
    await reserve(property, 'completed', 5);
    expect((await del(property.id, owner.cookie)).statusCode).toBe(200);
    const first = (await stored(property.id))?.archived_at;
    const again = await del(property.id, owner.cookie);
    expect(again.statusCode).toBe(200);
    expect((await stored(property.id))?.archived_at).toEqual(first);
  });

  it('another owner, staff, a client, an admin: refused and nothing changes; anonymous: 401', async () => {
    const owner = await signInOwner(t);
    const { property } = await taggedListing(owner);
    await reserve(property, 'confirmed', 4);
    await expectRefusedToOthers(owner, (cookie) => del(property.id, cookie), NOT_YOUR_DELETE);
    expect((await stored(property.id))?.archived_at).toBeNull();
  });
});

describe('an archived listing', () => {
  async function archivedWithBooking() {
    const owner = await signInOwner(t);
    const client = await t.signInAs({ role: 'client' });
    const { property, tag } = await taggedListing(owner);
    const clientId = await clientOf(owner.user.id, client.user.id);
    const reservation = await reserve(property, 'confirmed', 6, clientId);
    expect((await del(property.id, owner.cookie)).statusCode).toBe(200);
    return { owner, client, property, tag, reservation };
  }

  it('is hidden from strangers but shown to its owner, marked archived, with has_reservations', async () => {
    const { owner, client, property } = await archivedWithBooking();
    expectError(await t.get(`/api/properties/${property.id}`), 404, NOT_FOUND);
    expectError(await t.get(`/api/properties/${property.id}`, { cookie: client.cookie }), 404, NOT_FOUND);
    const own = await t.get(`/api/properties/${property.id}`, { cookie: owner.cookie });
    expect(own.json()).toMatchObject({ id: property.id, archived_at: expect.any(String) });
    const mine = (await t.get('/api/my/properties', { cookie: owner.cookie })).json<OwnedPropertyDto[]>();
    expect(mine.find((item) => item.id === property.id)).toMatchObject({
      archived_at: expect.any(String),
      has_reservations: true,
    });
  });

  it('takes no new bookings: 409 with the reason, for a client and for its owner; availability 404', async () => {
    const { owner, client, property } = await archivedWithBooking();
    expectError(
      await t.post('/api/reservations', bookingBody(property.id, 30, 2), { cookie: client.cookie }),
      409,
      ARCHIVED,
    );
    expectError(
      await t.post('/api/reservations', bookingBody(property.id, 30, 2, { new_client: newClientInput() }), {
        cookie: owner.cookie,
      }),
      409,
      ARCHIVED,
    );
    expectError(await t.get(`/api/properties/${property.id}/availability`), 404, NOT_FOUND);
  });

  it('an existing reservation cannot be moved onto it, but its own reservation can still be edited', async () => {
    const { owner, property, reservation } = await archivedWithBooking();
    const live = await insertProperty(t.db, owner.user.id);
    const elsewhere = await reserve(live, 'pending', 40);
    expectError(
      await t.request('PATCH', `/api/reservations/${elsewhere.id}`, {
        body: { property_id: property.id },
        cookie: owner.cookie,
      }),
      409,
      ARCHIVED,
    );
    const completed = await t.request('PATCH', `/api/reservations/${reservation.id}`, {
      body: { status: 'completed' },
      cookie: owner.cookie,
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json<ReservationDto>()).toMatchObject({ status: 'completed', property_id: property.id });
  });

  it("is still named by its reservations, marked archived: the owner's list, the client's list, one reservation", async () => {
    const { owner, client, property, reservation } = await archivedWithBooking();
    const expected = { id: reservation.id, property: { title: property.title, archived: true } };
    const ownerList = (await t.get('/api/reservations', { cookie: owner.cookie })).json<ReservationDto[]>();
    expect(ownerList.find((r) => r.id === reservation.id)).toMatchObject(expected);
    const clientList = (await t.get('/api/reservations', { cookie: client.cookie })).json<ReservationDto[]>();
    expect(clientList.find((r) => r.id === reservation.id)).toMatchObject(expected);
    const one = await t.get(`/api/reservations/${reservation.id}`, { cookie: owner.cookie });
    expect(one.json()).toMatchObject(expected);
    const business = (await t.get('/api/business/properties', { cookie: owner.cookie })).json<
      Array<{ id: string; archived: boolean }>
    >();
    expect(business.find((p) => p.id === property.id)).toMatchObject({ archived: true });
  });

  it('does not count against the listing limit; restoring it does again', async () => {
    const owner = await signInOwner(t, 'starter');
    const { property } = await taggedListing(owner);
    await reserve(property, 'completed', 3);
    expect((await del(property.id, owner.cookie)).statusCode).toBe(200);
    const summary = (await t.get('/api/subscription', { cookie: owner.cookie })).json();
    expect(summary.usage.currentListings).toBe(0);
    // The slot is free: a new listing is allowed; then restoring the archived one is over the limit.
    const created = await t.post(
      '/api/properties',
      {
        type: 'equipment',
        category: 'tools',
        title: 'Drill',
        description: 'A drill',
        city: 'Durban',
        location: 'Berea, Durban',
        price_per_day_cents: 10_000,
        specifications: { type: 'equipment', brand: 'Bosch', model: 'GSB', condition: 'good' },
      },
      { cookie: owner.cookie },
    );
    expect(created.statusCode).toBe(201);
    expectError(
      await restore(property.id, owner.cookie),
      403,
      "You've reached your limit of 1 listings. Upgrade to add more.",
    );
    expect((await stored(property.id))?.archived_at).toBeInstanceOf(Date);
    await setPlan(t.db, owner.user.id, 'pro');
    expect((await restore(property.id, owner.cookie)).statusCode).toBe(200);
  });
});

describe('POST /api/properties/:id/restore', () => {
  async function archived() {
    const owner = await signInOwner(t);
    const { property, tag } = await taggedListing(owner);
    await reserve(property, 'cancelled', 8);
    expect((await del(property.id, owner.cookie)).statusCode).toBe(200);
    return { owner, property, tag };
  }

  it('the owner restores it: live again, back in search and bookable', async () => {
    const { owner, property, tag } = await archived();
    const response = await restore(property.id, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: property.id, archived_at: null });
    expect((await stored(property.id))?.archived_at).toBeNull();
    expect(await searchIds(tag)).toEqual([property.id]);
    const client = await t.signInAs({ role: 'client' });
    expect(
      (await t.post('/api/reservations', bookingBody(property.id, 30, 2), { cookie: client.cookie }))
        .statusCode,
    ).toBe(201);
  });

  it('restoring a live listing changes nothing (200)', async () => {
    const owner = await signInOwner(t);
    const { property } = await taggedListing(owner);
    const response = await restore(property.id, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: property.id, archived_at: null });
  });

  it('another owner, staff, a client, an admin: 403; anonymous: 401; unknown: 404; it stays archived', async () => {
    const { owner, property } = await archived();
    await expectRefusedToOthers(owner, (cookie) => restore(property.id, cookie), NOT_YOUR_RESTORE);
    expectError(await restore(randomUUID(), owner.cookie), 404, NOT_FOUND);
    expect((await stored(property.id))?.archived_at).toBeInstanceOf(Date);
  });

  it('needs a current subscription', async () => {
    const { owner, property } = await archived();
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'past_due' })
      .where('owner_id', '=', owner.user.id)
      .execute();
    expectError(await restore(property.id, owner.cookie), 403, NO_SUBSCRIPTION);
    expect((await stored(property.id))?.archived_at).toBeInstanceOf(Date);
  });
});

describe('the database never cascades a delete into reservations', () => {
  async function booked() {
    const owner = await signInOwner(t);
    const property = await insertProperty(t.db, owner.user.id);
    const reservation = await reserve(property, 'completed', 2);
    return { owner, property, reservation };
  }

  async function refused(run: () => Promise<unknown>) {
    const error = await run().then(
      () => null,
      (caught: { code?: string }) => caught,
    );
    // PostgreSQL 18 reports a RESTRICT key as restrict_violation, 15 as foreign_key_violation.
    expect(['23001', '23503'], `refused with ${String(error?.code)}`).toContain(error?.code);
  }

  const deleteFrom = (table: keyof Database, id: string) => () =>
    t.db.deleteFrom(table).where('id', '=', id).execute();

  it('a listing, its owner, its client: each delete is refused while a reservation refers to it', async () => {
    const { owner, property, reservation } = await booked();
    await refused(deleteFrom('properties', property.id));
    await refused(deleteFrom('clients', reservation.client_id));
    await refused(deleteFrom('users', owner.user.id));
    expect(await stored(property.id)).toBeDefined();
  });

  it("an owner with staff, clients or listings cannot be deleted (no cascade to the business's rows)", async () => {
    const withStaff = await signInOwner(t);
    await t.signInAs({ role: 'backoffice', parentOwnerId: withStaff.user.id });
    await refused(deleteFrom('users', withStaff.user.id));
    const withClient = await signInOwner(t);
    await clientOf(withClient.user.id);
    await refused(deleteFrom('users', withClient.user.id));
    const withListing = await signInOwner(t);
    await insertProperty(t.db, withListing.user.id);
    await refused(deleteFrom('users', withListing.user.id));
  });

  it('no route deletes a user: the account-deletion endpoint is off', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    const response = await t.post('/api/auth/delete-user', {}, { cookie });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeDefined();
  });
});
