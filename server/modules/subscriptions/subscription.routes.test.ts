import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMidnight, firstBillingDate } from '../../../domain/billing-periods.ts';
import { MESSAGES } from '../../../domain/errors.ts';
import type { PlanId } from '../../../domain/plans.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ensureStarterSubscription, measureUsage } from './subscription.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/subscription';
const DAY_MS = 24 * 60 * 60 * 1000;
const LISTINGS = (limit: number) => `You've reached your limit of ${limit} listings. Upgrade to add more.`;
const BOOKINGS = "You've reached your monthly limit of 5 bookings. Upgrade for unlimited bookings.";
const NO_SUBSCRIPTION = 'No active subscription';

interface SubscriptionView {
  planId: PlanId | null;
  planName: string | null;
  status: string | null;
  currentPeriodEnd: string | null;
  usage: { currentListings: number; bookingsThisMonth: number; usersCount: number };
  canCreateListing: { allowed: boolean; reason?: string };
  canAddBooking: { allowed: boolean; reason?: string };
}

async function owner(plan: PlanId | null = 'starter') {
  const { user, cookie } = await t.signInAs({ role: 'owner' });
  if (plan) {
    await ensureStarterSubscription(t.db, user.id);
    await t.db.updateTable('subscriptions').set({ plan_id: plan }).where('owner_id', '=', user.id).execute();
  }
  return { user, cookie };
}

async function view(cookie: string): Promise<SubscriptionView> {
  const response = await t.get(URL, { cookie });
  if (response.statusCode !== 200) throw new Error(`${URL}: ${response.statusCode} ${response.body}`);
  return response.json<SubscriptionView>();
}

/** Inserts listings directly (the listing API is tested elsewhere). */
async function addListings(ownerId: string, count: number) {
  for (let index = 0; index < count; index++) {
    await t.db
      .insertInto('properties')
      .values({
        owner_id: ownerId,
        type: 'storage_space',
        category: 'locker',
        title: `Locker ${index + 1}`,
        description: 'A locker.',
        city: 'Durban',
        location: 'Umhlanga, Durban',
        price_per_day_cents: 5000,
        specifications: JSON.stringify({ type: 'storage_space', width: 1, length: 1, height: 2 }),
      })
      .execute();
  }
}

/** Inserts reservations on one of the owner's listings, a week apart after any it has, created at the given time. */
async function addBookings(
  ownerId: string,
  count: number,
  createdAt: Date = new Date(),
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled' = 'confirmed',
) {
  let property = await t.db
    .selectFrom('properties')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!property) {
    await addListings(ownerId, 1);
    property = await t.db
      .selectFrom('properties')
      .select('id')
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
  }
  const client = await t.db
    .insertInto('clients')
    .values({
      owner_id: ownerId,
      first_name: 'Thandi',
      last_name: 'Nkosi',
      email: `thandi.${randomUUID().slice(0, 8)}@example.co.za`,
      phone: null,
      region: 'ZA',
      user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const existing = await t.db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('property_id', '=', property.id)
    .executeTakeFirstOrThrow();
  for (let index = Number(existing.count); index < Number(existing.count) + count; index++) {
    const start = new Date(Date.UTC(2032, 0, 1) + index * 7 * DAY_MS);
    await t.db
      .insertInto('reservations')
      .values({
        property_id: property.id,
        owner_id: ownerId,
        client_id: client.id,
        start_date: start.toISOString().slice(0, 10),
        end_date: new Date(start.getTime() + 2 * DAY_MS).toISOString().slice(0, 10),
        status,
        created_at: createdAt,
        // Made by the business then: it took its place in that month (docs/decisions/022).
        counted_at: createdAt,
      })
      .execute();
  }
}

describe('GET /api/subscription: who may ask', () => {
  it('anonymous: 401', async () => {
    const response = await t.get(URL);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHORIZED');
  });

  it.each(['client', 'backoffice', 'frontoffice'] as const)('%s: 403', async (role) => {
    const { cookie } = await t.signInAs({ role });
    const response = await t.get(URL, { cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.forbidden);
  });
});

describe('GET /api/subscription: an owner', () => {
  it('a new Starter owner: the plan, active, a period ending a calendar month from today, and room for one listing', async () => {
    const { cookie } = await owner('starter');
    const before = Date.now();
    const subscription = await view(cookie);
    expect(subscription).toMatchObject({
      planId: 'starter',
      planName: 'Starter',
      status: 'active',
      usage: { currentListings: 0, bookingsThisMonth: 0, usersCount: 1 },
      canCreateListing: { allowed: true },
      canAddBooking: { allowed: true },
    });
    expect(subscription.canCreateListing).not.toHaveProperty('reason');
    // Johannesburg midnight of the same day next month (docs/decisions/030).
    expect(subscription.currentPeriodEnd).toBe(
      businessMidnight(firstBillingDate(new Date(before))).toISOString(),
    );
  });

  it('Starter with its one listing: no more listings, with the reason', async () => {
    const { user, cookie } = await owner('starter');
    await addListings(user.id, 1);
    const subscription = await view(cookie);
    expect(subscription.usage.currentListings).toBe(1);
    expect(subscription.canCreateListing).toEqual({ allowed: false, reason: LISTINGS(1) });
    expect(subscription.canAddBooking).toEqual({ allowed: true });
  });

  it('the listing API agrees with what the subscription says', async () => {
    const { user, cookie } = await owner('starter');
    await addListings(user.id, 1);
    expect((await view(cookie)).canCreateListing.reason).toBe(LISTINGS(1));
    const response = await t.post(
      '/api/properties',
      {
        type: 'storage_space',
        category: 'garage',
        title: 'Garage',
        description: 'A garage.',
        city: 'Pretoria',
        location: 'Hatfield, Pretoria',
        price_per_day_cents: 90000,
        specifications: { type: 'storage_space', width: 3, length: 6, height: 2.4 },
      },
      { cookie },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(LISTINGS(1));
  });

  it.each([
    ['pro', 9, { allowed: true }],
    ['pro', 10, { allowed: false, reason: LISTINGS(10) }],
    ['business', 11, { allowed: true }],
  ] as const)('%s with %i listings: %o', async (plan, listings, expected) => {
    const { user, cookie } = await owner(plan);
    await addListings(user.id, listings);
    const subscription = await view(cookie);
    expect(subscription.planId).toBe(plan);
    expect(subscription.usage.currentListings).toBe(listings);
    expect(subscription.canCreateListing).toEqual(expected);
  });

  it('Starter: 4 bookings this month leave room for one more; 5 do not', async () => {
    const { user, cookie } = await owner('starter');
    await addBookings(user.id, 4);
    let subscription = await view(cookie);
    expect(subscription.usage.bookingsThisMonth).toBe(4);
    expect(subscription.canAddBooking).toEqual({ allowed: true });
    await addBookings(user.id, 1);
    subscription = await view(cookie);
    expect(subscription.usage.bookingsThisMonth).toBe(5);
    expect(subscription.canAddBooking).toEqual({ allowed: false, reason: BOOKINGS });
  });

  it('bookings made in an earlier month do not count', async () => {
    const { user, cookie } = await owner('starter');
    await addBookings(user.id, 6, new Date(Date.now() - 62 * DAY_MS));
    const subscription = await view(cookie);
    expect(subscription.usage.bookingsThisMonth).toBe(0);
    expect(subscription.canAddBooking).toEqual({ allowed: true });
  });

  it('the month is the Johannesburg calendar month', async () => {
    const { user, cookie } = await owner('starter');
    // The first instant of this month in Johannesburg (UTC+2) and the last of the previous one.
    const startOfMonth = await sql<{ at: Date }>`
      SELECT date_trunc('month', now() AT TIME ZONE 'Africa/Johannesburg') AT TIME ZONE 'Africa/Johannesburg' AS at
    `.execute(t.db);
    const monthStart = new Date(startOfMonth.rows[0]?.at ?? 0);
    expect(monthStart.getUTCHours()).toBe(22);
    await addBookings(user.id, 1, monthStart);
    await addBookings(user.id, 1, new Date(monthStart.getTime() - 1000));
    expect((await view(cookie)).usage.bookingsThisMonth).toBe(1);
  });

  it('cancelled bookings do not count: a Starter owner whose clients cancelled can take new ones', async () => {
    const { user, cookie } = await owner('starter');
    await addBookings(user.id, 4);
    await addBookings(user.id, 3, new Date(), 'cancelled');
    await addBookings(user.id, 1, new Date(), 'completed');
    const subscription = await view(cookie);
    expect(subscription.usage.bookingsThisMonth).toBe(5);
    expect(subscription.canAddBooking).toEqual({ allowed: false, reason: BOOKINGS });
    await t.db
      .updateTable('reservations')
      .set({ status: 'cancelled' })
      .where('owner_id', '=', user.id)
      .where('status', '=', 'completed')
      .execute();
    expect((await view(cookie)).canAddBooking).toEqual({ allowed: true });
  });

  it('the month ends at midnight in Johannesburg: measured at a fixed instant, both edges', async () => {
    const { user } = await owner('starter');
    // 2026-11-01 00:00 in Johannesburg is 2026-10-31 22:00 UTC; 2026-12-01 00:00 is 2026-11-30 22:00 UTC.
    await addBookings(user.id, 1, new Date('2026-10-31T21:59:59Z')); // 31 October, 23:59:59
    await addBookings(user.id, 1, new Date('2026-10-31T22:00:00Z')); // 1 November, 00:00
    await addBookings(user.id, 1, new Date('2026-11-30T21:59:59Z')); // 30 November, 23:59:59
    await addBookings(user.id, 1, new Date('2026-11-30T22:00:00Z')); // 1 December, 00:00
    const november = await measureUsage(t.db, user.id, new Date('2026-11-15T10:00:00Z'));
    expect(november.bookingsThisMonth).toBe(2);
    const lateOctober = await measureUsage(t.db, user.id, new Date('2026-10-31T21:30:00Z'));
    expect(lateOctober.bookingsThisMonth).toBe(1);
    const firstHourOfDecember = await measureUsage(t.db, user.id, new Date('2026-11-30T22:30:00Z'));
    expect(firstHourOfDecember.bookingsThisMonth).toBe(1);
  });

  it('Pro: unlimited bookings', async () => {
    const { user, cookie } = await owner('pro');
    await addBookings(user.id, 6);
    const subscription = await view(cookie);
    expect(subscription.usage.bookingsThisMonth).toBe(6);
    expect(subscription.canAddBooking).toEqual({ allowed: true });
  });

  it('usage counts the owner and their own staff, and only their own listings', async () => {
    const { user, cookie } = await owner('business');
    await t.createUser({ role: 'backoffice', parentOwnerId: user.id });
    await t.createUser({ role: 'frontoffice', parentOwnerId: user.id });
    const other = await owner('business');
    await t.createUser({ role: 'backoffice', parentOwnerId: other.user.id });
    await addListings(other.user.id, 3);
    await addBookings(other.user.id, 2);
    expect((await view(cookie)).usage).toEqual({ currentListings: 0, bookingsThisMonth: 0, usersCount: 3 });
    expect((await view(other.cookie)).usage).toEqual({
      currentListings: 3,
      bookingsThisMonth: 2,
      usersCount: 2,
    });
  });

  it('no subscription: no plan, and nothing is allowed', async () => {
    const { cookie } = await owner(null);
    expect(await view(cookie)).toMatchObject({
      planId: null,
      planName: null,
      status: null,
      currentPeriodEnd: null,
      usage: { currentListings: 0, bookingsThisMonth: 0, usersCount: 1 },
      canCreateListing: { allowed: false, reason: NO_SUBSCRIPTION },
      canAddBooking: { allowed: false, reason: NO_SUBSCRIPTION },
      canAddUser: { allowed: false, reason: NO_SUBSCRIPTION },
      id: null,
      nextBillingAmountCents: 0,
      allowManualPayment: false,
      savedPaymentMethod: null,
    });
  });

  it.each(['cancelled', 'past_due', 'inactive'] as const)(
    'a %s subscription: shown as such, and nothing is allowed',
    async (status) => {
      const { user, cookie } = await owner('business');
      await t.db.updateTable('subscriptions').set({ status }).where('owner_id', '=', user.id).execute();
      expect(await view(cookie)).toMatchObject({
        planId: 'business',
        planName: 'Business',
        status,
        canCreateListing: { allowed: false, reason: NO_SUBSCRIPTION },
        canAddBooking: { allowed: false, reason: NO_SUBSCRIPTION },
      });
    },
  );
});

describe('ensureStarterSubscription', () => {
  it('creates an active Starter plan once and leaves an existing plan alone', async () => {
    const user = await t.createUser({ role: 'owner' });
    await ensureStarterSubscription(t.db, user.id);
    await t.db.updateTable('subscriptions').set({ plan_id: 'pro' }).where('owner_id', '=', user.id).execute();
    await ensureStarterSubscription(t.db, user.id);
    const rows = await t.db.selectFrom('subscriptions').selectAll().where('owner_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ plan_id: 'pro', status: 'active', cancel_at_period_end: false });
  });
});

describe('an owner who registers', () => {
  it('starts on an active Starter plan (and a client gets no subscription)', async () => {
    const { input, response } = await t.registerUser({ role: 'owner' });
    expect(response.statusCode).toBe(200);
    await t.verifyViaMailbox(input.email);
    const cookie = await t.signIn(input.email, input.password);
    expect(await view(cookie)).toMatchObject({ planId: 'starter', planName: 'Starter', status: 'active' });

    const renter = await t.registerUser({ role: 'client' });
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', renter.input.email)
      .executeTakeFirstOrThrow();
    expect(
      await t.db.selectFrom('subscriptions').select('id').where('owner_id', '=', user.id).execute(),
    ).toEqual([]);
  });
});
