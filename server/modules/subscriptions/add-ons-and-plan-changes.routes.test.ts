import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, todayInBusinessZone } from '../../../domain/dates.ts';
import type {
  AddOnResult,
  ChangePlanResult,
  PaymentStart,
  PlanChangePreviewView,
  SubscriptionSummary,
} from '../../../domain/schemas/subscription.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  billDueToday,
  starterOwner as fixtureStarterOwner,
  ITN_TOKEN,
  notifyAndWait,
  paymentOf,
  signedItn,
  subscriptionOf,
  summaryOf,
} from '../../test/payfast-fixtures.ts';

/**
 * Add-ons and plan changes cost what the screen says (issue 19, decision 031): an add-on on a free plan
 * is paid at checkout before it is active; on a paid plan the gateway's recurring amount changes; a
 * removal ends at the period end; a plan change is charged exactly what its preview said.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;

const starterOwner = () => fixtureStarterOwner(t);
const summary = (cookie: string) => summaryOf(t, cookie);

const addOn = (view: SubscriptionSummary, id: string) => view.addOns.find((candidate) => candidate.id === id);
const fieldsOf = (start: PaymentStart) => Object.fromEntries(start.formFields ?? []);

/** PayFast confirms the checkout: a signed COMPLETE ITN, waited for until settled. */
async function confirm(start: PaymentStart, token: string | null = ITN_TOKEN) {
  await notifyAndWait(
    t,
    signedItn(t, fieldsOf(start), { token }),
    async () => {
      const payment = await paymentOf(t, start.reference);
      return payment.status === 'pending' ? undefined : payment;
    },
    { what: `for ${start.reference}` },
  );
  return paymentOf(t, start.reference);
}

async function addAddOn(cookie: string, id: string): Promise<AddOnResult> {
  const response = await t.post(`/api/subscription/add-ons/${id}`, {}, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The amount the PayFast simulator holds for a token (its API writes it a moment after answering). */
async function simulatorAmount(token: string, expected: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await t.db
      .selectFrom('payfast_simulator_subscriptions')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    if (row?.amount_cents === expected) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the simulator never held ${expected} for ${token}`);
}

/** An owner on Pro through PayFast, with their own recurring-billing token. */
async function proOwner() {
  const { user, cookie } = await starterOwner();
  const result = (
    await t.post('/api/subscription/plan', { planId: 'pro' }, { cookie })
  ).json<ChangePlanResult>();
  if (result.outcome !== 'checkout') throw new Error('expected a checkout');
  const token = crypto.randomUUID();
  await confirm(result.payment, token);
  return { user, cookie, token };
}

describe('add-ons go through payment', () => {
  it('Add-on on Starter requires payment: nothing is active until PayFast confirms; then the Overview shows its amount', async () => {
    const { user, cookie } = await starterOwner();
    const result = await addAddOn(cookie, 'homepage_boost');
    if (result.outcome !== 'checkout') throw new Error('expected a checkout');
    expect(result.payment.reference).toMatch(/^SUB_/);
    const today = todayInBusinessZone();
    expect(fieldsOf(result.payment)).toMatchObject({
      amount: '99.00',
      item_name: 'Homepage boost add-on - Monthly',
      subscription_type: '1',
      recurring_amount: '99.00',
      billing_date: addMonths(today, 1),
      frequency: '3',
    });
    const waiting = await summary(cookie);
    expect(addOn(waiting, 'homepage_boost')?.active).toBe(false);
    expect(waiting).toMatchObject({
      nextBillingAmountCents: 0,
      addOnsMonthlyCents: 0,
      allowManualPayment: false,
    });

    const payment = await confirm(result.payment);
    expect(payment).toMatchObject({ status: 'complete', kind: 'add_on', amount_cents: 9900 });
    const paid = await summary(cookie);
    expect(addOn(paid, 'homepage_boost')).toMatchObject({ active: true, endsAt: null, billedFrom: null });
    expect(paid).toMatchObject({
      planId: 'starter',
      paymentMethod: 'subscription',
      status: 'active',
      nextBillingAmountCents: 9900,
      addOnsMonthlyCents: 9900,
      hasRecurringBilling: true,
    });
    const invoice = await t.db
      .selectFrom('subscription_invoices')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(invoice.amount_cents).toBe(9900);
    expect((await subscriptionOf(t, user.id)).gateway_token).toBe(ITN_TOKEN);
    // Once active it cannot be bought twice.
    const twice = await t.post('/api/subscription/add-ons/homepage_boost', {}, { cookie });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Add-on already active');
  });

  it('a failed add-on payment activates nothing; the commission model keeps its model once paid', async () => {
    const { cookie } = await starterOwner();
    const failed = await addAddOn(cookie, 'branded_profile');
    if (failed.outcome !== 'checkout') throw new Error('expected a checkout');
    await notifyAndWait(
      t,
      signedItn(t, fieldsOf(failed.payment), { status: 'FAILED', token: null }),
      async () => {
        const payment = await paymentOf(t, failed.payment.reference);
        return payment.status === 'pending' ? undefined : payment;
      },
      { what: 'FAILED' },
    );
    expect(addOn(await summary(cookie), 'branded_profile')?.active).toBe(false);

    expect((await t.post('/api/subscription/commission', {}, { cookie })).statusCode).toBe(200);
    const onCommission = await addAddOn(cookie, 'branded_profile');
    if (onCommission.outcome !== 'checkout') throw new Error('expected a checkout');
    expect(fieldsOf(onCommission.payment)).toMatchObject({ amount: '50.00', recurring_amount: '50.00' });
    await confirm(onCommission.payment, crypto.randomUUID());
    expect(await summary(cookie)).toMatchObject({
      paymentMethod: 'commission',
      nextBillingAmountCents: 5000,
    });
  });

  it('an add-on on a paid plan updates the recurring amount at the gateway; the simulator then charges it', async () => {
    const { user, cookie, token } = await proOwner();
    const result = await addAddOn(cookie, 'homepage_boost');
    if (result.outcome !== 'added') throw new Error('expected the add-on to be active now');
    const periodEnd = (await subscriptionOf(t, user.id)).current_period_end;
    expect(addOn(result.subscription, 'homepage_boost')).toMatchObject({
      active: true,
      billedFrom: periodEnd.toISOString(),
    });
    expect(result.subscription.nextBillingAmountCents).toBe(39800);
    await simulatorAmount(token, 39800);

    // PayFast's scheduled charge (the simulator) takes the updated amount, and settlement accepts it.
    await billDueToday(t, user.id);
    let renewal: { amount_cents: number; add_on_ids: string[] } | undefined;
    for (let attempt = 0; attempt < 100 && !renewal; attempt++) {
      renewal = await t.db
        .selectFrom('payments')
        .select(['amount_cents', 'add_on_ids'])
        .where('owner_id', '=', user.id)
        .where('kind', '=', 'renewal')
        .where('status', '=', 'complete')
        .executeTakeFirst();
      if (!renewal) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(renewal).toEqual({ amount_cents: 39800, add_on_ids: ['homepage_boost'] });
  });

  it('removal ends at the period end: usable until then, the recurring amount drops now', async () => {
    const { user, cookie } = await starterOwner();
    const bought = await addAddOn(cookie, 'custom_agreement');
    if (bought.outcome !== 'checkout') throw new Error('expected a checkout');
    await confirm(bought.payment, crypto.randomUUID());
    const upgraded = (
      await t.post('/api/subscription/plan', { planId: 'pro' }, { cookie })
    ).json<ChangePlanResult>();
    if (upgraded.outcome !== 'checkout') throw new Error('expected a checkout');
    const proToken = crypto.randomUUID();
    await confirm(upgraded.payment, proToken);

    const removed = await t.request('DELETE', '/api/subscription/add-ons/custom_agreement', { cookie });
    expect(removed.statusCode).toBe(200);
    const periodEnd = (await subscriptionOf(t, user.id)).current_period_end;
    expect(addOn(removed.json(), 'custom_agreement')).toMatchObject({
      active: true,
      endsAt: periodEnd.toISOString(),
    });
    expect(removed.json()).toMatchObject({ nextBillingAmountCents: 29900, addOnsMonthlyCents: 0 });
    await simulatorAmount(proToken, 29900);
    // Removing it again is refused; adding it back before the period end simply keeps it.
    expect(
      (await t.request('DELETE', '/api/subscription/add-ons/custom_agreement', { cookie })).statusCode,
    ).toBe(409);
    const kept = await addAddOn(cookie, 'custom_agreement');
    if (kept.outcome !== 'added') throw new Error('expected the add-on to continue');
    expect(addOn(kept.subscription, 'custom_agreement')).toMatchObject({ active: true, endsAt: null });
    expect(kept.subscription.nextBillingAmountCents).toBe(44800);
  });

  it('an add-on that was never charged ends at once when removed', async () => {
    const { cookie, token } = await proOwner();
    await addAddOn(cookie, 'photography');
    await simulatorAmount(token, 79800);
    const removed = await t.request('DELETE', '/api/subscription/add-ons/photography', { cookie });
    expect(addOn(removed.json(), 'photography')?.active).toBe(false);
    expect(removed.json()).toMatchObject({ nextBillingAmountCents: 29900 });
    await simulatorAmount(token, 29900);
  });
});

describe('a plan change is charged what its preview says', () => {
  it('mid-period upgrade: the unused part is credited, the payment equals the preview, billing follows it', async () => {
    const { user, cookie } = await proOwner();
    const now = Date.now();
    await t.db
      .updateTable('subscriptions')
      .set({
        current_period_start: new Date(now - 10 * DAY_MS),
        current_period_end: new Date(now + 20 * DAY_MS),
      })
      .where('owner_id', '=', user.id)
      .execute();
    const response = await t.get('/api/subscription/plan-preview?planId=business', { cookie });
    expect(response.statusCode).toBe(200);
    const preview = response.json<PlanChangePreviewView>();
    expect(preview).toMatchObject({
      change: 'upgrade',
      payment: 'checkout',
      unusedDays: 20,
      periodDays: 30,
      creditCents: 19933,
      dueNowCents: 49967,
      recurringCents: 69900,
      firstBillingDate: addMonths(todayInBusinessZone(), 1),
    });

    const stale = await t.post(
      '/api/subscription/plan',
      { planId: 'business', expectedDueNowCents: 69900 },
      { cookie },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/amount due has changed/);

    const result = (
      await t.post('/api/subscription/plan', { planId: 'business', expectedDueNowCents: 49967 }, { cookie })
    ).json<ChangePlanResult>();
    if (result.outcome !== 'checkout') throw new Error('expected a checkout');
    expect(fieldsOf(result.payment)).toMatchObject({
      amount: '499.67',
      recurring_amount: '699.00',
      billing_date: preview.firstBillingDate,
    });
    const payment = await confirm(result.payment, crypto.randomUUID());
    expect(payment.amount_cents).toBe(preview.dueNowCents);
    const after = await subscriptionOf(t, user.id);
    expect(after.plan_id).toBe('business');
    // The new period runs to the first billing date the preview named (calendar months, issue 19 item 3).
    expect(todayInBusinessZone(after.current_period_end)).toBe(preview.firstBillingDate);
  });

  it('a downgrade applies now without a refund, the next billing date kept, the gateway told the new amount', async () => {
    const { user, cookie, token } = await proOwner();
    const up = (
      await t.post('/api/subscription/plan', { planId: 'business' }, { cookie })
    ).json<ChangePlanResult>();
    if (up.outcome !== 'checkout') throw new Error('expected a checkout');
    await confirm(up.payment, token);
    const preview = (
      await t.get('/api/subscription/plan-preview?planId=pro', { cookie })
    ).json<PlanChangePreviewView>();
    const periodEnd = (await subscriptionOf(t, user.id)).current_period_end;
    expect(preview).toMatchObject({
      change: 'downgrade',
      payment: 'none',
      creditCents: 0,
      dueNowCents: 0,
      recurringCents: 29900,
      firstBillingDate: todayInBusinessZone(periodEnd),
    });
    const result = (
      await t.post('/api/subscription/plan', { planId: 'pro' }, { cookie })
    ).json<ChangePlanResult>();
    expect(result.outcome).toBe('changed');
    await simulatorAmount(token, 29900);
    expect((await subscriptionOf(t, user.id)).current_period_end).toEqual(periodEnd);
  });

  it('who may preview: the owner for their own plan; anonymous 401; client, staff and admin 403', async () => {
    const { cookie } = await starterOwner();
    expect((await t.get('/api/subscription/plan-preview?planId=starter', { cookie })).statusCode).toBe(409);
    const bad = await t.get('/api/subscription/plan-preview?planId=enterprise', { cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid plan selected');
    expect((await t.get('/api/subscription/plan-preview?planId=pro')).statusCode).toBe(401);
    for (const role of ['client', 'backoffice', 'frontoffice', 'admin'] as const) {
      const other = await t.signInAs({ role });
      expect(
        (await t.get('/api/subscription/plan-preview?planId=pro', { cookie: other.cookie })).statusCode,
      ).toBe(403);
      expect(
        (await t.post('/api/subscription/add-ons/homepage_boost', {}, { cookie: other.cookie })).statusCode,
      ).toBe(403);
    }
  });

  it('another owner can neither see nor settle an owner’s add-on payment, and their plan is untouched', async () => {
    const { cookie } = await starterOwner();
    const result = await addAddOn(cookie, 'photography');
    if (result.outcome !== 'checkout') throw new Error('expected a checkout');
    const other = await starterOwner();
    expect(
      (await t.get(`/api/payments/${result.payment.reference}`, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`/api/payments/${result.payment.reference}/cancel`, {}, { cookie: other.cookie }))
        .statusCode,
    ).toBe(404);
    await confirm(result.payment, crypto.randomUUID());
    expect(addOn(await summary(other.cookie), 'photography')?.active).toBe(false);
    expect(addOn(await summary(cookie), 'photography')?.active).toBe(true);
  });
});
