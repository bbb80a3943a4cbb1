import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangePlanResult } from '../../../domain/schemas/subscription.ts';
import { loadConfig } from '../../config.ts';
import { payfastSettings } from '../../platform/payments/payfast-gateway.ts';
import { createPayments } from '../../platform/payments/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { billDueSubscriptions, buildItn } from '../payfast-simulator/payfast-simulator.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';
import { processPayfastItn } from './payfast-notify.ts';

/** The ITN endpoint's five checks (PAYFAST.md), idempotence, and recurring charges. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const settings = () => payfastSettings(t.config);

async function pendingUpgrade(planId: 'pro' | 'business' = 'pro') {
  const { user, cookie } = await t.signInAs({ role: 'owner' });
  await ensureStarterSubscription(t.db, user.id);
  const result = (await t.post('/api/subscription/plan', { planId }, { cookie })).json<ChangePlanResult>();
  if (result.outcome !== 'checkout') throw new Error('expected a checkout');
  return { user, cookie, start: result.payment, order: Object.fromEntries(result.payment.formFields ?? []) };
}

function itn(
  order: Record<string, string>,
  overrides: Partial<{
    status: 'COMPLETE' | 'FAILED' | 'CANCELLED';
    pfPaymentId: string;
    amountCents: number;
    token: string | null;
  }> = {},
) {
  return buildItn(
    order,
    {
      status: 'COMPLETE',
      pfPaymentId: String(Math.floor(Math.random() * 1e9)),
      amountCents: Math.round(Number(order.amount) * 100),
      token: order.subscription_type ? '5f0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b' : null,
      ...overrides,
    },
    settings(),
  );
}

const notificationsOf = (body: string) =>
  t.db
    .selectFrom('payment_notifications')
    .selectAll()
    .where('raw_body', '=', body)
    .orderBy('received_at', 'desc')
    .execute();

async function notify(body: string) {
  const earlier = (await notificationsOf(body)).length;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('OK');
  const pf = new URLSearchParams(body).get('pf_payment_id');
  for (let attempt = 0; attempt < 100; attempt++) {
    const rows = await notificationsOf(body);
    if (rows.length > earlier) return rows[0] as (typeof rows)[number];
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no notification recorded for ${pf}`);
}

const paymentOf = (reference: string) =>
  t.db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
const subscriptionOf = (ownerId: string) =>
  t.db.selectFrom('subscriptions').selectAll().where('owner_id', '=', ownerId).executeTakeFirstOrThrow();

describe('PayFast ITN: rejected with nothing changed', () => {
  it('a forged signature', async () => {
    const { user, start, order } = await pendingUpgrade();
    const body = itn(order).replace(/signature=[0-9a-f]+/, 'signature=00000000000000000000000000000000');
    expect(await notify(body)).toMatchObject({ outcome: 'rejected', reason: 'signature mismatch' });
    expect(await paymentOf(start.reference)).toMatchObject({ status: 'pending', gateway_payment_id: null });
    expect(await subscriptionOf(user.id)).toMatchObject({ plan_id: 'starter' });
  });

  it('a field changed after signing (the amount)', async () => {
    const { start, order } = await pendingUpgrade();
    const body = itn(order).replace('amount_gross=299.00', 'amount_gross=2.99');
    expect(await notify(body)).toMatchObject({ outcome: 'rejected', reason: 'signature mismatch' });
    expect(await paymentOf(start.reference)).toMatchObject({ status: 'pending' });
  });

  it('a correctly signed wrong amount', async () => {
    const { user, start, order } = await pendingUpgrade();
    expect(await notify(itn(order, { amountCents: 100 }))).toMatchObject({
      outcome: 'rejected',
      reason: 'amount mismatch',
    });
    expect(await paymentOf(start.reference)).toMatchObject({ status: 'pending' });
    expect(await subscriptionOf(user.id)).toMatchObject({ plan_id: 'starter' });
  });

  it('an m_payment_id we never issued', async () => {
    const { order } = await pendingUpgrade();
    const body = itn({ ...order, m_payment_id: 'SUB_1700000000000_deadbeefcafe' });
    expect(await notify(body)).toMatchObject({
      outcome: 'rejected',
      reason: 'unknown m_payment_id SUB_1700000000000_deadbeefcafe',
    });
  });

  it('a source address outside the allow-list, and a server confirmation other than VALID (sandbox)', async () => {
    const { user, start, order } = await pendingUpgrade();
    const sandbox = loadConfig({
      PAYFAST_MODE: 'sandbox',
      PAYFAST_MERCHANT_ID: settings().merchantId,
      PAYFAST_MERCHANT_KEY: settings().merchantKey,
      PAYFAST_PASSPHRASE: settings().passphrase,
      PUBLIC_URL: t.config.PUBLIC_URL,
    });
    const confirmations: string[] = [];
    let answer = 'INVALID';
    const payments = createPayments(sandbox, async (url, init) => {
      confirmations.push(`${url} ${init.body}`);
      return { status: 200, text: answer };
    });
    const deps = { db: t.db, config: sandbox, payments };
    const body = itn(order);
    const log = pino({ level: 'silent' });

    expect(await processPayfastItn(deps, body, '8.8.8.8', log)).toMatchObject({
      outcome: 'rejected',
      reason: "source 8.8.8.8 is not PayFast's",
    });
    expect(confirmations).toEqual([]);

    expect(await processPayfastItn(deps, body, '197.97.145.150', log)).toMatchObject({
      outcome: 'rejected',
      reason: 'server confirmation said INVALID',
    });
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toMatch(
      /^https:\/\/sandbox\.payfast\.co\.za\/eng\/query\/validate m_payment_id=SUB_/,
    );
    expect(confirmations[0]).not.toContain('signature=');
    expect(await paymentOf(start.reference)).toMatchObject({ status: 'pending' });

    answer = 'VALID';
    expect(await processPayfastItn(deps, body, '::ffff:41.74.179.200', log)).toMatchObject({
      outcome: 'applied',
    });
    expect(await subscriptionOf(user.id)).toMatchObject({ plan_id: 'pro', status: 'active' });
  });
});

describe('PayFast ITN: applied once', () => {
  it('a replay of the same pf_payment_id is a duplicate: one activation, one invoice', async () => {
    const { user, start, order } = await pendingUpgrade();
    const body = itn(order, { pfPaymentId: `1579137${String(Date.now()).slice(-6)}` });
    expect(await notify(body)).toMatchObject({ outcome: 'applied' });
    const activated = await subscriptionOf(user.id);
    expect(activated).toMatchObject({ plan_id: 'pro', status: 'active', payment_processor: 'payfast' });
    expect(activated.gateway_token).toHaveLength(36);

    expect(await notify(body)).toMatchObject({ outcome: 'duplicate' });
    const after = await subscriptionOf(user.id);
    expect(after.current_period_end).toEqual(activated.current_period_end);
    const invoices = await t.db
      .selectFrom('subscription_invoices')
      .select('id')
      .where('owner_id', '=', user.id)
      .execute();
    expect(invoices).toHaveLength(1);
    expect(await paymentOf(start.reference)).toMatchObject({ status: 'complete' });
  });

  it('FAILED is recorded and shown; the plan is unchanged', async () => {
    const { user, start, order } = await pendingUpgrade('business');
    expect(await notify(itn(order, { status: 'FAILED', token: null }))).toMatchObject({ outcome: 'applied' });
    expect(await paymentOf(start.reference)).toMatchObject({
      status: 'failed',
      failure_reason: 'Payment failed',
    });
    expect(await subscriptionOf(user.id)).toMatchObject({ plan_id: 'starter' });
  });
});

describe('recurring charges of the gateway’s billing', () => {
  async function activePro() {
    const pending = await pendingUpgrade();
    await notify(itn(pending.order));
    return pending;
  }

  it('a later COMPLETE with the token: a renewal payment, 30 more days, another invoice; once per pf_payment_id', async () => {
    const { user, order } = await activePro();
    const before = await subscriptionOf(user.id);
    const renewal = itn(order, { amountCents: 29900, token: before.gateway_token, pfPaymentId: '88000001' });
    expect(await notify(renewal)).toMatchObject({ outcome: 'applied' });
    const after = await subscriptionOf(user.id);
    expect(after.current_period_end.getTime() - before.current_period_end.getTime()).toBe(30 * 86_400_000);
    expect(await notify(renewal)).toMatchObject({ outcome: 'duplicate' });
    const renewals = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('owner_id', '=', user.id)
      .where('kind', '=', 'renewal')
      .execute();
    expect(renewals).toEqual([expect.objectContaining({ status: 'complete', amount_cents: 29900 })]);
    const invoices = await t.db
      .selectFrom('subscription_invoices')
      .select('number')
      .where('owner_id', '=', user.id)
      .execute();
    expect(invoices).toHaveLength(2);
  });

  it('a recurring charge for a token that is not the subscription’s is recorded and changes nothing', async () => {
    const { user, order } = await activePro();
    const before = await subscriptionOf(user.id);
    const stranger = itn(order, { amountCents: 29900, token: '00000000-0000-4000-8000-000000000000' });
    expect(await notify(stranger)).toMatchObject({ outcome: 'recorded' });
    expect((await subscriptionOf(user.id)).current_period_end).toEqual(before.current_period_end);
  });

  it('CANCELLED for the subscription’s token: no more charges, so the plan ends with its period', async () => {
    const { user, order } = await activePro();
    const { gateway_token: token } = await subscriptionOf(user.id);
    expect(await notify(itn(order, { status: 'CANCELLED', amountCents: 29900, token }))).toMatchObject({
      outcome: 'applied',
    });
    expect(await subscriptionOf(user.id)).toMatchObject({
      gateway_token: null,
      cancel_at_period_end: true,
      plan_id: 'pro',
    });
  });

  it('the simulator bills a subscription due within a day, once per period', async () => {
    const { user } = await activePro();
    const dueSoon = new Date(Date.now() + 2 * 3_600_000);
    await t.db
      .updateTable('subscriptions')
      .set({ current_period_end: dueSoon })
      .where('owner_id', '=', user.id)
      .execute();
    const payments = createPayments(t.config, async (url, init) => {
      const response = await t.app.inject({
        method: init.method as 'POST',
        url: url.replace(t.config.PUBLIC_URL, ''),
        headers: init.headers,
        payload: init.body,
      });
      return { status: response.statusCode, text: response.body };
    });
    expect(await billDueSubscriptions(t.db, payments.payfastSettings, payments.http)).toBeGreaterThanOrEqual(
      1,
    );
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await subscriptionOf(user.id)).current_period_end.getTime() > dueSoon.getTime()) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await subscriptionOf(user.id)).current_period_end.getTime()).toBe(
      dueSoon.getTime() + 30 * 86_400_000,
    );
  });
});
