import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOST_MESSAGES, HOMEPAGE_BOOST_LIMIT } from '../../../domain/homepage-boost.ts';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { HomepageBoosts } from '../../../domain/schemas/homepage-boost.ts';
import type { PropertyPage } from '../../../domain/schemas/property-view.ts';
import type { AddOnId } from '../../../domain/subscriptions.ts';
import {
  day,
  expectError,
  insertProperty,
  newClientInput,
  type PropertyOptions,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { BOOST_NOT_YOURS } from './homepage-boost.service.ts';

/**
 * Homepage boost (issue 20 item 1, docs/decisions/035): an owner with the add-on boosts up to three
 * listings; they lead search results and the home page's featured grid within the same filters, marked
 * featured; the boost ends the moment the add-on does.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const NOT_OWNER = 'You must be an owner to manage properties';

const boost = (id: string, cookie?: string) =>
  t.request('PUT', `/api/properties/${id}/boost`, cookie ? { cookie } : {});
const unboost = (id: string, cookie?: string) =>
  t.request('DELETE', `/api/properties/${id}/boost`, cookie ? { cookie } : {});
const myBoosts = (cookie?: string) => t.get('/api/my/boosts', cookie ? { cookie } : {});

async function subscriptionIdOf(ownerId: string): Promise<string> {
  const row = await t.db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The add-on in use, as a confirmed purchase leaves it (subscription_add_ons row, decision 031). */
async function addAddOn(ownerId: string, addOnId: AddOnId = 'homepage_boost') {
  await t.db
    .insertInto('subscription_add_ons')
    .values({ subscription_id: await subscriptionIdOf(ownerId), add_on_id: addOnId, price_cents: 9900 })
    .execute();
}

/** The add-on's removal taking effect at `at` (in the past: it has ended). */
async function endAddOn(ownerId: string, at: Date) {
  await t.db
    .updateTable('subscription_add_ons')
    .set({ removed_at: at })
    .where('subscription_id', '=', await subscriptionIdOf(ownerId))
    .where('add_on_id', '=', 'homepage_boost')
    .where('removed_at', 'is', null)
    .execute();
}

/** An owner (Starter unless told) with the add-on, and listings whose titles share a word only they use. */
async function boostingOwner(options: { plan?: 'starter' | 'pro' | 'business'; addOn?: boolean } = {}) {
  const owner = await signInOwner(t, options.plan ?? 'starter');
  if (options.addOn ?? true) await addAddOn(owner.user.id);
  const word = `boostword${randomUUID().slice(0, 8)}`;
  const listing = (extra: PropertyOptions = {}) =>
    insertProperty(t.db, owner.user.id, { title: `${word} ${randomUUID().slice(0, 6)}`, ...extra });
  return { ...owner, word, listing };
}

async function search(query: Record<string, string>): Promise<PropertyPage> {
  const response = await t.get(`/api/properties?${new URLSearchParams(query)}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('boosting listings', () => {
  it('an owner with the add-on boosts up to the limit, reads the count, and removes a boost', async () => {
    const owner = await boostingOwner();
    const listings = [];
    for (let i = 0; i <= HOMEPAGE_BOOST_LIMIT; i++) listings.push(await owner.listing());
    const [a, b, c, d] = listings.map((listing) => listing.id) as [string, string, string, string];

    expect((await myBoosts(owner.cookie)).json()).toEqual({ addOnInUse: true, limit: 3, propertyIds: [] });
    for (const id of [a, b, c]) expect((await boost(id, owner.cookie)).statusCode).toBe(200);
    const afterThree: HomepageBoosts = (await myBoosts(owner.cookie)).json();
    expect(afterThree.propertyIds).toEqual([a, b, c]);

    // Over the limit: refused, nothing changes; boosting one already boosted changes nothing.
    expectError(await boost(d, owner.cookie), 403, BOOST_MESSAGES.limitReached);
    expect((await boost(b, owner.cookie)).json().propertyIds).toEqual([a, b, c]);

    const removed = await unboost(b, owner.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().propertyIds).toEqual([a, c]);
    expect((await boost(d, owner.cookie)).json().propertyIds).toEqual([a, c, d]);
  });

  it('without the add-on, on any plan, boosting is refused with a clear message', async () => {
    for (const plan of ['starter', 'business'] as const) {
      const owner = await boostingOwner({ plan, addOn: false });
      await addAddOn(owner.user.id, 'photography');
      const listing = await owner.listing();
      expectError(await boost(listing.id, owner.cookie), 403, BOOST_MESSAGES.noAddOn);
      expect((await myBoosts(owner.cookie)).json()).toEqual({ addOnInUse: false, limit: 3, propertyIds: [] });
      expect(await t.db.selectFrom('property_boosts').selectAll().execute()).not.toContainEqual(
        expect.objectContaining({ property_id: listing.id }),
      );
    }
  });

  it('archived, inactive or unavailable listings are never boosted; archiving ends a boost', async () => {
    const owner = await boostingOwner();
    for (const state of [
      { archived_at: new Date() },
      { is_active: false },
      { status: 'maintenance' as const },
    ]) {
      const listing = await owner.listing(state);
      expectError(await boost(listing.id, owner.cookie), 400, BOOST_MESSAGES.notListed);
    }
    // A listing with a reservation is archived when deleted: its boost goes and its place is free.
    const listing = await owner.listing();
    await boost(listing.id, owner.cookie);
    const client = await t.db
      .insertInto('clients')
      .values({ owner_id: owner.user.id, ...newClientInput(), phone: null, region: 'ZA', user_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('reservations')
      .values({
        property_id: listing.id,
        owner_id: owner.user.id,
        client_id: client.id,
        start_date: day(30),
        end_date: day(32),
        status: 'confirmed',
      })
      .execute();
    expect(
      (await t.request('DELETE', `/api/properties/${listing.id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    expect((await myBoosts(owner.cookie)).json().propertyIds).toEqual([]);
  });

  it('staff with Properties boost for their owner; staff without it, clients, admins and anonymous cannot', async () => {
    const owner = await boostingOwner();
    const listing = await owner.listing();
    const withPermission = await t.signInAs({
      role: 'backoffice',
      parentOwnerId: owner.user.id,
      permissions: { ...defaultPermissions('backoffice'), canManageProperties: true },
    });
    expect((await boost(listing.id, withPermission.cookie)).json().propertyIds).toEqual([listing.id]);
    expect((await myBoosts(withPermission.cookie)).json().propertyIds).toEqual([listing.id]);

    const refused = [
      await t.signInAs({
        role: 'backoffice',
        parentOwnerId: owner.user.id,
        permissions: { ...defaultPermissions('backoffice'), canManageProperties: false },
      }),
      await t.signInAs({ role: 'client' }),
      await t.signInAs({ role: 'admin' }),
    ];
    for (const other of refused) {
      expectError(await unboost(listing.id, other.cookie), 403, NOT_OWNER);
      expectError(await boost(listing.id, other.cookie), 403, NOT_OWNER);
      expectError(await myBoosts(other.cookie), 403, NOT_OWNER);
    }
    expect((await boost(listing.id)).statusCode).toBe(401);
    expect((await myBoosts()).statusCode).toBe(401);
    expect((await myBoosts(owner.cookie)).json().propertyIds).toEqual([listing.id]);
  });

  it("another owner's listing cannot be boosted or unboosted, even with the add-on", async () => {
    const owner = await boostingOwner();
    const other = await boostingOwner();
    const listing = await owner.listing();
    await boost(listing.id, owner.cookie);
    expectError(await boost(listing.id, other.cookie), 403, BOOST_NOT_YOURS);
    expectError(await unboost(listing.id, other.cookie), 403, BOOST_NOT_YOURS);
    expectError(await boost(randomUUID(), owner.cookie), 404, 'Property not found');
    expect((await myBoosts(owner.cookie)).json().propertyIds).toEqual([listing.id]);
    expect((await myBoosts(other.cookie)).json().propertyIds).toEqual([]);
  });
});

describe('boosted listings in search and on the home page', () => {
  it('lead the results within the same filters, marked featured, in the chosen order', async () => {
    const owner = await boostingOwner();
    // A second apart: listings made within one clock tick have no newest between them.
    const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const older = await owner.listing({ price_per_day_cents: 90_000, created_at: secondsAgo(4) });
    const boostedCheap = await owner.listing({ price_per_day_cents: 10_000, created_at: secondsAgo(3) });
    const boostedDear = await owner.listing({ price_per_day_cents: 80_000, created_at: secondsAgo(2) });
    const newest = await owner.listing({ price_per_day_cents: 20_000, created_at: secondsAgo(1) });
    const vehicle = await owner.listing({ type: 'vehicle' });
    for (const listing of [boostedCheap, boostedDear, vehicle])
      expect((await boost(listing.id, owner.cookie)).statusCode).toBe(200);

    const page = await search({ q: owner.word, type: 'accommodation' });
    expect(page.items.map((item) => [item.id, item.featured])).toEqual([
      [boostedDear.id, true],
      [boostedCheap.id, true],
      [newest.id, false],
      [older.id, false],
    ]);
    expect(page.total).toBe(4);

    const byPrice = await search({ q: owner.word, type: 'accommodation', sortBy: 'price' });
    expect(byPrice.items.map((item) => item.id)).toEqual([
      boostedCheap.id,
      boostedDear.id,
      newest.id,
      older.id,
    ]);

    // A filter the boosted listing does not pass still leaves it out.
    const cheap = await search({ q: owner.word, type: 'accommodation', maxPrice: '50000' });
    expect(cheap.items.map((item) => [item.id, item.featured])).toEqual([
      [boostedCheap.id, true],
      [newest.id, false],
    ]);

    // Pages: the boosted listings come first across pages too.
    const first = await search({ q: owner.word, pageSize: '2' });
    expect(first.items.every((item) => item.featured)).toBe(true);
    expect(first.total).toBe(5);

    // The home page's featured grid: the first page of the listings, boosted ones first.
    const home = await search({ pageSize: '12' });
    expect(home.items.slice(0, 3).map((item) => item.featured)).toEqual([true, true, true]);
  });

  it('an inactive or unavailable boosted listing is not shown', async () => {
    const owner = await boostingOwner();
    const listing = await owner.listing();
    await boost(listing.id, owner.cookie);
    await t.db.updateTable('properties').set({ is_active: false }).where('id', '=', listing.id).execute();
    expect((await search({ q: owner.word })).items).toEqual([]);
    await t.db
      .updateTable('properties')
      .set({ is_active: true, status: 'maintenance' })
      .where('id', '=', listing.id)
      .execute();
    expect((await search({ q: owner.word })).items).toEqual([]);
  });

  it('the boost ends when the add-on removal takes effect, and a new add-on starts from none', async () => {
    const owner = await boostingOwner();
    const boosted = await owner.listing();
    const plain = await owner.listing();
    await boost(boosted.id, owner.cookie);
    expect((await search({ q: owner.word })).items.map((item) => [item.id, item.featured])).toEqual([
      [boosted.id, true],
      [plain.id, false],
    ]);

    // A removal still ahead (the period end): the add-on is in use until then, so is the boost.
    await endAddOn(owner.user.id, new Date(Date.now() + 86_400_000));
    expect((await search({ q: owner.word })).items[0]).toMatchObject({ id: boosted.id, featured: true });

    // The removal has taken effect: nothing featured, the newest first again, boosting refused.
    await t.db
      .updateTable('subscription_add_ons')
      .set({ removed_at: new Date(Date.now() - 1000) })
      .where('subscription_id', '=', await subscriptionIdOf(owner.user.id))
      .execute();
    expect((await search({ q: owner.word })).items.map((item) => [item.id, item.featured])).toEqual([
      [plain.id, false],
      [boosted.id, false],
    ]);
    expect((await myBoosts(owner.cookie)).json()).toEqual({ addOnInUse: false, limit: 3, propertyIds: [] });
    expectError(await boost(plain.id, owner.cookie), 403, BOOST_MESSAGES.noAddOn);

    // Bought again later: the old boost does not come back by itself; the owner boosts afresh.
    await addAddOn(owner.user.id);
    expect((await search({ q: owner.word })).items.every((item) => !item.featured)).toBe(true);
    expect((await boost(boosted.id, owner.cookie)).json().propertyIds).toEqual([boosted.id]);
    expect((await search({ q: owner.word })).items[0]).toMatchObject({ id: boosted.id, featured: true });
  });
});
