import { describe, expect, it } from 'vitest';
import { canPerformAction, PLAN_IDS, PLANS, type PlanAction, type PlanId, type PlanUsage } from './plans.ts';

const LISTINGS = (limit: number) => `You've reached your limit of ${limit} listings. Upgrade to add more.`;
const BOOKINGS = (limit: number) =>
  `You've reached your monthly limit of ${limit} bookings. Upgrade for unlimited bookings.`;
const USERS = "You've reached your user limit. Upgrade to add more team members.";

const usage = (overrides: Partial<PlanUsage> = {}): PlanUsage => ({
  currentListings: 0,
  bookingsThisMonth: 0,
  usersCount: 0,
  ...overrides,
});

describe('PLANS (second spec §9; prices in cents, -1 unlimited)', () => {
  it('are starter, pro and business', () => {
    expect([...PLAN_IDS]).toEqual(['starter', 'pro', 'business']);
  });

  it.each([
    ['starter', 'Starter', 0, false, { maxListings: 1, maxBookingsPerMonth: 5, maxUsers: 1 }],
    ['pro', 'Pro', 29900, true, { maxListings: 10, maxBookingsPerMonth: -1, maxUsers: 1 }],
    ['business', 'Business', 69900, false, { maxListings: -1, maxBookingsPerMonth: -1, maxUsers: -1 }],
  ] as const)('%s: %s, %i cents, popular %s, limits %o', (id, name, priceCents, isPopular, limits) => {
    expect(PLANS[id]).toMatchObject({ id, name, priceCents, isPopular, limits, isCustom: false });
    expect(PLANS[id].description.length).toBeGreaterThan(10);
  });

  it('list their limits as features, and no plan includes API access or white-label', () => {
    for (const plan of Object.values(PLANS)) {
      const feature = (name: string) => plan.features.find((f) => f.name === name);
      expect(feature('Listings')).toEqual({
        name: 'Listings',
        included: true,
        limit: plan.limits.maxListings,
      });
      expect(feature('Bookings per month')?.limit).toBe(plan.limits.maxBookingsPerMonth);
      expect(feature('Team members')?.limit).toBe(plan.limits.maxUsers);
      expect(feature('API access')?.included).toBe(false);
      expect(feature('White-label')?.included).toBe(false);
    }
    expect(PLANS.starter.features.find((f) => f.name === 'Analytics')?.included).toBe(false);
    expect(PLANS.pro.features.find((f) => f.name === 'Analytics')?.included).toBe(true);
    expect(PLANS.business.features.find((f) => f.name === 'Rentza branding on your pages')?.included).toBe(
      false,
    );
    expect(PLANS.business.features.find((f) => f.name === 'Priority support')?.included).toBe(true);
  });
});

type Row = [plan: PlanId, action: PlanAction, usage: PlanUsage, reason: string | null];

/** Each limited action just below, at and over its limit (the usage counts what already exists). */
const limited: Row[] = [
  ['starter', 'create_listing', usage({ currentListings: 0 }), null],
  ['starter', 'create_listing', usage({ currentListings: 1 }), LISTINGS(1)],
  ['starter', 'create_listing', usage({ currentListings: 2 }), LISTINGS(1)],
  ['starter', 'add_booking', usage({ bookingsThisMonth: 4 }), null],
  ['starter', 'add_booking', usage({ bookingsThisMonth: 5 }), BOOKINGS(5)],
  ['starter', 'add_booking', usage({ bookingsThisMonth: 6 }), BOOKINGS(5)],
  ['starter', 'add_user', usage({ usersCount: 0 }), null],
  ['starter', 'add_user', usage({ usersCount: 1 }), USERS],
  ['starter', 'add_user', usage({ usersCount: 2 }), USERS],
  ['pro', 'create_listing', usage({ currentListings: 9 }), null],
  ['pro', 'create_listing', usage({ currentListings: 10 }), LISTINGS(10)],
  ['pro', 'create_listing', usage({ currentListings: 11 }), LISTINGS(10)],
  ['pro', 'add_user', usage({ usersCount: 0 }), null],
  ['pro', 'add_user', usage({ usersCount: 1 }), USERS],
  ['pro', 'add_user', usage({ usersCount: 3 }), USERS],
];

/** Unlimited (-1) actions allow any amount. */
const unlimited: Row[] = [
  ['pro', 'add_booking', usage({ bookingsThisMonth: 0 }), null],
  ['pro', 'add_booking', usage({ bookingsThisMonth: 5 }), null],
  ['pro', 'add_booking', usage({ bookingsThisMonth: 100_000 }), null],
  ['business', 'create_listing', usage({ currentListings: 10 }), null],
  ['business', 'create_listing', usage({ currentListings: 100_000 }), null],
  ['business', 'add_booking', usage({ bookingsThisMonth: 100_000 }), null],
  ['business', 'add_user', usage({ usersCount: 1 }), null],
  ['business', 'add_user', usage({ usersCount: 100_000 }), null],
];

describe('canPerformAction', () => {
  it.each([...limited, ...unlimited])('%s %s with %o → %s', (plan, action, current, reason) => {
    expect(canPerformAction(plan, current, action)).toEqual(
      reason === null ? { allowed: true } : { allowed: false, reason },
    );
  });

  it('states the reasons in the spec’s exact words', () => {
    expect(canPerformAction('starter', usage({ currentListings: 1 }), 'create_listing').reason).toBe(
      "You've reached your limit of 1 listings. Upgrade to add more.",
    );
    expect(canPerformAction('pro', usage({ currentListings: 10 }), 'create_listing').reason).toBe(
      "You've reached your limit of 10 listings. Upgrade to add more.",
    );
    expect(canPerformAction('starter', usage({ bookingsThisMonth: 5 }), 'add_booking').reason).toBe(
      "You've reached your monthly limit of 5 bookings. Upgrade for unlimited bookings.",
    );
    expect(canPerformAction('starter', usage({ usersCount: 1 }), 'add_user').reason).toBe(
      "You've reached your user limit. Upgrade to add more team members.",
    );
  });

  it.each(PLAN_IDS)('%s: each action reads only its own counter', (plan) => {
    const over = usage({ currentListings: 1000, bookingsThisMonth: 1000, usersCount: 1000 });
    expect(canPerformAction(plan, { ...over, currentListings: 0 }, 'create_listing').allowed).toBe(true);
    expect(canPerformAction(plan, { ...over, bookingsThisMonth: 0 }, 'add_booking').allowed).toBe(true);
    expect(canPerformAction(plan, { ...over, usersCount: 0 }, 'add_user').allowed).toBe(true);
  });
});
