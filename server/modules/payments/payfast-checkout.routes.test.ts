import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMidnight } from '../../../domain/billing-periods.ts';
import { addMonths } from '../../../domain/dates.ts';
import { CATEGORIES_BY_TYPE } from '../../../domain/property.ts';
import type {
  BillingHistoryEntry,
  ChangePlanResult,
  PaymentStart,
  PaymentState,
} from '../../../domain/schemas/subscription.ts';
import { insertProperty, SPECS } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { starterOwner as fixtureStarterOwner, summaryOf } from '../../test/payfast-fixtures.ts';
import { pdfAllText } from '../../test/pdf-text.ts';

/**
 * The whole PayFast flow through the simulator, in-process: the signed checkout form, the simulator's
 * payment page, its signed ITN, settlement, and what the owner then sees and may do.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const starterOwner = () => fixtureStarterOwner(t);
const summary = (cookie: string) => summaryOf(t, cookie);

const formBody = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();
const path = (url: string) => url.replace(t.config.PUBLIC_URL, '');

/** Posts the checkout form to the simulator, then presses one of its buttons; returns where it redirects. */
async function payAtSimulator(start: PaymentStart, decision: 'COMPLETE' | 'FAILED' | 'CANCELLED') {
  expect(start.postUrl).toBe(`${t.config.PUBLIC_URL}/payfast-simulator/eng/process`);
  const order = formBody(start.formFields ?? []);
  const pagePath = path(start.postUrl as string);
  const shown = await t.app.inject({
    method: 'POST',
    url: pagePath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: order,
  });
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain('Complete payment');
  const chosen = await t.app.inject({
    method: 'POST',
    url: `${pagePath}/decision`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody([
      ['order', order],
      ['decision', decision],
    ]),
  });
  expect(chosen.statusCode).toBe(303);
  return chosen.headers.location as string;
}

async function paymentState(cookie: string, reference: string): Promise<PaymentState> {
  const response = await t.get(`/api/payments/${reference}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The ITN is processed after its 200 has gone back: wait until the payment leaves pending. */
async function settled(cookie: string, reference: string): Promise<PaymentState> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const state = await paymentState(cookie, reference);
    if (state.status !== 'pending') return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`payment ${reference} stayed pending`);
}

async function upgrade(cookie: string, planId: 'pro' | 'business'): Promise<PaymentStart> {
  const response = await t.post('/api/subscription/plan', { planId }, { cookie });
  expect(response.statusCode).toBe(200);
  const result = response.json<ChangePlanResult>();
  if (result.outcome !== 'checkout') throw new Error('expected a checkout');
  return result.payment;
}

describe('upgrading through PayFast (simulator)', () => {
  it('Starter → Pro: a signed SUB_ checkout; Complete activates Pro, saves the card, invoices, and lifts the listing limit', async () => {
    const { user, cookie } = await starterOwner();
    await insertProperty(t.db, user.id);
    const before = await summary(cookie);
    expect(before.canCreateListing).toEqual({
      allowed: false,
      reason: "You've reached your limit of 1 listings. Upgrade to add more.",
    });

    const start = await upgrade(cookie, 'pro');
    expect(start.reference).toMatch(/^SUB_\d{13}_[0-9a-f]{12}$/);
    const fields = Object.fromEntries(start.formFields ?? []);
    expect(fields).toMatchObject({
      m_payment_id: start.reference,
      amount: '299.00',
      item_name: 'Pro Plan - Monthly Subscription',
      subscription_type: '1',
      recurring_amount: '299.00',
      frequency: '3',
      cycles: '0',
      notify_url: `${t.config.PUBLIC_URL}/api/payments/payfast/notify`,
      return_url: `${t.config.PUBLIC_URL}/payment/return?ref=${start.reference}`,
      cancel_url: `${t.config.PUBLIC_URL}/payment/cancel?ref=${start.reference}`,
      email_address: user.email,
    });
    expect(fields).not.toHaveProperty('passphrase');
    expect(JSON.stringify(start)).not.toContain(t.config.PAYFAST_PASSPHRASE ?? 'jt7NOE43FZPn');
    expect(Object.keys(fields).at(-1)).toBe('signature');
    expect(await paymentState(cookie, start.reference)).toMatchObject({ status: 'pending', planId: 'pro' });

    const redirect = await payAtSimulator(start, 'COMPLETE');
    expect(redirect).toBe(`${t.config.PUBLIC_URL}/payment/return?ref=${start.reference}`);
    expect(await settled(cookie, start.reference)).toMatchObject({
      status: 'complete',
      kind: 'subscription',
      planName: 'Pro',
      amountCents: 29900,
    });

    const after = await summary(cookie);
    expect(after).toMatchObject({
      planId: 'pro',
      status: 'active',
      paymentProcessor: 'payfast',
      hasRecurringBilling: true,
      nextBillingAmountCents: 29900,
      canCreateListing: { allowed: true },
      savedPaymentMethod: { type: 'card', displayName: 'Card via PayFast', isActive: true },
    });
    const created = await t.post(
      '/api/properties',
      {
        type: 'accommodation',
        category: CATEGORIES_BY_TYPE.accommodation[0],
        title: `Second cottage ${randomUUID().slice(0, 6)}`,
        description: faker.lorem.sentence(),
        city: 'Cape Town',
        location: 'Kloof Street, Cape Town',
        price_per_day_cents: 80000,
        specifications: SPECS.accommodation,
      },
      { cookie },
    );
    expect(created.statusCode).toBe(201);

    const history = (await t.get('/api/subscription/billing-history', { cookie })).json<{
      entries: BillingHistoryEntry[];
    }>().entries;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      description: 'Pro Plan - Monthly Subscription',
      amountCents: 29900,
      status: 'paid',
    });
    expect(history[0]?.invoiceNumber).toMatch(/^RZ-\d{6}$/);
    const invoice = await t.db
      .selectFrom('subscription_invoices')
      .selectAll()
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    // R 299 includes 15 % VAT: 299 × 15/115 = 39.0017 → R 39.00.
    expect(invoice).toMatchObject({ amount_cents: 29900, vat_cents: 3900, plan_id: 'pro', status: 'paid' });
    expect(invoice.snapshot.seller).toEqual({
      legalName: t.config.RENTZA_LEGAL_NAME,
      vatNumber: t.config.RENTZA_VAT_NUMBER,
      address: t.config.RENTZA_ADDRESS,
      email: t.config.RENTZA_BILLING_EMAIL,
    });
  });

  it('Fail: the payment is recorded as failed with the reason, and the plan stays as it was', async () => {
    const { cookie } = await starterOwner();
    const start = await upgrade(cookie, 'business');
    await payAtSimulator(start, 'FAILED');
    expect(await settled(cookie, start.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'Payment failed',
    });
    expect(await summary(cookie)).toMatchObject({
      planId: 'starter',
      status: 'active',
      hasRecurringBilling: false,
    });
    const history = (await t.get('/api/subscription/billing-history', { cookie })).json<{
      entries: BillingHistoryEntry[];
    }>().entries;
    expect(history).toEqual([
      expect.objectContaining({
        status: 'failed',
        invoiceNumber: null,
        downloadUrl: null,
        amountCents: 69900,
      }),
    ]);
  });

  it('Cancel: no notification; the cancel page marks the payment cancelled and nothing changes', async () => {
    const { cookie } = await starterOwner();
    const start = await upgrade(cookie, 'pro');
    const redirect = await payAtSimulator(start, 'CANCELLED');
    expect(redirect).toBe(`${t.config.PUBLIC_URL}/payment/cancel?ref=${start.reference}`);
    const cancelled = await t.post(`/api/payments/${start.reference}/cancel`, {}, { cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await summary(cookie)).toMatchObject({ planId: 'starter' });
    const history = (await t.get('/api/subscription/billing-history', { cookie })).json<{
      entries: unknown[];
    }>();
    expect(history.entries).toEqual([]);
  });

  it('a tampered checkout form is refused by the simulator as PayFast would (signature mismatch)', async () => {
    const { cookie } = await starterOwner();
    const start = await upgrade(cookie, 'pro');
    const tampered = (start.formFields ?? []).map(([key, value]): [string, string] =>
      key === 'amount' ? [key, '1.00'] : [key, value],
    );
    const shown = await t.app.inject({
      method: 'POST',
      url: path(start.postUrl as string),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(tampered),
    });
    expect(shown.statusCode).toBe(400);
    expect(shown.body).toContain('signature mismatch');
  });

  it('a payment is only visible to its owner', async () => {
    const { cookie } = await starterOwner();
    const start = await upgrade(cookie, 'pro');
    const other = await starterOwner();
    expect((await t.get(`/api/payments/${start.reference}`, { cookie: other.cookie })).statusCode).toBe(404);
    expect(
      (await t.post(`/api/payments/${start.reference}/cancel`, {}, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect((await t.get(`/api/payments/${start.reference}`)).statusCode).toBe(401);
    const client = await t.signInAs({ role: 'client' });
    expect((await t.get(`/api/payments/${start.reference}`, { cookie: client.cookie })).statusCode).toBe(403);
  });
});

describe('paying on a paid plan', () => {
  async function proOwner() {
    const owner = await starterOwner();
    const start = await upgrade(owner.cookie, 'pro');
    await payAtSimulator(start, 'COMPLETE');
    await settled(owner.cookie, start.reference);
    return owner;
  }

  it('Pay now: a PAY_ payment of the next billing amount that extends the period to the next billing date', async () => {
    const { user, cookie } = await proOwner();
    const before = await summary(cookie);
    const response = await t.post('/api/subscription/payments', { kind: 'manual' }, { cookie });
    expect(response.statusCode).toBe(200);
    const start = response.json<PaymentStart>();
    expect(start.reference).toMatch(/^PAY_/);
    const fields = Object.fromEntries(start.formFields ?? []);
    expect(fields.amount).toBe('299.00');
    expect(fields).not.toHaveProperty('subscription_type');
    await payAtSimulator(start, 'COMPLETE');
    expect(await settled(cookie, start.reference)).toMatchObject({ status: 'complete', kind: 'manual' });
    const after = await summary(cookie);
    // Billing dates from the day of the upgrade: the period ended a month on, now two months on.
    const { billing_anchor: anchor } = await t.db
      .selectFrom('subscriptions')
      .select('billing_anchor')
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(before.currentPeriodEnd).toBe(businessMidnight(addMonths(anchor, 1)).toISOString());
    expect(after.currentPeriodEnd).toBe(businessMidnight(addMonths(anchor, 2)).toISOString());
  });

  it('Pay now on the free Starter plan: refused, nothing recorded', async () => {
    const { user, cookie } = await starterOwner();
    const response = await t.post('/api/subscription/payments', { kind: 'manual' }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Nothing is due: your plan is free');
    const rows = await t.db.selectFrom('payments').select('id').where('owner_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it('the test payment: plan pro, R 100, never invoiced', async () => {
    const { user, cookie } = await starterOwner();
    const response = await t.post('/api/subscription/payments', { kind: 'test' }, { cookie });
    const start = response.json<PaymentStart>();
    expect(Object.fromEntries(start.formFields ?? []).amount).toBe('100.00');
    await payAtSimulator(start, 'COMPLETE');
    expect(await settled(cookie, start.reference)).toMatchObject({
      status: 'complete',
      kind: 'test',
      planId: 'pro',
    });
    expect(await summary(cookie)).toMatchObject({ planId: 'starter' });
    const invoices = await t.db
      .selectFrom('subscription_invoices')
      .select('id')
      .where('owner_id', '=', user.id)
      .execute();
    expect(invoices).toEqual([]);
  });

  it('update payment method with recurring billing: PayFast’s card update page, returning to the Billing tab', async () => {
    const { cookie } = await proOwner();
    const response = await t.post('/api/subscription/payment-method', {}, { cookie });
    expect(response.statusCode).toBe(200);
    const start = response.json<PaymentStart>();
    expect(start.reference).toMatch(/^UPDATE_/);
    expect(start.formFields).toBeNull();
    const back = encodeURIComponent(
      `${t.config.PUBLIC_URL}/subscription?tab=billing&action=payment_method_updated`,
    );
    expect(start.redirectUrl).toMatch(
      new RegExp(
        `^${t.config.PUBLIC_URL}/payfast-simulator/eng/recurring/update/[0-9a-f-]{36}\\?return=${back.replace(/[.?]/g, '\\$&')}$`,
      ),
    );
    const page = await t.get(path(start.redirectUrl));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Save card and return to Rentza');
  });

  it('cancel then reactivate: the recurring billing stops at once, the plan stays until the period ends', async () => {
    const { cookie } = await proOwner();
    const cancelled = await t.post('/api/subscription/cancel', {}, { cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      planId: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
      hasRecurringBilling: false,
    });
    const again = await t.post('/api/subscription/cancel', {}, { cookie });
    expect(again.statusCode).toBe(409);

    const reactivated = await t.post('/api/subscription/reactivate', {}, { cookie });
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json()).toMatchObject({ planId: 'pro', cancelAtPeriodEnd: false });
    // Without recurring billing, a card is set up again with a R 5.00 verification from the period end.
    const method = (await t.post('/api/subscription/payment-method', {}, { cookie })).json<PaymentStart>();
    const fields = Object.fromEntries(method.formFields ?? []);
    expect(method.reference).toMatch(/^UPDATE_/);
    expect(fields).toMatchObject({ amount: '5.00', recurring_amount: '299.00', subscription_type: '1' });
  });

  it('a downgrade to Starter applies at once and explains the listings over the new limit', async () => {
    const { user, cookie } = await proOwner();
    await insertProperty(t.db, user.id);
    await insertProperty(t.db, user.id);
    const response = await t.post('/api/subscription/plan', { planId: 'starter' }, { cookie });
    expect(response.statusCode).toBe(200);
    const result = response.json<ChangePlanResult>();
    expect(result.outcome).toBe('changed');
    if (result.outcome !== 'changed') return;
    expect(result.subscription).toMatchObject({
      planId: 'starter',
      hasRecurringBilling: false,
      canCreateListing: {
        allowed: false,
        reason: "You've reached your limit of 1 listings. Upgrade to add more.",
      },
    });
    expect(result.notices).toEqual([
      'You have 2 listings and the Starter plan allows 1. Your existing listings stay listed; new ones are refused until you are within the limit or upgrade.',
    ]);
    const listings = await t.db
      .selectFrom('properties')
      .select('id')
      .where('owner_id', '=', user.id)
      .where('archived_at', 'is', null)
      .execute();
    expect(listings).toHaveLength(2);
  });
});

describe('commission, add-ons and who may act', () => {
  it('switch to commission: Starter limits, 10 % per booking, and recurring billing stopped', async () => {
    const { cookie } = await starterOwner();
    const response = await t.post('/api/subscription/commission', {}, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      planId: 'starter',
      paymentMethod: 'commission',
      commissionRate: 0.1,
    });
    expect((await t.post('/api/subscription/commission', {}, { cookie })).statusCode).toBe(409);
  });

  it('add-ons on Starter: a checkout first (decision 031), nothing active or due until it is paid', async () => {
    const { cookie } = await starterOwner();
    const added = await t.post('/api/subscription/add-ons/homepage_boost', {}, { cookie });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ outcome: 'checkout', payment: { gateway: 'payfast' } });
    const after = await summary(cookie);
    expect(after).toMatchObject({ nextBillingAmountCents: 0, allowManualPayment: false });
    expect(after.addOns.find((a) => a.id === 'homepage_boost')?.active).toBe(false);
    const unknown = await t.post('/api/subscription/add-ons/free_money', {}, { cookie });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Invalid add-on selected');
    const removed = await t.request('DELETE', '/api/subscription/add-ons/homepage_boost', { cookie });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe('Add-on is not active');
  });

  it('an unknown plan is refused with a specific message', async () => {
    const { cookie } = await starterOwner();
    const response = await t.post('/api/subscription/plan', { planId: 'enterprise' }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid plan selected');
    expect((await t.post('/api/subscription/plan', { planId: 'starter' }, { cookie })).statusCode).toBe(409);
  });

  it.each([
    ['POST', '/api/subscription/plan', { planId: 'pro' }],
    ['POST', '/api/subscription/commission', {}],
    ['POST', '/api/subscription/add-ons/photography', {}],
    ['POST', '/api/subscription/cancel', {}],
    ['POST', '/api/subscription/reactivate', {}],
    ['POST', '/api/subscription/payments', { kind: 'manual' }],
    ['POST', '/api/subscription/payment-method', {}],
  ] as const)('%s %s: anonymous 401; client, staff and admin 403', async (method, url, body) => {
    expect((await t.request(method, url, { body })).statusCode).toBe(401);
    for (const role of ['client', 'backoffice', 'frontoffice', 'admin'] as const) {
      const { cookie } = await t.signInAs({ role });
      expect((await t.request(method, url, { body, cookie })).statusCode).toBe(403);
    }
  });

  it('an admin reads an owner’s subscription by id (read-only); without one, 400', async () => {
    const { user } = await starterOwner();
    const admin = await t.signInAs({ role: 'admin' });
    const read = await t.get(`/api/subscription?ownerId=${user.id}`, { cookie: admin.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ planId: 'starter' });
    expect((await t.get('/api/subscription', { cookie: admin.cookie })).statusCode).toBe(400);
    expect(
      (await t.get(`/api/subscription?ownerId=${randomUUID()}`, { cookie: admin.cookie })).statusCode,
    ).toBe(404);
    const history = await t.get(`/api/subscription/billing-history?ownerId=${user.id}`, {
      cookie: admin.cookie,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({ entries: [] });
    expect((await t.get('/api/subscription/billing-history', { cookie: admin.cookie })).statusCode).toBe(400);
  });

  it('billing history: anonymous 401, client and staff 403; an owner naming another owner still gets their own', async () => {
    expect((await t.get('/api/subscription/billing-history')).statusCode).toBe(401);
    for (const role of ['client', 'backoffice', 'frontoffice'] as const) {
      const { cookie } = await t.signInAs({ role });
      expect((await t.get('/api/subscription/billing-history', { cookie })).statusCode).toBe(403);
    }
    const paying = await starterOwner();
    const start = await upgrade(paying.cookie, 'pro');
    await payAtSimulator(start, 'COMPLETE');
    await settled(paying.cookie, start.reference);
    const other = await starterOwner();
    const named = await t.get(`/api/subscription/billing-history?ownerId=${paying.user.id}`, {
      cookie: other.cookie,
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ entries: [] });
  });

  it('plans are public, with the spec’s prices and limits', async () => {
    const response = await t.get('/api/subscription/plans');
    expect(response.statusCode).toBe(200);
    const { plans, addOns } = response.json();
    expect(plans.map((p: { id: string; priceCents: number }) => [p.id, p.priceCents])).toEqual([
      ['starter', 0],
      ['pro', 29900],
      ['business', 69900],
    ]);
    expect(addOns.map((a: { id: string; priceCents: number }) => [a.id, a.priceCents])).toEqual([
      ['homepage_boost', 9900],
      ['photography', 49900],
      ['custom_agreement', 14900],
      ['branded_profile', 5000],
    ]);
  });
});

describe('the invoice PDF', () => {
  it('downloads as a Rentza tax invoice', async () => {
    const { cookie } = await starterOwner();
    const start = await upgrade(cookie, 'pro');
    await payAtSimulator(start, 'COMPLETE');
    await settled(cookie, start.reference);
    const [entry] = (await t.get('/api/subscription/billing-history', { cookie })).json<{
      entries: BillingHistoryEntry[];
    }>().entries;
    const pdf = await t.get(entry?.downloadUrl as string, { cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfAllText(pdf.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(entry?.invoiceNumber as string);
  });
});
