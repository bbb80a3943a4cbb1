import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, newClientInput, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { saveNotificationSettings } from './notification-settings.repository.ts';

let t: TestApp;
// Generous: on a loaded machine starting the app (migrated database, auth) can take a while.
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const URL = '/api/me/notification-settings';
const DEFAULTS = { email: true, sms: true, app: true, sms_available: false };

const read = (cookie: string) => t.get(URL, { cookie });
const save = (body: unknown, cookie?: string) =>
  t.request('PUT', URL, { body, ...(cookie ? { cookie } : {}) });

describe('GET and PUT /api/me/notification-settings', () => {
  it('anonymous: 401 for reading and saving', async () => {
    expect((await t.get(URL)).statusCode).toBe(401);
    expect((await save({ email: false, sms: true, app: false })).statusCode).toBe(401);
  });

  it.each<Role>(['client', 'owner', 'admin', 'backoffice', 'frontoffice'])(
    '%s: starts from the defaults, saves every switch and reads them back',
    async (role) => {
      const { user, cookie } = await t.signInAs({ role });
      const fresh = await read(cookie);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toEqual(DEFAULTS);

      const saved = await save({ email: false, sms: false, app: true }, cookie);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ email: false, sms: false, app: true, sms_available: false });
      expect((await read(cookie)).json()).toEqual({
        email: false,
        sms: false,
        app: true,
        sms_available: false,
      });

      // The other settings in the same column are kept.
      const stored = await t.db
        .selectFrom('users')
        .select('settings')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(stored.settings).toEqual({
        currency: 'ZAR',
        dateFormat: 'dd/MM/yyyy',
        timeFormat: 'HH:mm',
        language: 'en-ZA',
        notifications: { email: false, sms: false, app: true },
      });
      expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);
    },
  );

  it('one user’s switches do not touch another’s', async () => {
    const first = await t.signInAs({ role: 'client' });
    const second = await t.signInAs({ role: 'client' });
    expect((await save({ email: false, sms: true, app: false }, first.cookie)).statusCode).toBe(200);
    expect((await read(second.cookie)).json()).toEqual(DEFAULTS);
  });

  it.each([
    ['a missing switch', { email: false, sms: true }, 'app', 'In-app notifications must be on or off'],
    [
      'a string for a switch',
      { email: 'false', sms: true, app: false },
      'email',
      'Email notifications must be on or off',
    ],
    [
      'null for a switch',
      { email: true, sms: null, app: false },
      'sms',
      'SMS notifications must be on or off',
    ],
  ])('%s: 400 naming the field, and nothing changes', async (_, body, field, message) => {
    const { cookie } = await t.signInAs({ role: 'client' });
    expect((await save({ email: false, sms: true, app: false }, cookie)).statusCode).toBe(200);
    const refused = await save(body, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toMatchObject({ [field]: message });
    expect((await read(cookie)).json()).toEqual({
      email: false,
      sms: true,
      app: false,
      sms_available: false,
    });
  });

  it('a body that is not an object: 400, and nothing changes', async () => {
    const { cookie } = await t.signInAs({ role: 'owner' });
    expect((await save([true, true, false], cookie)).statusCode).toBe(400);
    expect((await read(cookie)).json()).toEqual(DEFAULTS);
  });
});

describe('the email switch and the mail that is sent', () => {
  /** Delivers what is pending for the address, then lists the subjects it received containing `title`. */
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

  const setStatus = (id: string, status: Reservation['status'], cookie: string) =>
    t.patch(`/api/reservations/${id}`, { status }, { cookie });

  it('a client with email off gets no booking emails while the owner still does', async () => {
    const owner = await signInOwner(t);
    const renter = await t.signInAs({ role: 'client' });
    expect((await save({ email: false, sms: true, app: false }, renter.cookie)).statusCode).toBe(200);
    const title = `Karoo Cottage ${randomUUID().slice(0, 8)}`;
    const property = await insertProperty(t.db, owner.user.id, { title });

    const booked = await t.post('/api/reservations', bookingBody(property.id, 14, 2), {
      cookie: renter.cookie,
    });
    expect(booked.statusCode).toBe(201);
    const reservation = booked.json<Reservation>();
    expect((await setStatus(reservation.id, 'confirmed', owner.cookie)).statusCode).toBe(200);

    expect(await subjectsFor(owner.user.email, title)).toEqual([
      `Booking confirmed: ${title}`,
      `New booking request for ${title}`,
    ]);
    expect(await subjectsFor(renter.user.email, title)).toEqual([]);

    // Switched back on, the next email arrives.
    expect((await save({ email: true, sms: true, app: false }, renter.cookie)).statusCode).toBe(200);
    expect((await setStatus(reservation.id, 'cancelled', owner.cookie)).statusCode).toBe(200);
    expect(await subjectsFor(renter.user.email, title)).toEqual([`Your booking at ${title} was cancelled`]);
  });

  it('an owner with email off gets none; a client without an account is still emailed', async () => {
    const owner = await signInOwner(t);
    expect((await save({ email: false, sms: true, app: false }, owner.cookie)).statusCode).toBe(200);
    const title = `Drakensberg Lodge ${randomUUID().slice(0, 8)}`;
    const property = await insertProperty(t.db, owner.user.id, { title });
    const guest = newClientInput();

    const booked = await t.post('/api/reservations', bookingBody(property.id, 14, 2, { new_client: guest }), {
      cookie: owner.cookie,
    });
    expect(booked.statusCode).toBe(201);
    expect((await setStatus(booked.json<Reservation>().id, 'confirmed', owner.cookie)).statusCode).toBe(200);

    expect(await subjectsFor(guest.email, title)).toEqual([
      `Your booking at ${title} is confirmed`,
      `Your booking request for ${title}`,
    ]);
    expect(await subjectsFor(owner.user.email, title)).toEqual([]);
  });

  it('password reset and verification emails are sent with the switch off', async () => {
    const renter = await t.signInAs({ role: 'client' });
    expect((await save({ email: false, sms: true, app: false }, renter.cookie)).statusCode).toBe(200);
    const reset = await t.post('/api/auth/request-password-reset', {
      email: renter.user.email,
      redirectTo: '/reset-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.waitForMail(renter.user.email, /reset/i)).subject).toBe('Reset your Rentza password');

    const unverified = await t.createUser({ role: 'client', emailVerified: false });
    await saveNotificationSettings(t.db, unverified.id, { email: false, sms: false, app: false });
    const resend = await t.post('/api/auth/send-verification-email', { email: unverified.email });
    expect(resend.statusCode).toBe(200);
    expect((await t.waitForMail(unverified.email, /verify/i)).to).toBe(unverified.email);
  });
});
