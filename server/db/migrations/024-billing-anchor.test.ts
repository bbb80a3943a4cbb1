import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMidnight, firstBillingDate } from '../../../domain/billing-periods.ts';
import { ensureStarterSubscription } from '../../modules/subscriptions/subscription.repository.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as billingAnchor from './024-billing-anchor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('migration 024 anchors existing subscriptions on their billing day', () => {
  it('the day the paid subscription was settled, else the day the period ends; new rows a calendar month', async () => {
    const paying = await t.createUser({ role: 'owner' });
    const free = await t.createUser({ role: 'owner' });
    await ensureStarterSubscription(t.db, paying.id);
    await ensureStarterSubscription(t.db, free.id);
    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await billingAnchor.down(db);

    // Paid at 23:30 UTC on 30 January: 31 January in Johannesburg. A 30-day period ended since.
    await sql`UPDATE subscriptions SET plan_id = 'pro', current_period_end = '2027-03-01T23:30:00Z'
      WHERE owner_id = ${paying.id}`.execute(t.db);
    await sql`INSERT INTO payments (owner_id, subscription_id, gateway, reference, kind, plan_id, description,
        amount_cents, status, completed_at)
      SELECT owner_id, id, 'payfast', ${`SUB_1_${paying.id}`}, 'subscription', 'pro', 'Pro Plan - Monthly Subscription',
        29900, 'complete', '2027-01-30T23:30:00Z' FROM subscriptions WHERE owner_id = ${paying.id}`.execute(
      t.db,
    );
    await sql`UPDATE subscriptions SET current_period_end = '2027-05-09T21:30:00Z' WHERE owner_id = ${free.id}`.execute(
      t.db,
    );
    await billingAnchor.up(db);

    const anchorOf = async (ownerId: string) =>
      (
        await t.db
          .selectFrom('subscriptions')
          .select(['billing_anchor', 'current_period_end'])
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow()
      ).billing_anchor;
    expect(await anchorOf(paying.id)).toBe('2027-01-31');
    // 21:30 UTC on 9 May is 23:30 in Johannesburg: still the 9th.
    expect(await anchorOf(free.id)).toBe('2027-05-09');

    const newcomer = await t.createUser({ role: 'owner' });
    const before = new Date();
    await ensureStarterSubscription(t.db, newcomer.id);
    const row = await t.db
      .selectFrom('subscriptions')
      .select(['billing_anchor', 'current_period_end'])
      .where('owner_id', '=', newcomer.id)
      .executeTakeFirstOrThrow();
    expect(row.current_period_end).toEqual(businessMidnight(firstBillingDate(before)));
    expect(firstBillingDate(before)).toBe(firstBillingDate(new Date(`${row.billing_anchor}T12:00:00+02:00`)));
  });
});
