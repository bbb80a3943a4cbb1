import { expect } from 'vitest';
import { businessMidnight } from '../../domain/billing-periods.ts';
import { todayInBusinessZone } from '../../domain/dates.ts';
import type { ChangePlanResult, SubscriptionSummary } from '../../domain/schemas/subscription.ts';
import { billDueSubscriptions, buildItn } from '../modules/payfast-simulator/payfast-simulator.ts';
import { ensureStarterSubscription } from '../modules/subscriptions/subscription.repository.ts';
import { payfastSettings } from '../platform/payments/payfast-gateway.ts';
import { createPayments } from '../platform/payments/payments.ts';
import type { TestApp } from './harness.ts';

/** Factories for PayFast ITN tests: an upgrade waiting for PayFast, signed notifications, what they recorded. */

/** The recurring-billing token PayFast hands back for a subscription. */
export const ITN_TOKEN = '5f0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';

export interface ItnOutcome {
  status: 'COMPLETE' | 'FAILED' | 'CANCELLED';
  pfPaymentId: string;
  amountCents: number;
  token: string | null;
}

/** An owner on Starter who asked for a paid plan: the checkout started and the order PayFast was sent. */
export async function pendingUpgrade(t: TestApp, planId: 'pro' | 'business' = 'pro') {
  const { user, cookie } = await t.signInAs({ role: 'owner' });
  await ensureStarterSubscription(t.db, user.id);
  const result = (await t.post('/api/subscription/plan', { planId }, { cookie })).json<ChangePlanResult>();
  if (result.outcome !== 'checkout') throw new Error('expected a checkout');
  return { user, cookie, start: result.payment, order: Object.fromEntries(result.payment.formFields ?? []) };
}

/**
 * A notification for an order, signed with the app's settings: a completed payment of the full amount
 * under a random PayFast id, with the token for a subscription, unless told otherwise.
 */
export function signedItn(t: TestApp, order: Record<string, string>, overrides: Partial<ItnOutcome> = {}) {
  return buildItn(
    order,
    {
      status: 'COMPLETE',
      pfPaymentId: String(Math.floor(Math.random() * 1e9)),
      amountCents: Math.round(Number(order.amount) * 100),
      token: order.subscription_type ? ITN_TOKEN : null,
      ...overrides,
    },
    payfastSettings(t.config),
  );
}

/** Posts a form body to the ITN endpoint, from `remoteAddress` when given. */
export const postItn = (t: TestApp, payload: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

/**
 * Posts an ITN, expects the answer PayFast is always given (200 OK), and waits for `recorded` to find
 * the notification row it stored (the ITN is processed after the answer).
 */
export async function notifyAndWait<Row>(
  t: TestApp,
  payload: string,
  recorded: () => Promise<Row | undefined>,
  options: { remoteAddress?: string; what: string },
): Promise<Row> {
  const response = await postItn(t, payload, options.remoteAddress);
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('OK');
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await recorded();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no notification recorded ${options.what}`);
}

/** Posts an ITN and waits for the notification row it adds (a repeat of a body adds another): that row. */
export async function notifyAndRecord(t: TestApp, body: string) {
  const rows = () =>
    t.db
      .selectFrom('payment_notifications')
      .selectAll()
      .where('raw_body', '=', body)
      .orderBy('received_at', 'desc')
      .execute();
  const earlier = (await rows()).length;
  return notifyAndWait(
    t,
    body,
    async () => {
      const now = await rows();
      return now.length > earlier ? now[0] : undefined;
    },
    { what: `for ${new URLSearchParams(body).get('pf_payment_id')}` },
  );
}

export const paymentOf = (t: TestApp, reference: string) =>
  t.db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
export const subscriptionOf = (t: TestApp, ownerId: string) =>
  t.db.selectFrom('subscriptions').selectAll().where('owner_id', '=', ownerId).executeTakeFirstOrThrow();

/** A new owner on the free Starter plan. */
export async function starterOwner(t: TestApp) {
  const { user, cookie } = await t.signInAs({ role: 'owner' });
  await ensureStarterSubscription(t.db, user.id);
  return { user, cookie };
}

/** The owner's Subscription screen summary. */
export async function summaryOf(t: TestApp, cookie: string): Promise<SubscriptionSummary> {
  const response = await t.get('/api/subscription', { cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The app's payments with their calls to its own address (the simulator) served in-process. */
export const injectedPayments = (t: TestApp) =>
  createPayments(t.config, async (url, init) => {
    const response = await t.app.inject({
      method: init.method as 'POST',
      url: url.replace(t.config.PUBLIC_URL, ''),
      headers: init.headers,
      payload: init.body,
    });
    return { status: response.statusCode, text: response.body };
  });

/**
 * Brings the owner's period end to Johannesburg midnight today (today is its billing date) and runs the
 * simulator's scheduled billing once; returns the period end it set and how many it charged.
 */
export async function billDueToday(t: TestApp, ownerId: string) {
  const due = businessMidnight(todayInBusinessZone(new Date()));
  await t.db
    .updateTable('subscriptions')
    .set({ current_period_end: due })
    .where('owner_id', '=', ownerId)
    .execute();
  const payments = injectedPayments(t);
  return { due, charged: await billDueSubscriptions(t.db, payments.payfastSettings, payments.http) };
}
