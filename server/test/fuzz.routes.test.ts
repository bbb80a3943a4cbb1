import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { type FakeStripe, startFakeStripe } from '../modules/stripe/fake-stripe-api.ts';
import { bookingBody, day, insertProperty, signInOwner } from './booking-fixtures.ts';
import { addLine, businessDetailsBody } from './document-fixtures.ts';
import { callerArbitrary, hostileArbitrary } from './fuzz-hostile.ts';
import { buildRequest, type Fixtures, type Operation, operationsOf, targetCount } from './fuzz-requests.ts';
import { createTestApp, type TestApp, uniqueEmail } from './harness.ts';

/**
 * Property-based fuzzing of every operation in the served OpenAPI document (issue 18): each request
 * starts from a plausible input built from the operation's own schema and real ids of the caller's
 * data (so the deeper code runs), then one hostile change is made to it: a wrong type, a NUL byte,
 * a huge or negative number, deep JSON, a malformed percent-encoding, extra fields or a long
 * string. Anonymous, client, owner and admin callers send them. No answer may be a 5xx; every 5xx
 * is collected with its request so that one run reports them all.
 *
 * The requests are built in fuzz-requests.ts, the hostile changes and callers drawn in fuzz-hostile.ts.
 */

const SEED = 18_2026;
/** Runs per operation grow with the places a hostile value can go: a form with 25 fields gets more. */
const runsFor = (targets: number) => Math.min(120, 20 + 4 * targets);

async function createFixtures(t: TestApp): Promise<Fixtures> {
  const owner = await signInOwner(t);
  const client = await t.signInAs({ role: 'client' });
  const admin = await t.signInAs({ role: 'admin' });
  const adminTarget = await t.createUser({ role: 'client' });
  const property = await insertProperty(t.db, owner.user.id);
  const reservationResponse = await t.post(
    '/api/reservations',
    bookingBody(property.id, 30, 3, {
      new_client: { first_name: 'Fuzz', last_name: 'Client', email: uniqueEmail() },
    }),
    { cookie: owner.cookie },
  );
  if (reservationResponse.statusCode !== 201)
    throw new Error(`fixture reservation: ${reservationResponse.statusCode} ${reservationResponse.body}`);
  const reservation = reservationResponse.json<{ id: string; owner_id: string; client_id: string }>();
  const line = await addLine(t, reservation, { description: 'Fuzz line', unitPriceCents: 10_000 });
  const created = async (url: string, body: unknown) => {
    const response = await t.post(url, body, { cookie: owner.cookie });
    if (response.statusCode !== 201 && response.statusCode !== 200)
      throw new Error(`fixture ${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>().id;
  };
  const rateId = await created('/api/billing/rates', {
    property_id: property.id,
    start_date: day(100),
    end_date: day(110),
    rate_cents: 90_000,
  });
  const stockItemId = await created('/api/billing/stock-items', {
    name: 'Firewood',
    unit_price_cents: 5_000,
  });
  const extraChargeTypeId = await created('/api/billing/extra-charge-types', {
    name: 'Late checkout',
    default_amount_cents: 20_000,
  });
  const staff = await t.createUser({ role: 'backoffice', parentOwnerId: owner.user.id });
  const details = await t.request('PUT', '/api/business/details', {
    body: businessDetailsBody(),
    cookie: owner.cookie,
  });
  if (details.statusCode !== 200) throw new Error(`fixture details: ${details.statusCode} ${details.body}`);
  return {
    cookies: { anonymous: undefined, client: client.cookie, owner: owner.cookie, admin: admin.cookie },
    ids: {
      'properties.id': property.id,
      'reservations.id': reservation.id,
      'billing/rates.id': rateId,
      'billing/stock-items.id': stockItemId,
      'billing/extra-charge-types.id': extraChargeTypeId,
      'clients.id': reservation.client_id,
      'staff.id': staff.id,
      'admin/users.id': adminTarget.id,
      lineId: line.id,
      property_id: property.id,
      reservation_id: reservation.id,
      client_id: reservation.client_id,
      stock_item_id: stockItemId,
      extra_charge_type_id: extraChargeTypeId,
      owner_id: owner.user.id,
      ownerId: owner.user.id,
      addOnId: 'extra_listings',
    },
  };
}

/** The fixtures' ids with `id` bound to the resource the path names (/api/properties/{id} → a listing). */
function fixturesFor(operation: Operation, fixtures: Fixtures): Fixtures {
  const resource = Object.keys(fixtures.ids).find(
    (key) => key.endsWith('.id') && operation.path.startsWith(`/api/${key.slice(0, -3)}/{id}`),
  );
  return resource
    ? { ...fixtures, ids: { ...fixtures.ids, id: fixtures.ids[resource] as string } }
    : fixtures;
}

describe('fuzzing every documented operation', () => {
  let t: TestApp;
  let fakeStripe: FakeStripe;
  beforeAll(async () => {
    // Stripe configured against the local stand-in, so that its routes run past "not available".
    fakeStripe = await startFakeStripe();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_rentza_fuzz',
        STRIPE_WEBHOOK_SECRET: 'whsec_rentza_fuzz',
        STRIPE_API_BASE: fakeStripe.baseUrl,
      },
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
    await fakeStripe?.close();
  });

  test('no hostile input gets a 5xx, for any caller', { timeout: 240_000 }, async () => {
    const operations = operationsOf(t.app.swagger());
    expect(operations.length).toBeGreaterThanOrEqual(100);
    const fixtures = await createFixtures(t);
    const serverErrors = new Map<string, string>();
    let requestCount = 0;
    let successCount = 0;
    const started = Date.now();

    const ownerId = fixtures.ids.owner_id as string;
    const subscription = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    for (const [index, operation] of operations.entries()) {
      const operationFixtures = fixturesFor(operation, fixtures);
      // Each operation starts with the owner on Business again: an earlier one may have changed the plan.
      const { id: _id, ...plan } = subscription;
      await t.db.updateTable('subscriptions').set(plan).where('owner_id', '=', ownerId).execute();
      await fc.assert(
        fc.asyncProperty(callerArbitrary, hostileArbitrary, async (caller, hostile) => {
          const request = buildRequest(operation, caller, hostile, operationFixtures);
          requestCount += 1;
          const response = await t.app.inject(request as InjectOptions);
          if (response.statusCode < 300) successCount += 1;
          if (response.statusCode >= 500) {
            const key = `${operation.method.toUpperCase()} ${operation.path} (${hostile.kind}) → ${response.statusCode}`;
            if (!serverErrors.has(key))
              serverErrors.set(
                key,
                `${key}\n    as ${caller}: ${request.method} ${request.url.slice(0, 300)} ${(request.payload ?? '').slice(0, 300)}\n    answer: ${response.body.slice(0, 200)}`,
              );
          }
        }),
        {
          seed: SEED + index,
          numRuns: runsFor(targetCount(operation, operationFixtures)),
          endOnFailure: true,
        },
      );
    }

    console.log(
      `fuzz: ${requestCount} requests over ${operations.length} operations in ${Math.round((Date.now() - started) / 1000)} s; ${successCount} succeeded; ${serverErrors.size} distinct 5xx`,
    );
    expect([...serverErrors.values()]).toEqual([]);
    // Requests that get past validation and access checks: fixtures that stopped working (every
    // request a 401 or 404) would leave the code behind them unfuzzed.
    expect(successCount).toBeGreaterThan(requestCount / 10);
  });
});
