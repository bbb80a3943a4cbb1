import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as termsAndClientLinks from '../../db/migrations/005-terms-and-client-links.ts';
import { bookingBody, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/** An owner with a listing books `nights` from `startOffset` days ahead, with the inline new-client form. */
async function ownerBooksFor(person: { email: string; first_name?: string; last_name?: string }) {
  const owner = await signInOwner(t);
  const property = await insertProperty(t.db, owner.user.id);
  const response = await t.post(
    '/api/reservations',
    bookingBody(property.id, 10, 2, {
      new_client: {
        first_name: person.first_name ?? 'Lerato',
        last_name: person.last_name ?? 'Dlamini',
        ...person,
      },
    }),
    { cookie: owner.cookie },
  );
  expect(response.statusCode, response.body).toBe(201);
  return { owner, property, reservationId: response.json<{ id: string }>().id };
}

async function myReservationIds(cookie: string): Promise<string[]> {
  const response: LightMyRequestResponse = await t.get('/api/reservations', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Array<{ id: string }>>().map((reservation) => reservation.id);
}

const clientRecords = (email: string) =>
  t.db
    .selectFrom('clients')
    .select(['owner_id', 'user_id'])
    .where('email', '=', email.toLowerCase())
    .execute();

describe('a booking an owner makes for a registered person', () => {
  it('with the inline new-client form (any letter case) shows in their My Reservations', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    const booking = await ownerBooksFor({ email: user.email.toUpperCase() });
    expect(await clientRecords(user.email)).toEqual([{ owner_id: booking.owner.user.id, user_id: user.id }]);
    expect(await myReservationIds(cookie)).toEqual([booking.reservationId]);
    const one = await t.get(`/api/reservations/${booking.reservationId}`, { cookie });
    expect(one.statusCode).toBe(200);
  });

  it('for a client added by email first (Add client) shows in their My Reservations', async () => {
    const { user, cookie } = await t.signInAs({ role: 'client' });
    const owner = await signInOwner(t);
    const property = await insertProperty(t.db, owner.user.id);
    const added = await t.post(
      '/api/clients',
      { first_name: user.first_name, last_name: user.last_name, email: ` ${user.email.toUpperCase()} ` },
      { cookie: owner.cookie },
    );
    expect(added.statusCode).toBe(201);
    const booked = await t.post(
      '/api/reservations',
      bookingBody(property.id, 20, 1, { client_id: added.json<{ id: string }>().id }),
      { cookie: owner.cookie },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await myReservationIds(cookie)).toEqual([booked.json<{ id: string }>().id]);
  });
});

describe('a person who registers after owners booked for their email', () => {
  it('is linked at sign-up and, once verified, sees every owner’s bookings for them', async () => {
    const email = uniqueEmail();
    const first = await ownerBooksFor({ email });
    const second = await ownerBooksFor({ email: email.toUpperCase() });
    const strangers = await ownerBooksFor({ email: uniqueEmail() });
    expect((await clientRecords(email)).map((record) => record.user_id)).toEqual([null, null]);

    const { input, response } = await t.registerUser({
      email: `${email.slice(0, 3).toUpperCase()}${email.slice(3)}`,
    });
    expect(response.statusCode).toBe(200);
    const account = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect((await clientRecords(email)).map((record) => record.user_id)).toEqual([account.id, account.id]);

    expect((await t.verifyViaMailbox(email)).statusCode).toBe(302);
    const cookie = await t.signIn(email, input.password);
    const mine = await myReservationIds(cookie);
    expect(mine.sort()).toEqual([first.reservationId, second.reservationId].sort());
    expect(mine).not.toContain(strangers.reservationId);
  });

  it('is linked when verifying to records made between signing up and verifying', async () => {
    const { input } = await t.registerUser();
    const account = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    // A record left unlinked (as records made before this fix were) is linked by the verification.
    const booking = await ownerBooksFor({ email: input.email });
    await t.db.updateTable('clients').set({ user_id: null }).where('email', '=', input.email).execute();

    expect((await t.verifyViaMailbox(input.email)).statusCode).toBe(302);
    expect(await clientRecords(input.email)).toEqual([
      { owner_id: booking.owner.user.id, user_id: account.id },
    ]);
    const cookie = await t.signIn(input.email, input.password);
    expect(await myReservationIds(cookie)).toEqual([booking.reservationId]);
  });
});

describe('owner and staff accounts', () => {
  it('are not linked as clients, booked for by email or registering with it', async () => {
    const otherOwner = await t.createUser({ role: 'owner' });
    await ownerBooksFor({ email: otherOwner.email });
    expect((await clientRecords(otherOwner.email)).map((record) => record.user_id)).toEqual([null]);

    const email = uniqueEmail();
    await ownerBooksFor({ email });
    const { response } = await t.registerUser({ email, role: 'owner' });
    expect(response.statusCode).toBe(200);
    expect((await clientRecords(email)).map((record) => record.user_id)).toEqual([null]);
  });
});

describe('migration 005', () => {
  it('links client records made before bookings were linked by email', async () => {
    const { user } = await t.signInAs({ role: 'client' });
    const unrelated = uniqueEmail();
    await ownerBooksFor({ email: user.email });
    await ownerBooksFor({ email: unrelated });
    await t.db.updateTable('clients').set({ user_id: null }).where('email', '=', user.email).execute();

    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await termsAndClientLinks.down(db);
    await termsAndClientLinks.up(db);
    expect((await clientRecords(user.email)).map((record) => record.user_id)).toEqual([user.id]);
    expect((await clientRecords(unrelated)).map((record) => record.user_id)).toEqual([null]);
  });
});
