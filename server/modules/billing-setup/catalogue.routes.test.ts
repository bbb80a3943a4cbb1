import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../../../domain/billing-catalogues.ts';
import { bookingBody, insertProperty, newClientInput } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';

let t: TestApp;
let person: ReturnType<typeof testPeople>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const FORBIDDEN = 'You do not have permission to perform this action.';

interface Entry {
  id: string;
  owner_id: string;
  name: string;
  tax_percent: number;
}

/** What differs between the two catalogues; every rule below holds for both. */
const CATALOGUES = [
  {
    label: 'stock items',
    url: '/api/billing/stock-items',
    table: 'stock_items' as const,
    notFound: CATALOGUE_MESSAGES.stockNotFound,
    sample: {
      name: 'Firewood bundle',
      sku: 'FW-01',
      unit_price_cents: 4_550,
      tax_percent: 15,
      unit: 'bundle',
    },
    defaults: { sku: null, unit_price_cents: 0, tax_percent: 0, unit: 'ea' },
    negative: { unit_price_cents: -1 },
    negativeMessage: 'Unit price cannot be negative',
    line: (id: string) => ({ kind: 'stock' as const, stock_item_id: id }),
  },
  {
    label: 'ad hoc charge types',
    url: '/api/billing/extra-charge-types',
    table: 'extra_charge_types' as const,
    notFound: CATALOGUE_MESSAGES.typeNotFound,
    sample: { name: 'Late checkout', default_amount_cents: 35_000, tax_percent: 15 },
    defaults: { default_amount_cents: 0, tax_percent: 0 },
    negative: { default_amount_cents: -1 },
    negativeMessage: 'Default amount cannot be negative',
    line: (id: string) => ({ kind: 'ad_hoc' as const, extra_charge_type_id: id }),
  },
];
type Catalogue = (typeof CATALOGUES)[number];

const send = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: PersonKey | null,
  body?: unknown,
) =>
  t.request(method, url, {
    ...(who ? { cookie: (await person(who)).cookie } : {}),
    ...(body === undefined ? {} : { body }),
  });

const ownerIdOf = async (key: PersonKey) => (await person(key)).user.id;

/** An entry of a business's catalogue, stored directly. */
async function entryOf(
  catalogue: Catalogue,
  ownerKey: PersonKey,
  name = `Entry ${randomUUID().slice(0, 6)}`,
) {
  return t.db
    .insertInto(catalogue.table)
    .values({ ...catalogue.sample, name, owner_id: await ownerIdOf(ownerKey) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const rowOf = (catalogue: Catalogue, id: string) =>
  t.db.selectFrom(catalogue.table).selectAll().where('id', '=', id).executeTakeFirst();

/** A billing line that uses the entry, on a booking of the owner's (the Transactions tab's work, simulated). */
async function billWith(catalogue: Catalogue, entryId: string) {
  const owner = await person('owner');
  const listing = await insertProperty(t.db, owner.user.id);
  const booked = await t.post(
    '/api/reservations',
    bookingBody(listing.id, 20, 2, { new_client: newClientInput() }),
    { cookie: owner.cookie },
  );
  expect(booked.statusCode, booked.body).toBe(201);
  await t.db
    .insertInto('reservation_transactions')
    .values({
      reservation_id: booked.json<{ id: string }>().id,
      owner_id: owner.user.id,
      description: 'Billed from the catalogue',
      quantity: 1,
      unit_price_cents: 4_550,
      sub_total_cents: 4_550,
      total_cents: 4_550,
      ...catalogue.line(entryId),
    })
    .execute();
}

function expectError(response: LightMyRequestResponse, status: number, message?: string) {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  if (message) expect(response.json().message).toBe(message);
}

describe.each(CATALOGUES)('$label', (catalogue) => {
  const { url } = catalogue;

  describe('GET', () => {
    it('the owner gets their entries by name, whatever the case, and no one else’s', async () => {
      const zebra = await entryOf(catalogue, 'owner', 'Zebra rug hire');
      const apple = await entryOf(catalogue, 'owner', 'apple crate');
      const mango = await entryOf(catalogue, 'owner', 'Mango box');
      const foreign = await entryOf(catalogue, 'otherOwner', 'Aardvark');
      const response = await send('GET', url, 'owner');
      expect(response.statusCode).toBe(200);
      const ids = response.json<Entry[]>().map((entry) => entry.id);
      expect(ids.filter((id) => [zebra.id, apple.id, mango.id].includes(id))).toEqual([
        apple.id,
        mango.id,
        zebra.id,
      ]);
      expect(ids).not.toContain(foreign.id);
    });

    it('returns the wire shape with tax as a number', async () => {
      const entry = await entryOf(catalogue, 'owner');
      const found = (await send('GET', url, 'owner')).json<Entry[]>().find((e) => e.id === entry.id);
      expect(found).toEqual({
        ...catalogue.sample,
        id: entry.id,
        name: entry.name,
        owner_id: await ownerIdOf('owner'),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it.each(['backoffice', 'frontoffice'] as const)(
      '%s staff with the reservations permission read their owner’s (to bill with them)',
      async (who) => {
        const entry = await entryOf(catalogue, 'owner');
        const response = await send('GET', url, who);
        expect(response.statusCode).toBe(200);
        expect(response.json<Entry[]>().map((e) => e.id)).toContain(entry.id);
        expect(response.json<Entry[]>().every((e) => e.owner_id === entry.owner_id)).toBe(true);
      },
    );

    it.each(['backofficeWithout', 'frontofficeWithout', 'client'] as const)(
      '%s is refused with 403',
      async (who) => {
        expectError(await send('GET', url, who), 403, FORBIDDEN);
      },
    );

    it('naming another business is refused to owners and staff', async () => {
      const other = await ownerIdOf('otherOwner');
      for (const who of ['owner', 'backoffice'] as const) {
        expectError(await send('GET', `${url}?owner_id=${other}`, who), 403, FORBIDDEN);
      }
    });

    it('an admin names the business: its entries; none named: 400; not an owner: 404', async () => {
      const entry = await entryOf(catalogue, 'otherOwner');
      const response = await send('GET', `${url}?owner_id=${entry.owner_id}`, 'admin');
      expect(response.statusCode).toBe(200);
      expect(response.json<Entry[]>().map((e) => e.id)).toContain(entry.id);
      expectError(await send('GET', url, 'admin'), 400, CATALOGUE_MESSAGES.chooseBusiness);
      const client = await ownerIdOf('client');
      expectError(
        await send('GET', `${url}?owner_id=${client}`, 'admin'),
        404,
        CATALOGUE_MESSAGES.businessNotFound,
      );
      expectError(await send('GET', `${url}?owner_id=${randomUUID()}`, 'admin'), 404);
    });

    it('anonymous: 401 Not signed in', async () => {
      expectError(await send('GET', url, null), 401, 'Not signed in');
    });
  });

  describe('POST', () => {
    it('the owner adds an entry (201); left-out amounts and tax are 0, the unit ea', async () => {
      const response = await send('POST', url, 'owner', { name: '  Welcome pack ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        ...catalogue.defaults,
        name: 'Welcome pack',
        owner_id: await ownerIdOf('owner'),
      });
    });

    it('an admin adds one to the business they name', async () => {
      const response = await send(
        'POST',
        `${url}?owner_id=${await ownerIdOf('otherOwner')}`,
        'admin',
        catalogue.sample,
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ ...catalogue.sample, owner_id: await ownerIdOf('otherOwner') });
      expectError(await send('POST', url, 'admin', catalogue.sample), 400, CATALOGUE_MESSAGES.chooseBusiness);
    });

    it.each(['backoffice', 'frontoffice', 'client'] as const)(
      '%s is refused with 403; nothing is stored',
      async (who) => {
        const name = `Refused ${randomUUID()}`;
        expectError(await send('POST', url, who, { ...catalogue.sample, name }), 403, FORBIDDEN);
        const rows = await t.db.selectFrom(catalogue.table).select('id').where('name', '=', name).execute();
        expect(rows).toEqual([]);
      },
    );

    it('an owner cannot add to another business', async () => {
      const other = await ownerIdOf('otherOwner');
      expectError(await send('POST', `${url}?owner_id=${other}`, 'owner', catalogue.sample), 403, FORBIDDEN);
    });

    it('anonymous: 401', async () => {
      expectError(await send('POST', url, null, catalogue.sample), 401, 'Not signed in');
    });

    it.each([
      ['no name', { name: ' ' }, 'Name is required'],
      ['tax above 100', { tax_percent: 100.5 }, 'Tax % must be 100 or less'],
      ['tax with 3 decimals', { tax_percent: 15.005 }, 'Tax % can have at most 2 decimals'],
    ])('refuses %s with 400', async (_case, changes, message) => {
      expectError(await send('POST', url, 'owner', { ...catalogue.sample, ...changes }), 400, message);
    });

    it('refuses a negative amount with 400', async () => {
      expectError(
        await send('POST', url, 'owner', { ...catalogue.sample, ...catalogue.negative }),
        400,
        catalogue.negativeMessage,
      );
    });
  });

  describe('PUT /:id', () => {
    it.each(['owner', 'admin'] as const)('%s changes an entry', async (who) => {
      const entry = await entryOf(catalogue, 'owner');
      const response = await send('PUT', `${url}/${entry.id}`, who, {
        ...catalogue.sample,
        name: 'Renamed',
        tax_percent: 7.5,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: entry.id, name: 'Renamed', tax_percent: 7.5 });
      expect(await rowOf(catalogue, entry.id)).toMatchObject({ name: 'Renamed', tax_percent: '7.50' });
    });

    it.each(['otherOwner', 'backoffice', 'frontoffice', 'client', null] as const)(
      '%s is refused and nothing changes',
      async (who) => {
        const entry = await entryOf(catalogue, 'owner');
        const response = await send('PUT', `${url}/${entry.id}`, who, {
          ...catalogue.sample,
          name: 'Hijacked',
        });
        expectError(response, who ? 403 : 401);
        expect((await rowOf(catalogue, entry.id))?.name).toBe(entry.name);
      },
    );

    it('an unknown or archived entry: 404', async () => {
      expectError(
        await send('PUT', `${url}/${randomUUID()}`, 'owner', catalogue.sample),
        404,
        catalogue.notFound,
      );
      const entry = await entryOf(catalogue, 'owner');
      await t.db
        .updateTable(catalogue.table)
        .set({ archived_at: new Date() })
        .where('id', '=', entry.id)
        .execute();
      expectError(
        await send('PUT', `${url}/${entry.id}`, 'owner', catalogue.sample),
        404,
        catalogue.notFound,
      );
    });
  });

  describe('DELETE /:id', () => {
    it('an entry no billing line uses is deleted', async () => {
      const entry = await entryOf(catalogue, 'owner');
      const response = await send('DELETE', `${url}/${entry.id}`, 'owner');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ archived: false });
      expect(await rowOf(catalogue, entry.id)).toBeUndefined();
    });

    it('an entry already billed is archived instead: kept for its line, hidden from the list, gone for good', async () => {
      const entry = await entryOf(catalogue, 'owner');
      await billWith(catalogue, entry.id);
      const response = await send('DELETE', `${url}/${entry.id}`, 'owner');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ archived: true });
      const row = await rowOf(catalogue, entry.id);
      expect(row?.archived_at).toBeInstanceOf(Date);
      expect(row?.name).toBe(entry.name);
      const listed = (await send('GET', url, 'owner')).json<Entry[]>().map((e) => e.id);
      expect(listed).not.toContain(entry.id);
      expectError(await send('DELETE', `${url}/${entry.id}`, 'owner'), 404, catalogue.notFound);
    });

    it('an admin deletes any business’s entry', async () => {
      const entry = await entryOf(catalogue, 'otherOwner');
      expect((await send('DELETE', `${url}/${entry.id}`, 'admin')).json()).toEqual({ archived: false });
      expect(await rowOf(catalogue, entry.id)).toBeUndefined();
    });

    it.each(['otherOwner', 'backoffice', 'frontoffice', 'client', null] as const)(
      '%s is refused and the entry stays',
      async (who) => {
        const entry = await entryOf(catalogue, 'owner');
        expectError(await send('DELETE', `${url}/${entry.id}`, who), who ? 403 : 401);
        expect(await rowOf(catalogue, entry.id)).toMatchObject({ archived_at: null });
      },
    );

    it('an unknown entry: 404', async () => {
      expectError(await send('DELETE', `${url}/${randomUUID()}`, 'owner'), 404, catalogue.notFound);
    });
  });
});
