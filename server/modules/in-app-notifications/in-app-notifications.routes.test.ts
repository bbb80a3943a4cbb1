import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRandCents } from '../../../domain/money.ts';
import type { InAppNotificationList } from '../../../domain/schemas/in-app-notifications.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { saveNotificationSettings } from '../notification-settings/notification-settings.repository.ts';
import { notifyUser } from './in-app-notifications.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const LIST = '/api/me/notifications';
const list = async (cookie: string, page = 1) => {
  const response = await t.get(`${LIST}?page=${page}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json<InAppNotificationList>();
};
const unread = async (cookie: string) => {
  const response = await t.get(`${LIST}/unread-count`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json<{ unread: number }>().unread;
};
const staffWith = (ownerId: string, canManageReservations: boolean) =>
  t.signInAs({
    role: 'frontoffice',
    parentOwnerId: ownerId,
    permissions: {
      canManageProperties: false,
      canManageReservations,
      canManageTenants: false,
      canManageUsers: false,
      canViewReports: false,
    },
  });

/** An owner (with reservation staff and staff without) whose listing a signed-in client requests. */
async function clientRequest() {
  const owner = await signInOwner(t);
  const desk = await staffWith(owner.user.id, true);
  const cleaner = await staffWith(owner.user.id, false);
  const client = await t.signInAs({ role: 'client' });
  const title = `Karoo Cottage ${randomUUID().slice(0, 8)}`;
  const property = await insertProperty(t.db, owner.user.id, { title });
  const booked = await t.post('/api/reservations', bookingBody(property.id, 20, 2), {
    cookie: client.cookie,
  });
  expect(booked.statusCode).toBe(201);
  return { owner, desk, cleaner, client, title, reservation: booked.json<Reservation>() };
}

describe('a client’s booking request', () => {
  it('reaches the owner and staff who manage reservations, not other staff nor the client', async () => {
    const { owner, desk, cleaner, client, title, reservation } = await clientRequest();
    for (const who of [owner, desk]) {
      const { items, unread: count } = await list(who.cookie);
      expect(count).toBe(1);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        kind: 'booking_request',
        title: `New booking request from ${client.user.first_name} ${client.user.last_name}`,
        link: `/reservation-management?reservation=${reservation.id}`,
        read: false,
      });
      expect(items[0]?.body).toContain(title);
      expect(items[0]?.body).toContain(reservation.reference);
      expect(await unread(who.cookie)).toBe(1);
    }
    expect((await list(cleaner.cookie)).items).toEqual([]);
    expect((await list(client.cookie)).items).toEqual([]);
  });

  it('is written in the transaction of the booking: a refused request leaves none', async () => {
    const owner = await signInOwner(t);
    const client = await t.signInAs({ role: 'client' });
    const property = await insertProperty(t.db, owner.user.id);
    const first = await t.post('/api/reservations', bookingBody(property.id, 30, 2), {
      cookie: client.cookie,
    });
    expect(first.statusCode).toBe(201);
    // The same nights again overlap the first request: refused, and nothing more on the bell.
    const again = await t.post('/api/reservations', bookingBody(property.id, 30, 2), {
      cookie: owner.cookie,
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(await unread(owner.cookie)).toBe(1);
  });

  it('confirmation and cancellation reach the client; the owner is not told of their own change', async () => {
    const { owner, client, title, reservation } = await clientRequest();
    const url = `/api/reservations/${reservation.id}`;
    expect((await t.patch(url, { status: 'confirmed' }, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await t.patch(url, { status: 'cancelled' }, { cookie: owner.cookie })).statusCode).toBe(200);
    const { items } = await list(client.cookie);
    expect(items.map((item) => [item.kind, item.title, item.link])).toEqual([
      ['booking_cancelled', 'Your booking was cancelled', '/my-reservations'],
      ['booking_confirmed', 'Your booking is confirmed', '/my-reservations'],
    ]);
    expect(items[0]?.body).toContain(title);
    expect((await list(owner.cookie)).items.map((item) => item.kind)).toEqual(['booking_request']);
  });

  it('a client cancelling their own request tells the owner and reservation staff', async () => {
    const { owner, desk, cleaner, client, reservation } = await clientRequest();
    const cancelled = await t.post(`/api/reservations/${reservation.id}/cancel`, undefined, {
      cookie: client.cookie,
    });
    expect(cancelled.statusCode).toBe(200);
    for (const who of [owner, desk]) {
      const [newest] = (await list(who.cookie)).items;
      expect(newest).toMatchObject({
        kind: 'booking_withdrawn',
        title: `${client.user.first_name} ${client.user.last_name} cancelled their booking request`,
        link: `/reservation-management?reservation=${reservation.id}`,
      });
    }
    expect((await list(cleaner.cookie)).items).toEqual([]);
    expect((await list(client.cookie)).items).toEqual([]);
  });
});

describe('a payment recorded on a reservation', () => {
  it('tells the client; the owner too when their staff recorded it, never the one who recorded it', async () => {
    const { owner, desk, client, reservation } = await clientRequest();
    const pay = (cookie: string, amount: number) =>
      t.post(
        `/api/reservations/${reservation.id}/transactions`,
        { kind: 'payment', payment_method: 'manual', amount_cents: amount },
        { cookie },
      );
    expect((await pay(owner.cookie, 150_000)).statusCode).toBe(201);
    expect((await pay(desk.cookie, 25_000)).statusCode).toBe(201);

    const clientSees = (await list(client.cookie)).items;
    expect(clientSees.map((item) => [item.kind, item.title])).toEqual([
      ['payment_recorded', `Payment of ${formatRandCents(25_000)} received`],
      ['payment_recorded', `Payment of ${formatRandCents(150_000)} received`],
    ]);
    const ownerSees = (await list(owner.cookie)).items;
    expect(ownerSees.map((item) => [item.kind, item.title])).toEqual([
      ['payment_recorded', `Payment of ${formatRandCents(25_000)} recorded`],
      ['booking_request', expect.stringContaining('New booking request')],
    ]);
    expect((await list(desk.cookie)).items.map((item) => item.kind)).toEqual(['booking_request']);
  });
});

describe('the in-app switch', () => {
  it('with in-app off, nothing new reaches the bell; emails still go', async () => {
    const owner = await signInOwner(t);
    await saveNotificationSettings(t.db, owner.user.id, { email: true, sms: true, app: false });
    const client = await t.signInAs({ role: 'client' });
    const property = await insertProperty(t.db, owner.user.id);
    const booked = await t.post('/api/reservations', bookingBody(property.id, 40, 2), {
      cookie: client.cookie,
    });
    expect(booked.statusCode).toBe(201);
    expect(await unread(owner.cookie)).toBe(0);
    expect((await list(owner.cookie)).items).toEqual([]);
    const pending = await t.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('to_address', '=', owner.user.email)
      .execute();
    expect(pending.map((mail) => mail.subject)).toEqual([expect.stringContaining('New booking request')]);
  });
});

describe('reading and marking', () => {
  it('anonymous: 401 everywhere', async () => {
    expect((await t.get(LIST)).statusCode).toBe(401);
    expect((await t.get(`${LIST}/unread-count`)).statusCode).toBe(401);
    expect((await t.post(`${LIST}/${randomUUID()}/read`)).statusCode).toBe(401);
    expect((await t.post(`${LIST}/read-all`)).statusCode).toBe(401);
  });

  it('lists only one’s own, newest first, a page at a time; marks one and all read', async () => {
    const me = await t.signInAs({ role: 'client' });
    const other = await t.signInAs({ role: 'owner' });
    // A second apart: notices written within the same clock tick (PGlite's clock counts milliseconds)
    // have no order between them.
    await t.db
      .insertInto('in_app_notifications')
      .values(
        Array.from({ length: 22 }, (_, index) => ({
          user_id: me.user.id,
          kind: 'support_reply' as const,
          title: `Reply ${index + 1}`,
          body: 'b',
          link: null,
          created_at: new Date(Date.now() - (22 - index) * 1000),
        })),
      )
      .execute();
    await notifyUser(t.db, {
      userId: other.user.id,
      kind: 'support_reply',
      title: 'Theirs',
      body: 'b',
      link: '/profile',
    });

    const first = await list(me.cookie);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.title).toBe('Reply 22');
    expect(first).toMatchObject({ page: 1, page_size: 20, has_more: true, unread: 22 });
    const second = await list(me.cookie, 2);
    expect(second.items.map((item) => item.title)).toEqual(['Reply 2', 'Reply 1']);
    expect(second.has_more).toBe(false);

    const theirs = (await list(other.cookie)).items[0];
    expect(theirs?.title).toBe('Theirs');
    // Someone else's notification does not exist for me, and stays unread.
    const foreign = await t.post(`${LIST}/${theirs?.id}/read`, undefined, { cookie: me.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notification not found');
    expect(await unread(other.cookie)).toBe(1);

    const mine = first.items[0]?.id;
    const marked = await t.post(`${LIST}/${mine}/read`, undefined, { cookie: me.cookie });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unread: 21 });
    // Marking it again changes nothing.
    expect((await t.post(`${LIST}/${mine}/read`, undefined, { cookie: me.cookie })).json()).toEqual({
      unread: 21,
    });
    expect((await list(me.cookie)).items[0]?.read).toBe(true);

    const all = await t.post(`${LIST}/read-all`, undefined, { cookie: me.cookie });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unread(me.cookie)).toBe(0);
    expect(await unread(other.cookie)).toBe(1);
  });

  it('bad input: 400 and nothing changes', async () => {
    const me = await t.signInAs({ role: 'owner' });
    expect((await t.get(`${LIST}?page=0`, { cookie: me.cookie })).statusCode).toBe(400);
    expect((await t.get(`${LIST}?page=abc`, { cookie: me.cookie })).statusCode).toBe(400);
    const bad = await t.post(`${LIST}/not-an-id/read`, undefined, { cookie: me.cookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the SMS switch while no provider is configured', () => {
  const URL = '/api/me/notification-settings';
  it('cannot be switched on (400, nothing changes); keeping it or switching it off can', async () => {
    const { cookie } = await t.signInAs({ role: 'client' });
    expect((await t.get(URL, { cookie })).json()).toMatchObject({ sms: true, sms_available: false });
    const off = await t.request('PUT', URL, { body: { email: true, sms: false, app: true }, cookie });
    expect(off.statusCode).toBe(200);
    const on = await t.request('PUT', URL, { body: { email: false, sms: true, app: true }, cookie });
    expect(on.statusCode).toBe(400);
    expect(on.json().message).toBe(
      'SMS notifications cannot be switched on: Rentza has no SMS provider configured yet',
    );
    expect((await t.get(URL, { cookie })).json()).toEqual({
      email: true,
      sms: false,
      app: true,
      sms_available: false,
    });
  });
});
