import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { payfastSettings } from '../../platform/payments/payfast-gateway.ts';
import { createPayments } from '../../platform/payments/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  billDueSoon,
  type ItnOutcome,
  notifyAndWait,
  paymentOf,
  pendingUpgrade,
  signedItn,
  subscriptionOf,
} from '../../test/payfast-fixtures.ts';
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

const itn = (order: Record<string, string>, overrides: Partial<ItnOutcome> = {}) =>
  signedItn(t, order, overrides);

const notificationsOf = (body: string) =>
  t.db
    .selectFrom('payment_notifications')
    .selectAll()
    .where('raw_body', '=', body)
    .orderBy('received_at', 'desc')
    .execute();

async function notify(body: string) {
  const earlier = (await notificationsOf(body)).length;
  const pf = new URLSearchParams(body).get('pf_payment_id');
  return notifyAndWait(
    t,
    body,
    async () => {
      const rows = await notificationsOf(body);
      return rows.length > earlier ? (rows[0] as (typeof rows)[number]) : undefined;
    },
    { what: `for ${pf}` },
  );
}

describe('PayFast ITN: rejected with nothing changed', () => {
  it('a forged signature', async () => {
    const { user, start, order } = await pendingUpgrade(t);
    const body = itn(order).replace(/signature=[0-9a-f]+/, 'signature=00000000000000000000000000000000');
    expect(await notify(body)).toMatchObject({ outcome: 'rejected', reason: 'signature mismatch' });
    expect(await paymentOf(t, start.reference)).toMatchObject({
      status: 'pending',
      gateway_payment_id: null,
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ plan_id: 'starter' });
  });

  it('a field changed after signing (the amount)', async () => {
    const { start, order } = await pendingUpgrade(t);
    const body = itn(order).replace('amount_gross=299.00', 'amount_gross=2.99');
    expect(await notify(body)).toMatchObject({ outcome: 'rejected', reason: 'signature mismatch' });
    expect(await paymentOf(t, start.reference)).toMatchObject({ status: 'pending' });
  });

  it('a correctly signed wrong amount', async () => {
    const { user, start, order } = await pendingUpgrade(t);
    expect(await notify(itn(order, { amountCents: 100 }))).toMatchObject({
      outcome: 'rejected',
      reason: 'amount mismatch',
    });
    expect(await paymentOf(t, start.reference)).toMatchObject({ status: 'pending' });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ plan_id: 'starter' });
  });

  it('an m_payment_id we never issued', async () => {
    const { order } = await pendingUpgrade(t);
    const body = itn({ ...order, m_payment_id: 'SUB_1700000000000_deadbeefcafe' });
    expect(await notify(body)).toMatchObject({
      outcome: 'rejected',
      reason: 'unknown m_payment_id SUB_1700000000000_deadbeefcafe',
    });
  });

  it('a source address outside the allow-list, and a server confirmation other than VALID (sandbox)', async () => {
    const { user, start, order } = await pendingUpgrade(t);
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
    expect(await paymentOf(t, start.reference)).toMatchObject({ status: 'pending' });

    answer = 'VALID';
    expect(await processPayfastItn(deps, body, '::ffff:41.74.179.200', log)).toMatchObject({
      outcome: 'applied',
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ plan_id: 'pro', status: 'active' });
  });
});

describe('PayFast ITN: applied once', () => {
  it('a replay of the same pf_payment_id is a duplicate: one activation, one invoice', async () => {
    const { user, start, order } = await pendingUpgrade(t);
    const body = itn(order, { pfPaymentId: `1579137${String(Date.now()).slice(-6)}` });
    expect(await notify(body)).toMatchObject({ outcome: 'applied' });
    const activated = await subscriptionOf(t, user.id);
    expect(activated).toMatchObject({ plan_id: 'pro', status: 'active', payment_processor: 'payfast' });
    expect(activated.gateway_token).toHaveLength(36);

    expect(await notify(body)).toMatchObject({ outcome: 'duplicate' });
    const after = await subscriptionOf(t, user.id);
    expect(after.current_period_end).toEqual(activated.current_period_end);
    const invoices = await t.db
      .selectFrom('subscription_invoices')
      .select('id')
      .where('owner_id', '=', user.id)
      .execute();
    expect(invoices).toHaveLength(1);
    expect(await paymentOf(t, start.reference)).toMatchObject({ status: 'complete' });
  });

  it('FAILED is recorded and shown; the plan is unchanged', async () => {
    const { user, start, order } = await pendingUpgrade(t, 'business');
    expect(await notify(itn(order, { status: 'FAILED', token: null }))).toMatchObject({ outcome: 'applied' });
    expect(await paymentOf(t, start.reference)).toMatchObject({
      status: 'failed',
      failure_reason: 'Payment failed',
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ plan_id: 'starter' });
  });
});

describe('recurring charges of the gateway’s billing', () => {
  async function activePro() {
    const pending = await pendingUpgrade(t);
    await notify(itn(pending.order));
    return pending;
  }

  it('a later COMPLETE with the token: a renewal payment, 30 more days, another invoice; once per pf_payment_id', async () => {
    const { user, order } = await activePro();
    const before = await subscriptionOf(t, user.id);
    const renewal = itn(order, { amountCents: 29900, token: before.gateway_token, pfPaymentId: '88000001' });
    expect(await notify(renewal)).toMatchObject({ outcome: 'applied' });
    const after = await subscriptionOf(t, user.id);
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
    const before = await subscriptionOf(t, user.id);
    const stranger = itn(order, { amountCents: 29900, token: '00000000-0000-4000-8000-000000000000' });
    expect(await notify(stranger)).toMatchObject({ outcome: 'recorded' });
    expect((await subscriptionOf(t, user.id)).current_period_end).toEqual(before.current_period_end);
  });

  it('CANCELLED for the subscription’s token: no more charges, so the plan ends with its period', async () => {
    const { user, order } = await activePro();
    const { gateway_token: token } = await subscriptionOf(t, user.id);
    expect(await notify(itn(order, { status: 'CANCELLED', amountCents: 29900, token }))).toMatchObject({
      outcome: 'applied',
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({
      gateway_token: null,
      cancel_at_period_end: true,
      plan_id: 'pro',
    });
  });

  it('the simulator bills a subscription due within a day, once per period', async () => {
    const { user } = await activePro();
    const { dueSoon, charged } = await billDueSoon(t, user.id);
    expect(charged).toBeGreaterThanOrEqual(1);
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await subscriptionOf(t, user.id)).current_period_end.getTime() > dueSoon.getTime()) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await subscriptionOf(t, user.id)).current_period_end.getTime()).toBe(
      dueSoon.getTime() + 30 * 86_400_000,
    );
  });
});
