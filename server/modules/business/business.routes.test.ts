import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessOwner, BusinessProperty } from '../../../domain/schemas/business.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/business/properties';

/** Inserts a property straight into the database (listing rules are not under test here). */
async function property(ownerId: string, title: string, options: { isActive?: boolean; fee?: number } = {}) {
  return t.db
    .insertInto('properties')
    .values({
      owner_id: ownerId,
      type: 'accommodation',
      category: 'apartment',
      title,
      description: 'A place to stay.',
      city: 'Cape Town',
      location: 'Sea Point, Cape Town',
      price_per_day_cents: 85000,
      cleaning_fee_cents: options.fee ?? 25000,
      security_deposit_cents: 100000,
      is_active: options.isActive ?? true,
      specifications: JSON.stringify({ type: 'accommodation', bedrooms: 2, bathrooms: 1, maxGuests: 4 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An owner with three properties (one inactive) and another owner with one. */
async function business() {
  const owner = await t.signInAs({ role: 'owner' });
  const tag = randomUUID().slice(0, 6);
  const zebra = await property(owner.user.id, `Zebra Lodge ${tag}`);
  const hidden = await property(owner.user.id, `Hidden Flat ${tag}`, { isActive: false });
  const aloe = await property(owner.user.id, `Aloe Cottage ${tag}`, { fee: 0 });
  const other = await t.createUser({ role: 'owner' });
  const foreign = await property(other.id, `Aardvark Villa ${tag}`);
  return { owner, ids: [aloe.id, hidden.id, zebra.id], foreign: foreign.id, tag };
}

const listed = (body: BusinessProperty[]) => body.map((row) => row.id);

describe('GET /api/business/properties', () => {
  it('an owner gets their active and inactive properties by title, with booking fields, and no one else’s', async () => {
    const { owner, ids, foreign, tag } = await business();
    const response = await t.get(URL, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json<BusinessProperty[]>();
    expect(listed(body)).toEqual(ids);
    expect(listed(body)).not.toContain(foreign);
    expect(body[0]).toEqual({
      id: ids[0],
      title: `Aloe Cottage ${tag}`,
      type: 'accommodation',
      price_per_day_cents: 85000,
      cleaning_fee_cents: 0,
      security_deposit_cents: 100000,
      specifications: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxGuests: 4 },
      owner_id: owner.user.id,
      archived: false,
      is_active: true,
      status: 'available',
    });
  });

  it('an owner with no properties gets an empty list', async () => {
    const { cookie } = await t.signInAs({ role: 'owner' });
    const response = await t.get(URL, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each(['frontoffice', 'backoffice'] as const)(
    '%s staff get their owner’s properties only',
    async (role) => {
      const { owner, ids, foreign } = await business();
      const staff = await t.signInAs({ role, parentOwnerId: owner.user.id });
      const response = await t.get(URL, { cookie: staff.cookie });
      expect(response.statusCode).toBe(200);
      const body = response.json<BusinessProperty[]>();
      expect(listed(body)).toEqual(ids);
      expect(listed(body)).not.toContain(foreign);
      expect(body.every((row) => row.owner_id === owner.user.id)).toBe(true);
    },
  );

  it('staff of another owner do not see this business’s properties', async () => {
    await business();
    const outsider = await t.signInAs({ role: 'frontoffice' });
    const response = await t.get(URL, { cookie: outsider.cookie });
    expect(response.statusCode).toBe(200);
    expect(listed(response.json<BusinessProperty[]>())).toEqual([]);
  });

  it('an admin gets every business’s properties', async () => {
    const { ids, foreign } = await business();
    const admin = await t.signInAs({ role: 'admin' });
    const response = await t.get(URL, { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const all = listed(response.json<BusinessProperty[]>());
    expect(all).toEqual(expect.arrayContaining([...ids, foreign]));
  });

  it('a client is refused with 403', async () => {
    await business();
    const client = await t.signInAs({ role: 'client' });
    const response = await t.get(URL, { cookie: client.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'You do not have permission to perform this action.' });
  });

  it('an anonymous caller is refused with 401', async () => {
    const response = await t.get(URL);
    expect(response.statusCode).toBe(401);
  });

  it('a deactivated owner counts as signed out', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', owner.user.id).execute();
    const response = await t.get(URL, { cookie: owner.cookie });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/business/owners', () => {
  it('an admin gets every owner (each a business) with name and email, and no one else', async () => {
    const owner = await t.createUser({ role: 'owner' });
    const client = await t.createUser({ role: 'client' });
    const staff = await t.createUser({ role: 'backoffice', parentOwnerId: owner.id });
    const admin = await t.signInAs({ role: 'admin' });
    const response = await t.get('/api/business/owners', { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json<BusinessOwner[]>();
    expect(body).toContainEqual({
      id: owner.id,
      first_name: owner.first_name,
      last_name: owner.last_name,
      email: owner.email,
    });
    const ids = body.map((row) => row.id);
    expect(ids).not.toContain(client.id);
    expect(ids).not.toContain(staff.id);
    expect(ids).not.toContain(admin.user.id);
  });

  it.each(['owner', 'backoffice', 'frontoffice', 'client'] as const)(
    '%s is refused with 403',
    async (role) => {
      const { cookie } = await t.signInAs({ role });
      const response = await t.get('/api/business/owners', { cookie });
      expect(response.statusCode).toBe(403);
    },
  );

  it('an anonymous caller is refused with 401', async () => {
    expect((await t.get('/api/business/owners')).statusCode).toBe(401);
  });
});
