import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMidnight, nextBillingDate } from '../../../domain/billing-periods.ts';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import type { PaymentEvent } from '../../platform/payments/gateway.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { settlePaymentEvent } from './payment-settlement.ts';
import { ensureStarterSubscription } from './subscription.repository.ts';
import { runLifecycleSweep } from './subscription-lifecycle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A Pro subscription paid through Stripe, whose period ended at Johannesburg midnight today. */
async function stripeSubscriber() {
  const user = await t.createUser({ role: 'owner' });
  await ensureStarterSubscription(t.db, user.id);
  const today = todayInBusinessZone(new Date());
  const anchor = addDays(today, -31);
  const subscription = await t.db
    .updateTable('subscriptions')
    .set({
      plan_id: 'pro',
      status: 'active',
      billing_anchor: anchor,
      current_period_start: businessMidnight(anchor),
      current_period_end: businessMidnight(today),
      payment_processor: 'stripe',
      gateway_token: `sub_${user.id}`,
    })
    .where('owner_id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const reference = `SUB_1_${user.id}`;
  await t.db
    .insertInto('payments')
    .values({
      owner_id: user.id,
      subscription_id: subscription.id,
      gateway: 'stripe',
      reference,
      kind: 'subscription',
      plan_id: 'pro',
      description: 'Pro Plan - Monthly Subscription',
      amount_cents: 29900,
      status: 'complete',
      gateway_payment_id: `in_first_${user.id}`,
      completed_at: businessMidnight(anchor),
    })
    .execute();
  const renewal = (status: PaymentEvent['status'], gatewayPaymentId: string): PaymentEvent => ({
    gateway: 'stripe',
    reference,
    gatewayPaymentId,
    status,
    amountCents: 29900,
    token: subscription.gateway_token,
    paymentMethod: null,
  });
  const stored = () =>
    t.db.selectFrom('subscriptions').selectAll().where('id', '=', subscription.id).executeTakeFirstOrThrow();
  return { user, today, anchor, renewal, stored };
}

describe('a Stripe renewal invoice that fails, then is paid on Stripe’s retry', () => {
  it('the failed attempt marks Payment Due at the next sweep; the paid invoice renews to the next billing date', async () => {
    const { today, anchor, renewal, stored } = await stripeSubscriber();
    const now = new Date();
    await runLifecycleSweep(t.db, { now, publicUrl: TEST_PUBLIC_URL });
    expect((await stored()).status).toBe('active');

    const failed = await settlePaymentEvent(t.db, t.config, renewal('FAILED', 'in_cycle:attempt-1'), now);
    expect(failed).toMatchObject({ outcome: 'recorded' });
    await runLifecycleSweep(t.db, { now, publicUrl: TEST_PUBLIC_URL });
    expect(await stored()).toMatchObject({ status: 'past_due', past_due_since: businessMidnight(today) });

    const paid = await settlePaymentEvent(t.db, t.config, renewal('COMPLETE', 'in_cycle'), now);
    expect(paid).toMatchObject({ outcome: 'applied' });
    expect(await stored()).toMatchObject({
      status: 'active',
      past_due_since: null,
      billing_anchor: anchor,
      current_period_start: businessMidnight(today),
      current_period_end: businessMidnight(nextBillingDate(anchor, today)),
    });
  });
});
