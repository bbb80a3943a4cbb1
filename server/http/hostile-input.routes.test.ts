import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { MAX_TOTAL_CENTS, plainRandCents } from '../../domain/money.ts';
import { bookingBody, day, insertProperty, signInOwner } from '../test/booking-fixtures.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../test/harness.ts';
import { registerErrorHandler } from './error-handler.ts';
import { containsNul, HOSTILE_INPUT_MESSAGES, JsonDepthGuard, MAX_JSON_DEPTH } from './hostile-input.ts';

/** Issue 18 item 4: each bad input found by fuzzing is a 400 with a clear message that changes nothing. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const nested = (depth: number, opener = '[', closer = ']') =>
  `${opener.repeat(depth)}1${closer.repeat(depth)}`;

const listing = (overrides: Record<string, unknown> = {}) => ({
  type: 'accommodation',
  category: 'house',
  title: 'Karoo cottage',
  description: 'A cottage.',
  city: 'Cape Town',
  location: '1 Long Street, Cape Town',
  price_per_day_cents: 50_000,
  specifications: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
  ...overrides,
});

async function ownerBooking() {
  const owner = await signInOwner(t);
  const property = await insertProperty(t.db, owner.user.id, { cleaning_fee_cents: 0 });
  const created = await t.post(
    '/api/reservations',
    bookingBody(property.id, 20, 2, {
      new_client: { first_name: 'Ada', last_name: 'Guest', email: uniqueEmail() },
    }),
    { cookie: owner.cookie },
  );
  expect(created.statusCode).toBe(201);
  return {
    owner,
    property,
    reservation: created.json<{ id: string; rate_override_per_day_cents: number | null }>(),
  };
}

describe('NUL characters', () => {
  it('in a query string: the anonymous search answers 400', async () => {
    const response = await t.get('/api/properties?city=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(HOSTILE_INPUT_MESSAGES.nulCharacter);
  });

  it('in a path parameter', async () => {
    const owner = await signInOwner(t);
    const response = await t.get('/api/payments/a%00b', { cookie: owner.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(HOSTILE_INPUT_MESSAGES.nulCharacter);
  });

  it('in a JSON body (a key or a value, however nested): 400 and the profile is unchanged', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    for (const body of [
      { first_name: 'a\u0000b' },
      { first_name: 'Ada', 'last\u0000name': 'x' },
      { first_name: 'Ada', extra: [{ deep: ['\u0000'] }] },
    ]) {
      const response = await t.patch('/api/me', body, { cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(HOSTILE_INPUT_MESSAGES.nulCharacter);
    }
    const me = await t.get('/api/me', { cookie });
    expect(me.json().first_name).toBe(user.first_name);
  });

  it('on the auth routes', async () => {
    const response = await t.post('/api/auth/reset-password', {
      newPassword: 'Rz#Strong2026a',
      token: 'a\u0000b',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('malformed percent-encoding', () => {
  it.each([
    '/api/properties?city=%ZZ',
    '/api/properties?city=%',
    '/api/properties?city=%C3%28',
    '/api/properties?%E0%80=1',
  ])('%s answers 400', async (url) => {
    const response = await t.get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(HOSTILE_INPUT_MESSAGES.malformedUrl);
  });

  // The router refuses a malformed path itself, before any hook runs; frameworkErrors words it as ours.
  it.each(['/api/properties/%ZZ', '/api/properties/%C3%28/availability'])('%s answers 400', async (url) => {
    const response = await t.get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'BAD_REQUEST', message: HOSTILE_INPUT_MESSAGES.malformedUrl });
  });

  it('well-formed UTF-8 passes', async () => {
    const response = await t.get(`/api/properties?city=${encodeURIComponent('Gqeberha é')}`);
    expect(response.statusCode).toBe(200);
  });
});

describe('deeply nested JSON', () => {
  it.each(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset'])(
    '100 000 levels on %s answer 400 before any parsing',
    async (url) => {
      for (const body of [nested(100_000), nested(100_000, '{"a":', '}')]) {
        const response = await t.request('POST', url, {
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(HOSTILE_INPUT_MESSAGES.tooDeep);
      }
    },
  );

  it('on a route that reads no body (a GET, an unknown type) the server answers and keeps running', async () => {
    const onUncaught = vi.fn();
    process.on('uncaughtException', onUncaught);
    try {
      const search = await t.request('GET', '/api/properties', {
        body: nested(100_000),
        headers: { 'content-type': 'application/json' },
      });
      expect(search.statusCode).toBe(200);
      const health = await t.request('DELETE', '/api/health', {
        body: nested(100_000),
        headers: { 'content-type': 'application/json; charset=utf-16' },
      });
      expect(health.statusCode).toBeLessThan(500);
      await new Promise((resolve) => setImmediate(resolve));
      expect(onUncaught).not.toHaveBeenCalled();
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it(`${MAX_JSON_DEPTH} levels are parsed (and refused by the schema, not the depth guard)`, async () => {
    const { cookie } = await t.signInAs({ role: 'client' });
    const body = `{"first_name":${nested(MAX_JSON_DEPTH - 1)}}`;
    const response = await t.request('PATCH', '/api/me', {
      body,
      cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toBe(HOSTILE_INPUT_MESSAGES.tooDeep);
  });

  it('brackets inside strings do not count', async () => {
    const text = `"${'['.repeat(100)}\\"${'{'.repeat(100)}"`;
    const chunks: Buffer[] = [];
    const guard = Readable.from([Buffer.from(`[${text}]`)]).pipe(new JsonDepthGuard(2));
    for await (const chunk of guard) chunks.push(chunk as Buffer);
    expect(JSON.parse(Buffer.concat(chunks).toString())).toHaveLength(1);
  });

  it('the depth is counted across chunks', async () => {
    const guard = Readable.from(['[[', '[[', '"]]"', '[']).pipe(new JsonDepthGuard(4));
    await expect(async () => {
      for await (const _chunk of guard);
    }).rejects.toThrow(HOSTILE_INPUT_MESSAGES.tooDeep);
  });
});

describe('numbers bounded', () => {
  it.each([
    ['price_per_day_cents', 2 ** 31, 'Price must be at most R 1 000 000.00'],
    ['cleaning_fee_cents', 2 ** 31, 'Cleaning fee must be at most R 1 000 000.00'],
    ['security_deposit_cents', 2 ** 40, 'Security deposit must be at most R 1 000 000.00'],
  ])('a listing with %s %d answers 400: %s', async (field, value, message) => {
    const owner = await signInOwner(t);
    const response = await t.post('/api/properties', listing({ [field]: value }), { cookie: owner.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    const mine = await t.get('/api/my/properties', { cookie: owner.cookie });
    expect(mine.json()).toHaveLength(0);
  });

  it('specifications.bedrooms 1e12 is refused', async () => {
    const owner = await signInOwner(t);
    const body = listing({
      specifications: { type: 'accommodation', bedrooms: 1e12, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
    });
    const response = await t.post('/api/properties', body, { cookie: owner.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors['specifications.bedrooms']).toBe('Bedrooms must be at most 1 000');
  });

  it('a stored listing with 1e12 bedrooms does not break the search for guests', async () => {
    const owner = await signInOwner(t);
    await insertProperty(t.db, owner.user.id, { specifications: { bedrooms: 1e12 } });
    const response = await t.get('/api/properties?guests=2');
    expect(response.statusCode).toBe(200);
  });

  it('rate_override_per_day_cents 2147483647 answers 400 and the reservation is unchanged', async () => {
    const { owner, reservation } = await ownerBooking();
    const response = await t.patch(
      `/api/reservations/${reservation.id}`,
      { rate_override_per_day_cents: 2_147_483_647 },
      { cookie: owner.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Rate override must be at most R 1 000 000.00');
    const after = await t.get(`/api/reservations/${reservation.id}`, { cookie: owner.cookie });
    expect(after.json().rate_override_per_day_cents).toBe(reservation.rate_override_per_day_cents);
  });

  it('a rate period ending 9999-12-31 answers 400', async () => {
    const owner = await signInOwner(t);
    const property = await insertProperty(t.db, owner.user.id);
    const response = await t.post(
      '/api/billing/rates',
      { property_id: property.id, start_date: day(10), end_date: '9999-12-31', rate_cents: 10_000 },
      { cookie: owner.cookie },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('End date must be between the years 2000 and 2100');
  });

  it('a billing line whose amount passes what a ledger holds answers 400 and adds nothing', async () => {
    const { owner, reservation } = await ownerBooking();
    const url = `/api/reservations/${reservation.id}/transactions`;
    const huge = {
      kind: 'ad_hoc',
      description: 'Everything',
      quantity: 100_000,
      unit_price_cents: 100_000_000,
    };
    const response = await t.post(url, huge, { cookie: owner.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `A reservation's charges, payments and deposit must each come to at most ${plainRandCents(MAX_TOTAL_CENTS)}`,
    );
    const ledger = await t.get(url, { cookie: owner.cookie });
    expect(ledger.json().lines).toHaveLength(0);
  });

  it('lines that each fit but add up past the limit are refused at the one that passes it', async () => {
    const { owner, reservation } = await ownerBooking();
    const url = `/api/reservations/${reservation.id}/transactions`;
    const line = { kind: 'ad_hoc', description: 'Large', quantity: 10, unit_price_cents: 100_000_000 };
    expect((await t.post(url, line, { cookie: owner.cookie })).statusCode).toBe(201);
    expect((await t.post(url, line, { cookie: owner.cookie })).statusCode).toBe(201);
    const third = await t.post(url, line, { cookie: owner.cookie });
    expect(third.statusCode).toBe(400);
  });
});

describe('the error handler as the last line of defence', () => {
  it.each([
    ['22003', 'A number in the request is too large.'],
    ['22P02', 'A value in the request is not valid.'],
    ['22021', 'Text in the request contains a character that cannot be stored.'],
  ])('PostgreSQL %s is a 400', async (code, message) => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/fail', async () => {
      throw Object.assign(new Error('database refused'), { code });
    });
    const response = await app.inject({ method: 'GET', url: '/fail' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'BAD_REQUEST', message });
    await app.close();
  });
});

describe('containsNul', () => {
  it('finds a NUL at any depth without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(containsNul(deep)).toBe(true);
    expect(containsNul({ a: ['b', { c: 'd' }] })).toBe(false);
  });
});
