import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { PlanId, SubscriptionStatus } from '../../../domain/plans.ts';
import { CATEGORIES_BY_TYPE, type PropertyType } from '../../../domain/property.ts';
import type { Property as PropertyDto } from '../../../domain/schemas/property-view.ts';
import type { ReservationStatus } from '../../db/types.ts';
import { insertProperty } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOT_AUTHENTICATED = 'User not authenticated';
const NOT_OWNER = 'You must be an owner to manage properties';
const NOT_YOUR_UPDATE = 'You can only update your own properties';
const NOT_YOUR_DELETE = 'You can only delete your own properties';
const NOT_FOUND = 'Property not found';
const LISTING_LIMIT = (limit: number) =>
  `You've reached your limit of ${limit} listings. Upgrade to add more.`;

const SPECS: Record<PropertyType, Record<string, unknown>> = {
  accommodation: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
  vehicle: {
    type: 'vehicle',
    make: 'Toyota',
    model: 'Hilux',
    year: 2021,
    seatingCapacity: 5,
    transmission: 'manual',
  },
  equipment: { type: 'equipment', brand: 'Makita', model: 'HR2470', condition: 'good' },
  electronics: { type: 'electronics', brand: 'DJI', model: 'Mini 4', condition: 'new' },
  event_space: { type: 'event_space', capacity: 80, indoorArea: 200 },
  storage_space: { type: 'storage_space', width: 3, length: 6, height: 2.5 },
};

interface ListingOptions {
  type?: PropertyType;
  specifications?: Record<string, unknown>;
  [field: string]: unknown;
}

/** A valid create/update body; the type's first category and specifications unless given. */
function listing(options: ListingOptions = {}) {
  const { type = 'accommodation', specifications, ...overrides } = options;
  return {
    type,
    category: CATEGORIES_BY_TYPE[type][0],
    title: `${faker.word.adjective()} ${type} ${randomUUID().slice(0, 6)}`,
    description: faker.lorem.sentence(),
    city: 'Cape Town',
    location: `${faker.location.street()}, Cape Town`,
    price_per_day_cents: 50000,
    specifications: { ...SPECS[type], ...specifications },
    ...overrides,
  };
}

const put = (url: string, body: unknown, cookie?: string) =>
  t.request('PUT', url, { body, ...(cookie ? { cookie } : {}) });
const del = (url: string, cookie?: string) => t.request('DELETE', url, cookie ? { cookie } : {});

/** A signed-in owner with a subscription on the given plan (Starter by default). */
async function owner(plan: PlanId = 'starter') {
  const { user, cookie } = await t.signInAs({ role: 'owner' });
  await ensureStarterSubscription(t.db, user.id);
  if (plan !== 'starter') {
    await t.db.updateTable('subscriptions').set({ plan_id: plan }).where('owner_id', '=', user.id).execute();
  }
  return { user, cookie };
}

async function create(cookie: string, options: ListingOptions = {}): Promise<PropertyDto> {
  const response = await t.post('/api/properties', listing(options), { cookie });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json<PropertyDto>();
}

const countListings = async (ownerId: string) =>
  Number(
    (
      await t.db
        .selectFrom('properties')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Marks a listing archived in the database (the API archives only listings with reservations). */
const archiveDirectly = (id: string) =>
  t.db.updateTable('properties').set({ archived_at: new Date() }).where('id', '=', id).execute();

const storedProperty = (id: string) =>
  t.db.selectFrom('properties').selectAll().where('id', '=', id).executeTakeFirst();

/** Roles that are signed in but may not manage properties. */
const NON_OWNER_ROLES = ['client', 'backoffice', 'frontoffice', 'admin'] as const;
/** Staff of the owner without the properties permission (back office has it by default). */
const withoutProperties = (role: 'backoffice' | 'frontoffice') => ({
  ...defaultPermissions(role),
  canManageProperties: false,
});
type NonOwnerRole = (typeof NON_OWNER_ROLES)[number];

/**
 * People shared by the tests that only need someone signed in (signing in costs a password hash):
 * a Business owner "team" with their own back-office and front-office staff, a client, an admin,
 * and a stranger (another Business owner).
 */
const shared = new Map<string, Promise<{ user: { id: string }; cookie: string }>>();
function once(key: string, make: () => Promise<{ user: { id: string }; cookie: string }>) {
  let value = shared.get(key);
  if (!value) {
    value = make();
    shared.set(key, value);
  }
  return value;
}
const team = () => once('team', () => owner('business'));
const stranger = () => once('stranger', () => owner('business'));
const nonOwner = (role: NonOwnerRole) =>
  once(role, async () =>
    role === 'backoffice' || role === 'frontoffice'
      ? t.signInAs({ role, parentOwnerId: (await team()).user.id, permissions: withoutProperties(role) })
      : t.signInAs({ role }),
  );

describe('staff with the properties permission (spec §6) manage their owner’s listings', () => {
  it('a back-office member creates, updates, lists and deletes listings of their owner; not another owner’s', async () => {
    const owner = await team();
    const member = await t.signInAs({
      role: 'backoffice',
      parentOwnerId: owner.user.id,
      permissions: defaultPermissions('backoffice'),
    });
    const created = await t.post('/api/properties', listing(), { cookie: member.cookie });
    expect(created.statusCode, created.body).toBe(201);
    const property = created.json<{ id: string; owner_id: string }>();
    expect(property.owner_id).toBe(owner.user.id);
    const mine = await t.get('/api/my/properties', { cookie: member.cookie });
    expect(mine.json<Array<{ id: string }>>().map((entry) => entry.id)).toContain(property.id);
    const updated = await t.request('PUT', `/api/properties/${property.id}`, {
      cookie: member.cookie,
      body: { ...listing(), title: 'Renamed by staff' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const theirs = await insertProperty(t.db, (await stranger()).user.id);
    const foreign = await t.request('DELETE', `/api/properties/${theirs.id}`, { cookie: member.cookie });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await t.request('DELETE', `/api/properties/${property.id}`, { cookie: member.cookie })).statusCode,
    ).toBe(204);
  });
});

describe('POST /api/properties', () => {
  it('an owner creates a listing; it is stored as sent and belongs to them', async () => {
    const { user, cookie } = await team();
    const body = listing({
      type: 'vehicle',
      category: 'car',
      amenities: ['parking'],
      cleaning_fee_cents: 15000,
    });
    const response = await t.post('/api/properties', body, { cookie });
    expect(response.statusCode).toBe(201);
    const created = response.json<PropertyDto>();
    expect(created).toMatchObject({
      owner_id: user.id,
      type: 'vehicle',
      category: 'car',
      title: body.title,
      city: 'Cape Town',
      location: body.location,
      price_per_day_cents: 50000,
      currency: 'ZAR',
      amenities: ['parking'],
      is_active: true,
      status: 'available',
      cleaning_fee_cents: 15000,
      security_deposit_cents: 0,
      specifications: { type: 'vehicle', make: 'Toyota', model: 'Hilux', year: 2021, seatingCapacity: 5 },
      images: [],
    });
    const stored = await storedProperty(created.id);
    expect(stored).toMatchObject({ owner_id: user.id, title: body.title, price_per_day_cents: 50000 });
  });

  it('storage: access hours default to 00:00–23:59', async () => {
    const { cookie } = await team();
    const created = await create(cookie, { type: 'storage_space' });
    expect(created.specifications).toMatchObject({ accessHours: { start: '00:00', end: '23:59' } });
  });

  it('anonymous: 401 User not authenticated, nothing created', async () => {
    const body = listing();
    const response = await t.post('/api/properties', body);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(NOT_AUTHENTICATED);
    expect(
      await t.db.selectFrom('properties').select('id').where('title', '=', body.title).execute(),
    ).toEqual([]);
  });

  it.each(NON_OWNER_ROLES)(
    '%s: 403 You must be an owner to manage properties (staff of an owner without the properties permission too)',
    async (role) => {
      const { cookie } = await nonOwner(role);
      const body = listing();
      const response = await t.post('/api/properties', body, { cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_OWNER);
      expect(
        await t.db.selectFrom('properties').select('id').where('title', '=', body.title).execute(),
      ).toEqual([]);
    },
  );

  it('an owner without a subscription, or with a cancelled one, is refused', async () => {
    const { user, cookie } = await t.signInAs({ role: 'owner' });
    const first = await t.post('/api/properties', listing(), { cookie });
    expect(first.statusCode).toBe(403);
    expect(first.json().message).toBe('No active subscription');

    await ensureStarterSubscription(t.db, user.id);
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'cancelled' })
      .where('owner_id', '=', user.id)
      .execute();
    const second = await t.post('/api/properties', listing(), { cookie });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe('No active subscription');
    expect(await countListings(user.id)).toBe(0);
  });

  describe('validation: 400 with the field and its message', () => {
    it.each([
      [
        'vehicle year 1949',
        listing({ type: 'vehicle', specifications: { year: 1949 } }),
        'specifications.year',
        'Year must be between 1950 and 2030',
      ],
      [
        'vehicle year 2031',
        listing({ type: 'vehicle', specifications: { year: 2031 } }),
        'specifications.year',
        'Year must be between 1950 and 2030',
      ],
      [
        'seating capacity 0',
        listing({ type: 'vehicle', specifications: { seatingCapacity: 0 } }),
        'specifications.seatingCapacity',
        'Seating capacity must be at least 1',
      ],
      [
        'transmission cvt',
        listing({ type: 'vehicle', specifications: { transmission: 'cvt' } }),
        'specifications.transmission',
        'Transmission must be automatic or manual',
      ],
      [
        'equipment condition poor',
        listing({ type: 'equipment', specifications: { condition: 'poor' } }),
        'specifications.condition',
        'Condition must be new, excellent, good or fair',
      ],
      [
        'maxGuests 0',
        listing({ specifications: { maxGuests: 0 } }),
        'specifications.maxGuests',
        'Max guests must be at least 1',
      ],
      [
        'bedrooms -1',
        listing({ specifications: { bedrooms: -1 } }),
        'specifications.bedrooms',
        'Bedrooms must be at least 0',
      ],
      [
        'event capacity 0',
        listing({ type: 'event_space', specifications: { capacity: 0 } }),
        'specifications.capacity',
        'Capacity must be at least 1',
      ],
      [
        'storage without a height',
        listing({ type: 'storage_space', specifications: { height: undefined } }),
        'specifications.height',
        'Height is required',
      ],
      [
        'a category of another type',
        listing({ type: 'accommodation', category: 'car' }),
        'category',
        'Category must be one of: house, apartment, room, villa, cottage',
      ],
      ['a blank city', listing({ city: '  ' }), 'city', 'Please enter the city'],
      [
        'a city with digits',
        listing({ city: 'Cape Town 8001' }),
        'city',
        'City can only contain letters, spaces, hyphens and apostrophes',
      ],
      ['a blank title', listing({ title: '   ' }), 'title', 'Title is required'],
      ['no location', listing({ location: undefined }), 'location', 'Location is required'],
      [
        'a negative price',
        listing({ price_per_day_cents: -100 }),
        'price_per_day_cents',
        'Price cannot be negative',
      ],
      [
        'specifications of another type',
        listing({ type: 'accommodation', specifications: SPECS.vehicle }),
        'specifications.type',
        'Specifications must match the type',
      ],
    ])('%s', async (_label, body, field, message) => {
      const { user, cookie } = await team();
      const before = await countListings(user.id);
      const response = await t.post('/api/properties', body, { cookie });
      expect(response.statusCode).toBe(400);
      const error = response.json();
      expect(error.message).toBe(message);
      expect(error.fieldErrors).toEqual({ [field]: message });
      expect(await countListings(user.id)).toBe(before);
    });
  });

  describe('plan listing limits', () => {
    it("Starter: the second listing is refused with the plan's reason and nothing is created", async () => {
      const { user, cookie } = await owner('starter');
      await create(cookie);
      const body = listing();
      const response = await t.post('/api/properties', body, { cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("You've reached your limit of 1 listings. Upgrade to add more.");
      expect(await countListings(user.id)).toBe(1);
      expect(
        await t.db.selectFrom('properties').select('id').where('title', '=', body.title).execute(),
      ).toEqual([]);
    });

    it('Starter: deleting the listing frees the slot; upgrading to Pro allows more', async () => {
      const { user, cookie } = await owner('starter');
      const first = await create(cookie);
      expect((await del(`/api/properties/${first.id}`, cookie)).statusCode).toBe(204);
      await create(cookie);
      expect((await t.post('/api/properties', listing(), { cookie })).statusCode).toBe(403);
      await t.db
        .updateTable('subscriptions')
        .set({ plan_id: 'pro' })
        .where('owner_id', '=', user.id)
        .execute();
      expect((await t.post('/api/properties', listing(), { cookie })).statusCode).toBe(201);
      expect(await countListings(user.id)).toBe(2);
    });

    it('Pro: ten listings, then the eleventh is refused', async () => {
      const { user, cookie } = await owner('pro');
      for (let index = 0; index < 10; index++) await create(cookie);
      const response = await t.post('/api/properties', listing(), { cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(LISTING_LIMIT(10));
      expect(await countListings(user.id)).toBe(10);
    });

    it('Business: no limit', async () => {
      const { user, cookie } = await owner('business');
      for (let index = 0; index < 12; index++) await create(cookie);
      expect(await countListings(user.id)).toBe(12);
    });

    it("another owner's listings do not count against mine", async () => {
      const other = await stranger();
      await create(other.cookie);
      await create(other.cookie);
      const { cookie } = await owner('starter');
      expect((await t.post('/api/properties', listing(), { cookie })).statusCode).toBe(201);
    });

    it('concurrent creates cannot race past the Starter limit', async () => {
      const { user, cookie } = await owner('starter');
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => t.post('/api/properties', listing(), { cookie })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 403, 403, 403]);
      expect(await countListings(user.id)).toBe(1);
    });
  });
});

describe('PUT /api/properties/:id', () => {
  it('the owner updates their listing', async () => {
    const { cookie } = await team();
    const created = await create(cookie);
    const body = listing({
      type: 'event_space',
      category: 'studio',
      title: 'Renamed studio',
      price_per_day_cents: 12345,
    });
    const response = await put(`/api/properties/${created.id}`, body, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      type: 'event_space',
      category: 'studio',
      title: 'Renamed studio',
      price_per_day_cents: 12345,
      specifications: { type: 'event_space', capacity: 80, indoorArea: 200 },
    });
    const stored = await storedProperty(created.id);
    expect(stored).toMatchObject({
      title: 'Renamed studio',
      price_per_day_cents: 12345,
      type: 'event_space',
    });
    expect(new Date(stored?.updated_at ?? 0).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updated_at).getTime(),
    );
  });

  it('another owner: 403 You can only update your own properties, and the listing is unchanged', async () => {
    const mine = await team();
    const created = await create(mine.cookie);
    const other = await stranger();
    const response = await put(`/api/properties/${created.id}`, listing({ title: 'Hijacked' }), other.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_YOUR_UPDATE);
    expect((await storedProperty(created.id))?.title).toBe(created.title);
  });

  it.each(NON_OWNER_ROLES)('%s: 403 You must be an owner to manage properties', async (role) => {
    const created = await create((await team()).cookie);
    const { cookie } = await nonOwner(role);
    const response = await put(`/api/properties/${created.id}`, listing({ title: 'Staff edit' }), cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_OWNER);
    expect((await storedProperty(created.id))?.title).toBe(created.title);
  });

  it('anonymous: 401 User not authenticated', async () => {
    const created = await create((await team()).cookie);
    const response = await put(`/api/properties/${created.id}`, listing({ title: 'Anonymous edit' }));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(NOT_AUTHENTICATED);
    expect((await storedProperty(created.id))?.title).toBe(created.title);
  });

  it('an unknown id: 404 Property not found', async () => {
    const { cookie } = await team();
    const response = await put(`/api/properties/${randomUUID()}`, listing(), cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(NOT_FOUND);
  });

  it('validates the body like create', async () => {
    const { cookie } = await team();
    const created = await create(cookie, { type: 'vehicle' });
    const response = await put(
      `/api/properties/${created.id}`,
      listing({ type: 'vehicle', specifications: { year: 1949 } }),
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'specifications.year': 'Year must be between 1950 and 2030',
    });
    expect((await storedProperty(created.id))?.specifications).toMatchObject({ year: 2021 });
  });
});

describe('PUT /api/properties/:id changes only what it holds', () => {
  const kept = {
    status: 'maintenance',
    availability_start: '2031-01-01',
    availability_end: '2031-06-30',
    is_active: false,
    cleaning_fee_cents: 25_000,
    security_deposit_cents: 100_000,
    amenities: ['wifi', 'pool'],
  } as const;

  it('a save without status, window, visibility, fees or amenities keeps them (maintenance stays off the market)', async () => {
    const { cookie } = await team();
    const created = await create(cookie, kept);
    const response = await put(
      `/api/properties/${created.id}`,
      listing({ title: 'Only the title and description change', description: 'New words' }),
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Only the title and description change', ...kept });
    expect(await storedProperty(created.id)).toMatchObject({
      title: 'Only the title and description change',
      description: 'New words',
      ...kept,
      amenities: ['wifi', 'pool'],
    });
  });

  it('status and the availability window are changed when sent, and the window cleared with null', async () => {
    const { cookie } = await team();
    const created = await create(cookie);
    const changed = await put(
      `/api/properties/${created.id}`,
      listing({ status: 'maintenance', availability_start: '2031-02-01', availability_end: '2031-03-01' }),
      cookie,
    );
    expect(changed.json()).toMatchObject({
      status: 'maintenance',
      availability_start: '2031-02-01',
      availability_end: '2031-03-01',
    });
    const cleared = await put(
      `/api/properties/${created.id}`,
      listing({ status: 'available', availability_start: null, availability_end: null }),
      cookie,
    );
    expect(cleared.json()).toMatchObject({
      status: 'available',
      availability_start: null,
      availability_end: null,
    });
  });

  it('an end that falls before the stored start is refused (400) and nothing changes', async () => {
    const { cookie } = await team();
    const created = await create(cookie, kept);
    const response = await put(
      `/api/properties/${created.id}`,
      listing({ title: 'Never saved', availability_end: '2030-12-31' }),
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Availability end must be after its start');
    expect(await storedProperty(created.id)).toMatchObject({ title: created.title, ...kept });
  });

  it('archived is not a status (archiving is deleting a listing with reservations): 400', async () => {
    const { cookie } = await team();
    const created = await create(cookie);
    const response = await put(`/api/properties/${created.id}`, listing({ status: 'archived' }), cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ status: 'Status must be available or maintenance' });
  });
});

describe('changing a listing needs a current subscription (the server decides, not the route guard)', () => {
  async function ownerWithListing() {
    const signedIn = await owner();
    const created = await create(signedIn.cookie);
    return { ...signedIn, created };
  }
  const lapse = (ownerId: string, status: SubscriptionStatus | null) =>
    status === null
      ? t.db.deleteFrom('subscriptions').where('owner_id', '=', ownerId).execute()
      : t.db.updateTable('subscriptions').set({ status }).where('owner_id', '=', ownerId).execute();

  it.each([null, 'cancelled', 'past_due', 'inactive', 'trialing'] as const)(
    'subscription %s: update and delete are refused with No active subscription, nothing changes',
    async (status) => {
      const { user, cookie, created } = await ownerWithListing();
      await lapse(user.id, status);
      const update = await put(`/api/properties/${created.id}`, listing({ title: 'Lapsed edit' }), cookie);
      expect(update.statusCode).toBe(403);
      expect(update.json().message).toBe('No active subscription');
      const remove = await del(`/api/properties/${created.id}`, cookie);
      expect(remove.statusCode).toBe(403);
      expect(remove.json().message).toBe('No active subscription');
      expect(await storedProperty(created.id)).toMatchObject({ title: created.title });
    },
  );

  it('with the subscription active again, the same owner may update and delete', async () => {
    const { user, cookie, created } = await ownerWithListing();
    await lapse(user.id, 'cancelled');
    await lapse(user.id, 'active');
    expect((await put(`/api/properties/${created.id}`, listing(), cookie)).statusCode).toBe(200);
    expect((await del(`/api/properties/${created.id}`, cookie)).statusCode).toBe(204);
  });
});

describe('DELETE /api/properties/:id', () => {
  it('the owner deletes their listing', async () => {
    const { cookie } = await team();
    const created = await create(cookie);
    const response = await del(`/api/properties/${created.id}`, cookie);
    expect(response.statusCode).toBe(204);
    expect(await storedProperty(created.id)).toBeUndefined();
    expect((await t.get(`/api/properties/${created.id}`, { cookie })).statusCode).toBe(404);
  });

  it('another owner: 403 You can only delete your own properties, and it stays', async () => {
    const mine = await team();
    const created = await create(mine.cookie);
    const other = await stranger();
    const response = await del(`/api/properties/${created.id}`, other.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_YOUR_DELETE);
    expect(await storedProperty(created.id)).toBeDefined();
  });

  it.each(NON_OWNER_ROLES)('%s: 403 You must be an owner to manage properties', async (role) => {
    const created = await create((await team()).cookie);
    const { cookie } = await nonOwner(role);
    const response = await del(`/api/properties/${created.id}`, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_OWNER);
    expect(await storedProperty(created.id)).toBeDefined();
  });

  it('anonymous: 401 User not authenticated', async () => {
    const created = await create((await team()).cookie);
    const response = await del(`/api/properties/${created.id}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(NOT_AUTHENTICATED);
    expect(await storedProperty(created.id)).toBeDefined();
  });

  it('an unknown id: 404 Property not found', async () => {
    const { cookie } = await team();
    const response = await del(`/api/properties/${randomUUID()}`, cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(NOT_FOUND);
  });
});

describe('GET /api/properties/:id', () => {
  it('an active listing is public', async () => {
    const { cookie } = await team();
    const created = await create(cookie);
    const response = await t.get(`/api/properties/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, title: created.title, images: [] });
  });

  it.each([
    ['inactive', { is_active: false }],
    ['in maintenance', { status: 'maintenance' }],
    ['archived', { archived: true }],
  ])('an %s listing: 404 to strangers, visible to its owner', async (_label, options) => {
    const mine = await team();
    const { archived, ...overrides } = options as ListingOptions & { archived?: boolean };
    const created = await create(mine.cookie, overrides);
    if (archived) await archiveDirectly(created.id);
    const strangers = [undefined, (await nonOwner('client')).cookie, (await stranger()).cookie];
    for (const cookie of strangers) {
      const response = await t.get(`/api/properties/${created.id}`, cookie ? { cookie } : {});
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(NOT_FOUND);
    }
    const own = await t.get(`/api/properties/${created.id}`, { cookie: mine.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: created.id, ...overrides });
    if (archived) expect(own.json().archived_at).toEqual(expect.any(String));
  });

  it('an unknown id: 404 Property not found', async () => {
    const response = await t.get(`/api/properties/${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(NOT_FOUND);
  });

  it('a malformed id is refused, not a server error', async () => {
    const response = await t.get('/api/properties/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NOT_FOUND);
  });
});

describe('GET /api/my/properties', () => {
  it("an owner sees all their own listings (hidden ones too), newest first, and no one else's", async () => {
    const mine = await owner('business');
    const first = await create(mine.cookie);
    const second = await create(mine.cookie, { is_active: false });
    const third = await create(mine.cookie, { status: 'maintenance' });
    await create((await stranger()).cookie);
    const response = await t.get('/api/my/properties', { cookie: mine.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<PropertyDto[]>().map((property) => property.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
  });

  it('an owner without listings gets an empty list', async () => {
    const { cookie } = await owner();
    const response = await t.get('/api/my/properties', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each(NON_OWNER_ROLES)('%s: 403 You must be an owner to manage properties', async (role) => {
    const { cookie } = await nonOwner(role);
    const response = await t.get('/api/my/properties', { cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_OWNER);
  });

  it('anonymous: 401 User not authenticated', async () => {
    const response = await t.get('/api/my/properties');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(NOT_AUTHENTICATED);
  });
});

// ---------------------------------------------------------------------------------------------------
// Search. Each test tags its listings with a unique word in the location and searches with q=<tag>,
// so listings made by other tests never show up.

const lister = team;

const tag = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** Creates a listing (through the API) whose location contains the tag. */
async function listed(marker: string, options: ListingOptions = {}): Promise<PropertyDto> {
  const { cookie } = await lister();
  return create(cookie, { location: `12 Long Street ${marker}, Cape Town`, ...options });
}

type Query = Record<string, string | number | string[]>;

async function search(query: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const response = await t.get(`/api/properties?${params}`);
  return response;
}

async function found(query: Query): Promise<string[]> {
  const response = await search(query);
  if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
  return response.json<{ items: PropertyDto[] }>().items.map((item) => item.id);
}

const ids = (...properties: PropertyDto[]) => properties.map((property) => property.id);

describe('GET /api/properties (search)', () => {
  it('is public and returns a page with the total', async () => {
    const q = tag();
    const a = await listed(q);
    const response = await search({ q });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ items: [{ id: a.id }], total: 1, page: 1, pageSize: 12 });
  });

  it('only active, available listings', async () => {
    const q = tag();
    const shown = await listed(q);
    await listed(q, { is_active: false });
    await listed(q, { status: 'maintenance' });
    await archiveDirectly((await listed(q)).id);
    expect(await found({ q })).toEqual(ids(shown));
  });

  it('by type', async () => {
    const q = tag();
    const house = await listed(q, { type: 'accommodation' });
    const car = await listed(q, { type: 'vehicle' });
    const drone = await listed(q, { type: 'electronics' });
    expect(await found({ q, type: 'vehicle' })).toEqual(ids(car));
    expect(await found({ q, type: 'accommodation' })).toEqual(ids(house));
    expect((await found({ q })).sort()).toEqual(ids(house, car, drone).sort());
  });

  it('by city', async () => {
    const q = tag();
    const cape = await listed(q, { city: 'Cape Town' });
    const durban = await listed(q, { city: 'Durban' });
    expect(await found({ q, city: 'Durban' })).toEqual(ids(durban));
    expect(await found({ q, city: 'Cape Town' })).toEqual(ids(cape));
    expect(await found({ q, city: 'Polokwane' })).toEqual([]);
  });

  it('by category', async () => {
    const q = tag();
    const villa = await listed(q, { category: 'villa' });
    await listed(q, { category: 'cottage' });
    expect(await found({ q, category: 'villa' })).toEqual(ids(villa));
  });

  it('text: a case-insensitive, trimmed substring of the location', async () => {
    const marker = tag();
    const inLocation = await listed('', { location: `Unit 4, ${marker}Heights, Sea Point` });
    await listed('', { location: 'Unit 5, Somewhere Else, Sea Point' });
    expect(await found({ q: marker.toUpperCase() })).toEqual(ids(inLocation));
    expect(await found({ q: `  ${marker}heights  ` })).toEqual(ids(inLocation));
    expect(await found({ q: marker.slice(3) })).toEqual(ids(inLocation));
    expect(await found({ q: `${marker}x` })).toEqual([]);
  });

  it('text: % and _ are matched literally, not as wildcards', async () => {
    const marker = tag();
    const literal = await listed('', { location: `Shop 100% ${marker}_a` });
    await listed('', { location: `Shop 1000 ${marker}ba` });
    expect(await found({ q: `${marker}_a` })).toEqual(ids(literal));
    expect(await found({ q: `100% ${marker}` })).toEqual(ids(literal));
  });

  it('price range is inclusive on both ends', async () => {
    const q = tag();
    const cheap = await listed(q, { price_per_day_cents: 10000 });
    const mid = await listed(q, { price_per_day_cents: 20000 });
    const dear = await listed(q, { price_per_day_cents: 30000 });
    expect((await found({ q, minPrice: 20000 })).sort()).toEqual(ids(mid, dear).sort());
    expect((await found({ q, maxPrice: 20000 })).sort()).toEqual(ids(cheap, mid).sort());
    expect(await found({ q, minPrice: 20000, maxPrice: 20000 })).toEqual(ids(mid));
    expect(await found({ q, minPrice: 20001, maxPrice: 29999 })).toEqual([]);
    expect((await found({ q, minPrice: 10000, maxPrice: 30000 })).sort()).toEqual(
      ids(cheap, mid, dear).sort(),
    );
  });

  it('amenities: every one asked for', async () => {
    const q = tag();
    const both = await listed(q, { amenities: ['wifi', 'pool'] });
    const wifi = await listed(q, { amenities: ['wifi'] });
    await listed(q, { amenities: [] });
    expect((await found({ q, amenities: 'wifi' })).sort()).toEqual(ids(both, wifi).sort());
    expect(await found({ q, amenities: ['wifi', 'pool'] })).toEqual(ids(both));
    expect(await found({ q, amenities: 'gym' })).toEqual([]);
  });

  it('sort: newest first by default, price ascending, rating accepted (no effect)', async () => {
    const q = tag();
    const first = await listed(q, { price_per_day_cents: 30000 });
    const second = await listed(q, { price_per_day_cents: 10000 });
    const third = await listed(q, { price_per_day_cents: 20000 });
    expect(await found({ q })).toEqual(ids(third, second, first));
    expect(await found({ q, sortBy: 'price' })).toEqual(ids(second, third, first));
    const rated = await search({ q, sortBy: 'rating' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json<{ items: PropertyDto[] }>().items.map((item) => item.id)).toEqual(
      ids(third, second, first),
    );
  });

  it('pagination: pages of pageSize, the total of all matches, no item twice', async () => {
    const q = tag();
    const made: PropertyDto[] = [];
    for (let index = 0; index < 5; index++) made.push(await listed(q));
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const response = await search({ q, page, pageSize: 2 });
      expect(response.statusCode).toBe(200);
      pages.push(response.json<{ items: PropertyDto[]; total: number; page: number; pageSize: number }>());
    }
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1, 0]);
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5, 5]);
    expect(pages.map((page) => [page.page, page.pageSize])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 2],
    ]);
    const seen = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(seen).toEqual(ids(...made).reverse());
  });

  describe('the guest rule', () => {
    /** An accommodation whose specifications lack bedrooms (an older row): bedrooms count as 1. */
    async function withoutBedrooms(q: string) {
      const created = await listed(q);
      await t.db
        .updateTable('properties')
        .set({
          specifications: JSON.stringify({
            type: 'accommodation',
            bathrooms: 1,
            maxOccupants: 2,
            maxGuests: 2,
          }),
        })
        .where('id', '=', created.id)
        .execute();
      return created;
    }

    async function fixtures() {
      const q = tag();
      const one = await listed(q, { specifications: { bedrooms: 1 } });
      const two = await listed(q, { specifications: { bedrooms: 2 } });
      const three = await listed(q, { specifications: { bedrooms: 3 } });
      const studio = await listed(q, { specifications: { bedrooms: 0 } });
      const unknown = await withoutBedrooms(q);
      const car = await listed(q, { type: 'vehicle' });
      const hall = await listed(q, { type: 'event_space' });
      return { q, one, two, three, studio, unknown, car, hall };
    }

    it('accommodation search: bedrooms × 2 ≥ guests (missing bedrooms count 1); other types excluded', async () => {
      const f = await fixtures();
      const search = async (guests: number) =>
        (await found({ q: f.q, type: 'accommodation', guests })).sort();
      expect(await search(2)).toEqual(ids(f.one, f.two, f.three, f.unknown).sort());
      expect(await search(3)).toEqual(ids(f.two, f.three).sort());
      expect(await search(4)).toEqual(ids(f.two, f.three).sort());
      expect(await search(5)).toEqual(ids(f.three).sort());
      expect(await search(6)).toEqual(ids(f.three).sort());
      expect(await search(7)).toEqual([]);
    });

    it('1 guest: no filter at all (a studio with 0 bedrooms shows)', async () => {
      const f = await fixtures();
      expect((await found({ q: f.q, type: 'accommodation', guests: 1 })).sort()).toEqual(
        ids(f.one, f.two, f.three, f.studio, f.unknown).sort(),
      );
    });

    it('no type searched: other types pass, accommodation still needs the bedrooms', async () => {
      const f = await fixtures();
      expect((await found({ q: f.q, guests: 5 })).sort()).toEqual(ids(f.three, f.car, f.hall).sort());
    });

    it('another type searched: its listings pass whatever the guests', async () => {
      const f = await fixtures();
      expect(await found({ q: f.q, type: 'vehicle', guests: 10 })).toEqual(ids(f.car));
    });
  });

  describe('availability', () => {
    const CHECK_IN = '2031-05-10';
    const CHECK_OUT = '2031-05-15';
    let clientOfTeam: string | undefined;

    async function clientOfOwner(ownerId: string): Promise<string> {
      const client = await t.db
        .insertInto('clients')
        .values({
          owner_id: ownerId,
          first_name: faker.person.firstName(),
          last_name: faker.person.lastName(),
          email: `client.${randomUUID().slice(0, 8)}@example.co.za`,
          phone: null,
          region: 'ZA',
          user_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return client.id;
    }

    async function reserve(property: PropertyDto, start: string, end: string, status: ReservationStatus) {
      clientOfTeam ??= await clientOfOwner(property.owner_id);
      await t.db
        .insertInto('reservations')
        .values({
          property_id: property.id,
          owner_id: property.owner_id,
          client_id: clientOfTeam,
          start_date: start,
          end_date: end,
          status,
        })
        .execute();
    }

    it('pending and confirmed reservations that share a night exclude a listing; the rest do not', async () => {
      const q = tag();
      const free = await listed(q);
      const pending = await listed(q);
      const confirmed = await listed(q);
      const cancelled = await listed(q);
      const completed = await listed(q);
      const endsOnCheckIn = await listed(q);
      const startsOnCheckOut = await listed(q);
      const startsInside = await listed(q);
      const endsInside = await listed(q);
      const encloses = await listed(q);
      const inside = await listed(q);
      await reserve(pending, '2031-05-12', '2031-05-13', 'pending');
      await reserve(confirmed, '2031-05-12', '2031-05-13', 'confirmed');
      await reserve(cancelled, CHECK_IN, CHECK_OUT, 'cancelled');
      await reserve(completed, CHECK_IN, CHECK_OUT, 'completed');
      await reserve(endsOnCheckIn, '2031-05-05', CHECK_IN, 'confirmed');
      await reserve(startsOnCheckOut, CHECK_OUT, '2031-05-20', 'pending');
      await reserve(startsInside, '2031-05-14', '2031-05-20', 'pending');
      await reserve(endsInside, '2031-05-01', '2031-05-11', 'confirmed');
      await reserve(encloses, '2031-05-01', '2031-05-31', 'pending');
      await reserve(inside, '2031-05-11', '2031-05-12', 'confirmed');

      expect((await found({ q, checkIn: CHECK_IN, checkOut: CHECK_OUT })).sort()).toEqual(
        ids(free, cancelled, completed, endsOnCheckIn, startsOnCheckOut).sort(),
      );
      // Without dates availability is not considered.
      expect(await found({ q })).toHaveLength(11);
      // Other dates: only the listing booked for the whole month is taken.
      expect((await found({ q, checkIn: '2031-05-25', checkOut: '2031-05-27' })).sort()).toEqual(
        ids(
          free,
          pending,
          confirmed,
          cancelled,
          completed,
          endsOnCheckIn,
          startsOnCheckOut,
          startsInside,
          endsInside,
          inside,
        ).sort(),
      );
    });

    it("another listing's reservation does not block this one", async () => {
      const q = tag();
      const booked = await listed(q);
      const neighbour = await listed(q);
      await reserve(booked, CHECK_IN, CHECK_OUT, 'confirmed');
      expect(await found({ q, checkIn: CHECK_IN, checkOut: CHECK_OUT })).toEqual(ids(neighbour));
    });

    it('the availability window: the stay must lie within [availability_start, availability_end]', async () => {
      const q = tag();
      const windowed = await listed(q, { availability_start: '2031-03-01', availability_end: '2031-04-01' });
      const fromOnly = await listed(q, { availability_start: '2031-03-15' });
      const untilOnly = await listed(q, { availability_end: '2031-03-20' });
      const open = await listed(q);
      const at = async (checkIn: string, checkOut: string) => (await found({ q, checkIn, checkOut })).sort();
      expect(await at('2031-03-10', '2031-03-12')).toEqual(ids(windowed, untilOnly, open).sort());
      expect(await at('2031-03-01', '2031-03-02')).toEqual(ids(windowed, untilOnly, open).sort());
      expect(await at('2031-02-27', '2031-03-02')).toEqual(ids(untilOnly, open).sort());
      expect(await at('2031-03-30', '2031-04-01')).toEqual(ids(windowed, fromOnly, open).sort());
      expect(await at('2031-03-31', '2031-04-02')).toEqual(ids(fromOnly, open).sort());
      expect(await at('2031-03-15', '2031-03-20')).toEqual(ids(windowed, fromOnly, untilOnly, open).sort());
      // Without dates the window is not applied.
      expect(await found({ q })).toHaveLength(4);
    });

    it('the database refuses an overlapping pending reservation (SQLSTATE 23P01)', async () => {
      const q = tag();
      const property = await listed(q);
      await reserve(property, CHECK_IN, CHECK_OUT, 'confirmed');
      const attempt = (start: string, end: string, status: ReservationStatus) =>
        reserve(property, start, end, status);
      await expect(attempt('2031-05-14', '2031-05-16', 'pending')).rejects.toMatchObject({ code: '23P01' });
      await expect(attempt('2031-05-01', '2031-05-31', 'confirmed')).rejects.toMatchObject({ code: '23P01' });
      await expect(attempt('2031-05-11', '2031-05-12', 'pending')).rejects.toMatchObject({ code: '23P01' });
      // Touching, cancelled and completed ones are fine.
      await attempt(CHECK_OUT, '2031-05-18', 'pending');
      await attempt('2031-05-08', CHECK_IN, 'confirmed');
      await attempt(CHECK_IN, CHECK_OUT, 'cancelled');
      await attempt(CHECK_IN, CHECK_OUT, 'completed');
      const rows = await t.db
        .selectFrom('reservations')
        .select('status')
        .where('property_id', '=', property.id)
        .execute();
      expect(rows).toHaveLength(5);
      // A cancelled booking cannot be revived over a live one.
      await expect(
        t.db
          .updateTable('reservations')
          .set({ status: 'pending' })
          .where('property_id', '=', property.id)
          .where('status', '=', 'cancelled')
          .execute(),
      ).rejects.toMatchObject({ code: '23P01' });
    });

    it('the database refuses a reservation that ends on or before its start', async () => {
      const q = tag();
      const property = await listed(q);
      await expect(reserve(property, CHECK_IN, CHECK_IN, 'pending')).rejects.toMatchObject({ code: '23514' });
      await expect(reserve(property, CHECK_OUT, CHECK_IN, 'pending')).rejects.toMatchObject({
        code: '23514',
      });
    });
  });

  describe('bad queries: 400 with the message', () => {
    it.each([
      [{ checkIn: '2031-05-10', checkOut: '2031-05-09' }, 'Check-out date must be after check-in date'],
      [{ checkIn: '2031-05-10', checkOut: '2031-05-10' }, 'Check-out date must be after check-in date'],
      [{ checkIn: '2031-05-10' }, 'Please choose both check-in and check-out dates'],
      [{ guests: 11 }, 'Guests cannot be more than 10'],
      [{ guests: 0 }, 'Guests must be at least 1'],
      [{ city: 'a'.repeat(61) }, 'City must be at most 60 characters'],
      [{ checkIn: '2031-02-30', checkOut: '2031-03-02' }, 'Dates must be YYYY-MM-DD'],
      [{ minPrice: 500, maxPrice: 100 }, 'Maximum price must be at least the minimum price'],
    ] as Array<[Query, string]>)('%o → %s', async (query, message) => {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('a check-in before today (Johannesburg) is refused; today is fine', async () => {
      const today = todayInBusinessZone();
      const past = await search({ checkIn: addDays(today, -1), checkOut: addDays(today, 2) });
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toBe('Check-in date cannot be in the past');
      expect((await search({ checkIn: today, checkOut: addDays(today, 1) })).statusCode).toBe(200);
    });

    it.each([
      { type: 'castle' },
      { sortBy: 'stars' },
      { pageSize: 49 },
      { page: 0 },
      { amenities: 'helipad' },
    ] as Query[])('%o → 400', async (query) => {
      expect((await search(query)).statusCode).toBe(400);
    });
  });
});
