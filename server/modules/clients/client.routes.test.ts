import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PICKER_SIZE } from '../../../domain/booking-page.ts';
import type { Permissions } from '../../../domain/permissions.ts';
import { CLIENT_PAGE_SIZE, CLIENT_PAGE_SIZE_MAX, type ClientPage } from '../../../domain/schemas/clients.ts';
import type { Client, Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, newClientInput, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';

let t: TestApp;
// Generous: on a loaded machine starting the app (migrated database, auth) can take a while.
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const NO_PERMISSION = 'You do not have permission to create reservations';
const ONLY_OWNERS = 'Only owners can manage clients';
const MUST_LOG_IN = 'Please log in to manage clients';

const staffPermissions = (canManageReservations: boolean): Permissions => ({
  canManageProperties: true,
  canManageReservations,
  canManageTenants: true,
  canManageUsers: true,
  canViewReports: true,
});

const listClients = (cookie?: string, ownerId?: string) =>
  t.get(`/api/clients${ownerId ? `?owner_id=${ownerId}` : ''}`, cookie ? { cookie } : {});
const addClient = (body: unknown, cookie?: string) => t.post('/api/clients', body, cookie ? { cookie } : {});

async function added(body: unknown, cookie: string): Promise<Client> {
  const response = await addClient(body, cookie);
  if (response.statusCode !== 201)
    throw new Error(`expected 201, got ${response.statusCode} ${response.body}`);
  return response.json<Client>();
}

describe('GET /api/clients (page 1 unless asked)', () => {
  it("an owner sees their business's clients by first name, and no one else's", async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const zola = await added({ ...newClientInput(), first_name: 'Zola' }, owner.cookie);
    const anele = await added({ ...newClientInput(), first_name: 'Anele' }, owner.cookie);
    const foreign = await added(newClientInput(), other.cookie);

    const response = await listClients(owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<ClientPage>().items.map((client) => client.id)).toEqual([anele.id, zola.id]);
    expect((await listClients(other.cookie)).json<ClientPage>().items.map((client) => client.id)).toEqual([
      foreign.id,
    ]);
  });

  it('includes the renters who booked for themselves, marked registered', async () => {
    const owner = await signInOwner(t);
    const renter = await t.signInAs({ role: 'client' });
    const property = await insertProperty(t.db, owner.user.id);
    const booking = await t.post('/api/reservations', bookingBody(property.id, 5, 2), {
      cookie: renter.cookie,
    });
    expect(booking.statusCode).toBe(201);
    const clients = (await listClients(owner.cookie)).json<ClientPage>().items;
    expect(clients).toEqual([
      expect.objectContaining({
        id: booking.json<Reservation>().client_id,
        owner_id: owner.user.id,
        email: renter.user.email,
        registered: true,
        is_active: true,
      }),
    ]);
  });

  it.each(['backoffice', 'frontoffice'] as const)(
    '%s with the reservations permission sees the business’s clients',
    async (role) => {
      const owner = await signInOwner(t);
      const client = await added(newClientInput(), owner.cookie);
      const member = await t.signInAs({
        role,
        parentOwnerId: owner.user.id,
        permissions: staffPermissions(true),
      });
      const response = await listClients(member.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json<ClientPage>().items.map((c) => c.id)).toEqual([client.id]);
    },
  );

  // With the tenants permission alone they list them for My Clients (staff-screens.routes.test.ts).
  it.each(['backoffice', 'frontoffice'] as const)(
    '%s with neither the reservations nor the tenants permission → 403',
    async (role) => {
      const owner = await signInOwner(t);
      const member = await t.signInAs({
        role,
        parentOwnerId: owner.user.id,
        permissions: { ...staffPermissions(false), canManageTenants: false },
      });
      const response = await listClients(member.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NO_PERMISSION);
    },
  );

  it('a client → 403', async () => {
    const { cookie } = await t.signInAs({ role: 'client' });
    const response = await listClients(cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NO_PERMISSION);
  });

  it('an admin lists the clients of the business they book for (owner_id), and must name one', async () => {
    const owner = await signInOwner(t);
    const client = await added(newClientInput(), owner.cookie);
    const { cookie } = await t.signInAs({ role: 'admin' });
    const response = await listClients(cookie, owner.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<ClientPage>().items.map((c) => c.id)).toEqual([client.id]);
    expect((await listClients(cookie)).statusCode).toBe(400);
  });

  it.each(['owner', 'backoffice'] as const)(
    "a %s naming another business's owner_id → 403, nothing of theirs shown",
    async (role) => {
      const mine = await signInOwner(t);
      const theirs = await signInOwner(t);
      await added(newClientInput(), theirs.cookie);
      const who = role === 'owner' ? mine : await t.signInAs({ role, parentOwnerId: mine.user.id });
      const response = await listClients(who.cookie, theirs.user.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NO_PERMISSION);
    },
  );

  it('anonymous → 401 with the spec message', async () => {
    const response = await listClients();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MUST_LOG_IN);
  });
});

describe('GET /api/clients?page (My Clients, docs/decisions/069)', () => {
  const pageOf = async (cookie: string, query: string) => {
    const response = await t.get(`/api/clients?${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientPage>();
  };

  it('pages the business’s clients by name with how many match; the pages together are the whole list once', async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const names = ['Zola', 'anele', 'Bongani', 'Carla', 'dineo', 'Ethan', 'Fikile'];
    for (const first of names)
      await added({ ...newClientInput(), first_name: first, last_name: 'Pager' }, owner.cookie);
    const foreign = await added(
      { ...newClientInput(), first_name: 'Aaron', last_name: 'Pager' },
      other.cookie,
    );
    const whole = (await listClients(owner.cookie)).json<ClientPage>().items;
    expect(whole.map((c) => c.first_name)).toEqual([
      'anele',
      'Bongani',
      'Carla',
      'dineo',
      'Ethan',
      'Fikile',
      'Zola',
    ]);

    const first = await pageOf(owner.cookie, 'page=1&pageSize=3');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    const second = await pageOf(owner.cookie, 'page=2&pageSize=3');
    const third = await pageOf(owner.cookie, 'page=3&pageSize=3');
    expect(third.items).toHaveLength(1);
    expect([...first.items, ...second.items, ...third.items]).toEqual(whole);
    expect((await pageOf(owner.cookie, 'page=4&pageSize=3')).items).toEqual([]);
    expect([...first.items, ...second.items, ...third.items].map((c) => c.id)).not.toContain(foreign.id);

    // The default page size, and the search counted on the server (name, full name or email).
    const defaults = await pageOf(owner.cookie, 'page=1');
    expect(defaults).toMatchObject({ total: 7, page: 1, pageSize: CLIENT_PAGE_SIZE });
    const searched = await pageOf(owner.cookie, `page=1&pageSize=2&q=${encodeURIComponent('carla pager')}`);
    expect(searched.total).toBe(1);
    expect(searched.items.map((c) => c.first_name)).toEqual(['Carla']);
    expect((await pageOf(owner.cookie, 'page=1&q=nobody-like-this')).total).toBe(0);
  });

  it('allow and deny: staff with the permission see their business’s page, others 403, admin names the business, anonymous 401', async () => {
    const owner = await signInOwner(t);
    const mine = await added(newClientInput(), owner.cookie);
    const staff = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: staffPermissions(true),
    });
    expect((await pageOf(staff.cookie, 'page=1')).items.map((c) => c.id)).toEqual([mine.id]);
    const without = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: { ...staffPermissions(false), canManageTenants: false },
    });
    const refused = await t.get('/api/clients?page=1', { cookie: without.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_PERMISSION);
    const client = await t.signInAs({ role: 'client' });
    expect((await t.get('/api/clients?page=1', { cookie: client.cookie })).statusCode).toBe(403);
    const otherOwner = await signInOwner(t);
    const theirs = await t.get(`/api/clients?page=1&owner_id=${owner.user.id}`, {
      cookie: otherOwner.cookie,
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(NO_PERMISSION);
    expect((await pageOf(otherOwner.cookie, 'page=1')).total).toBe(0);
    const admin = await t.signInAs({ role: 'admin' });
    expect((await pageOf(admin.cookie, `page=1&owner_id=${owner.user.id}`)).items.map((c) => c.id)).toEqual([
      mine.id,
    ]);
    const anonymous = await t.get('/api/clients?page=1');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MUST_LOG_IN);
  });

  it('refuses bad paging with a clear 400', async () => {
    const owner = await signInOwner(t);
    const refusal = async (query: string, message: string) => {
      const response = await t.get(`/api/clients?${query}`, { cookie: owner.cookie });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(message);
    };
    await refusal('page=0', 'Page must be at least 1');
    await refusal('page=two', 'Page must be a number');
    await refusal('page=1.5', 'Page must be a whole number');
    await refusal(
      `page=1&pageSize=${CLIENT_PAGE_SIZE_MAX + 1}`,
      `Page size must be at most ${CLIENT_PAGE_SIZE_MAX}`,
    );
    await refusal(`page=1&q=${'x'.repeat(201)}`, 'Search must be 200 characters or fewer');
  });
});

describe('GET /api/clients?q=…&pageSize=20 (the booking pickers, docs/decisions/072)', () => {
  const search = async (cookie: string, q: string, ownerId?: string) => {
    const query = new URLSearchParams({ q, page: '1', pageSize: String(CLIENT_PICKER_SIZE) });
    if (ownerId) query.set('owner_id', ownerId);
    return t.get(`/api/clients?${query}`, { cookie });
  };
  const namesOf = (page: ClientPage) => page.items.map((c) => `${c.first_name} ${c.last_name}`);

  it('answers the first 20 matches by name and how many match, only of the business; no unpaged list', async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    for (let i = 0; i < 23; i++)
      await added(
        { ...newClientInput(), first_name: `Picker${String(i).padStart(2, '0')}`, last_name: 'Moyo' },
        owner.cookie,
      );
    await added({ ...newClientInput(), first_name: 'Lindiwe', last_name: 'Mthembu' }, owner.cookie);
    // Another business's client of the same name is never among the matches.
    await added({ ...newClientInput(), first_name: 'Picker00', last_name: 'Moyo' }, other.cookie);

    const many = (await search(owner.cookie, 'moyo')).json<ClientPage>();
    expect(many).toMatchObject({ total: 23, page: 1, pageSize: CLIENT_PICKER_SIZE });
    expect(namesOf(many)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Picker${String(i).padStart(2, '0')} Moyo`),
    );
    // Part of a first name, any case; the full name; an email.
    expect(namesOf((await search(owner.cookie, 'LINDI')).json<ClientPage>())).toEqual(['Lindiwe Mthembu']);
    expect(namesOf((await search(owner.cookie, 'lindiwe mth')).json<ClientPage>())).toEqual([
      'Lindiwe Mthembu',
    ]);
    const nobody = (await search(owner.cookie, 'nobody-called-this')).json<ClientPage>();
    expect([nobody.total, nobody.items]).toEqual([0, []]);
    // The other business sees its own one only.
    expect((await search(other.cookie, 'moyo')).json<ClientPage>().total).toBe(1);
    // Without page or pageSize: page 1 of 24, never the whole list.
    const plain = (await listClients(owner.cookie)).json<ClientPage>();
    expect([plain.page, plain.pageSize, plain.total, plain.items.length]).toEqual([
      1,
      CLIENT_PAGE_SIZE,
      24,
      24,
    ]);
  });

  it('allow and deny: staff booking for the business search it, an admin names it, others are refused', async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const client = await added({ ...newClientInput(), first_name: 'Searchable' }, owner.cookie);
    const booker = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: { ...staffPermissions(true), canManageTenants: false },
    });
    expect((await search(booker.cookie, 'searchable')).json<ClientPage>().items.map((c) => c.id)).toEqual([
      client.id,
    ]);
    const admin = await t.signInAs({ role: 'admin' });
    const forAdmin = await search(admin.cookie, 'searchable', owner.user.id);
    expect(forAdmin.json<ClientPage>().items.map((c) => c.id)).toEqual([client.id]);
    const unnamed = await search(admin.cookie, 'searchable');
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([
      400,
      'Please choose the business (owner_id) whose clients you mean',
    ]);
    const stranger = await search(other.cookie, 'searchable', owner.user.id);
    expect([stranger.statusCode, stranger.json().message]).toEqual([403, NO_PERMISSION]);
    expect((await search(other.cookie, 'searchable')).json<ClientPage>().total).toBe(0);
    const renter = await t.signInAs({ role: 'client' });
    expect((await search(renter.cookie, 'searchable')).statusCode).toBe(403);
    expect((await t.get('/api/clients?q=searchable&page=1&pageSize=20')).statusCode).toBe(401);
    const badOwner = await search(admin.cookie, 'x', 'not-a-uuid');
    expect([badOwner.statusCode, badOwner.json().message]).toEqual([400, 'Please choose a valid business']);
  });
});

describe('POST /api/clients', () => {
  it('an owner adds a client (201, not registered); the same email again is refused (409)', async () => {
    const owner = await signInOwner(t);
    const input = newClientInput();
    const first = await added({ ...input, first_name: `  ${input.first_name} ` }, owner.cookie);
    expect(first).toMatchObject({
      ...input,
      owner_id: owner.user.id,
      registered: false,
      is_active: true,
      phone: null,
    });

    const again = await addClient(
      { ...input, first_name: 'Someone', email: input.email.toUpperCase() },
      owner.cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This email is already one of your clients');
    const rows = await t.db
      .selectFrom('clients')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('an email that belongs to a registered client is marked registered and linked', async () => {
    const owner = await signInOwner(t);
    const renter = await t.createUser({ role: 'client' });
    const client = await added(
      { first_name: renter.first_name, last_name: renter.last_name, email: renter.email },
      owner.cookie,
    );
    expect(client.registered).toBe(true);
    const row = await t.db
      .selectFrom('clients')
      .select('user_id')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(renter.id);
  });

  it('an email of a registered owner is not linked (only client accounts are)', async () => {
    const owner = await signInOwner(t);
    const otherOwner = await t.createUser({ role: 'owner' });
    const client = await added(
      { first_name: 'Lerato', last_name: 'Dube', email: otherOwner.email },
      owner.cookie,
    );
    expect(client.registered).toBe(false);
  });

  it('a client added by the owner is linked when that person later books for themselves', async () => {
    const owner = await signInOwner(t);
    const email = uniqueEmail();
    const client = await added({ first_name: 'Sipho', last_name: 'Mokoena', email }, owner.cookie);
    const renter = await t.signInAs({ role: 'client', email });
    const property = await insertProperty(t.db, owner.user.id);
    const booking = await t.post('/api/reservations', bookingBody(property.id, 3, 1), {
      cookie: renter.cookie,
    });
    expect(booking.statusCode).toBe(201);
    expect(booking.json<Reservation>().client_id).toBe(client.id);
    const listed = (await listClients(owner.cookie)).json<ClientPage>().items;
    expect(listed).toEqual([expect.objectContaining({ id: client.id, registered: true })]);
    // And the renter now sees that booking as theirs.
    const mine = await t.get('/api/reservations', { cookie: renter.cookie });
    expect(mine.json<Reservation[]>().map((r) => r.id)).toEqual([booking.json<Reservation>().id]);
  });

  it('two businesses each keep their own record for the same email', async () => {
    const a = await signInOwner(t);
    const b = await signInOwner(t);
    const input = newClientInput();
    const first = await added(input, a.cookie);
    const second = await added(input, b.cookie);
    expect(second.id).not.toBe(first.id);
    expect(second.owner_id).toBe(b.user.id);
  });

  it.each([
    [{ first_name: '', last_name: 'Dube', email: 'x@example.co.za' }, 'first_name', 'First name is required'],
    [
      { first_name: 'Lerato', last_name: ' ', email: 'x@example.co.za' },
      'last_name',
      'Last name is required',
    ],
    [{ first_name: 'Lerato', last_name: 'Dube', email: '' }, 'email', 'Email is required'],
    [
      { first_name: 'Lerato', last_name: 'Dube', email: 'lerato-at-example' },
      'email',
      'Please enter a valid email',
    ],
  ])('refuses %o: %s → %s', async (body, field, message) => {
    const owner = await signInOwner(t);
    const response = await addClient(body, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    const rows = await t.db
      .selectFrom('clients')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['backoffice', true],
    ['frontoffice', true],
    ['backoffice', false],
    ['frontoffice', false],
  ] as const)(
    '%s (reservations permission %s) without the tenants permission may not add clients → 403, nothing stored',
    async (role, permission) => {
      const owner = await signInOwner(t);
      const member = await t.signInAs({
        role,
        parentOwnerId: owner.user.id,
        permissions: { ...staffPermissions(permission), canManageTenants: false },
      });
      const response = await addClient(newClientInput(), member.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ONLY_OWNERS);
      const rows = await t.db
        .selectFrom('clients')
        .select('id')
        .where('owner_id', '=', owner.user.id)
        .execute();
      expect(rows).toHaveLength(0);
    },
  );

  it.each(['backoffice', 'frontoffice'] as const)(
    '%s with the tenants permission adds a client to their owner’s business',
    async (role) => {
      const owner = await signInOwner(t);
      const member = await t.signInAs({
        role,
        parentOwnerId: owner.user.id,
        permissions: staffPermissions(true),
      });
      const client = await added(newClientInput(), member.cookie);
      expect(client.owner_id).toBe(owner.user.id);
    },
  );

  it('an admin adds a client to the business they name (owner_id)', async () => {
    const owner = await signInOwner(t);
    const { cookie } = await t.signInAs({ role: 'admin' });
    const client = await added({ ...newClientInput(), owner_id: owner.user.id }, cookie);
    expect(client.owner_id).toBe(owner.user.id);
    const missing = await addClient(newClientInput(), cookie);
    expect(missing.statusCode).toBe(400);
  });

  it('an owner cannot add a client to another business', async () => {
    const mine = await signInOwner(t);
    const theirs = await signInOwner(t);
    const response = await addClient({ ...newClientInput(), owner_id: theirs.user.id }, mine.cookie);
    expect(response.statusCode).toBe(403);
    const rows = await t.db
      .selectFrom('clients')
      .select('id')
      .where('owner_id', '=', theirs.user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('a client → 403 with the spec message', async () => {
    const { cookie } = await t.signInAs({ role: 'client' });
    const response = await addClient(newClientInput(), cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ONLY_OWNERS);
  });

  it('anonymous → 401 with the spec message', async () => {
    const response = await addClient(newClientInput());
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MUST_LOG_IN);
  });
});
