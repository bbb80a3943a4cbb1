import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_RULE_MESSAGES } from '../../../domain/clients.ts';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { ClientPage } from '../../../domain/schemas/clients.ts';
import type { Client, Reservation } from '../../../domain/schemas/reservation.ts';
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

const ONLY_OWNERS = 'Only owners can manage clients';
const MUST_LOG_IN = 'Please log in to manage clients';

const as = async (key: PersonKey) => ({ cookie: (await person(key)).cookie });

async function clientOf(key: PersonKey = 'owner', input = newClientInput()): Promise<Client> {
  const response = await t.post('/api/clients', input, await as(key));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Client>();
}

/** A pending booking by the owner for the client, on a new listing. */
async function pendingBookingFor(client: Client, offset = 12): Promise<Reservation> {
  const owner = await person('owner');
  const property = await insertProperty(t.db, owner.user.id);
  const response = await t.post(
    '/api/reservations',
    bookingBody(property.id, offset, 2, { client_id: client.id }),
    await as('owner'),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Reservation>();
}

const statusOf = async (id: string) =>
  (await t.db.selectFrom('reservations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe('My Clients: search', () => {
  it('matches first name, last name, full name or email whatever the case; % and _ are literal', async () => {
    const owner = await person('owner');
    const stamp = Date.now().toString(36);
    const thabo = await clientOf('owner', {
      first_name: 'Thabo',
      last_name: `Mokoena${stamp}`,
      email: `thabo.${stamp}@example.co.za`,
    });
    const pageFor = async (q: string) =>
      (await t.get(`/api/clients?q=${encodeURIComponent(q)}`, { cookie: owner.cookie })).json<ClientPage>();
    const search = async (q: string) => (await pageFor(q)).items.map((client) => client.id);
    expect(await search(`MOKOENA${stamp}`)).toEqual([thabo.id]);
    expect(await search(`thabo mokoena${stamp}`)).toEqual([thabo.id]);
    expect(await search(`THABO.${stamp}@EXAMPLE`)).toEqual([thabo.id]);
    expect(await search(`%${stamp}`)).toEqual([]);
    // Blank is no search: every client of the business counted.
    const all = (await t.get('/api/clients', { cookie: owner.cookie })).json<ClientPage>();
    expect((await pageFor('   ')).total).toBe(all.total);
  });
});

describe('My Clients: activate and deactivate', () => {
  it('the owner deactivates a client, who can then not be booked for, and activates them again', async () => {
    const client = await clientOf();
    const off = await t.patch(`/api/clients/${client.id}`, { is_active: false }, await as('owner'));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Client>().is_active).toBe(false);

    const owner = await person('owner');
    const property = await insertProperty(t.db, owner.user.id);
    const refused = await t.post(
      '/api/reservations',
      bookingBody(property.id, 9, 2, { client_id: client.id }),
      await as('owner'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(CLIENT_RULE_MESSAGES.inactive);
    const byEmail = await t.post(
      '/api/reservations',
      bookingBody(property.id, 9, 2, {
        new_client: { first_name: client.first_name, last_name: client.last_name, email: client.email },
      }),
      await as('owner'),
    );
    expect(byEmail.statusCode).toBe(400);
    const staff = await t.post(
      '/api/reservations',
      bookingBody(property.id, 9, 2, { client_id: client.id }),
      await as('backoffice'),
    );
    expect(staff.statusCode).toBe(400);

    const on = await t.patch(`/api/clients/${client.id}`, { is_active: true }, await as('owner'));
    expect(on.json<Client>().is_active).toBe(true);
    const booked = await t.post(
      '/api/reservations',
      bookingBody(property.id, 9, 2, { client_id: client.id }),
      await as('owner'),
    );
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('refuses a body without is_active (400) and changes nothing', async () => {
    const client = await clientOf();
    const response = await t.patch(`/api/clients/${client.id}`, { is_active: 'no' }, await as('owner'));
    expect(response.statusCode).toBe(400);
    const row = await t.db
      .selectFrom('clients')
      .select('is_active')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(true);
  });
});

describe('My Clients: remove', () => {
  it('unlinks the client and cancels their pending bookings in one go; confirmed ones stay; both are told', async () => {
    const client = await clientOf();
    const pending = await pendingBookingFor(client, 12);
    const confirmed = await pendingBookingFor(client, 20);
    await t.patch(`/api/reservations/${confirmed.id}`, { status: 'confirmed' }, await as('owner'));

    const removed = await t.request('DELETE', `/api/clients/${client.id}`, await as('owner'));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ cancelled_reservations: 1 });
    expect(await statusOf(pending.id)).toBe('cancelled');
    expect(await statusOf(confirmed.id)).toBe('confirmed');

    // Gone from the list and from booking; the record stays for the bookings that name it.
    const list = (
      await t.get(`/api/clients?q=${encodeURIComponent(client.email)}`, await as('owner'))
    ).json<ClientPage>();
    expect(list.items.map((entry) => entry.id)).not.toContain(client.id);
    const row = await t.db
      .selectFrom('clients')
      .select('removed_at')
      .where('id', '=', client.id)
      .executeTakeFirst();
    expect(row?.removed_at).not.toBeNull();
    const owner = await person('owner');
    const property = await insertProperty(t.db, owner.user.id);
    const rebook = await t.post(
      '/api/reservations',
      bookingBody(property.id, 30, 2, { client_id: client.id }),
      await as('owner'),
    );
    expect(rebook.statusCode).toBe(400);

    const mail = await t.waitForMail(client.email, /cancel/i);
    expect(mail.subject).toMatch(/cancel/i);

    // Added again with the same email, the record comes back (one record per email and business).
    const again = await t.post(
      '/api/clients',
      { ...newClientInput(), email: client.email },
      await as('owner'),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Client>().id).toBe(client.id);
  });

  it('a missing or already removed client is 404', async () => {
    const client = await clientOf();
    expect((await t.request('DELETE', `/api/clients/${client.id}`, await as('owner'))).statusCode).toBe(200);
    const again = await t.request('DELETE', `/api/clients/${client.id}`, await as('owner'));
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe(CLIENT_RULE_MESSAGES.notFound);
  });
});

describe('who may manage clients (owners, admins for any business, staff with the tenants permission)', () => {
  it('staff with the tenants permission may deactivate and remove their owner’s clients', async () => {
    const member = await t.signInAs({
      role: 'backoffice',
      parentOwnerId: (await person('owner')).user.id,
      permissions: defaultPermissions('backoffice'),
    });
    const client = await clientOf();
    expect(
      (await t.patch(`/api/clients/${client.id}`, { is_active: false }, { cookie: member.cookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request('DELETE', `/api/clients/${client.id}`, { cookie: member.cookie })).statusCode,
    ).toBe(200);
  });

  it.each(['owner', 'admin'] as const)('%s may deactivate and remove', async (key) => {
    const client = await clientOf();
    expect((await t.patch(`/api/clients/${client.id}`, { is_active: false }, await as(key))).statusCode).toBe(
      200,
    );
    expect((await t.request('DELETE', `/api/clients/${client.id}`, await as(key))).statusCode).toBe(200);
  });

  it.each([
    ['otherOwner', 404, CLIENT_RULE_MESSAGES.notFound],
    ['backoffice', 403, ONLY_OWNERS],
    ['frontoffice', 403, ONLY_OWNERS],
    ['backofficeWithout', 403, ONLY_OWNERS],
    // Another business's client is not shown to exist (docs/decisions/050).
    ['otherBackoffice', 404, CLIENT_RULE_MESSAGES.notFound],
    ['client', 403, ONLY_OWNERS],
  ] as const)('%s gets %i with its message and changes nothing', async (key, status, message) => {
    const client = await clientOf();
    const patch = await t.patch(`/api/clients/${client.id}`, { is_active: false }, await as(key));
    expect(patch.statusCode).toBe(status);
    expect(patch.json<{ message: string }>().message).toBe(message);
    const removed = await t.request('DELETE', `/api/clients/${client.id}`, await as(key));
    expect(removed.statusCode).toBe(status);
    const row = await t.db
      .selectFrom('clients')
      .select(['is_active', 'removed_at'])
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_active: true, removed_at: null });
  });

  it('anonymous gets 401 with the spec message', async () => {
    const client = await clientOf();
    const patch = await t.patch(`/api/clients/${client.id}`, { is_active: false });
    expect(patch.statusCode).toBe(401);
    expect(patch.json<{ message: string }>().message).toBe(MUST_LOG_IN);
    expect((await t.request('DELETE', `/api/clients/${client.id}`)).statusCode).toBe(401);
  });
});
