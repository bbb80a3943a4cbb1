import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_QUOTA_MESSAGES } from '../../../domain/booking-quota.ts';
import { addMonths, daysBetween, todayInBusinessZone } from '../../../domain/dates.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import type { Property } from '../../db/types.ts';
import {
  bookingBody,
  day,
  insertProperty,
  newClientInput,
  type PropertyOptions,
  setPlan,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { type CreatedUser, createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
// Generous: on a loaded machine starting the app (migrated database, auth) can take a while.
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const MUST_LOG_IN = 'You must be logged in to create a reservation. Please log in and try again.';
const NOT_YOURS = 'You can only modify your own reservations';
const NO_PERMISSION = 'You do not have permission to modify this reservation';
const INVALID_CLIENT = 'Invalid client ID. Please select a valid client.';
const MISSING_INFO = 'Missing required information';
const PROPERTY_NOT_FOUND = 'Property not found';
const NOT_FOUND = 'Reservation not found';
const ONLY_OWNERS = 'Only owners can manage clients';
const DELETE_NOT_ALLOWED = 'Only the owner or an admin can delete a reservation';
const MONTHLY_LIMIT = "You've reached your monthly limit of 5 bookings. Upgrade for unlimited bookings.";
const DATES_TAKEN = /no longer available/i;

interface Person {
  user: CreatedUser;
  cookie: string;
}

/**
 * People shared by the tests (signing in costs a password check): the "team" (a Business owner with
 * staff who have and lack the reservations permission), a second owner, an admin and two clients.
 * Each test makes its own listings and bookings.
 */
const shared = new Map<string, Promise<Person>>();
function once(key: string, make: () => Promise<Person>): Promise<Person> {
  let value = shared.get(key);
  if (!value) {
    value = make();
    shared.set(key, value);
  }
  return value;
}
const teamOwner = () => once('team', () => signInOwner(t));
const otherOwner = () => once('other', () => signInOwner(t));
const admin = () => once('admin', () => t.signInAs({ role: 'admin' }));
const client = () => once('client', () => t.signInAs({ role: 'client' }));
const client2 = () => once('client2', () => t.signInAs({ role: 'client' }));
type StaffKey =
  | 'backoffice'
  | 'frontoffice'
  | 'backoffice-without'
  | 'frontoffice-without'
  | 'other-backoffice';
const staff = (key: StaffKey) =>
  once(key, async () => {
    const role = key.startsWith('back') || key === 'other-backoffice' ? 'backoffice' : 'frontoffice';
    const parent = key === 'other-backoffice' ? await otherOwner() : await teamOwner();
    const withPermission = !key.endsWith('without');
    return t.signInAs({
      role,
      parentOwnerId: parent.user.id,
      permissions: {
        canManageProperties: role === 'backoffice',
        canManageReservations: withPermission,
        canManageTenants: role === 'backoffice',
        canManageUsers: role === 'backoffice',
        canViewReports: true,
      },
    });
  });

const listingOf = async (owner: Promise<Person>, options: PropertyOptions = {}) =>
  insertProperty(t.db, (await owner).user.id, options);

const del = (url: string, cookie?: string) => t.request('DELETE', url, cookie ? { cookie } : {});
const book = (body: unknown, cookie?: string) => t.post('/api/reservations', body, cookie ? { cookie } : {});

function created(response: LightMyRequestResponse): Reservation {
  if (response.statusCode !== 201)
    throw new Error(`expected 201, got ${response.statusCode} ${response.body}`);
  return response.json<Reservation>();
}

function expectError(response: LightMyRequestResponse, status: number, message: string | RegExp) {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  if (typeof message === 'string') expect(response.json().message).toBe(message);
  else expect(response.json().message).toMatch(message);
}

/** The owner books a stay for a new client of their business. */
async function ownerBooks(
  owner: Person,
  property: Property,
  startOffset: number,
  nights: number,
  extra = {},
) {
  return created(
    await book(
      bookingBody(property.id, startOffset, nights, { new_client: newClientInput(), ...extra }),
      owner.cookie,
    ),
  );
}

const setStatus = (id: string, status: Reservation['status'], cookie: string) =>
  t.patch(`/api/reservations/${id}`, { status }, { cookie });

const storedReservation = (id: string) =>
  t.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();

const clientsOf = (ownerId: string, email: string) =>
  t.db.selectFrom('clients').selectAll().where('owner_id', '=', ownerId).where('email', '=', email).execute();

describe('POST /api/reservations', () => {
  it('anonymous: 401 with the spec message, and nothing is stored', async () => {
    const property = await listingOf(teamOwner());
    expectError(await book(bookingBody(property.id, 5, 2)), 401, MUST_LOG_IN);
    const rows = await t.db
      .selectFrom('reservations')
      .select('id')
      .where('property_id', '=', property.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('a client books: always pending, priced by the server, deposit from the listing, client record under the owner', async () => {
    const { user: owner } = await teamOwner();
    const { user, cookie } = await client();
    const property = await listingOf(teamOwner(), {
      price_per_day_cents: 50_000,
      cleaning_fee_cents: 15_000,
      security_deposit_cents: 200_000,
    });
    const response = await book(
      bookingBody(property.id, 10, 3, {
        guests: 2,
        status: 'confirmed',
        total_price_cents: 1,
        security_deposit_cents: 0,
        owner_id: (await otherOwner()).user.id,
        client_id: randomUUID(),
        rate_override_per_day_cents: 100,
        tax_percent: 50,
        discount_percent: 50,
        voucher_number: 'V-1',
        purchase_order_number: 'PO-1',
        special_requests: 'Late arrival',
      }),
      cookie,
    );
    const reservation = created(response);
    expect(reservation).toMatchObject({
      property_id: property.id,
      owner_id: owner.id,
      start_date: day(10),
      end_date: day(13),
      units: 3,
      price_unit: 'night',
      duration: '3 nights',
      status: 'pending',
      total_price_cents: 50_000 * 3 + 15_000,
      security_deposit_cents: 200_000,
      guests: 2,
      rate_override_per_day_cents: null,
      tax_percent: 0,
      discount_percent: 0,
      voucher_number: null,
      purchase_order_number: null,
      special_requests: 'Late arrival',
      client: { email: user.email, first_name: user.first_name, last_name: user.last_name },
    });
    const stored = await storedReservation(reservation.id);
    expect(stored).toMatchObject({ status: 'pending', total_price_cents: 165_000, created_by: user.id });
    const records = await clientsOf(owner.id, user.email);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: reservation.client_id, user_id: user.id });
  });

  it('a second booking by the same client reuses their client record', async () => {
    const { user: owner } = await teamOwner();
    const { user, cookie } = await client2();
    const property = await listingOf(teamOwner());
    const first = created(await book(bookingBody(property.id, 30, 1), cookie));
    const second = created(await book(bookingBody(property.id, 31, 2), cookie));
    expect(second.client_id).toBe(first.client_id);
    expect(await clientsOf(owner.id, user.email)).toHaveLength(1);
  });

  it('a client booking with another owner gets a separate record under that owner', async () => {
    const { user, cookie } = await client();
    const mine = created(await book(bookingBody((await listingOf(teamOwner())).id, 12, 1), cookie));
    const theirs = created(await book(bookingBody((await listingOf(otherOwner())).id, 12, 1), cookie));
    expect(theirs.client_id).not.toBe(mine.client_id);
    expect(theirs.owner_id).toBe((await otherOwner()).user.id);
    expect(await clientsOf((await otherOwner()).user.id, user.email)).toHaveLength(1);
  });

  it("a client cannot book in someone else's name: client_id and new_client are ignored", async () => {
    const owner = await teamOwner();
    const { user, cookie } = await client();
    const property = await listingOf(teamOwner());
    const someoneElse = await ownerBooks(owner, property, 40, 1);
    const reservation = created(
      await book(
        bookingBody(property.id, 50, 1, { client_id: someoneElse.client_id, new_client: newClientInput() }),
        cookie,
      ),
    );
    expect(reservation.client_id).not.toBe(someoneElse.client_id);
    expect(reservation.client.email).toBe(user.email);
  });

  it('the owner books for a client of their business; their rate override, discount and references apply; no VAT unless registered', async () => {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner(), {
      price_per_day_cents: 50_000,
      cleaning_fee_cents: 10_000,
    });
    const first = await ownerBooks(owner, property, 20, 1);
    const response = await book(
      bookingBody(property.id, 22, 4, {
        client_id: first.client_id,
        rate_override_per_day_cents: 30_000,
        tax_percent: 15,
        discount_percent: 10,
        voucher_number: 'V-77',
        purchase_order_number: 'PO-9',
        status: 'confirmed',
      }),
      owner.cookie,
    );
    expect(created(response)).toMatchObject({
      client_id: first.client_id,
      owner_id: owner.user.id,
      status: 'pending',
      units: 4,
      duration: '4 nights',
      // Decision 029: the discount is part of the one total (rental only, not the cleaning fee), and
      // an owner who is not registered for VAT charges none, whatever tax % is sent.
      total_price_cents: 30_000 * 4 - 12_000 + 10_000,
      rate_override_per_day_cents: 30_000,
      tax_percent: 0,
      discount_percent: 10,
      voucher_number: 'V-77',
      purchase_order_number: 'PO-9',
    });
  });

  it('a negative override counts as 0 (the stay then costs only the cleaning fee)', async () => {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner(), { cleaning_fee_cents: 4_000 });
    const reservation = await ownerBooks(owner, property, 5, 2, { rate_override_per_day_cents: -500 });
    expect(reservation).toMatchObject({ rate_override_per_day_cents: 0, total_price_cents: 4_000 });
  });

  it('the owner books for a new client: created under the owner (not registered) and reused by email', async () => {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner());
    const input = newClientInput();
    const first = created(await book(bookingBody(property.id, 60, 2, { new_client: input }), owner.cookie));
    expect(first.client).toEqual(input);
    const upperCased = { ...input, email: input.email.toUpperCase() };
    const second = created(
      await book(bookingBody(property.id, 62, 2, { new_client: upperCased }), owner.cookie),
    );
    expect(second.client_id).toBe(first.client_id);
    const records = await clientsOf(owner.user.id, input.email);
    expect(records).toHaveLength(1);
    expect(records[0]?.user_id).toBeNull();
  });

  it("another business's client_id → 400, and nothing is stored", async () => {
    const owner = await teamOwner();
    const foreign = await ownerBooks(await otherOwner(), await listingOf(otherOwner()), 3, 1);
    const property = await listingOf(teamOwner());
    expectError(
      await book(bookingBody(property.id, 3, 1, { client_id: foreign.client_id }), owner.cookie),
      400,
      INVALID_CLIENT,
    );
    expectError(
      await book(bookingBody(property.id, 3, 1, { client_id: randomUUID() }), owner.cookie),
      400,
      INVALID_CLIENT,
    );
    const rows = await t.db
      .selectFrom('reservations')
      .select('id')
      .where('property_id', '=', property.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('the owner with neither client_id nor new_client → 400 Missing required information', async () => {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner());
    expectError(await book(bookingBody(property.id, 3, 1), owner.cookie), 400, MISSING_INFO);
  });

  it.each(['backoffice', 'frontoffice'] as const)(
    '%s with the reservations permission books for one of the business’s clients',
    async (key) => {
      const { user } = await staff(key);
      const owner = await teamOwner();
      const property = await listingOf(teamOwner(), { price_per_day_cents: 20_000 });
      const existing = await ownerBooks(owner, property, 40, 1);
      const reservation = created(
        await book(
          bookingBody(property.id, 7, 2, {
            client_id: existing.client_id,
            rate_override_per_day_cents: 15_000,
          }),
          (await staff(key)).cookie,
        ),
      );
      expect(reservation).toMatchObject({
        owner_id: owner.user.id,
        client_id: existing.client_id,
        total_price_cents: 30_000,
      });
      expect((await storedReservation(reservation.id))?.created_by).toBe(user.id);
    },
  );

  it.each(['frontoffice'] as const)(
    '%s without the tenants permission may not create a client with the booking → 403, nothing stored',
    async (key) => {
      const owner = await teamOwner();
      const property = await listingOf(teamOwner());
      const input = newClientInput();
      expectError(
        await book(bookingBody(property.id, 7, 2, { new_client: input }), (await staff(key)).cookie),
        403,
        ONLY_OWNERS,
      );
      expect(await clientsOf(owner.user.id, input.email)).toHaveLength(0);
      const stored = await t.db
        .selectFrom('reservations')
        .select('id')
        .where('property_id', '=', property.id)
        .execute();
      expect(stored).toHaveLength(0);
    },
  );

  it.each(['backoffice-without', 'frontoffice-without'] as const)(
    '%s the reservations permission books only as a renter (no client choice, no override)',
    async (key) => {
      const { user, cookie } = await staff(key);
      const owner = await teamOwner();
      const property = await listingOf(teamOwner(), { price_per_day_cents: 20_000 });
      const other = await ownerBooks(owner, property, 30, 1);
      const reservation = created(
        await book(
          bookingBody(property.id, 8, 2, { client_id: other.client_id, rate_override_per_day_cents: 1 }),
          cookie,
        ),
      );
      expect(reservation.client.email).toBe(user.email);
      expect(reservation).toMatchObject({ total_price_cents: 40_000, rate_override_per_day_cents: null });
    },
  );

  it("staff of another business cannot use this business's clients", async () => {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner());
    const existing = await ownerBooks(owner, property, 30, 1);
    const { user, cookie } = await staff('other-backoffice');
    const reservation = created(
      await book(bookingBody(property.id, 9, 1, { client_id: existing.client_id }), cookie),
    );
    expect(reservation.client.email).toBe(user.email);
  });

  it('an admin books for any business with one of its clients', async () => {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner());
    const existing = await ownerBooks(owner, property, 30, 1);
    const reservation = created(
      await book(bookingBody(property.id, 11, 1, { client_id: existing.client_id }), (await admin()).cookie),
    );
    expect(reservation).toMatchObject({
      owner_id: owner.user.id,
      client_id: existing.client_id,
      status: 'pending',
    });
  });

  it('an admin books for a business with a new client: created under the listing’s owner', async () => {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner());
    const input = newClientInput();
    const reservation = created(
      await book(bookingBody(property.id, 12, 1, { new_client: input }), (await admin()).cookie),
    );
    expect(reservation).toMatchObject({ owner_id: owner.user.id, client: { email: input.email } });
    expect(await clientsOf(owner.user.id, input.email)).toHaveLength(1);
  });

  it('a start in the past → 400; today is allowed', async () => {
    const { cookie } = await client();
    const property = await listingOf(teamOwner());
    expectError(await book(bookingBody(property.id, -1, 3), cookie), 400, 'Start date cannot be in the past');
    created(await book(bookingBody(property.id, 0, 1), cookie));
  });

  it('an end not after the start → 400', async () => {
    const { cookie } = await client();
    const property = await listingOf(teamOwner());
    expectError(await book(bookingBody(property.id, 4, 0), cookie), 400, 'End date must be after start date');
    expectError(
      await book(bookingBody(property.id, 4, -2), cookie),
      400,
      'End date must be after start date',
    );
  });

  it.each([
    ['accommodation', { maxGuests: 4 }, 4],
    ['event_space', { capacity: 30 }, 30],
    ['vehicle', { seatingCapacity: 5 }, 5],
    ['equipment', {}, 1],
    ['storage_space', {}, 1],
  ] as const)('%s: guests up to the maximum (%o → %i), one more → 400', async (type, specifications, max) => {
    const { cookie } = await client();
    const property = await listingOf(teamOwner(), { type, specifications });
    // Each in its unit: an event space by the hour, storage by the month.
    const inUnit =
      type === 'event_space'
        ? { start_time: '10:00', end_time: '14:00', end_date: null }
        : type === 'storage_space'
          ? { months: 1, end_date: null }
          : {};
    expectError(
      await book(bookingBody(property.id, 3, 1, { guests: max + 1, ...inUnit }), cookie),
      400,
      `Guests cannot be more than ${max} for this property`,
    );
    expect(
      created(await book(bookingBody(property.id, 3, 1, { guests: max, ...inUnit }), cookie)).guests,
    ).toBe(max);
  });

  it.each([
    ['inactive', { is_active: false }],
    ['under maintenance', { status: 'maintenance' }],
  ] as const)('a listing that is %s → 404 Property not found', async (_label, state) => {
    const property = await listingOf(teamOwner(), state);
    expectError(await book(bookingBody(property.id, 3, 1), (await client()).cookie), 404, PROPERTY_NOT_FOUND);
  });

  it('an unknown listing → 404; a malformed id → 400', async () => {
    const { cookie } = await client();
    expectError(await book(bookingBody(randomUUID(), 3, 1), cookie), 404, PROPERTY_NOT_FOUND);
    expectError(await book(bookingBody('not-an-id', 3, 1), cookie), 400, 'No property ID provided');
    expectError(await book({ start_date: day(3), end_date: day(4) }, cookie), 400, 'No property ID provided');
  });

  it('dates outside the availability window → 400', async () => {
    const { cookie } = await client();
    const property = await listingOf(teamOwner(), { availability_start: day(10), availability_end: day(20) });
    const outside = 'This property is not available for the selected dates';
    expectError(await book(bookingBody(property.id, 9, 2), cookie), 400, outside);
    expectError(await book(bookingBody(property.id, 18, 3), cookie), 400, outside);
    created(await book(bookingBody(property.id, 10, 10), cookie));
  });

  it('overlapping dates → 409 saying the dates are no longer available; back-to-back stays are fine', async () => {
    const { cookie } = await client();
    const owner = await teamOwner();
    const property = await listingOf(teamOwner());
    created(await book(bookingBody(property.id, 20, 3), cookie));
    for (const [start, nights] of [
      [19, 2],
      [22, 3],
      [21, 1],
      [18, 8],
      [20, 3],
    ] as const) {
      expectError(await book(bookingBody(property.id, start, nights), cookie), 409, DATES_TAKEN);
      expectError(
        await book(bookingBody(property.id, start, nights, { new_client: newClientInput() }), owner.cookie),
        409,
        DATES_TAKEN,
      );
    }
    created(await book(bookingBody(property.id, 23, 2), cookie));
    created(await book(bookingBody(property.id, 17, 3), cookie));
    const blocking = await t.db
      .selectFrom('reservations')
      .select(['start_date', 'end_date'])
      .where('property_id', '=', property.id)
      .orderBy('start_date')
      .execute();
    expect(blocking).toEqual([
      { start_date: day(17), end_date: day(20) },
      { start_date: day(20), end_date: day(23) },
      { start_date: day(23), end_date: day(25) },
    ]);
  });

  it('the same dates on another listing are fine', async () => {
    const { cookie } = await client();
    created(await book(bookingBody((await listingOf(teamOwner())).id, 20, 3), cookie));
    created(await book(bookingBody((await listingOf(teamOwner())).id, 20, 3), cookie));
  });

  it('a confirmed stay blocks; cancelling frees the dates; a completed stay does not block', async () => {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner());
    const first = await ownerBooks(owner, property, 30, 3);
    expect((await setStatus(first.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    expectError(await book(bookingBody(property.id, 31, 1), (await client()).cookie), 409, DATES_TAKEN);

    expect((await setStatus(first.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
    const second = created(await book(bookingBody(property.id, 31, 1), (await client()).cookie));

    expect((await setStatus(second.id, 'completed', owner.cookie)).statusCode).toBe(200);
    created(await book(bookingBody(property.id, 30, 3), (await client2()).cookie));
  });

  it("Starter plan: the business's 6th booking this month → 403; a request made before the month filled waits, accepting it is refused; a new one is refused; upgrading lifts the limit", async () => {
    // The rule changed (docs/decisions/022): a client's request counts when the business accepts it;
    // and (docs/decisions/033) one made once the month is full is refused with the client's message.
    const owner = await signInOwner(t, 'starter');
    const listing = await t.post(
      '/api/properties',
      {
        type: 'equipment',
        category: 'tools',
        title: `Drill ${randomUUID().slice(0, 8)}`,
        description: 'A hammer drill',
        city: 'Durban',
        location: 'Umhlanga, Durban',
        price_per_day_cents: 10_000,
        cleaning_fee_cents: 500,
        security_deposit_cents: 75_000,
        specifications: { type: 'equipment', brand: 'Makita', model: 'HR2470', condition: 'good' },
      },
      { cookie: owner.cookie },
    );
    expect(listing.statusCode).toBe(201);
    const propertyId = listing.json<{ id: string }>().id;
    const request = created(await book(bookingBody(propertyId, 30, 1), (await client()).cookie));
    expect(request.status).toBe('pending');
    for (let i = 0; i < 5; i++) {
      const reservation = created(
        await book(bookingBody(propertyId, 10 + i * 2, 1, { new_client: newClientInput() }), owner.cookie),
      );
      expect(reservation).toMatchObject({ total_price_cents: 10_500, security_deposit_cents: 75_000 });
    }
    expectError(
      await book(bookingBody(propertyId, 32, 1, { new_client: newClientInput() }), owner.cookie),
      403,
      MONTHLY_LIMIT,
    );
    expectError(
      await book(bookingBody(propertyId, 34, 1), (await client()).cookie),
      409,
      BOOKING_QUOTA_MESSAGES.notTakingBookings,
    );
    expectError(await setStatus(request.id, 'confirmed', owner.cookie), 403, MONTHLY_LIMIT);
    expect((await storedReservation(request.id))?.status).toBe('pending');
    const count = await t.db
      .selectFrom('reservations')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(count).toHaveLength(6);

    await setPlan(t.db, owner.user.id, 'pro');
    expect((await setStatus(request.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    created(await book(bookingBody(propertyId, 32, 1, { new_client: newClientInput() }), owner.cookie));
  });
});

describe('GET /api/reservations', () => {
  /** A business of its own, so the lists are exact. */
  let owner: Person;
  let sea: Property;
  let bush: Property;
  let clientStay: Reservation;
  let confirmedStay: Reservation;
  let foreignStay: Reservation;

  beforeAll(async () => {
    owner = await signInOwner(t);
    sea = await insertProperty(t.db, owner.user.id, { title: `Sea Breeze ${randomUUID().slice(0, 8)}` });
    bush = await insertProperty(t.db, owner.user.id, { title: `Bush Camp ${randomUUID().slice(0, 8)}` });
    clientStay = created(await book(bookingBody(sea.id, 40, 2), (await client()).cookie));
    confirmedStay = await ownerBooks(owner, bush, 50, 3);
    expect((await setStatus(confirmedStay.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    foreignStay = created(
      await book(bookingBody((await listingOf(otherOwner())).id, 40, 1), (await client2()).cookie),
    );
  }, 90_000);

  const list = async (cookie: string, query = '') => {
    const response = await t.get(`/api/reservations${query}`, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json<Reservation[]>().map((reservation) => reservation.id);
  };

  it('anonymous → 401', async () => {
    expectError(await t.get('/api/reservations'), 401, 'You must be logged in to view reservations.');
  });

  it("an owner sees their business's reservations only, newest stay first", async () => {
    expect(await list(owner.cookie)).toEqual([confirmedStay.id, clientStay.id]);
  });

  it('another owner sees none of them', async () => {
    const ids = await list((await otherOwner()).cookie);
    expect(ids).toContain(foreignStay.id);
    expect(ids).not.toContain(clientStay.id);
    expect(ids).not.toContain(confirmedStay.id);
  });

  it('an admin sees every business', async () => {
    const ids = await list((await admin()).cookie);
    expect(ids).toEqual(expect.arrayContaining([clientStay.id, confirmedStay.id, foreignStay.id]));
  });

  it('staff with the reservations permission see their business; without it → 403', async () => {
    const front = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
    expect(await list(front.cookie)).toEqual([confirmedStay.id, clientStay.id]);
    const without = await t.signInAs({
      role: 'backoffice',
      parentOwnerId: owner.user.id,
      permissions: {
        canManageProperties: true,
        canManageReservations: false,
        canManageTenants: true,
        canManageUsers: true,
        canViewReports: true,
      },
    });
    expectError(
      await t.get('/api/reservations', { cookie: without.cookie }),
      403,
      'You do not have permission to view reservations',
    );
  });

  it('a client sees only their own bookings', async () => {
    const mine = await list((await client()).cookie);
    expect(mine).toContain(clientStay.id);
    expect(mine).not.toContain(confirmedStay.id);
    expect(mine).not.toContain(foreignStay.id);
    const theirs = await list((await client2()).cookie);
    expect(theirs).toContain(foreignStay.id);
    expect(theirs).not.toContain(clientStay.id);
  });

  it('filters by status and property', async () => {
    expect(await list(owner.cookie, '?status=confirmed')).toEqual([confirmedStay.id]);
    expect(await list(owner.cookie, '?status=pending')).toEqual([clientStay.id]);
    expect(await list(owner.cookie, '?status=cancelled')).toEqual([]);
    expect(await list(owner.cookie, `?property_id=${sea.id}`)).toEqual([clientStay.id]);
    expect(await list(owner.cookie, `?property_id=${bush.id}&status=pending`)).toEqual([]);
  });

  it('free-text search: property title, client name, email and client id, case-insensitively', async () => {
    expect(await list(owner.cookie, `?q=${encodeURIComponent('sea breeze')}`)).toEqual([clientStay.id]);
    expect(
      await list(owner.cookie, `?q=${encodeURIComponent(confirmedStay.client.last_name.toUpperCase())}`),
    ).toContain(confirmedStay.id);
    expect(await list(owner.cookie, `?q=${encodeURIComponent(clientStay.client.email)}`)).toEqual([
      clientStay.id,
    ]);
    expect(await list(owner.cookie, `?q=${clientStay.client_id}`)).toEqual([clientStay.id]);
    expect(await list(owner.cookie, '?q=%25')).toEqual([]);
    expect(await list(owner.cookie, '?q=nothing-like-this')).toEqual([]);
  });

  it('from/to select the stays that overlap the period (ends exclusive)', async () => {
    expect(await list(owner.cookie, `?from=${day(42)}`)).toEqual([confirmedStay.id]);
    expect(await list(owner.cookie, `?from=${day(41)}`)).toEqual([confirmedStay.id, clientStay.id]);
    expect(await list(owner.cookie, `?to=${day(50)}`)).toEqual([clientStay.id]);
    expect(await list(owner.cookie, `?from=${day(42)}&to=${day(50)}`)).toEqual([]);
    expect(await list(owner.cookie, `?from=${day(41)}&to=${day(51)}`)).toEqual([
      confirmedStay.id,
      clientStay.id,
    ]);
  });

  it('refuses an unknown status filter', async () => {
    expect((await t.get('/api/reservations?status=all', { cookie: owner.cookie })).statusCode).toBe(400);
  });
});

describe('GET /api/reservations/:id', () => {
  let reservation: Reservation;
  beforeAll(async () => {
    const property = await listingOf(teamOwner());
    reservation = created(await book(bookingBody(property.id, 15, 2), (await client()).cookie));
  }, 90_000);

  it.each([
    ['the owner', teamOwner],
    ['an admin', admin],
    ['back office with the permission', () => staff('backoffice')],
    ['front office with the permission', () => staff('frontoffice')],
    ['the client who booked', client],
  ])('%s → 200', async (_label, who) => {
    const response = await t.get(`/api/reservations/${reservation.id}`, { cookie: (await who()).cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<Reservation>()).toMatchObject({
      id: reservation.id,
      status: 'pending',
      units: 2,
      duration: '2 nights',
    });
  });

  it.each([
    ['another owner', otherOwner],
    ['back office without the permission', () => staff('backoffice-without')],
    ['front office without the permission', () => staff('frontoffice-without')],
    ["another business's staff", () => staff('other-backoffice')],
    ['another client', client2],
  ])('%s → 404', async (_label, who) => {
    expectError(
      await t.get(`/api/reservations/${reservation.id}`, { cookie: (await who()).cookie }),
      404,
      NOT_FOUND,
    );
  });

  it('anonymous → 401; unknown id → 404', async () => {
    expect((await t.get(`/api/reservations/${reservation.id}`)).statusCode).toBe(401);
    expectError(
      await t.get(`/api/reservations/${randomUUID()}`, { cookie: (await admin()).cookie }),
      404,
      NOT_FOUND,
    );
  });
});

describe('PATCH /api/reservations/:id', () => {
  async function freshStay(extra: Record<string, unknown> = {}) {
    const owner = await teamOwner();
    const property = await listingOf(teamOwner(), { price_per_day_cents: 40_000, cleaning_fee_cents: 5_000 });
    const reservation = await ownerBooks(owner, property, 20, 2, extra);
    return { owner, property, reservation };
  }

  it.each([
    ['another owner', otherOwner, NOT_YOURS],
    ['back office without the permission', () => staff('backoffice-without'), NO_PERMISSION],
    ['front office without the permission', () => staff('frontoffice-without'), NO_PERMISSION],
    ["another business's staff", () => staff('other-backoffice'), NO_PERMISSION],
  ])('%s → 403, and nothing changes', async (_label, who, message) => {
    const { reservation } = await freshStay();
    const response = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'cancelled', guests: 3 },
      { cookie: (await who()).cookie },
    );
    expectError(response, 403, message);
    expect(await storedReservation(reservation.id)).toMatchObject({ status: 'pending', guests: 1 });
  });

  it('the client who booked may not edit it → 403; another client likewise', async () => {
    const property = await listingOf(teamOwner());
    const reservation = created(await book(bookingBody(property.id, 20, 2), (await client()).cookie));
    for (const who of [client, client2]) {
      expectError(
        await t.patch(
          `/api/reservations/${reservation.id}`,
          { status: 'confirmed' },
          { cookie: (await who()).cookie },
        ),
        403,
        NO_PERMISSION,
      );
    }
    expect((await storedReservation(reservation.id))?.status).toBe('pending');
  });

  it('anonymous → 401; unknown → 404', async () => {
    const { reservation } = await freshStay();
    expect((await t.patch(`/api/reservations/${reservation.id}`, { status: 'cancelled' })).statusCode).toBe(
      401,
    );
    const unknown = await t.patch(
      `/api/reservations/${randomUUID()}`,
      { status: 'cancelled' },
      { cookie: (await teamOwner()).cookie },
    );
    expectError(unknown, 404, NOT_FOUND);
  });

  it.each([
    ['the owner', teamOwner],
    ['an admin', admin],
    ['back office with the permission', () => staff('backoffice')],
    ['front office with the permission', () => staff('frontoffice')],
  ])('%s confirms; a status-only change keeps guests, tax, discount and notes', async (_label, who) => {
    const { reservation } = await freshStay({
      guests: 3,
      tax_percent: 15,
      discount_percent: 10,
      special_requests: 'Cot please',
      rate_override_per_day_cents: 35_000,
    });
    const response = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'confirmed' },
      { cookie: (await who()).cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<Reservation>()).toMatchObject({
      status: 'confirmed',
      guests: 3,
      tax_percent: 0, // not registered for VAT (decision 029)
      discount_percent: 10,
      special_requests: 'Cot please',
      rate_override_per_day_cents: 35_000,
      total_price_cents: 35_000 * 2 - 7_000 + 5_000,
    });
  });

  it('the price is fixed when booked: confirming after the listing price rose keeps it (status alone or the whole form)', async () => {
    const { owner, property, reservation } = await freshStay({ tax_percent: 15 });
    expect(reservation.total_price_cents).toBe(40_000 * 2 + 5_000);
    await t.db
      .updateTable('properties')
      .set({ price_per_day_cents: 90_000, cleaning_fee_cents: 9_000, security_deposit_cents: 70_000 })
      .where('id', '=', property.id)
      .execute();
    const url = `/api/reservations/${reservation.id}`;
    const confirmed = await setStatus(reservation.id, 'confirmed', owner.cookie);
    expect(confirmed.json<Reservation>()).toMatchObject({
      status: 'confirmed',
      total_price_cents: 85_000,
      security_deposit_cents: reservation.security_deposit_cents,
    });
    // The editor sends every field it shows; the same listing, dates and override keep the price too.
    const resaved = await t.patch(
      url,
      {
        property_id: reservation.property_id,
        client_id: reservation.client_id,
        start_date: reservation.start_date,
        end_date: reservation.end_date,
        rate_override_per_day_cents: null,
        tax_percent: 15,
        discount_percent: 5,
        special_requests: 'Late arrival',
        status: 'completed',
      },
      { cookie: owner.cookie },
    );
    // A new discount re-prices the rates it was booked at (decision 029), never the listing's new price.
    expect(resaved.json<Reservation>()).toMatchObject({
      status: 'completed',
      discount_percent: 5,
      total_price_cents: 40_000 * 2 - 4_000 + 5_000,
    });
    // Changing the dates prices the stay again, from the listing's price now.
    const moved = await t.patch(url, { end_date: day(23) }, { cookie: owner.cookie });
    expect(moved.json<Reservation>().total_price_cents).toBe(90_000 * 3 - 13_500 + 9_000);
  });

  it('new dates reprice the stay; an override replaces the price until it is removed', async () => {
    const { owner, reservation } = await freshStay();
    expect(reservation.total_price_cents).toBe(40_000 * 2 + 5_000);
    const url = `/api/reservations/${reservation.id}`;
    const moved = await t.patch(url, { start_date: day(25), end_date: day(30) }, { cookie: owner.cookie });
    expect(moved.json<Reservation>()).toMatchObject({
      units: 5,
      duration: '5 nights',
      total_price_cents: 40_000 * 5 + 5_000,
    });
    const overridden = await t.patch(url, { rate_override_per_day_cents: 10_000 }, { cookie: owner.cookie });
    expect(overridden.json<Reservation>().total_price_cents).toBe(10_000 * 5 + 5_000);
    const cleared = await t.patch(url, { rate_override_per_day_cents: null }, { cookie: owner.cookie });
    expect(cleared.json<Reservation>()).toMatchObject({
      rate_override_per_day_cents: null,
      total_price_cents: 205_000,
    });
  });

  it('moving onto taken dates → 409; reviving a cancelled stay whose dates were taken → 409', async () => {
    const { owner, property, reservation } = await freshStay();
    const other = await ownerBooks(owner, property, 30, 2);
    const url = `/api/reservations/${other.id}`;
    expectError(
      await t.patch(url, { start_date: day(21), end_date: day(23) }, { cookie: owner.cookie }),
      409,
      DATES_TAKEN,
    );
    expect(await storedReservation(other.id)).toMatchObject({ start_date: day(30), end_date: day(32) });

    expect((await setStatus(reservation.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
    expect(
      (await t.patch(url, { start_date: day(20), end_date: day(22) }, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    expectError(await setStatus(reservation.id, 'pending', owner.cookie), 409, DATES_TAKEN);
  });

  it("another business's client or property → 400", async () => {
    const { owner, reservation } = await freshStay();
    const foreign = await ownerBooks(await otherOwner(), await listingOf(otherOwner()), 70, 1);
    const url = `/api/reservations/${reservation.id}`;
    expectError(
      await t.patch(url, { client_id: foreign.client_id }, { cookie: owner.cookie }),
      400,
      INVALID_CLIENT,
    );
    expectError(
      await t.patch(url, { property_id: foreign.property_id }, { cookie: owner.cookie }),
      400,
      'Please choose one of your properties',
    );
    expect((await storedReservation(reservation.id))?.client_id).toBe(reservation.client_id);
  });

  it('guests above the maximum → 400', async () => {
    const { owner, reservation } = await freshStay();
    expectError(
      await t.patch(`/api/reservations/${reservation.id}`, { guests: 5 }, { cookie: owner.cookie }),
      400,
      'Guests cannot be more than 4 for this property',
    );
  });
});

describe('DELETE /api/reservations/:id', () => {
  const stay = async () => ownerBooks(await teamOwner(), await listingOf(teamOwner()), 20, 2);

  it.each([
    ['another owner', otherOwner, NOT_YOURS],
    ['back office without the permission', () => staff('backoffice-without'), NO_PERMISSION],
    ['front office without the permission', () => staff('frontoffice-without'), NO_PERMISSION],
    ['a client', client, NO_PERMISSION],
    [
      'back office with the permission (staff edit, never delete)',
      () => staff('backoffice'),
      DELETE_NOT_ALLOWED,
    ],
    [
      'front office with the permission (staff edit, never delete)',
      () => staff('frontoffice'),
      DELETE_NOT_ALLOWED,
    ],
  ])('%s → 403, and the reservation stays', async (_label, who, message) => {
    const reservation = await stay();
    expectError(await del(`/api/reservations/${reservation.id}`, (await who()).cookie), 403, message);
    expect(await storedReservation(reservation.id)).toBeDefined();
  });

  it('the booking client may not delete it either', async () => {
    const reservation = created(
      await book(bookingBody((await listingOf(teamOwner())).id, 5, 1), (await client()).cookie),
    );
    expectError(
      await del(`/api/reservations/${reservation.id}`, (await client()).cookie),
      403,
      NO_PERMISSION,
    );
  });

  it('anonymous → 401', async () => {
    const reservation = await stay();
    expect((await del(`/api/reservations/${reservation.id}`)).statusCode).toBe(401);
    expect(await storedReservation(reservation.id)).toBeDefined();
  });

  it.each([
    ['the owner', teamOwner],
    ['an admin', admin],
  ])('%s deletes → 204; it is gone and its dates are free', async (_label, who) => {
    const reservation = await stay();
    const response = await del(`/api/reservations/${reservation.id}`, (await who()).cookie);
    expect(response.statusCode).toBe(204);
    expect(await storedReservation(reservation.id)).toBeUndefined();
    expectError(await del(`/api/reservations/${reservation.id}`, (await who()).cookie), 404, NOT_FOUND);
    created(await book(bookingBody(reservation.property_id, 20, 2), (await client()).cookie));
  });
});

describe('reservation emails', () => {
  /** Delivers the outbox until nothing is pending for the address, then lists its subjects containing `title`. */
  async function subjectsFor(email: string, title: string): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await t.deliverMail();
      const pending = await t.db
        .selectFrom('email_outbox')
        .select('id')
        .where('to_address', '=', email)
        .where('status', '=', 'pending')
        .execute();
      if (pending.length === 0) break;
      if (Date.now() > deadline) throw new Error(`mail to ${email} still pending`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return (await t.mailbox(email))
      .map((mail) => mail.subject)
      .filter((subject) => subject.includes(title))
      .sort();
  }

  it('booking, confirming and cancelling each send one email to the client and one to the owner', async () => {
    const owner = await signInOwner(t);
    const renter = await t.signInAs({ role: 'client' });
    const title = `Karoo Cottage ${randomUUID().slice(0, 8)}`;
    const property = await insertProperty(t.db, owner.user.id, { title });
    const reservation = created(await book(bookingBody(property.id, 14, 2), renter.cookie));
    expect(await subjectsFor(renter.user.email, title)).toEqual([`Your booking request for ${title}`]);
    expect(await subjectsFor(owner.user.email, title)).toEqual([`New booking request for ${title}`]);

    expect((await setStatus(reservation.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    expect((await setStatus(reservation.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    expect(await subjectsFor(renter.user.email, title)).toEqual([
      `Your booking at ${title} is confirmed`,
      `Your booking request for ${title}`,
    ]);
    expect(await subjectsFor(owner.user.email, title)).toEqual([
      `Booking confirmed: ${title}`,
      `New booking request for ${title}`,
    ]);

    expect((await setStatus(reservation.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
    expect(await subjectsFor(renter.user.email, title)).toEqual([
      `Your booking at ${title} is confirmed`,
      `Your booking at ${title} was cancelled`,
      `Your booking request for ${title}`,
    ]);
    expect(await subjectsFor(owner.user.email, title)).toEqual([
      `Booking cancelled: ${title}`,
      `Booking confirmed: ${title}`,
      `New booking request for ${title}`,
    ]);
  });

  it('a new client booked by the owner is emailed; edits, completion and refused bookings send nothing', async () => {
    const owner = await signInOwner(t);
    const title = `Drakensberg Lodge ${randomUUID().slice(0, 8)}`;
    const property = await insertProperty(t.db, owner.user.id, { title });
    const guest = newClientInput();
    const reservation = created(
      await book(bookingBody(property.id, 14, 2, { new_client: guest }), owner.cookie),
    );
    expect(await subjectsFor(guest.email, title)).toEqual([`Your booking request for ${title}`]);

    expectError(
      await book(bookingBody(property.id, 13, 3, { new_client: guest }), owner.cookie),
      409,
      DATES_TAKEN,
    );
    const edited = await t.patch(
      `/api/reservations/${reservation.id}`,
      { special_requests: 'Early check-in' },
      { cookie: owner.cookie },
    );
    expect(edited.statusCode).toBe(200);
    expect((await setStatus(reservation.id, 'completed', owner.cookie)).statusCode).toBe(200);
    expect(await subjectsFor(guest.email, title)).toEqual([`Your booking request for ${title}`]);
    expect(await subjectsFor(owner.user.email, title)).toEqual([`New booking request for ${title}`]);
  });
});

describe('GET /api/properties/:id/availability', () => {
  it('lists bookable days from today (Johannesburg) for three months, skipping nights held by pending and confirmed stays', async () => {
    const owner = await signInOwner(t);
    const property = await insertProperty(t.db, owner.user.id);
    const pending = await ownerBooks(owner, property, 2, 3);
    const confirmed = await ownerBooks(owner, property, 10, 2);
    const cancelled = await ownerBooks(owner, property, 20, 2);
    const completed = await ownerBooks(owner, property, 30, 1);
    expect((await setStatus(confirmed.id, 'confirmed', owner.cookie)).statusCode).toBe(200);
    expect((await setStatus(cancelled.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
    expect((await setStatus(completed.id, 'completed', owner.cookie)).statusCode).toBe(200);
    // A stay that began before today and holds today's night (inserted directly: the API refuses past starts).
    await t.db
      .insertInto('reservations')
      .values({
        property_id: property.id,
        owner_id: owner.user.id,
        client_id: pending.client_id,
        start_date: day(-3),
        end_date: day(1),
        status: 'confirmed',
      })
      .execute();
    // Another listing's stay does not matter.
    await ownerBooks(owner, await insertProperty(t.db, owner.user.id), 40, 5);

    const response = await t.get(`/api/properties/${property.id}/availability`);
    expect(response.statusCode).toBe(200);
    const { from, dates, blocked } = response.json<{ from: string; dates: string[]; blocked: unknown[] }>();
    const today = todayInBusinessZone();
    expect(from).toBe(today);
    const held = [day(0), day(2), day(3), day(4), day(10), day(11)];
    for (const date of held) expect(dates).not.toContain(date);
    for (const date of [day(1), day(5), day(9), day(12), day(20), day(21), day(30), day(40)])
      expect(dates).toContain(date);
    expect(dates[0]).toBe(day(1));
    expect(dates.at(-1)).toBe(addMonths(today, 3));
    expect(dates).toHaveLength(daysBetween(today, addMonths(today, 3)) + 1 - held.length);
    expect(blocked).toEqual([
      { start: day(-3), end: day(1) },
      { start: day(2), end: day(5) },
      { start: day(10), end: day(12) },
    ]);
  });

  it('keeps to the availability window', async () => {
    const owner = await teamOwner();
    const property = await insertProperty(t.db, owner.user.id, {
      availability_start: day(5),
      availability_end: day(9),
    });
    const response = await t.get(`/api/properties/${property.id}/availability`);
    expect(response.json<{ dates: string[] }>().dates).toEqual([day(5), day(6), day(7), day(8)]);
  });

  it('an inactive or unknown listing → 404', async () => {
    const property = await listingOf(teamOwner(), { is_active: false });
    expectError(await t.get(`/api/properties/${property.id}/availability`), 404, PROPERTY_NOT_FOUND);
    expectError(await t.get(`/api/properties/${randomUUID()}/availability`), 404, PROPERTY_NOT_FOUND);
  });
});
