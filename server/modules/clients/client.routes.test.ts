import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permissions } from '../../../domain/permissions.ts';
import { bookingBody, insertProperty, newClientInput, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';
import type { ReservationDto } from '../reservations/reservation.schemas.ts';
import type { ClientSchema } from './client.routes.ts';

type ClientDto = ReturnType<typeof ClientSchema.parse>;

let t: TestApp;
// Generous: on a loaded machine starting the app (migrated database, auth) can take a while.
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const NO_PERMISSION = 'You do not have permission to create reservations';
const FORBIDDEN = 'You do not have permission to perform this action.';

const staffPermissions = (canManageReservations: boolean): Permissions => ({
  canManageProperties: true,
  canManageReservations,
  canManageTenants: true,
  canManageUsers: true,
  canViewReports: true,
});

const listClients = (cookie?: string) => t.get('/api/clients', cookie ? { cookie } : {});
const addClient = (body: unknown, cookie?: string) => t.post('/api/clients', body, cookie ? { cookie } : {});

async function added(body: unknown, cookie: string): Promise<ClientDto> {
  const response = await addClient(body, cookie);
  if (response.statusCode !== 201)
    throw new Error(`expected 201, got ${response.statusCode} ${response.body}`);
  return response.json<ClientDto>();
}

describe('GET /api/clients', () => {
  it("an owner sees their business's clients by first name, and no one else's", async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const zola = await added({ ...newClientInput(), first_name: 'Zola' }, owner.cookie);
    const anele = await added({ ...newClientInput(), first_name: 'Anele' }, owner.cookie);
    const foreign = await added(newClientInput(), other.cookie);

    const response = await listClients(owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<ClientDto[]>().map((client) => client.id)).toEqual([anele.id, zola.id]);
    expect((await listClients(other.cookie)).json<ClientDto[]>().map((client) => client.id)).toEqual([
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
    const clients = (await listClients(owner.cookie)).json<ClientDto[]>();
    expect(clients).toEqual([
      expect.objectContaining({
        id: booking.json<ReservationDto>().client_id,
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
      expect(response.json<ClientDto[]>().map((c) => c.id)).toEqual([client.id]);
    },
  );

  it.each(['backoffice', 'frontoffice'] as const)('%s without the permission → 403', async (role) => {
    const owner = await signInOwner(t);
    const member = await t.signInAs({
      role,
      parentOwnerId: owner.user.id,
      permissions: staffPermissions(false),
    });
    const response = await listClients(member.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NO_PERMISSION);
  });

  it.each(['client', 'admin'] as const)('a %s → 403', async (role) => {
    const { cookie } = await t.signInAs({ role });
    const response = await listClients(cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(FORBIDDEN);
  });

  it('anonymous → 401', async () => {
    expect((await listClients()).statusCode).toBe(401);
  });
});

describe('POST /api/clients', () => {
  it('an owner adds a client (201, not registered); the same email again returns it (200)', async () => {
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
    expect(again.statusCode).toBe(200);
    expect(again.json<ClientDto>()).toMatchObject({ id: first.id, first_name: input.first_name });
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
    expect(booking.json<ReservationDto>().client_id).toBe(client.id);
    const listed = (await listClients(owner.cookie)).json<ClientDto[]>();
    expect(listed).toEqual([expect.objectContaining({ id: client.id, registered: true })]);
    // And the renter now sees that booking as theirs.
    const mine = await t.get('/api/reservations', { cookie: renter.cookie });
    expect(mine.json<ReservationDto[]>().map((r) => r.id)).toEqual([booking.json<ReservationDto>().id]);
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

  it.each(['backoffice', 'frontoffice'] as const)(
    '%s with the reservations permission adds clients to their business',
    async (role) => {
      const owner = await signInOwner(t);
      const member = await t.signInAs({
        role,
        parentOwnerId: owner.user.id,
        permissions: staffPermissions(true),
      });
      expect((await added(newClientInput(), member.cookie)).owner_id).toBe(owner.user.id);
    },
  );

  it.each(['backoffice', 'frontoffice'] as const)(
    '%s without the permission → 403, nothing stored',
    async (role) => {
      const owner = await signInOwner(t);
      const member = await t.signInAs({
        role,
        parentOwnerId: owner.user.id,
        permissions: staffPermissions(false),
      });
      const response = await addClient(newClientInput(), member.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NO_PERMISSION);
      const rows = await t.db
        .selectFrom('clients')
        .select('id')
        .where('owner_id', '=', owner.user.id)
        .execute();
      expect(rows).toHaveLength(0);
    },
  );

  it.each(['client', 'admin'] as const)('a %s → 403', async (role) => {
    const { cookie } = await t.signInAs({ role });
    const response = await addClient(newClientInput(), cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(FORBIDDEN);
  });

  it('anonymous → 401', async () => {
    expect((await addClient(newClientInput())).statusCode).toBe(401);
  });
});
