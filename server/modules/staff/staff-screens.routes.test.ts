import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions, type PermissionKey, type Permissions } from '../../../domain/permissions.ts';
import type { ListingAllowance } from '../../../domain/schemas/subscription.ts';
import { STAFF_RULE_MESSAGES as M } from '../../../domain/staff.ts';
import { insertProperty, newClientInput, setPlan, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Issue 20 item 8 (docs/decisions/041): the endpoints the staff screens call accept staff with the
 * permission, acting for their owner's business (never one the browser names), and refuse staff
 * without it. User Management never changes the staff member's own account or the owner's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const NONE: Permissions = {
  canManageProperties: false,
  canManageReservations: false,
  canManageTenants: false,
  canManageUsers: false,
  canViewReports: false,
};
const only = (...keys: PermissionKey[]): Permissions =>
  Object.fromEntries(
    Object.entries(NONE).map(([key]) => [key, keys.includes(key as PermissionKey)]),
  ) as Permissions;

/** A whole listing as the edit form sends it, with the title given. */
const listingBody = (title: string) => ({
  type: 'accommodation',
  category: 'apartment',
  title,
  description: 'A light loft above the harbour with a view of the mountain.',
  city: 'Cape Town',
  location: '12 Long Street, Cape Town',
  price_per_day_cents: 90_000,
  specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
});

async function business(plan: 'starter' | 'pro' | 'business' = 'pro') {
  const owner = await signInOwner(t, plan);
  const staff = (role: 'backoffice' | 'frontoffice', permissions: Permissions) =>
    t.signInAs({ role, parentOwnerId: owner.user.id, permissions });
  return { owner, staff };
}

describe('Property Management’s subscription guard: staff act under their owner’s subscription', () => {
  it('staff with the properties permission read their owner’s allowance; the owner reads the same', async () => {
    const { owner, staff } = await business('starter');
    await insertProperty(t.db, owner.user.id);
    const member = await staff('frontoffice', only('canManageProperties'));
    const theirs = await t.get('/api/my/properties/allowance', { cookie: member.cookie });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const allowance = theirs.json<ListingAllowance>();
    expect(allowance).toEqual({
      status: 'active',
      planName: 'Starter',
      currentListings: 1,
      canCreateListing: {
        allowed: false,
        reason: "You've reached your limit of 1 listings. Upgrade to add more.",
      },
    });
    const owners = await t.get('/api/my/properties/allowance', { cookie: owner.cookie });
    expect(owners.json<ListingAllowance>()).toEqual(allowance);
    // The billing summary stays the owner's: staff never read it.
    expect((await t.get('/api/subscription', { cookie: member.cookie })).statusCode).toBe(403);
  });

  it('a lapsed subscription stops the owner’s staff too, on screen and at the server', async () => {
    const { owner, staff } = await business('pro');
    const property = await insertProperty(t.db, owner.user.id);
    const member = await staff('backoffice', defaultPermissions('backoffice'));
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'past_due' })
      .where('owner_id', '=', owner.user.id)
      .execute();
    const allowance = (
      await t.get('/api/my/properties/allowance', { cookie: member.cookie })
    ).json<ListingAllowance>();
    expect(allowance.status).toBe('past_due');
    expect(allowance.canCreateListing).toEqual({ allowed: false, reason: 'No active subscription' });
    const edit = await t.request('PUT', `/api/properties/${property.id}`, {
      cookie: member.cookie,
      body: listingBody('Renamed while lapsed'),
    });
    expect(edit.statusCode).toBe(403);
    await setPlan(t.db, owner.user.id, 'pro');
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'active' })
      .where('owner_id', '=', owner.user.id)
      .execute();
    const again = await t.request('PUT', `/api/properties/${property.id}`, {
      cookie: member.cookie,
      body: listingBody('Renamed by staff'),
    });
    expect(again.statusCode, again.body).toBe(200);
    const stored = await t.db
      .selectFrom('properties')
      .select('title')
      .where('id', '=', property.id)
      .executeTakeFirstOrThrow();
    expect(stored.title).toBe('Renamed by staff');
  });

  it('staff without the properties permission, clients and admins are refused; anonymous 401', async () => {
    const { staff } = await business();
    const without = await staff('backoffice', {
      ...defaultPermissions('backoffice'),
      canManageProperties: false,
    });
    const front = await staff('frontoffice', defaultPermissions('frontoffice'));
    for (const cookie of [
      without.cookie,
      front.cookie,
      (await t.signInAs({ role: 'client' })).cookie,
      (await t.signInAs({ role: 'admin' })).cookie,
    ])
      expect((await t.get('/api/my/properties/allowance', { cookie })).statusCode).toBe(403);
    expect((await t.get('/api/my/properties/allowance')).statusCode).toBe(401);
  });
});

describe('My Clients: staff with the tenants permission', () => {
  it('list, add and deactivate their owner’s clients, even without the reservations permission', async () => {
    const { owner, staff } = await business();
    const member = await staff('frontoffice', only('canManageTenants'));
    const added = await t.post('/api/clients', newClientInput(), { cookie: member.cookie });
    expect(added.statusCode, added.body).toBe(201);
    const client = added.json<{ id: string }>();
    const list = await t.get('/api/clients', { cookie: member.cookie });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: Array<{ id: string }> }>().items.map((entry) => entry.id)).toContain(client.id);
    const ownersList = await t.get('/api/clients', { cookie: owner.cookie });
    expect(ownersList.json<{ items: Array<{ id: string }> }>().items.map((entry) => entry.id)).toContain(
      client.id,
    );
    const off = await t.patch(`/api/clients/${client.id}`, { is_active: false }, { cookie: member.cookie });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('the business is the session’s: naming another owner is refused', async () => {
    const { staff } = await business();
    const other = await business();
    const member = await staff('backoffice', only('canManageTenants'));
    const response = await t.get(`/api/clients?owner_id=${other.owner.user.id}`, { cookie: member.cookie });
    expect(response.statusCode).toBe(403);
  });

  it('staff with neither the tenants nor the reservations permission are refused', async () => {
    const { staff } = await business();
    const member = await staff('backoffice', only('canManageProperties', 'canManageUsers', 'canViewReports'));
    expect((await t.get('/api/clients', { cookie: member.cookie })).statusCode).toBe(403);
    expect((await t.post('/api/clients', newClientInput(), { cookie: member.cookie })).statusCode).toBe(403);
  });
});

describe('User Management: never one’s own account or the owner’s', () => {
  it('staff with the users permission change neither themselves nor the owner, by any field', async () => {
    const { owner, staff } = await business('business');
    const manager = await staff('backoffice', only('canManageUsers'));
    const colleague = await staff('frontoffice', defaultPermissions('frontoffice'));
    const changes = [
      { is_active: false },
      { role: 'frontoffice' },
      { permissions: defaultPermissions('backoffice') },
    ];
    for (const change of changes) {
      const self = await t.patch(`/api/staff/${manager.user.id}`, change, { cookie: manager.cookie });
      expect(self.statusCode, JSON.stringify(change)).toBe(400);
      expect(self.json<{ message: string }>().message).toBe(M.notYourself);
      const ofOwner = await t.patch(`/api/staff/${owner.user.id}`, change, { cookie: manager.cookie });
      expect(ofOwner.statusCode, JSON.stringify(change)).toBe(404);
    }
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'role', 'is_active', 'permissions'])
      .where('id', 'in', [manager.user.id, owner.user.id])
      .execute();
    expect(rows.find((row) => row.id === manager.user.id)).toMatchObject({
      role: 'backoffice',
      is_active: true,
      permissions: only('canManageUsers'),
    });
    expect(rows.find((row) => row.id === owner.user.id)).toMatchObject({ role: 'owner', is_active: true });
    // A colleague, though, is theirs to manage; the owner is never listed among the staff.
    const changed = await t.patch(
      `/api/staff/${colleague.user.id}`,
      { is_active: false },
      { cookie: manager.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const overview = await t.get('/api/staff', { cookie: manager.cookie });
    const ids = overview.json<{ staff: Array<{ id: string }> }>().staff.map((member) => member.id);
    expect(ids).not.toContain(owner.user.id);
    expect(ids).toContain(colleague.user.id);
  });

  it('staff without the users permission are refused', async () => {
    const { staff } = await business('business');
    const member = await staff('backoffice', { ...defaultPermissions('backoffice'), canManageUsers: false });
    expect((await t.get('/api/staff', { cookie: member.cookie })).statusCode).toBe(403);
  });
});
