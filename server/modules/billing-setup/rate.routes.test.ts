import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_MESSAGES } from '../../../domain/billing-rates.ts';
import type { Rate } from '../../../domain/schemas/billing.ts';
import { insertProperty, type PropertyOptions } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';
import { createRateFor } from './rate.service.ts';

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
const URL = '/api/billing/rates';

const cookieOf = async (key: PersonKey | null) => (key ? { cookie: (await person(key)).cookie } : {});
const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: PersonKey | null,
  body?: unknown,
) => t.request(method, url, { ...(await cookieOf(who)), ...(body === undefined ? {} : { body }) });

const listingOf = async (key: PersonKey, options: PropertyOptions = {}) =>
  insertProperty(t.db, (await person(key)).user.id, options);

const period = (propertyId: string, start: string, end: string, rateCents = 150_000) => ({
  property_id: propertyId,
  start_date: start,
  end_date: end,
  rate_cents: rateCents,
});

/** A rate period stored directly (the rules under test are the API's). */
async function stored(ownerKey: PersonKey, propertyId: string, start: string, end: string) {
  return t.db
    .insertInto('property_rates')
    .values({ ...period(propertyId, start, end), owner_id: (await person(ownerKey)).user.id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const ratesIn = (propertyId: string) =>
  t.db
    .selectFrom('property_rates')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('start_date')
    .execute();

function expectError(response: LightMyRequestResponse, status: number, message?: string) {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  if (message) expect(response.json().message).toBe(message);
}

describe('GET /api/billing/rates?property_id=', () => {
  it('the owner gets the listing’s periods by start date, in the wire shape', async () => {
    const listing = await listingOf('owner');
    const january = await stored('owner', listing.id, '2027-01-05', '2027-01-20');
    const december = await stored('owner', listing.id, '2026-12-01', '2026-12-16');
    const response = await call('GET', `${URL}?property_id=${listing.id}`, 'owner');
    expect(response.statusCode).toBe(200);
    const body = response.json<Rate[]>();
    expect(body.map((rate) => rate.id)).toEqual([december.id, january.id]);
    expect(body[0]).toEqual({
      id: december.id,
      property_id: listing.id,
      owner_id: (await person('owner')).user.id,
      start_date: '2026-12-01',
      end_date: '2026-12-16',
      rate_cents: 150_000,
      currency: 'ZAR',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it.each(['admin', 'backoffice', 'frontoffice'] as const)('%s reads them too', async (who) => {
    const listing = await listingOf('owner');
    const rate = await stored('owner', listing.id, '2026-12-01', '2026-12-02');
    const response = await call('GET', `${URL}?property_id=${listing.id}`, who);
    expect(response.statusCode).toBe(200);
    expect(response.json<Rate[]>().map((r) => r.id)).toEqual([rate.id]);
  });

  it.each(['otherOwner', 'otherBackoffice', 'backofficeWithout', 'frontofficeWithout', 'client'] as const)(
    '%s is refused with 403',
    async (who) => {
      const listing = await listingOf('owner');
      await stored('owner', listing.id, '2026-12-01', '2026-12-02');
      expectError(await call('GET', `${URL}?property_id=${listing.id}`, who), 403, FORBIDDEN);
    },
  );

  it('anonymous: 401 Not signed in; an unknown listing: 404; no listing named: 400', async () => {
    const listing = await listingOf('owner');
    expectError(await call('GET', `${URL}?property_id=${listing.id}`, null), 401, 'Not signed in');
    expectError(await call('GET', `${URL}?property_id=${randomUUID()}`, 'owner'), 404, 'Property not found');
    expectError(await call('GET', URL, 'owner'), 400, RATE_MESSAGES.propertyRequired);
  });
});

describe('GET /api/properties/:id/rates (public prices)', () => {
  it('anyone reads a listed property’s periods by start date', async () => {
    const listing = await listingOf('owner');
    const later = await stored('owner', listing.id, '2027-02-01', '2027-03-01');
    const sooner = await stored('owner', listing.id, '2026-12-20', '2027-01-10');
    for (const who of [null, 'client', 'otherOwner'] as const) {
      const response = await call('GET', `/api/properties/${listing.id}/rates`, who);
      expect(response.statusCode).toBe(200);
      expect(response.json<Rate[]>().map((rate) => rate.id)).toEqual([sooner.id, later.id]);
    }
  });

  it.each([
    ['inactive', { is_active: false }],
    ['archived', { archived_at: new Date() }],
    ['maintenance', { status: 'maintenance' as const }],
  ])('an %s listing’s are only its business’s: others get 404', async (_state, options) => {
    const listing = await listingOf('owner', options);
    await stored('owner', listing.id, '2026-12-01', '2026-12-02');
    for (const who of [null, 'client', 'otherOwner', 'frontofficeWithout'] as const) {
      expectError(await call('GET', `/api/properties/${listing.id}/rates`, who), 404, 'Property not found');
    }
    for (const who of ['owner', 'admin', 'frontoffice'] as const) {
      const response = await call('GET', `/api/properties/${listing.id}/rates`, who);
      expect(response.statusCode).toBe(200);
      expect(response.json<Rate[]>()).toHaveLength(1);
    }
  });

  it('an unknown listing: 404', async () => {
    expectError(await call('GET', `/api/properties/${randomUUID()}/rates`, null), 404, 'Property not found');
  });
});

describe('POST /api/billing/rates', () => {
  it('the owner adds a period in ZAR, kept under the listing’s owner', async () => {
    const listing = await listingOf('owner');
    const response = await call(
      'POST',
      URL,
      'owner',
      period(listing.id, '2026-12-01', '2026-12-16', 185_050),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<Rate>()).toMatchObject({
      property_id: listing.id,
      owner_id: (await person('owner')).user.id,
      start_date: '2026-12-01',
      end_date: '2026-12-16',
      rate_cents: 185_050,
      currency: 'ZAR',
    });
    expect(await ratesIn(listing.id)).toHaveLength(1);
  });

  it('an admin adds one to any business’s listing; it is the listing owner’s', async () => {
    const listing = await listingOf('otherOwner');
    const response = await call('POST', URL, 'admin', period(listing.id, '2026-12-01', '2026-12-16'));
    expect(response.statusCode).toBe(201);
    expect(response.json<Rate>().owner_id).toBe((await person('otherOwner')).user.id);
  });

  it.each(['otherOwner', 'backoffice', 'frontoffice', 'client'] as const)(
    '%s is refused with 403 and nothing is stored',
    async (who) => {
      const listing = await listingOf('owner');
      expectError(
        await call('POST', URL, who, period(listing.id, '2026-12-01', '2026-12-16')),
        403,
        FORBIDDEN,
      );
      expect(await ratesIn(listing.id)).toEqual([]);
    },
  );

  it('anonymous: 401 and nothing is stored; an unknown listing: 404', async () => {
    const listing = await listingOf('owner');
    expectError(await call('POST', URL, null, period(listing.id, '2026-12-01', '2026-12-16')), 401);
    expect(await ratesIn(listing.id)).toEqual([]);
    expectError(
      await call('POST', URL, 'owner', period(randomUUID(), '2026-12-01', '2026-12-16')),
      404,
      'Property not found',
    );
  });

  it.each([
    ['end = start', { end_date: '2026-12-01' }, RATE_MESSAGES.endAfterStart],
    ['end before start', { end_date: '2026-11-20' }, RATE_MESSAGES.endAfterStart],
    ['rate 0', { rate_cents: 0 }, RATE_MESSAGES.rateRequired],
    ['another currency', { currency: 'USD' }, 'Rates are in ZAR only'],
  ])('refuses %s with 400', async (_case, changes, message) => {
    const listing = await listingOf('owner');
    const body = { ...period(listing.id, '2026-12-01', '2026-12-16'), ...changes };
    expectError(await call('POST', URL, 'owner', body), 400, message);
    expect(await ratesIn(listing.id)).toEqual([]);
  });

  it('the exclusion constraint refuses an overlap (409, the spec’s message); touching periods are fine', async () => {
    const listing = await listingOf('owner');
    await stored('owner', listing.id, '2026-12-01', '2026-12-16');
    const cases: Array<[string, string, number]> = [
      ['2026-11-20', '2026-12-02', 409], // shares 1 December
      ['2026-12-15', '2026-12-20', 409], // shares 15 December
      ['2026-12-05', '2026-12-06', 409], // inside
      ['2026-11-20', '2026-12-01', 201], // ends where December starts
      ['2026-12-16', '2026-12-31', 201], // starts where December ends
    ];
    for (const [start, end, status] of cases) {
      const response = await call('POST', URL, 'owner', period(listing.id, start, end));
      expect({ start, end, status: response.statusCode }).toEqual({ start, end, status });
      if (status === 409) expect(response.json().message).toBe(RATE_MESSAGES.overlap);
    }
    expect((await ratesIn(listing.id)).map((rate) => rate.start_date)).toEqual([
      '2026-11-20',
      '2026-12-01',
      '2026-12-16',
    ]);
  });

  it('the same dates on another listing are no overlap', async () => {
    const first = await listingOf('owner');
    const second = await listingOf('owner');
    await stored('owner', first.id, '2026-12-01', '2026-12-16');
    const response = await call('POST', URL, 'owner', period(second.id, '2026-12-01', '2026-12-16'));
    expect(response.statusCode).toBe(201);
  });

  it('two overlapping periods sent at once: one is stored, the other gets 409', async () => {
    const listing = await listingOf('owner');
    const responses = await Promise.all([
      call('POST', URL, 'owner', period(listing.id, '2026-12-01', '2026-12-16')),
      call('POST', URL, 'admin', period(listing.id, '2026-12-10', '2026-12-24')),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json().message).toBe(RATE_MESSAGES.overlap);
    expect(await ratesIn(listing.id)).toHaveLength(1);
  });

  it('the order check stands behind the schema: an end before the start is a 400 from the database too', async () => {
    const listing = await listingOf('owner');
    const owner = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', (await person('owner')).user.id)
      .executeTakeFirstOrThrow();
    const unchecked = { ...period(listing.id, '2026-12-10', '2026-12-01'), currency: 'ZAR' as const };
    await expect(createRateFor(t.db, owner, unchecked)).rejects.toMatchObject({
      statusCode: 400,
      message: RATE_MESSAGES.endAfterStart,
    });
  });
});

describe('PUT /api/billing/rates/:id', () => {
  it('the owner changes a period; editing ignores the period itself', async () => {
    const listing = await listingOf('owner');
    const december = await stored('owner', listing.id, '2026-12-01', '2026-12-16');
    const response = await call(
      'PUT',
      `${URL}/${december.id}`,
      'owner',
      period(listing.id, '2026-11-28', '2026-12-20', 99_999),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Rate>()).toMatchObject({
      id: december.id,
      start_date: '2026-11-28',
      end_date: '2026-12-20',
      rate_cents: 99_999,
    });
  });

  it('a change into another period is refused with 409 and nothing changes', async () => {
    const listing = await listingOf('owner');
    const december = await stored('owner', listing.id, '2026-12-01', '2026-12-16');
    await stored('owner', listing.id, '2027-01-05', '2027-01-20');
    const response = await call(
      'PUT',
      `${URL}/${december.id}`,
      'owner',
      period(listing.id, '2026-12-01', '2027-01-06'),
    );
    expectError(response, 409, RATE_MESSAGES.overlap);
    expect((await ratesIn(listing.id))[0]).toMatchObject({ end_date: '2026-12-16' });
  });

  it('an admin changes any business’s period', async () => {
    const listing = await listingOf('otherOwner');
    const rate = await stored('otherOwner', listing.id, '2026-12-01', '2026-12-16');
    const response = await call(
      'PUT',
      `${URL}/${rate.id}`,
      'admin',
      period(listing.id, '2026-12-01', '2026-12-10'),
    );
    expect(response.statusCode).toBe(200);
  });

  it.each(['otherOwner', 'backoffice', 'frontoffice', 'client'] as const)(
    '%s is refused with 403 and nothing changes',
    async (who) => {
      const listing = await listingOf('owner');
      const rate = await stored('owner', listing.id, '2026-12-01', '2026-12-16');
      const response = await call(
        'PUT',
        `${URL}/${rate.id}`,
        who,
        period(listing.id, '2026-12-01', '2026-12-02', 1),
      );
      expectError(response, 403, FORBIDDEN);
      expect((await ratesIn(listing.id))[0]).toMatchObject({ end_date: '2026-12-16', rate_cents: 150_000 });
    },
  );

  it('anonymous: 401; an unknown period: 404', async () => {
    const listing = await listingOf('owner');
    const rate = await stored('owner', listing.id, '2026-12-01', '2026-12-16');
    expectError(
      await call('PUT', `${URL}/${rate.id}`, null, period(listing.id, '2026-12-01', '2026-12-02')),
      401,
    );
    expectError(
      await call('PUT', `${URL}/${randomUUID()}`, 'owner', period(listing.id, '2026-12-01', '2026-12-02')),
      404,
      'Rate not found',
    );
  });

  it('a period moves to another listing of its business, never to another business’s', async () => {
    const from = await listingOf('owner');
    const to = await listingOf('owner');
    const foreign = await listingOf('otherOwner');
    const rate = await stored('owner', from.id, '2026-12-01', '2026-12-16');
    const moved = await call('PUT', `${URL}/${rate.id}`, 'owner', period(to.id, '2026-12-01', '2026-12-16'));
    expect(moved.json<Rate>().property_id).toBe(to.id);
    expectError(
      await call('PUT', `${URL}/${rate.id}`, 'owner', period(foreign.id, '2026-12-01', '2026-12-16')),
      403,
    );
    expectError(
      await call('PUT', `${URL}/${rate.id}`, 'admin', period(foreign.id, '2026-12-01', '2026-12-16')),
      400,
      RATE_MESSAGES.otherBusiness,
    );
    expect(await ratesIn(foreign.id)).toEqual([]);
  });
});

describe('DELETE /api/billing/rates/:id', () => {
  it.each(['owner', 'admin'] as const)('%s deletes a period (204); it is gone', async (who) => {
    const listing = await listingOf('owner');
    const rate = await stored('owner', listing.id, '2026-12-01', '2026-12-16');
    const response = await call('DELETE', `${URL}/${rate.id}`, who);
    expect(response.statusCode).toBe(204);
    expect(await ratesIn(listing.id)).toEqual([]);
  });

  it.each(['otherOwner', 'backoffice', 'frontoffice', 'client', null] as const)(
    '%s is refused and the period stays',
    async (who) => {
      const listing = await listingOf('owner');
      const rate = await stored('owner', listing.id, '2026-12-01', '2026-12-16');
      expectError(await call('DELETE', `${URL}/${rate.id}`, who), who ? 403 : 401);
      expect(await ratesIn(listing.id)).toHaveLength(1);
    },
  );

  it('an unknown period: 404', async () => {
    expectError(await call('DELETE', `${URL}/${randomUUID()}`, 'owner'), 404, 'Rate not found');
  });
});
