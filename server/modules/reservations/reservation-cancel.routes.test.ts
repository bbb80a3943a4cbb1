import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import { CLIENT_CANCEL_MESSAGES } from '../../../domain/reservation.ts';
import { isReservationReference } from '../../../domain/reservation-reference.ts';
import type { Ledger } from '../../../domain/schemas/billing-lines.ts';
import type { InAppNotificationList } from '../../../domain/schemas/in-app-notifications.ts';
import type { CancellationPreview } from '../../../domain/schemas/online-payments.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import * as referencesMigration from '../../db/migrations/007-reservation-references.ts';
import type { Property } from '../../db/types.ts';
import { bookingBody, day, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { ownerWithDetails } from '../../test/document-fixtures.ts';
import { type CreatedUser, createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const NOT_FOUND = 'Reservation not found';
const MUST_LOG_IN = 'You must be logged in to cancel a reservation.';
const CLIENTS_ONLY =
  'Only the client who booked can cancel a reservation here. Change its status in Reservation Management instead.';

interface Person {
  user: CreatedUser;
  cookie: string;
}

const cancel = (id: string, cookie?: string) =>
  t.post(`/api/reservations/${id}/cancel`, undefined, cookie ? { cookie } : {});

function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
}

async function statusOf(id: string) {
  const row = await t.db.selectFrom('reservations').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/** An owner with a listing, and a client who booked `nights` nights on it `offset` days from today. */
async function clientBooking(offset = 10, nights = 2) {
  const owner = await signInOwner(t);
  const property = await insertProperty(t.db, owner.user.id);
  const client = await t.signInAs({ role: 'client' });
  const response = await t.post('/api/reservations', bookingBody(property.id, offset, nights), {
    cookie: client.cookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { owner, property, client, reservation: response.json<Reservation>() };
}

const availableDates = async (property: Property) =>
  (await t.get(`/api/properties/${property.id}/availability`)).json<{ dates: string[] }>().dates;

describe('POST /api/reservations/:id/cancel — allowed', () => {
  it('the client cancels their own pending booking: it is Cancelled, keeps its reference and stays in their list', async () => {
    const { client, reservation } = await clientBooking();
    const response = await cancel(reservation.id, client.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json<Reservation>();
    expect(cancelled).toMatchObject({
      id: reservation.id,
      reference: reservation.reference,
      status: 'cancelled',
    });
    expect(await statusOf(reservation.id)).toBe('cancelled');
    const mine = (await t.get('/api/reservations', { cookie: client.cookie })).json<Reservation[]>();
    expect(mine.map((r) => [r.id, r.status])).toEqual([[reservation.id, 'cancelled']]);
  });

  it('a stay starting today (Johannesburg) can still be cancelled', async () => {
    const { client, reservation } = await clientBooking(0, 1);
    expect((await cancel(reservation.id, client.cookie)).statusCode).toBe(200);
  });

  it('emails the owner (and the client) with the reference, listing, dates and client name', async () => {
    const { owner, property, client, reservation } = await clientBooking(12, 3);
    expect((await cancel(reservation.id, client.cookie)).statusCode).toBe(200);

    const ownerMail = await t.waitForMail(owner.user.email, /cancelled by the client/);
    expect(ownerMail.subject).toBe(`Booking request cancelled by the client: ${property.title}`);
    for (const line of [
      `Hi ${owner.user.first_name} ${owner.user.last_name},`,
      'The client cancelled this booking request. Its dates are free again.',
      `Client: ${client.user.first_name} ${client.user.last_name} (${client.user.email})`,
      `Property: ${property.title}`,
      `Dates: ${formatDisplayDate(day(12))} to ${formatDisplayDate(day(15))} (3 nights)`,
      'Status: Cancelled',
      `Reservation ID: ${reservation.reference}`,
    ])
      expect(ownerMail.text).toContain(line);
    expect(ownerMail.text).not.toContain(reservation.id);
    expect(ownerMail.link).toBe(`${t.config.PUBLIC_URL}/reservation-management`);

    const clientMail = await t.waitForMail(client.user.email, /You cancelled/);
    expect(clientMail.subject).toBe(`You cancelled your booking request for ${property.title}`);
    expect(clientMail.text).toContain(`Reservation ID: ${reservation.reference}`);
  });

  it('frees the nights: they are bookable again on the availability and by another client', async () => {
    const { property, client, reservation } = await clientBooking(20, 2);
    const held = [day(20), day(21)];
    const before = await availableDates(property);
    for (const night of held) expect(before).not.toContain(night);
    const rival = await t.signInAs({ role: 'client' });
    const refused = await t.post('/api/reservations', bookingBody(property.id, 20, 2), {
      cookie: rival.cookie,
    });
    expect(refused.statusCode).toBe(409);

    expect((await cancel(reservation.id, client.cookie)).statusCode).toBe(200);

    const after = await availableDates(property);
    for (const night of held) expect(after).toContain(night);
    const rebooked = await t.post('/api/reservations', bookingBody(property.id, 20, 2), {
      cookie: rival.cookie,
    });
    expect(rebooked.statusCode, rebooked.body).toBe(201);
  });
});

describe('POST /api/reservations/:id/cancel — refused', () => {
  it('signed out → 401, and the booking stays pending', async () => {
    const { reservation } = await clientBooking();
    expectError(await cancel(reservation.id), 401, MUST_LOG_IN);
    expect(await statusOf(reservation.id)).toBe('pending');
  });

  it('another client → 404 (they cannot know it exists), and it stays pending', async () => {
    const { reservation } = await clientBooking();
    const stranger = await t.signInAs({ role: 'client' });
    expectError(await cancel(reservation.id, stranger.cookie), 404, NOT_FOUND);
    expect(await statusOf(reservation.id)).toBe('pending');
  });

  it('the business (owner, staff with the reservations permission, admin) → 403: they change statuses in the editor', async () => {
    const { owner, reservation } = await clientBooking();
    const backoffice = await t.signInAs({ role: 'backoffice', parentOwnerId: owner.user.id });
    const frontoffice = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
    const admin = await t.signInAs({ role: 'admin' });
    for (const person of [owner, backoffice, frontoffice, admin] as Person[])
      expectError(await cancel(reservation.id, person.cookie), 403, CLIENTS_ONLY);
    expect(await statusOf(reservation.id)).toBe('pending');
  });

  it("staff without the reservations permission and another business's owner → 404", async () => {
    const { owner, reservation } = await clientBooking();
    const withoutPermission = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: {
        canManageProperties: false,
        canManageReservations: false,
        canManageTenants: false,
        canManageUsers: false,
        canViewReports: false,
      },
    });
    const otherOwner = await signInOwner(t);
    for (const person of [withoutPermission, otherOwner])
      expectError(await cancel(reservation.id, person.cookie), 404, NOT_FOUND);
    expect(await statusOf(reservation.id)).toBe('pending');
  });

  it.each(['completed'] as const)('a %s booking → 409; it keeps its status', async (status) => {
    const { owner, client, reservation } = await clientBooking();
    const changed = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status },
      { cookie: owner.cookie },
    );
    expect(changed.statusCode).toBe(200);
    expectError(await cancel(reservation.id, client.cookie), 409, CLIENT_CANCEL_MESSAGES.notPending);
    expect(await statusOf(reservation.id)).toBe(status);
  });

  it('an already cancelled booking → 409, and no second email', async () => {
    const { owner, property, client, reservation } = await clientBooking();
    expect((await cancel(reservation.id, client.cookie)).statusCode).toBe(200);
    expectError(await cancel(reservation.id, client.cookie), 409, CLIENT_CANCEL_MESSAGES.notPending);
    await t.waitForMail(owner.user.email, /cancelled by the client/);
    const subjects = (await t.mailbox(owner.user.email)).map((mail) => mail.subject);
    expect(
      subjects.filter((s) => s === `Booking request cancelled by the client: ${property.title}`),
    ).toHaveLength(1);
  });

  it('a pending stay that has started (start before Johannesburg today) → 409', async () => {
    const { owner, client, reservation } = await clientBooking();
    const property = await insertProperty(t.db, owner.user.id);
    const started = await t.db
      .insertInto('reservations')
      .values({
        property_id: property.id,
        owner_id: owner.user.id,
        client_id: reservation.client_id,
        start_date: day(-1),
        end_date: day(2),
        status: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expectError(await cancel(started.id, client.cookie), 409, CLIENT_CANCEL_MESSAGES.started);
    expect(await statusOf(started.id)).toBe('pending');
  });

  it('an unknown id → 404; a malformed one → 400', async () => {
    const client = await t.signInAs({ role: 'client' });
    expectError(await cancel(randomUUID(), client.cookie), 404, NOT_FOUND);
    expect((await cancel('not-an-id', client.cookie)).statusCode).toBe(400);
  });
});

describe('reservation references', () => {
  it('every booking gets its own short reference, shown instead of the id', async () => {
    const { reservation } = await clientBooking();
    const { reservation: another } = await clientBooking();
    expect(isReservationReference(reservation.reference)).toBe(true);
    expect(isReservationReference(another.reference)).toBe(true);
    expect(reservation.reference).not.toBe(another.reference);
  });

  it('the business finds a reservation by its reference in the list search', async () => {
    const { owner, reservation } = await clientBooking();
    await clientBooking();
    const found = await t.get(`/api/reservations?q=${reservation.reference.toLowerCase()}`, {
      cookie: owner.cookie,
    });
    expect(found.json<Reservation[]>().map((r) => r.id)).toEqual([reservation.id]);
  });

  it('rows written outside the booking service get one from the column default', async () => {
    const { owner, reservation } = await clientBooking();
    const property = await insertProperty(t.db, owner.user.id);
    const inserted = await t.db
      .insertInto('reservations')
      .values({
        property_id: property.id,
        owner_id: owner.user.id,
        client_id: reservation.client_id,
        start_date: day(30),
        end_date: day(31),
      })
      .returning('reference')
      .executeTakeFirstOrThrow();
    expect(isReservationReference(inserted.reference)).toBe(true);
  });

  it('the database refuses a duplicate or malformed reference', async () => {
    const { owner, reservation } = await clientBooking();
    const property = await insertProperty(t.db, owner.user.id);
    const insert = (reference: string, offset: number) =>
      t.db
        .insertInto('reservations')
        .values({
          reference,
          property_id: property.id,
          owner_id: owner.user.id,
          client_id: reservation.client_id,
          start_date: day(offset),
          end_date: day(offset + 1),
        })
        .execute();
    await expect(insert(reservation.reference, 40)).rejects.toThrow(/reservations_reference_key/);
    await expect(insert('RZ-0OI1AA', 42)).rejects.toThrow(/reservations_reference_format/);
  });
});

describe('migration 007', () => {
  // Last in the file: it takes the column away and back on the shared database.
  it('gives every existing reservation a distinct, well-formed reference', async () => {
    await clientBooking();
    await clientBooking();
    const ids = async () =>
      (await t.db.selectFrom('reservations').select('id').orderBy('id').execute()).map((row) => row.id);
    const before = await ids();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const untyped = t.db as unknown as Kysely<unknown>;
    await referencesMigration.down(untyped);
    await referencesMigration.up(untyped);
    const rows = await t.db.selectFrom('reservations').select(['id', 'reference']).orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual(before);
    expect(rows.every((row) => isReservationReference(row.reference))).toBe(true);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(rows.length);
  });
});

describe('a client cancels a confirmed booking under the cancellation policy (decision 063)', () => {
  /** An owner with business details, a listing at R 1 000 a night, a client's 3 nights `offset` days out, confirmed. */
  async function confirmedBooking(offset: number, policy?: { days: number; percent: number }) {
    const owner = await ownerWithDetails(t);
    const property = await insertProperty(t.db, owner.user.id, {
      price_per_day_cents: 100_000,
      cleaning_fee_cents: 0,
    });
    if (policy)
      await t.db
        .insertInto('cancellation_policies')
        .values({ owner_id: owner.user.id, free_until_days_before: policy.days, fee_percent: policy.percent })
        .execute();
    const client = await t.signInAs({ role: 'client' });
    const created = await t.post('/api/reservations', bookingBody(property.id, offset, 3), {
      cookie: client.cookie,
    });
    expect(created.statusCode, created.body).toBe(201);
    const reservation = created.json<Reservation>();
    const confirmed = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'confirmed' },
      { cookie: owner.cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const bill = (body: unknown) =>
      t.post(`/api/reservations/${reservation.id}/transactions`, body, { cookie: owner.cookie });
    return { owner, property, client, reservation, bill };
  }
  const preview = (id: string, cookie?: string) =>
    t.get(`/api/my/reservations/${id}/cancellation`, cookie ? { cookie } : {});
  const ledgerOf = async (id: string, cookie: string) =>
    (await t.get(`/api/reservations/${id}/transactions`, { cookie })).json<Ledger>();
  const documentsOf = (id: string) =>
    t.db
      .selectFrom('documents')
      .select(['kind', 'total_cents'])
      .where('reservation_id', '=', id)
      .orderBy('created_at')
      .execute();

  it('the owner’s bell says the client cancelled their booking, not a request', async () => {
    const { owner, client, reservation } = await confirmedBooking(20);
    expect((await cancel(reservation.id, client.cookie)).statusCode).toBe(200);
    const bell = (
      await t.get('/api/me/notifications', { cookie: owner.cookie })
    ).json<InAppNotificationList>();
    expect(bell.items[0]).toMatchObject({
      kind: 'booking_withdrawn',
      title: `${client.user.first_name} ${client.user.last_name} cancelled their booking`,
      link: `/reservation-management?reservation=${reservation.id}`,
    });
  });

  it('a pending booking stays free to cancel', async () => {
    const { client, reservation } = await clientBooking(3, 2);
    const quote = (await preview(reservation.id, client.cookie)).json<CancellationPreview>();
    expect(quote).toMatchObject({ cancellable: true, free: true, feeCents: 0, refusal: null });
  });

  it('inside the free window: nothing is owed, the charges are voided, and the issued invoice is credited', async () => {
    const { owner, client, reservation, bill } = await confirmedBooking(20);
    expect((await bill({ kind: 'rental' })).statusCode).toBe(201);
    expect((await bill({ kind: 'payment', payment_method: 'manual', amount_cents: 90_000 })).statusCode).toBe(
      201,
    );
    const invoice = await t.post(
      `/api/reservations/${reservation.id}/documents/invoice`,
      {},
      { cookie: owner.cookie },
    );
    expect(invoice.statusCode, invoice.body).toBeLessThan(300);

    const quote = (await preview(reservation.id, client.cookie)).json<CancellationPreview>();
    expect(quote).toMatchObject({
      cancellable: true,
      free: true,
      freeUntil: day(13),
      feeCents: 0,
      paidCents: 90_000,
      refundDueCents: 90_000,
    });
    expect((await cancel(reservation.id, client.cookie)).statusCode).toBe(200);
    const after = await ledgerOf(reservation.id, owner.cookie);
    expect(after.lines.map((line) => line.kind)).toEqual(['payment']);
    expect([after.charges_cents, after.balance_due_cents, after.credit_cents]).toEqual([0, 0, 90_000]);
    const voided = await t.db
      .selectFrom('reservation_transactions')
      .select(['voided_by'])
      .where('reservation_id', '=', reservation.id)
      .where('kind', '=', 'rental')
      .execute();
    expect(voided.length).toBeGreaterThan(0);
    expect(voided.every((line) => line.voided_by === client.user.id)).toBe(true);
    expect((await documentsOf(reservation.id)).map((doc) => doc.kind)).toEqual(['invoice', 'credit_note']);
  });

  it('after the window: a fee line at the policy %, the credit to the cent, a credit note and a fee invoice, and emails with the refund', async () => {
    const { owner, property, client, reservation, bill } = await confirmedBooking(3, {
      days: 7,
      percent: 40,
    });
    expect((await bill({ kind: 'rental' })).statusCode).toBe(201);
    expect(
      (await bill({ kind: 'payment', payment_method: 'manual', amount_cents: 200_000 })).statusCode,
    ).toBe(201);
    const invoice = await t.post(
      `/api/reservations/${reservation.id}/documents/invoice`,
      {},
      { cookie: owner.cookie },
    );
    expect(invoice.statusCode, invoice.body).toBeLessThan(300);

    const quote = (await preview(reservation.id, client.cookie)).json<CancellationPreview>();
    // 40% of R 3 000.00 = R 1 200.00 kept; R 2 000.00 paid → R 800.00 to refund.
    expect(quote).toMatchObject({
      free: false,
      feeCents: 120_000,
      paidCents: 200_000,
      refundDueCents: 80_000,
    });
    expect((await cancel(reservation.id, client.cookie)).statusCode).toBe(200);

    const after = await ledgerOf(reservation.id, owner.cookie);
    const fee = after.lines.find((line) => line.kind === 'ad_hoc');
    expect(fee?.description).toMatch(/^Cancellation fee \(40% of R\s3[\s ]000[.,]00, cancelled /);
    expect(fee?.total_cents).toBe(120_000);
    expect(fee?.tax_percent).toBe(Number(reservation.tax_percent));
    expect([after.charges_cents, after.payments_cents, after.balance_due_cents, after.credit_cents]).toEqual([
      120_000, 200_000, 0, 80_000,
    ]);
    expect(after.total_price_cents).toBe(120_000);
    const documents = await documentsOf(reservation.id);
    expect(documents.map((doc) => doc.kind)).toEqual(['invoice', 'credit_note', 'invoice']);
    expect(documents.at(-1)?.total_cents).toBe(120_000);

    const subjects = {
      [owner.user.email]: `Booking cancelled by the client: ${property.title}`,
      [client.user.email]: `You cancelled your booking at ${property.title}`,
    };
    for (const [email, subject] of Object.entries(subjects)) {
      const mail = await t.waitForMail(email, /cancelled/i);
      expect(mail.subject).toBe(subject);
      expect(mail.text).not.toContain('request');
      expect(mail.text).toContain(`Cancellation fee: ${formatRandCents(120_000)}`);
      expect(mail.text).toContain(`The owner will refund ${formatRandCents(80_000)}.`);
    }

    // The owner records the refund due; the credit is gone.
    const refunded = await bill({ kind: 'refund', amount_cents: 80_000, payout_method: 'eft' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(refunded.json<Ledger>().credit_cents).toBe(0);
  });

  it('a confirmed booking that has started is refused; another client gets 404; the owner 403', async () => {
    const { owner, client, reservation } = await confirmedBooking(10);
    const stranger = await t.signInAs({ role: 'client' });
    expectError(await preview(reservation.id, stranger.cookie), 404, NOT_FOUND);
    expectError(await preview(reservation.id, owner.cookie), 403, CLIENTS_ONLY);
    expectError(await cancel(reservation.id, owner.cookie), 403, CLIENTS_ONLY);
    expectError(await preview(reservation.id), 401, MUST_LOG_IN);
    await t.db
      .updateTable('reservations')
      .set({ start_date: day(-1), end_date: day(2) })
      .where('id', '=', reservation.id)
      .execute();
    const quote = (await preview(reservation.id, client.cookie)).json<CancellationPreview>();
    expect(quote).toMatchObject({ cancellable: false, refusal: CLIENT_CANCEL_MESSAGES.started });
    expectError(await cancel(reservation.id, client.cookie), 409, CLIENT_CANCEL_MESSAGES.started);
    expect(await statusOf(reservation.id)).toBe('confirmed');
  });

  it('the policy the booking was confirmed with wins over the owner’s current one', async () => {
    const { client, reservation } = await confirmedBooking(5, { days: 1, percent: 10 });
    await t.db
      .updateTable('reservations')
      .set({
        payment_terms: JSON.stringify({
          plan: {
            kind: 'full',
            depositType: 'percent',
            depositPercent: 0,
            depositAmountCents: 0,
            balanceDaysBefore: 0,
            securityDeposit: 'with_balance',
          },
          cancellation: { freeUntilDaysBefore: 30, feePercent: 100 },
          depositDueCents: 300_000,
          balanceDueOn: day(0),
          confirmedOn: day(0),
        }),
      })
      .where('id', '=', reservation.id)
      .execute();
    const quote = (await preview(reservation.id, client.cookie)).json<CancellationPreview>();
    expect(quote).toMatchObject({
      free: false,
      feePercent: 100,
      feeCents: 300_000,
      paidCents: 0,
      refundDueCents: 0,
    });
  });
});
