import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CURSOR_INVALID } from '../../../domain/schemas/property.ts';
import type { PropertyPage } from '../../../domain/schemas/property-view.ts';
import { insertProperty } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';
import { SEARCH_TOTAL_CAP } from './property-search.repository.ts';
import { encodeSearchCursor } from './search-cursor.ts';

/**
 * GET /api/properties a page at a time (docs/decisions/068): by page number (offset) as before, or
 * after a cursor (`after`, a page's nextCursor), which must walk the same order with no listing twice
 * and none left out, ties in the sort key included; the total is counted up to SEARCH_TOTAL_CAP.
 */
let t: TestApp;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await t.createUser({ role: 'owner' })).id;
  // Search shows the listings of owners with a current subscription (issue 13).
  await ensureStarterSubscription(t.db, ownerId);
});
afterAll(async () => {
  await t?.close();
});

/** A word found nowhere else, put in each listing's title to narrow a search to one test's listings. */
const tag = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

type Query = Record<string, string | number>;
async function search(query: Query, cookie?: string) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.get(`/api/properties?${params}`, cookie ? { cookie } : undefined);
}
async function page(query: Query): Promise<PropertyPage> {
  const response = await search(query);
  if (response.statusCode !== 200) throw new Error(`search: ${response.statusCode} ${response.body}`);
  return response.json<PropertyPage>();
}

/** Every page by cursor: the ids in order and the pages' sizes. */
async function walkByCursor(query: Query) {
  const seen: string[] = [];
  const sizes: number[] = [];
  let after: string | null = null;
  for (let n = 1; n <= 50; n++) {
    const current: PropertyPage = await page(after ? { ...query, page: n, after } : query);
    seen.push(...current.items.map((item) => item.id));
    sizes.push(current.items.length);
    expect(current.page).toBe(n);
    after = current.nextCursor;
    if (!after) return { seen, sizes };
  }
  throw new Error('more than 50 pages');
}
/** Every page by number. */
async function walkByOffset(query: Query, pages: number) {
  const seen: string[] = [];
  for (let n = 1; n <= pages; n++) seen.push(...(await page({ ...query, page: n })).items.map((i) => i.id));
  return seen;
}

/**
 * Seven listings of which groups share a created_at and a price: (a, b, c) one instant and price,
 * (d, e) another instant with a's price; f and g apart. Ties are then broken by id alone.
 */
async function tiedListings(q: string) {
  const made = [];
  for (let i = 0; i < 7; i++) {
    made.push(await insertProperty(t.db, ownerId, { title: `Tied ${q} ${i}`, price_per_day_cents: 40_000 }));
  }
  const [a, b, c, d, e, f, g] = made.map((p) => p.id) as [string, ...string[]];
  const set = (ids: string[], createdAt: string, price: number) =>
    t.db
      .updateTable('properties')
      .set({ created_at: sql`${createdAt}::timestamptz`, price_per_day_cents: price })
      .where('id', 'in', ids)
      .execute();
  await set([a, b, c] as string[], '2030-01-01T10:00:00.123456Z', 40_000);
  await set([d, e] as string[], '2030-01-02T10:00:00.654321Z', 40_000);
  await set([f] as string[], '2030-01-01T10:00:00.123457Z', 30_000);
  await set([g] as string[], '2030-01-01T10:00:00.123455Z', 50_000);
  return made.map((p) => p.id);
}

describe('GET /api/properties by cursor', () => {
  it('is public: anyone pages by cursor, signed in or not', async () => {
    const q = tag();
    await tiedListings(q);
    const first = await page({ q, pageSize: 3 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const anonymous = await search({ q, pageSize: 3, after: first.nextCursor as string });
    expect(anonymous.statusCode).toBe(200);
    const client = await t.signInAs({ role: 'client' });
    const signedIn = await search({ q, pageSize: 3, after: first.nextCursor as string }, client.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<PropertyPage>().items).toEqual(anonymous.json<PropertyPage>().items);
  });

  for (const sortBy of ['newest', 'price'] as const) {
    for (const pageSize of [1, 2, 3, 4]) {
      it(`sorted by ${sortBy}, pages of ${pageSize}: the order of the pages by number, ties included, none twice, none missed`, async () => {
        const q = tag();
        const made = await tiedListings(q);
        const query = { q, sortBy, pageSize };
        const { seen, sizes } = await walkByCursor(query);
        expect(seen).toEqual(await walkByOffset(query, Math.ceil(made.length / pageSize)));
        expect(new Set(seen).size).toBe(made.length);
        expect([...seen].sort()).toEqual([...made].sort());
        expect(sizes.slice(0, -1).every((size) => size === pageSize)).toBe(true);
      });
    }
  }

  it('the order is newest first (to the microsecond), then id; by price the cheapest first', async () => {
    const q = tag();
    const [a, b, c, d, e, f, g] = await tiedListings(q);
    const byId = (...ids: (string | undefined)[]) => [...(ids as string[])].sort();
    expect((await walkByCursor({ q, pageSize: 2 })).seen).toEqual([...byId(d, e), f, ...byId(a, b, c), g]);
    expect((await walkByCursor({ q, sortBy: 'price', pageSize: 2 })).seen).toEqual([
      f,
      ...byId(d, e),
      ...byId(a, b, c),
      g,
    ]);
  });

  it('the last page has no nextCursor, and a full last page says so too', async () => {
    const q = tag();
    await tiedListings(q);
    const last = await page({ q, pageSize: 7 });
    expect(last.items).toHaveLength(7);
    expect(last.nextCursor).toBeNull();
    expect((await page({ q, pageSize: 6 })).nextCursor).not.toBeNull();
  });

  it('a listing shown that goes away, or one added before the cursor, shifts no later page', async () => {
    const q = tag();
    await tiedListings(q);
    const order = (await page({ q, pageSize: 7 })).items.map((item) => item.id);
    const first = await page({ q, pageSize: 3 });
    // Newer than all of them: it sorts before the cursor.
    const late = await insertProperty(t.db, ownerId, { title: `Tied ${q} late` });
    await t.db
      .updateTable('properties')
      .set({ created_at: sql`'2031-01-01T00:00:00Z'::timestamptz` })
      .where('id', '=', late.id)
      .execute();
    await t.db
      .updateTable('properties')
      .set({ is_active: false })
      .where('id', '=', first.items[0]?.id as string)
      .execute();
    const rest = await walkByCursor({ q, pageSize: 3, after: first.nextCursor as string });
    expect(first.items.map((item) => item.id)).toEqual(order.slice(0, 3));
    expect(rest.seen).toEqual(order.slice(3));
  });
});

describe('GET /api/properties: a bad cursor is a 400 that says what to send', () => {
  const expect400 = async (query: Query) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SEARCH_CURSOR_INVALID);
  };

  it('not base64url, not a cursor, or tampered with', async () => {
    const q = tag();
    await expect400({ q, after: 'not a cursor!' });
    await expect400({ q, after: 'x'.repeat(201) });
    await expect400({ q, after: 'bm90LWpzb24' }); // "not-json"
    await expect400({ q, after: Buffer.from('[1,"newest",0]').toString('base64url') });
    const valid = {
      sort: 'newest' as const,
      featured: false,
      price: 100,
      createdAt: '2030-01-01T10:00:00.123456Z',
      id: randomUUID(),
    };
    expect((await search({ q, after: encodeSearchCursor(valid) })).statusCode).toBe(200);
    await expect400({ q, after: encodeSearchCursor({ ...valid, id: 'not-a-uuid' }) });
    await expect400({ q, after: encodeSearchCursor({ ...valid, createdAt: '2030-01-01' }) });
    await expect400({ q, after: encodeSearchCursor({ ...valid, createdAt: '2030-13-45T99:00:00.000000Z' }) });
    await expect400({ q, after: encodeSearchCursor({ ...valid, price: 1.5 }) });
  });

  it('a cursor of a search sorted another way', async () => {
    const q = tag();
    await tiedListings(q);
    const byPrice = await page({ q, sortBy: 'price', pageSize: 2 });
    await expect400({ q, pageSize: 2, after: byPrice.nextCursor as string });
    await expect400({ q, sortBy: 'rating', pageSize: 2, after: byPrice.nextCursor as string });
    const newest = await page({ q, pageSize: 2 });
    // Rating sorts as newest does (no ratings yet), so its cursors serve both.
    expect(
      (await search({ q, sortBy: 'rating', pageSize: 2, after: newest.nextCursor as string })).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/properties: the total', () => {
  it(`counts every match up to ${SEARCH_TOTAL_CAP}, then says there are more`, async () => {
    const q = tag();
    await sql`
      INSERT INTO properties (owner_id, type, category, title, description, city, location, price_per_day_cents,
        specifications)
      SELECT ${ownerId}::uuid, 'vehicle', 'car', 'Car ' || ${q}::text || ' ' || g, 'A car', 'Durban', 'Durban',
        10000 + g, '{"type": "vehicle", "make": "Toyota", "model": "Corolla", "year": 2020, "seatingCapacity": 5, "transmission": "manual"}'
      FROM generate_series(1, ${SEARCH_TOTAL_CAP}) g`.execute(t.db);
    const exactly = await page({ q });
    expect([exactly.total, exactly.totalCapped]).toEqual([SEARCH_TOTAL_CAP, false]);
    await insertProperty(t.db, ownerId, { title: `Car ${q} one more`, type: 'vehicle' });
    const more = await page({ q });
    expect([more.total, more.totalCapped]).toEqual([SEARCH_TOTAL_CAP, true]);
    // Page numbers past the count still answer, and so do their cursors.
    const last = Math.ceil((SEARCH_TOTAL_CAP + 1) / 48);
    const deep = await page({ q, pageSize: 48, page: last });
    expect(deep.items).toHaveLength(SEARCH_TOTAL_CAP + 1 - (last - 1) * 48);
    expect(deep.nextCursor).toBeNull();
    const before = await page({ q, pageSize: 48, page: last - 1 });
    const after = await page({ q, pageSize: 48, page: last, after: before.nextCursor as string });
    expect(after.items.map((i) => i.id)).toEqual(deep.items.map((i) => i.id));
  });
});
