import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_NOTES_MAX, CLIENT_RECORD_MESSAGES, CLIENT_RULE_MESSAGES } from '../../../domain/clients.ts';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { Ledger } from '../../../domain/schemas/billing-lines.ts';
import type { ClientBookings, ClientRecord } from '../../../domain/schemas/clients.ts';
import type { Client, Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, newClientInput } from '../../test/booking-fixtures.ts';
import { addLine } from '../../test/document-fixtures.ts';
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

const as = async (key: PersonKey) => ({ cookie: (await person(key)).cookie });
const putNotes = (id: string, notes: unknown, options: { cookie?: string } = {}) =>
  t.request('PUT', `/api/clients/${id}/notes`, { ...options, body: { notes } });

async function clientOf(key: PersonKey = 'owner', input = newClientInput()): Promise<Client> {
  const response = await t.post('/api/clients', input, await as(key));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Client>();
}

let offset = 20;
/** A booking by the owner for the client, on a new listing at R 1 000 a night. */
async function bookingFor(client: Client, nights = 2): Promise<Reservation> {
  const owner = await person('owner');
  const property = await insertProperty(t.db, owner.user.id, { price_per_day_cents: 100_000 });
  offset += nights + 1;
  const response = await t.post(
    '/api/reservations',
    bookingBody(property.id, offset, nights, { client_id: client.id }),
    await as('owner'),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Reservation>();
}

const record = async (id: string, key: PersonKey = 'owner') => t.get(`/api/clients/${id}`, await as(key));
const bookingsOf = async (id: string, key: PersonKey = 'owner') =>
  t.get(`/api/clients/${id}/bookings`, await as(key));

describe('a client’s page: the record, edit and notes', () => {
  it('the owner reads the record, edits the details and keeps private notes', async () => {
    const client = await clientOf();
    const read = await record(client.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<ClientRecord>()).toMatchObject({ id: client.id, notes: '', notes_updated_at: null });

    const edited = await t.patch(
      `/api/clients/${client.id}`,
      { first_name: ' Lerato ', last_name: 'Dlamini', phone: '082 555 1234', region: 'Gauteng' },
      await as('owner'),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Client>()).toMatchObject({
      first_name: 'Lerato',
      last_name: 'Dlamini',
      phone: '082 555 1234',
      region: 'Gauteng',
      email: client.email,
      is_active: true,
    });

    const saved = await putNotes(client.id, '  Prefers WhatsApp. Pays on arrival.  ', await as('owner'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ClientRecord>().notes).toBe('Prefers WhatsApp. Pays on arrival.');
    expect(saved.json<ClientRecord>().notes_updated_at).not.toBeNull();
    expect((await record(client.id)).json<ClientRecord>().notes).toBe('Prefers WhatsApp. Pays on arrival.');
  });

  it('the notes are never in the client list (which staff booking for the business read)', async () => {
    const client = await clientOf();
    await putNotes(client.id, 'Private remark', await as('owner'));
    const list = await t.get('/api/clients', await as('frontoffice'));
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Private remark');
  });

  it('refuses what the rules do not allow, with the field’s message, and changes nothing', async () => {
    const client = await clientOf();
    const cases = [
      [{ first_name: '  ' }, 'First name is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email'],
      [{ phone: '12' }, 'Please enter a valid phone number'],
      [{}, CLIENT_RECORD_MESSAGES.nothingToChange],
    ] as const;
    for (const [body, message] of cases) {
      const response = await t.patch(`/api/clients/${client.id}`, body, await as('owner'));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
    const tooLong = await putNotes(client.id, 'x'.repeat(CLIENT_NOTES_MAX + 1), await as('owner'));
    expect(tooLong.statusCode).toBe(400);
    expect((await record(client.id)).json<ClientRecord>()).toMatchObject({
      first_name: client.first_name,
      notes: '',
    });
  });

  it('an unregistered client’s email changes (and links to an account with it); another client’s email is 409', async () => {
    const client = await clientOf();
    const other = await clientOf();
    const taken = await t.patch(`/api/clients/${client.id}`, { email: other.email }, await as('owner'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(CLIENT_RULE_MESSAGES.duplicate);

    const account = await t.createUser({ role: 'client' });
    const moved = await t.patch(
      `/api/clients/${client.id}`,
      { email: account.email.toUpperCase() },
      await as('owner'),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Client>()).toMatchObject({ email: account.email.toLowerCase(), registered: true });
  });

  it('a registered client’s email is theirs: 409, while their name and phone may change', async () => {
    const account = await t.createUser({ role: 'client' });
    const client = await clientOf('owner', { first_name: 'Sipho', last_name: 'Nkosi', email: account.email });
    expect(client.registered).toBe(true);
    const refused = await t.patch(
      `/api/clients/${client.id}`,
      { email: `new.${account.email}` },
      await as('owner'),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(CLIENT_RECORD_MESSAGES.registeredEmail);
    const same = await t.patch(
      `/api/clients/${client.id}`,
      { email: account.email, phone: '011 555 0000' },
      await as('owner'),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<Client>().phone).toBe('011 555 0000');
  });
});

describe('a client’s page: bookings and balances', () => {
  it('lists the client’s bookings with the figures of each one’s ledger, to the cent, and their totals', async () => {
    const client = await clientOf();
    const unbilled = await bookingFor(client, 2);
    const billed = await bookingFor(client, 3);
    await addLine(t, billed, { kind: 'rental', description: 'Rental', quantity: 3, unitPriceCents: 100_000 });
    await addLine(t, billed, { description: 'Airport transfer', unitPriceCents: 45_050 });
    await addLine(t, billed, { kind: 'payment', description: 'EFT', unitPriceCents: 120_025 });
    const cancelled = await bookingFor(client, 1);
    await t.db
      .updateTable('reservations')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled.id)
      .execute();
    // Another client's booking of the same owner is not on this page.
    await bookingFor(await clientOf(), 1);

    const response = await bookingsOf(client.id);
    expect(response.statusCode, response.body).toBe(200);
    const { bookings, totals } = response.json<ClientBookings>();
    expect(bookings.map((booking) => booking.id).sort()).toEqual(
      [unbilled.id, billed.id, cancelled.id].sort(),
    );
    // Newest stay first.
    expect(bookings.map((booking) => booking.id)).toEqual([cancelled.id, billed.id, unbilled.id]);

    for (const booking of [unbilled, billed]) {
      const ledger = (
        await t.get(`/api/reservations/${booking.id}/transactions`, await as('owner'))
      ).json<Ledger>();
      const row = bookings.find((entry) => entry.id === booking.id);
      expect(row?.balance_due_cents, booking.id).toBe(ledger.balance_due_cents);
      expect(row?.received_cents).toBe(ledger.payments_cents);
      expect(row?.reference).toBe(booking.reference);
    }
    const billedRow = bookings.find((entry) => entry.id === billed.id);
    expect(billedRow).toMatchObject({
      billed_cents: 345_050,
      received_cents: 120_025,
      balance_due_cents: 225_025,
    });
    const unbilledRow = bookings.find((entry) => entry.id === unbilled.id);
    expect(unbilledRow?.billed_cents).toBe(unbilled.total_price_cents);
    expect(unbilledRow?.balance_due_cents).toBe(unbilled.total_price_cents);
    // A cancelled booking with nothing billed owes nothing (as the reports count it).
    expect(bookings.find((entry) => entry.id === cancelled.id)).toMatchObject({
      status: 'cancelled',
      billed_cents: 0,
      balance_due_cents: 0,
    });
    expect(totals).toEqual({
      billed_cents: 345_050 + unbilled.total_price_cents,
      received_cents: 120_025,
      balance_due_cents: 225_025 + unbilled.total_price_cents,
    });
  });

  it('a client with no bookings has an empty list and zero totals', async () => {
    const response = await bookingsOf((await clientOf()).id);
    expect(response.json<ClientBookings>()).toEqual({
      bookings: [],
      totals: { billed_cents: 0, received_cents: 0, balance_due_cents: 0 },
    });
  });
});

describe('who may open a client’s page (owners, staff with the tenants permission, admins)', () => {
  const calls = (id: string) =>
    [
      ['GET record', (key: PersonKey) => record(id, key)],
      ['GET bookings', (key: PersonKey) => bookingsOf(id, key)],
      ['PUT notes', async (key: PersonKey) => putNotes(id, 'Hi', await as(key))],
      [
        'PATCH details',
        async (key: PersonKey) => t.patch(`/api/clients/${id}`, { phone: '021 555 0101' }, await as(key)),
      ],
    ] as const;

  it('staff with the tenants permission act for their owner; the owner and an admin too', async () => {
    const member = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: (await person('owner')).user.id,
      permissions: { ...defaultPermissions('frontoffice'), canManageTenants: true },
    });
    const client = await clientOf();
    for (const cookie of [member.cookie, (await person('owner')).cookie, (await person('admin')).cookie]) {
      expect((await t.get(`/api/clients/${client.id}`, { cookie })).statusCode).toBe(200);
      expect((await t.get(`/api/clients/${client.id}/bookings`, { cookie })).statusCode).toBe(200);
      expect((await putNotes(client.id, 'Seen', { cookie })).statusCode).toBe(200);
      expect((await t.patch(`/api/clients/${client.id}`, { region: 'ZA' }, { cookie })).statusCode).toBe(200);
    }
  });

  it.each(['otherOwner', 'otherBackoffice'] as const)(
    '%s (another business) gets 404 for each call: the client is not shown to exist, nothing changes',
    async (key) => {
      const client = await clientOf();
      await putNotes(client.id, 'Owner only', await as('owner'));
      for (const [name, call] of calls(client.id)) {
        const response = await call(key);
        expect(response.statusCode, name).toBe(404);
        expect(response.json<{ message: string }>().message).toBe(CLIENT_RULE_MESSAGES.notFound);
        expect(response.body).not.toContain('Owner only');
      }
      expect((await record(client.id)).json<ClientRecord>()).toMatchObject({
        notes: 'Owner only',
        phone: null,
      });
    },
  );

  it.each(['backoffice', 'frontoffice', 'client'] as const)(
    '%s without the tenants permission gets 403 with the spec message for each call',
    async (key) => {
      const client = await clientOf();
      for (const [name, call] of calls(client.id)) {
        const response = await call(key);
        expect(response.statusCode, name).toBe(403);
        expect(response.json<{ message: string }>().message).toBe('Only owners can manage clients');
      }
    },
  );

  it('anonymous gets 401 for each call; a malformed or unknown id is 400 / 404', async () => {
    const client = await clientOf();
    expect((await t.get(`/api/clients/${client.id}`)).statusCode).toBe(401);
    expect((await t.get(`/api/clients/${client.id}/bookings`)).statusCode).toBe(401);
    expect((await putNotes(client.id, 'x')).statusCode).toBe(401);
    expect((await t.get('/api/clients/not-a-uuid', await as('owner'))).statusCode).toBe(400);
    expect(
      (await t.get('/api/clients/00000000-0000-4000-8000-000000000000/bookings', await as('owner')))
        .statusCode,
    ).toBe(404);
  });
});
