import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/errors.ts';
import type { PlanId } from '../../../domain/plans.ts';
import type { AdminOverview } from '../../../domain/schemas/admin-overview.ts';
import { setPlan } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';
import { adminOverviewFor } from './admin-overview.service.ts';

let t: TestApp;
let person: ReturnType<typeof testPeople>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const get = async (who: PersonKey | null) =>
  t.request('GET', '/api/admin/overview', who ? { cookie: (await person(who)).cookie } : {});

async function overview(): Promise<AdminOverview> {
  const response = await get('admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOverview>();
}

const planCount = (figures: AdminOverview, plan: PlanId) =>
  figures.active_subscriptions.by_plan.find((row) => row.plan_id === plan)?.count;

async function failedPayment(ownerId: string, createdAt: Date, status: 'failed' | 'complete' = 'failed') {
  const subscription = await t.db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('payments')
    .values({
      owner_id: ownerId,
      subscription_id: subscription.id,
      gateway: 'payfast',
      reference: `SUB_${Date.now()}_${randomUUID().slice(0, 8)}`,
      kind: 'subscription',
      plan_id: 'pro',
      description: 'Pro Plan - Monthly Subscription',
      amount_cents: 29900,
      status,
      failure_reason: status === 'failed' ? 'Card declined' : null,
      created_at: createdAt,
    })
    .execute();
}

describe('GET /api/admin/overview: who may read it', () => {
  it('refuses a signed-out visitor with 401', async () => {
    expect((await get(null)).statusCode).toBe(401);
  });

  it.each<PersonKey>(['owner', 'backoffice', 'frontoffice', 'client'])('refuses %s with 403', async (who) => {
    const response = await get(who);
    expect({ status: response.statusCode, message: response.json().message }).toEqual({
      status: 403,
      message: MESSAGES.forbidden,
    });
  });

  it('answers an admin with every plan listed', async () => {
    const figures = await overview();
    expect(figures.active_subscriptions.by_plan.map((row) => row.plan_id)).toEqual([
      'starter',
      'pro',
      'business',
    ]);
    expect(figures.month_start).toMatch(/^\d{4}-\d{2}-01$/);
  });
});

describe('GET /api/admin/overview: the figures', () => {
  it('counts a new sign-up this month and in the last 30 days', async () => {
    const before = await overview();
    await t.createUser({ role: 'client' });
    await t.createUser({ role: 'owner' });
    const after = await overview();
    expect(after.sign_ups.this_month - before.sign_ups.this_month).toBe(2);
    expect(after.sign_ups.last_30_days - before.sign_ups.last_30_days).toBe(2);
  });

  it('counts active subscriptions by plan, never a cancelled one', async () => {
    const before = await overview();
    const pro = await t.createUser({ role: 'owner' });
    await setPlan(t.db, pro.id, 'pro');
    const cancelled = await t.createUser({ role: 'owner' });
    await setPlan(t.db, cancelled.id, 'business');
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'cancelled' })
      .where('owner_id', '=', cancelled.id)
      .execute();
    const after = await overview();
    expect((planCount(after, 'pro') ?? 0) - (planCount(before, 'pro') ?? 0)).toBe(1);
    expect(planCount(after, 'business')).toBe(planCount(before, 'business'));
    expect(after.active_subscriptions.total - before.active_subscriptions.total).toBe(1);
  });

  it('counts subscription payments that failed this month, not last month’s nor a completed one', async () => {
    const owner = await t.createUser({ role: 'owner' });
    await setPlan(t.db, owner.id, 'pro');
    const before = await overview();
    await failedPayment(owner.id, new Date());
    await failedPayment(owner.id, new Date(Date.now() - 40 * 86_400_000));
    await failedPayment(owner.id, new Date(), 'complete');
    const after = await overview();
    expect(after.failed_payments_this_month - before.failed_payments_this_month).toBe(1);
  });

  it('reads the month in Africa/Johannesburg: 00:30 on the 1st there is this month, 23:30 the day before is not', async () => {
    const admin = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', (await person('admin')).user.id)
      .executeTakeFirstOrThrow();
    const now = new Date('2026-11-10T10:00:00Z');
    const user = await t.createUser({ role: 'client' });
    const owner = await t.createUser({ role: 'owner' });
    await setPlan(t.db, owner.id, 'starter');
    const before = await adminOverviewFor(t.db, admin, now);
    expect(before.month_start).toBe('2026-11-01');
    // 2026-10-31T22:30Z is 00:30 on 1 November in Johannesburg.
    await t.db
      .updateTable('users')
      .set({ created_at: new Date('2026-10-31T22:30:00Z') })
      .where('id', '=', user.id)
      .execute();
    await failedPayment(owner.id, new Date('2026-10-31T21:30:00Z'));
    await failedPayment(owner.id, new Date('2026-10-31T22:30:00Z'));
    const after = await adminOverviewFor(t.db, admin, now);
    // The client moved from "now" (counted in both) to 1 November (still in both); the payments:
    // only the one after midnight in Johannesburg.
    expect(after.sign_ups.this_month).toBe(before.sign_ups.this_month);
    expect(after.sign_ups.last_30_days).toBe(before.sign_ups.last_30_days);
    expect(after.failed_payments_this_month - before.failed_payments_this_month).toBe(1);

    // 12 October (29 days before) counts in the last 30 days but not this month; 40 days before in neither.
    await t.db
      .updateTable('users')
      .set({ created_at: new Date('2026-10-12T12:00:00Z') })
      .where('id', '=', user.id)
      .execute();
    const october = await adminOverviewFor(t.db, admin, now);
    expect(before.sign_ups.this_month - october.sign_ups.this_month).toBe(1);
    expect(october.sign_ups.last_30_days).toBe(before.sign_ups.last_30_days);
    await t.db
      .updateTable('users')
      .set({ created_at: new Date('2026-10-01T12:00:00Z') })
      .where('id', '=', user.id)
      .execute();
    const longAgo = await adminOverviewFor(t.db, admin, now);
    expect(before.sign_ups.last_30_days - longAgo.sign_ups.last_30_days).toBe(1);
  });
});
