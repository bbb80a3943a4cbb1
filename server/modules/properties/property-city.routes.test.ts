import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIES } from '../../../domain/property.ts';
import type { Property as PropertyDto } from '../../../domain/schemas/property-view.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A made-up town no other test lists in: letters only, as a city must be ('Knysna Zqabcdefgh'). */
const town = (name = 'Knysna') =>
  `${name} Zq${[...randomUUID().replaceAll('-', '').slice(0, 8)]
    .map((hex) => String.fromCharCode(97 + Number.parseInt(hex, 16)))
    .join('')}`;

/** A word found nowhere else, to narrow a search to one test's listings. */
const tag = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function businessOwner() {
  const { user, cookie } = await t.signInAs({ role: 'owner' });
  await ensureStarterSubscription(t.db, user.id);
  await t.db
    .updateTable('subscriptions')
    .set({ plan_id: 'business' })
    .where('owner_id', '=', user.id)
    .execute();
  return { user, cookie };
}
let owners: Promise<[Awaited<ReturnType<typeof businessOwner>>, Awaited<ReturnType<typeof businessOwner>>]>;
const twoOwners = () => {
  owners ??= Promise.all([businessOwner(), businessOwner()]);
  return owners;
};

function listing(overrides: Record<string, unknown> = {}) {
  return {
    type: 'accommodation',
    category: 'cottage',
    title: `Lagoon cottage ${randomUUID().slice(0, 6)}`,
    description: 'Two bedrooms on the water.',
    city: 'Cape Town',
    location: 'Thesen Islands',
    price_per_day_cents: 120000,
    specifications: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
    ...overrides,
  };
}

async function create(cookie: string, overrides: Record<string, unknown> = {}): Promise<PropertyDto> {
  const response = await t.post('/api/properties', listing(overrides), { cookie });
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json<PropertyDto>();
}

async function found(query: Record<string, string>): Promise<string[]> {
  const response = await t.get(`/api/properties?${new URLSearchParams(query)}`);
  if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
  return response.json<{ items: PropertyDto[] }>().items.map((item) => item.id);
}

async function suggestions(cookie?: string): Promise<string[]> {
  const response = await t.get('/api/properties/cities', cookie ? { cookie } : {});
  expect(response.statusCode).toBe(200);
  return response.json<string[]>();
}

describe('an owner lists in any city', () => {
  it('a city beyond the ten is accepted and stored as typed, its spacing tidied', async () => {
    const [{ cookie }] = await twoOwners();
    const city = town('Knysna');
    const created = await create(cookie, { city: `  ${city.replace(' ', '   ')} ` });
    expect(created.city).toBe(city);
    const stored = await t.db
      .selectFrom('properties')
      .select('city')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.city).toBe(city);
  });

  it('lower case is kept as typed', async () => {
    const [{ cookie }] = await twoOwners();
    const city = town('stellenbosch').toLowerCase();
    expect((await create(cookie, { city })).city).toBe(city);
  });

  it.each([
    ['', 'Please enter the city'],
    ['Knysna 6570', 'City can only contain letters, spaces, hyphens and apostrophes'],
    ['a'.repeat(61), 'City must be at most 60 characters'],
  ])('create refuses %j: 400 %s', async (city, message) => {
    const [{ cookie }] = await twoOwners();
    const response = await t.post('/api/properties', listing({ city }), { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { city: message } });
  });

  it('an update may move a listing to a new city, under the same rule', async () => {
    const [{ cookie }] = await twoOwners();
    const created = await create(cookie);
    const city = town('George');
    const moved = await t.request('PUT', `/api/properties/${created.id}`, {
      cookie,
      body: listing({ title: created.title, city: ` ${city}` }),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<PropertyDto>().city).toBe(city);
    const refused = await t.request('PUT', `/api/properties/${created.id}`, {
      cookie,
      body: listing({ title: created.title, city: 'George!' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('City can only contain letters, spaces, hyphens and apostrophes');
  });
});

describe('search by city: the same city whatever the case and spacing', () => {
  it('a new city is found in another case and with spaces around it; a part of it is not', async () => {
    const [{ cookie }] = await twoOwners();
    const city = town('Knysna');
    const inTown = await create(cookie, { city });
    await create(cookie, { city: town('Sedgefield') });
    expect(await found({ city })).toEqual([inTown.id]);
    expect(await found({ city: city.toLowerCase() })).toEqual([inTown.id]);
    expect(await found({ city: `  ${city.toUpperCase()}  ` })).toEqual([inTown.id]);
    expect(await found({ city: city.replace(' ', '   ') })).toEqual([inTown.id]);
    expect(await found({ city: city.slice(0, -1) })).toEqual([]);
  });

  it('a known city typed in lower case finds its listings, with type and text as well', async () => {
    const [{ cookie }] = await twoOwners();
    const q = tag();
    const cape = await create(cookie, { city: 'Cape Town', location: `Sea Point ${q}` });
    const car = await create(cookie, {
      city: 'Cape Town',
      location: `Bellville ${q}`,
      type: 'vehicle',
      category: 'car',
      specifications: { type: 'vehicle', make: 'VW', model: 'Polo', year: 2022, seatingCapacity: 5 },
    });
    await create(cookie, { city: 'Durban', location: `Umhlanga ${q}` });
    expect((await found({ q, city: 'cape town' })).sort()).toEqual([cape.id, car.id].sort());
    expect(await found({ q, city: 'CAPE TOWN', type: 'vehicle' })).toEqual([car.id]);
  });

  it('listings of two owners who typed the city differently are found together', async () => {
    const [first, second] = await twoOwners();
    const city = town('Plettenberg Bay');
    const a = await create(first.cookie, { city });
    const b = await create(second.cookie, { city: city.toLowerCase() });
    expect((await found({ city })).sort()).toEqual([a.id, b.id].sort());
  });

  it('an archived, inactive or maintenance listing in the city is not found', async () => {
    const [{ cookie }] = await twoOwners();
    const city = town('Wilderness');
    const shown = await create(cookie, { city });
    await create(cookie, { city, is_active: false });
    await create(cookie, { city, status: 'maintenance' });
    const archived = await create(cookie, { city });
    await t.db
      .updateTable('properties')
      .set({ archived_at: new Date() })
      .where('id', '=', archived.id)
      .execute();
    expect(await found({ city: city.toLowerCase() })).toEqual([shown.id]);
  });
});

describe('search text (q) reads the title, the location, the city and the description', () => {
  it.each([
    ['title', (word: string) => ({ title: `Cottage ${word}` })],
    ['location', (word: string) => ({ location: `12 ${word} Street` })],
    ['description', (word: string) => ({ description: `Quiet, near the ${word} forest.` })],
  ])('a word of the %s, in any case', async (_field, fields) => {
    const [{ cookie }] = await twoOwners();
    const word = tag();
    const match = await create(cookie, fields(word));
    await create(cookie);
    expect(await found({ q: word.toUpperCase() })).toEqual([match.id]);
  });

  it('a part of the city', async () => {
    const [{ cookie }] = await twoOwners();
    const city = town('Hermanus');
    const match = await create(cookie, { city });
    expect(await found({ q: city.slice(-8).toLowerCase() })).toEqual([match.id]);
  });
});

describe('GET /api/properties/cities (the suggestions)', () => {
  it('is public: anyone, signed in or not, gets the same list', async () => {
    const anonymous = await suggestions();
    const client = await t.signInAs({ role: 'client' });
    const [ownerOne] = await twoOwners();
    expect(await suggestions(client.cookie)).toEqual(anonymous);
    expect(await suggestions(ownerOne.cookie)).toEqual(anonymous);
  });

  it('the ten known cities, sorted, each once, in their own spelling even when a listing typed it in another case', async () => {
    const [{ cookie }] = await twoOwners();
    await create(cookie, { city: 'cape town' });
    await create(cookie, { city: 'DURBAN' });
    const list = await suggestions();
    for (const city of CITIES)
      expect(list.filter((c) => c.toLowerCase() === city.toLowerCase())).toEqual([city]);
    expect(list).toEqual([...list].sort((a, b) => a.localeCompare(b, 'en-ZA')));
  });

  it('a new city appears once a listing names it, once whatever the case, in its most used spelling', async () => {
    const [first, second] = await twoOwners();
    const city = town('Knysna');
    expect(await suggestions()).not.toContain(city);
    await create(first.cookie, { city });
    await create(second.cookie, { city });
    await create(second.cookie, { city: city.toUpperCase() });
    const list = await suggestions();
    expect(list.filter((c) => c.toLowerCase() === city.toLowerCase())).toEqual([city]);
  });

  it('the city of an archived, inactive or maintenance listing is not suggested; restored, it is', async () => {
    const [{ cookie }] = await twoOwners();
    const archivedCity = town('Sedgefield');
    const inactiveCity = town('Buffalo Bay');
    const maintenanceCity = town('Brenton');
    const archived = await create(cookie, { city: archivedCity });
    await create(cookie, { city: inactiveCity, is_active: false });
    await create(cookie, { city: maintenanceCity, status: 'maintenance' });
    expect(await suggestions()).toContain(archivedCity);
    await t.db
      .updateTable('properties')
      .set({ archived_at: new Date() })
      .where('id', '=', archived.id)
      .execute();
    const list = await suggestions();
    expect(list).not.toContain(archivedCity);
    expect(list).not.toContain(inactiveCity);
    expect(list).not.toContain(maintenanceCity);
    const restored = await t.post(`/api/properties/${archived.id}/restore`, undefined, { cookie });
    expect(restored.statusCode).toBe(200);
    expect(await suggestions()).toContain(archivedCity);
  });
});
