import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { findSessionUser } from '../../http/session.ts';
import { createAuth } from '../../platform/auth.ts';
import type { PaymentEvent } from '../../platform/payments/gateway.ts';
import { setPlan, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, TEST_AUTH_SECRET, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe-api.ts';
import { registerStripeRoutes } from './stripe.routes.ts';
import type { Settle, SettleOutcome } from './stripe.service.ts';

const WEBHOOK_SECRET = 'whsec_rentza_routes_test';
const NOT_AVAILABLE = "Payment gateway 'stripe' not available";

let t: TestApp;
let fake: FakeStripe;
let person: ReturnType<typeof testPeople>;
const settled: PaymentEvent[] = [];
let settleAnswer: () => Promise<SettleOutcome> = async () => 'applied';
const fakeSettle: Settle = async (event) => {
  settled.push(event);
  return settleAnswer();
};
/** Stripe and its webhook configured (against the local fake), and a server with neither. */
let configured: FastifyInstance;
let unconfigured: FastifyInstance;

/**
 * The Stripe routes on their own Fastify app (the same compilers and error handler as server/app.ts)
 * over the test app's database and sessions, so this file does not depend on how app.ts wires them
 * and can give them a fake settlement that records what it is asked to apply.
 */
async function stripeApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const auth = createAuth({ db: t.db, config, secret: TEST_AUTH_SECRET, sendMail: async () => {} });
  registerStripeRoutes(
    app,
    { db: t.db, config, currentUser: (request) => findSessionUser(auth, t.db, request) },
    { settle: fakeSettle },
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp();
  person = testPeople(t);
  configured = await stripeApp({
    ...t.config,
    STRIPE_SECRET_KEY: 'sk_test_rentza',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.baseUrl,
  });
  unconfigured = await stripeApp({
    ...t.config,
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  });
}, 90_000);
afterAll(async () => {
  await configured?.close();
  await unconfigured?.close();
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  settled.length = 0;
  settleAnswer = async () => 'applied';
});

const post = async (
  app: FastifyInstance,
  url: string,
  body: unknown,
  who?: PersonKey | { cookie: string },
) => {
  const cookie =
    who === undefined ? undefined : typeof who === 'string' ? (await person(who)).cookie : who.cookie;
  return app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
    payload: body as object,
  });
};

const paymentOf = (reference: string) =>
  t.db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
const notificationOf = (rawBody: string) =>
  t.db.selectFrom('payment_notifications').selectAll().where('raw_body', '=', rawBody).execute();

/** Rentza's prices, in ZAR cents: the direct calls must name exactly these (the server prices them). */
const PRO_CENTS = 29900;
const BUSINESS_CENTS = 69900;
const subscriptionBody = {
  priceId: 'pro',
  amount: PRO_CENTS,
  currency: 'zar',
  description: 'Pro Plan - Monthly Subscription',
};
/** Pay now for the "owner" test person (Business, no add-ons): their next billing amount. */
const paymentBody = { amount: BUSINESS_CENTS, currency: 'zar', description: 'Pay now' };

describe('Stripe not configured', () => {
  it.each([
    ['/api/stripe/create-subscription', subscriptionBody],
    ['/api/stripe/create-payment-intent', paymentBody],
  ])('%s answers 503 with the spec’s message', async (url, body) => {
    const response = await post(unconfigured, url, body, 'owner');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: NOT_AVAILABLE, message: NOT_AVAILABLE });
  });

  it('the webhook answers 503 without STRIPE_WEBHOOK_SECRET and keeps the call as rejected', async () => {
    const payload = JSON.stringify({ id: 'evt_no_secret', object: 'event', type: 'customer.created' });
    const response = await unconfigured.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'Stripe not initialized', message: 'Stripe not initialized' });
    expect(await notificationOf(payload)).toMatchObject([
      { gateway: 'stripe', outcome: 'rejected', reason: 'STRIPE_WEBHOOK_SECRET is not set' },
    ]);
    expect(settled).toEqual([]);
  });
});

describe('who may start a Stripe payment', () => {
  it.each(['/api/stripe/create-subscription', '/api/stripe/create-payment-intent'])(
    '%s: 401 signed out; 403 for a client, staff and an admin',
    async (url) => {
      const body = url.endsWith('subscription') ? subscriptionBody : paymentBody;
      expect((await post(configured, url, body)).statusCode).toBe(401);
      for (const key of ['client', 'backoffice', 'frontoffice', 'admin'] as const) {
        const response = await post(configured, url, body, key);
        expect(response.statusCode, key).toBe(403);
      }
    },
  );

  it('refuses a customerId that is not the signed-in owner', async () => {
    const other = await person('otherOwner');
    const response = await post(
      configured,
      '/api/stripe/create-subscription',
      { ...subscriptionBody, customerId: other.user.id },
      'owner',
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('input validation', () => {
  const cases: Array<[string, string, Record<string, unknown>, string, string]> = [
    ['payment', 'amount 0', { amount: 0 }, 'amount', 'Amount must be a whole number of cents greater than 0'],
    [
      'payment',
      'amount in rand',
      { amount: 12.5 },
      'amount',
      'Amount must be a whole number of cents greater than 0',
    ],
    [
      'payment',
      'amount as text',
      { amount: '100' },
      'amount',
      'Amount must be a whole number of cents greater than 0',
    ],
    [
      'payment',
      'amount too large',
      { amount: 100_000_000 },
      'amount',
      'Amount must be at most 99999999 cents',
    ],
    [
      'payment',
      'a currency Stripe is not offered in',
      { currency: 'chf' },
      'currency',
      'Currency must be one of usd, eur, gbp, cad, aud, jpy, zar',
    ],
    [
      'payment',
      'a bad email',
      { customerEmail: 'not-an-email' },
      'customerEmail',
      'Please enter a valid email',
    ],
    ['subscription', 'no price', { priceId: undefined }, 'priceId', 'Price is required'],
    [
      'subscription',
      'no amount',
      { amount: undefined },
      'amount',
      'Amount must be a whole number of cents greater than 0',
    ],
  ];

  it.each(cases)('%s: %s → 400 naming the field', async (kind, _name, change, field, message) => {
    const url = kind === 'payment' ? '/api/stripe/create-payment-intent' : '/api/stripe/create-subscription';
    const body = { ...(kind === 'payment' ? paymentBody : subscriptionBody), ...change };
    const response = await post(configured, url, body, 'owner');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'BAD_REQUEST',
      message,
      fieldErrors: { [field]: message },
    });
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').length).toBe(0);
  });

  beforeEach(() => {
    fake.requests.length = 0;
  });
});

describe('starting a payment at Stripe', () => {
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('create-subscription: a Checkout Session in subscription mode at the plan’s ZAR price and a pending payment', async () => {
    const owner = await person('owner');
    const response = await post(configured, '/api/stripe/create-subscription', subscriptionBody, 'owner');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      subscriptionId: expect.stringMatching(/^cs_test_/),
      redirectUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      reference: expect.stringMatching(/^SUB_\d+_[0-9a-f]{12}$/),
      error: null,
    });
    expect(await paymentOf(answer.reference)).toMatchObject({
      owner_id: owner.user.id,
      gateway: 'stripe',
      kind: 'subscription',
      plan_id: 'pro',
      description: 'Pro Plan - Monthly Subscription',
      amount_cents: PRO_CENTS,
      add_on_ids: [],
      status: 'pending',
      gateway_payment_id: null,
    });
    const [sent] = fake.requestsTo('POST', '/v1/checkout/sessions');
    expect(sent?.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: answer.reference,
      'metadata[reference]': answer.reference,
      'metadata[price_id]': 'pro',
      'subscription_data[metadata][reference]': answer.reference,
      'line_items[0][price_data][currency]': 'zar',
      'line_items[0][price_data][unit_amount]': String(PRO_CENTS),
      'line_items[0][price_data][recurring][interval]': 'month',
      customer_email: owner.user.email,
      success_url: `${TEST_PUBLIC_URL}/payment/return?ref=${answer.reference}`,
      cancel_url: `${TEST_PUBLIC_URL}/payment/cancel?ref=${answer.reference}`,
    });
    expect(sent?.form).not.toHaveProperty('subscription_data[trial_end]');
    expect(sent?.form).not.toHaveProperty('line_items[1][quantity]');
  });

  it('create-subscription prices the plan with the owner’s active add-ons', async () => {
    const owner = await signInOwner(t, 'starter');
    const subscription = await t.db
      .selectFrom('subscriptions')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('subscription_add_ons')
      .values({ subscription_id: subscription.id, add_on_id: 'homepage_boost', price_cents: 9900 })
      .execute();
    const withAddOn = BUSINESS_CENTS + 9900;
    const planOnly = await post(
      configured,
      '/api/stripe/create-subscription',
      { priceId: 'business', amount: BUSINESS_CENTS, currency: 'zar', customerId: owner.user.id },
      owner,
    );
    expect(planOnly.statusCode).toBe(400);
    const message = `Amount must be the Business plan's monthly price with your add-ons: ${withAddOn} cents in ZAR`;
    expect(planOnly.json()).toEqual({ error: message, message });
    const response = await post(
      configured,
      '/api/stripe/create-subscription',
      { priceId: 'business', amount: withAddOn, currency: 'zar', customerId: owner.user.id },
      owner,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await paymentOf(response.json().reference)).toMatchObject({
      plan_id: 'business',
      kind: 'subscription',
      description: 'Business Plan - Monthly Subscription',
      amount_cents: withAddOn,
      add_on_ids: ['homepage_boost'],
    });
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(1);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')[0]?.form).toMatchObject({
      'line_items[0][price_data][currency]': 'zar',
      'line_items[0][price_data][unit_amount]': String(withAddOn),
    });
  });

  it('create-subscription for an owner with no subscription row yet starts them on Starter first', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const response = await post(configured, '/api/stripe/create-subscription', subscriptionBody, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(await paymentOf(response.json().reference)).toMatchObject({
      plan_id: 'pro',
      amount_cents: PRO_CENTS,
    });
    // The plan is granted only when the payment completes: until then the owner is on Starter.
    expect(
      await t.db
        .selectFrom('subscriptions')
        .select('plan_id')
        .where('owner_id', '=', owner.user.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ plan_id: 'starter' });
  });

  it('create-payment-intent: a Checkout Session in payment mode and a pending manual payment', async () => {
    const owner = await person('owner');
    const response = await post(
      configured,
      '/api/stripe/create-payment-intent',
      { ...paymentBody, customerEmail: 'accounts@example.co.za' },
      'owner',
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      // Checkout creates the PaymentIntent only when the buyer pays: until then, the session.
      paymentIntentId: expect.stringMatching(/^cs_test_/),
      redirectUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
      reference: expect.stringMatching(/^PAY_\d+_[0-9a-f]{12}$/),
      error: null,
    });
    expect(await paymentOf(answer.reference)).toMatchObject({
      owner_id: owner.user.id,
      gateway: 'stripe',
      kind: 'manual',
      plan_id: 'business',
      description: 'Pay now',
      amount_cents: BUSINESS_CENTS,
      status: 'pending',
    });
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')[0]?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: answer.reference,
      'payment_intent_data[metadata][reference]': answer.reference,
      'line_items[0][price_data][currency]': 'zar',
      'line_items[0][price_data][unit_amount]': String(BUSINESS_CENTS),
      customer_email: 'accounts@example.co.za',
    });
  });

  it.each([
    ['/api/stripe/create-payment-intent', paymentBody, 'Failed to create payment'],
    ['/api/stripe/create-subscription', subscriptionBody, 'Failed to create subscription'],
  ])(
    '%s: Stripe’s 402 card error → 502 with the spec’s message; the payment is failed, not pending',
    async (url, body, message) => {
      const owner = await person('owner');
      const before = await t.db
        .selectFrom('payments')
        .select('reference')
        .where('owner_id', '=', owner.user.id)
        .execute();
      fake.failNext(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      const response = await post(configured, url, body, 'owner');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: message, message });
      const known = new Set(before.map((row) => row.reference));
      const added = (
        await t.db.selectFrom('payments').selectAll().where('owner_id', '=', owner.user.id).execute()
      ).filter((row) => !known.has(row.reference));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({
        status: 'failed',
        failure_reason: 'Your card was declined.',
        completed_at: null,
      });
    },
  );
});

describe('the server prices every Stripe payment: the caller’s figures are only checked', () => {
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const PRO_PRICE = `Amount must be the Pro plan's monthly price: ${PRO_CENTS} cents in ZAR`;
  const BUSINESS_DUE = `Amount must be your next billing amount: ${BUSINESS_CENTS} cents in ZAR`;
  const paymentsOf = (ownerId: string) =>
    t.db.selectFrom('payments').select('reference').where('owner_id', '=', ownerId).execute();

  /** Each refusal: 400 with the message, no payments row, and Stripe never called. */
  async function expectRefused(
    url: string,
    body: Record<string, unknown>,
    who: { user: { id: string }; cookie: string },
    message: string,
  ) {
    const before = await paymentsOf(who.user.id);
    const response = await post(configured, url, body, who);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: message, message });
    expect(await paymentsOf(who.user.id)).toEqual(before);
    expect(fake.requests).toHaveLength(0);
  }

  it.each<[string, Record<string, unknown>, string]>([
    ['Pro for 1 cent', { priceId: 'pro', amount: 1, currency: 'zar' }, PRO_PRICE],
    [
      'Pro for a cent less than its price',
      { priceId: 'pro', amount: PRO_CENTS - 1, currency: 'zar' },
      PRO_PRICE,
    ],
    ['Pro for more than its price', { priceId: 'pro', amount: PRO_CENTS + 1, currency: 'zar' }, PRO_PRICE],
    ['Pro’s ZAR figure in EUR', { priceId: 'pro', amount: PRO_CENTS, currency: 'eur' }, PRO_PRICE],
    ['Pro’s ZAR figure in JPY', { priceId: 'pro', amount: PRO_CENTS, currency: 'jpy' }, PRO_PRICE],
    ['no currency (the default, usd)', { priceId: 'pro', amount: PRO_CENTS }, PRO_PRICE],
    [
      'Business at Pro’s price',
      { priceId: 'business', amount: PRO_CENTS, currency: 'zar' },
      `Amount must be the Business plan's monthly price: ${BUSINESS_CENTS} cents in ZAR`,
    ],
    [
      'a price that is not a plan',
      { priceId: 'price_1Rentza', amount: PRO_CENTS, currency: 'zar' },
      'Invalid plan selected',
    ],
    ['the free plan', { priceId: 'starter', amount: 100, currency: 'zar' }, 'Invalid plan selected'],
    [
      'a plan id in capitals',
      { priceId: 'PRO', amount: PRO_CENTS, currency: 'zar' },
      'Invalid plan selected',
    ],
  ])('create-subscription: %s → 400, nothing created', async (_name, body, message) => {
    const owner = await signInOwner(t, 'starter');
    await expectRefused('/api/stripe/create-subscription', body, owner, message);
  });

  it.each<[string, Record<string, unknown>]>([
    ['1 cent', { amount: 1, currency: 'zar' }],
    ['less than is due', { amount: BUSINESS_CENTS - 100, currency: 'zar' }],
    ['more than is due', { amount: BUSINESS_CENTS * 2, currency: 'zar' }],
    ['the due figure in EUR', { amount: BUSINESS_CENTS, currency: 'eur' }],
    ['no currency (the default, usd)', { amount: BUSINESS_CENTS }],
  ])('create-payment-intent: %s → 400, nothing created', async (_name, body) => {
    const owner = await signInOwner(t, 'business');
    await expectRefused('/api/stripe/create-payment-intent', body, owner, BUSINESS_DUE);
  });

  it('create-payment-intent on the free plan → 400 (nothing is due), nothing created', async () => {
    const owner = await signInOwner(t, 'starter');
    await expectRefused(
      '/api/stripe/create-payment-intent',
      { amount: PRO_CENTS, currency: 'zar' },
      owner,
      'Nothing is due: your plan is free',
    );
  });

  it('create-payment-intent for an owner with no subscription row → 400, and no row is created', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    await expectRefused(
      '/api/stripe/create-payment-intent',
      { amount: 100, currency: 'zar' },
      owner,
      'Nothing is due: your plan is free',
    );
    expect(
      await t.db.selectFrom('subscriptions').select('id').where('owner_id', '=', owner.user.id).execute(),
    ).toEqual([]);
  });

  it('create-payment-intent on Starter with an add-on charges the add-on', async () => {
    const owner = await signInOwner(t, 'starter');
    const subscription = await t.db
      .selectFrom('subscriptions')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('subscription_add_ons')
      .values({ subscription_id: subscription.id, add_on_id: 'branded_profile', price_cents: 5000 })
      .execute();
    const response = await post(
      configured,
      '/api/stripe/create-payment-intent',
      { amount: 5000, currency: 'zar' },
      owner,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await paymentOf(response.json().reference)).toMatchObject({
      kind: 'manual',
      plan_id: 'starter',
      amount_cents: 5000,
      add_on_ids: ['branded_profile'],
    });
  });
});

describe('POST /api/stripe/webhook', () => {
  const signed = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  const deliver = (payload: string, signature: string, app = configured) =>
    app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });

  async function startedPayment(): Promise<{ reference: string; id: string }> {
    const response = await post(configured, '/api/stripe/create-payment-intent', paymentBody, 'owner');
    expect(response.statusCode, response.body).toBe(200);
    const { reference } = response.json();
    return { reference, id: (await paymentOf(reference)).id };
  }

  const completedEvent = (reference: string, id = `evt_${Math.random().toString(36).slice(2)}`) =>
    // Indented, as Stripe sends it: the signature covers these exact bytes.
    JSON.stringify(
      {
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_test_webhook',
            object: 'checkout.session',
            mode: 'payment',
            status: 'complete',
            payment_status: 'paid',
            client_reference_id: reference,
            metadata: { reference },
            amount_total: BUSINESS_CENTS,
            currency: 'zar',
            payment_intent: `pi_${id}`,
            subscription: null,
            invoice: null,
            payment_method_types: ['card'],
          },
        },
      },
      null,
      2,
    );

  it('a valid signed event: settled once with the mapped event, the call kept with the outcome', async () => {
    const payment = await startedPayment();
    const payload = completedEvent(payment.reference, 'evt_valid_1');
    const response = await deliver(payload, signed(payload));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(settled).toEqual([
      {
        gateway: 'stripe',
        reference: payment.reference,
        gatewayPaymentId: 'pi_evt_valid_1',
        status: 'COMPLETE',
        amountCents: BUSINESS_CENTS,
        token: null,
        paymentMethod: 'card',
      },
    ]);
    expect(await notificationOf(payload)).toMatchObject([
      {
        gateway: 'stripe',
        raw_body: payload,
        payment_id: payment.id,
        gateway_payment_id: 'pi_evt_valid_1',
        gateway_status: 'checkout.session.completed',
        outcome: 'applied',
        reason: null,
      },
    ]);
  });

  it('keeps what settlement says of a repeat delivery (duplicate)', async () => {
    const payment = await startedPayment();
    const payload = completedEvent(payment.reference);
    settleAnswer = async () => 'duplicate';
    expect((await deliver(payload, signed(payload))).statusCode).toBe(200);
    expect(await notificationOf(payload)).toMatchObject([{ outcome: 'duplicate', payment_id: payment.id }]);
  });

  it.each([
    [
      'signed with another secret',
      (payload: string) => signed(payload, 'whsec_forged'),
      /No signatures found/,
    ],
    [
      'older than 300 s',
      (payload: string) => signed(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301),
      /Timestamp outside the tolerance zone/,
    ],
    [
      'with a made-up signature',
      () => `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`,
      /No signatures found/,
    ],
    ['with no signature header', () => '', /Missing/],
  ])('an event %s → 400, not settled, kept as rejected', async (_name, signature, reason) => {
    const payment = await startedPayment();
    const payload = completedEvent(payment.reference);
    const response = await deliver(payload, signature(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid signature', message: 'Invalid signature' });
    expect(settled).toEqual([]);
    const rows = await notificationOf(payload);
    expect(rows).toMatchObject([{ outcome: 'rejected', payment_id: null }]);
    expect(rows[0]?.reason).toMatch(reason);
    expect(await paymentOf(payment.reference)).toMatchObject({ status: 'pending', gateway_payment_id: null });
  });

  it('a body changed after signing → 400 (the signature covers the raw bytes)', async () => {
    const payment = await startedPayment();
    const payload = completedEvent(payment.reference);
    const tampered = payload.replace(`"amount_total": ${BUSINESS_CENTS}`, '"amount_total": 1');
    expect(tampered).not.toBe(payload);
    const response = await deliver(tampered, signed(payload));
    expect(response.statusCode).toBe(400);
    expect(settled).toEqual([]);
    expect(await notificationOf(tampered)).toMatchObject([{ outcome: 'rejected' }]);
  });

  it('an event that is not a payment outcome: 200, not settled, kept as recorded', async () => {
    const payload = JSON.stringify({
      id: 'evt_customer',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const response = await deliver(payload, signed(payload));
    expect(response.statusCode).toBe(200);
    expect(settled).toEqual([]);
    expect(await notificationOf(payload)).toMatchObject([
      { outcome: 'recorded', reason: 'not a payment outcome', gateway_status: 'customer.created' },
    ]);
  });

  it('a settlement failure → 500 (Stripe retries), the call kept with the error', async () => {
    const payment = await startedPayment();
    const payload = completedEvent(payment.reference);
    settleAnswer = async () => {
      throw new Error('database unavailable');
    };
    const response = await deliver(payload, signed(payload));
    expect(response.statusCode).toBe(500);
    expect(await notificationOf(payload)).toMatchObject([
      { outcome: 'recorded', reason: 'processing error: database unavailable', payment_id: payment.id },
    ]);
  });

  it('other routes of the app keep normal JSON parsing', async () => {
    const response = await post(configured, '/api/stripe/create-payment-intent', paymentBody, 'owner');
    expect(response.statusCode).toBe(200);
  });
});

describe('card update', () => {
  let owner: { user: { id: string }; cookie: string };
  beforeAll(async () => {
    owner = await t.signInAs({ role: 'owner' });
    await setPlan(t.db, owner.user.id, 'pro');
    await t.db
      .updateTable('subscriptions')
      .set({ payment_processor: 'stripe', gateway_token: 'sub_card_update' })
      .where('owner_id', '=', owner.user.id)
      .execute();
    fake.addSubscription({
      id: 'sub_card_update',
      customer: 'cus_card_update',
      currency: 'zar',
      unitAmount: 29900,
    });
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const returnUrl = `${TEST_PUBLIC_URL}/subscription?tab=billing&action=payment_method_updated`;
  const cardUpdate = (query: Record<string, string>, cookie?: string) =>
    configured.inject({
      method: 'GET',
      url: `/api/stripe/card-update?${new URLSearchParams(query).toString()}`,
      headers: cookie ? { cookie } : {},
    });

  it('redirects the owner to a Stripe setup page for their subscription', async () => {
    const response = await cardUpdate({ token: 'sub_card_update', returnUrl }, owner.cookie);
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')[0]?.form).toMatchObject({
      mode: 'setup',
      customer: 'cus_card_update',
      success_url: returnUrl,
    });
  });

  it('refuses another owner’s subscription, a return address elsewhere, and anyone signed out', async () => {
    const other = await person('otherOwner');
    expect((await cardUpdate({ token: 'sub_card_update', returnUrl }, other.cookie)).statusCode).toBe(404);
    const elsewhere = await cardUpdate(
      { token: 'sub_card_update', returnUrl: 'https://evil.example/x' },
      owner.cookie,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect((await cardUpdate({ token: 'sub_card_update', returnUrl })).statusCode).toBe(401);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('the completed setup session makes the new card the subscription’s default (not a payment)', async () => {
    fake.addSetupIntent('seti_card_update', 'pm_card_new', 'sub_card_update');
    const payload = JSON.stringify({
      id: 'evt_setup_done',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_setup',
          object: 'checkout.session',
          mode: 'setup',
          status: 'complete',
          payment_status: 'no_payment_required',
          setup_intent: 'seti_card_update',
          metadata: { subscription_id: 'sub_card_update', purpose: 'card_update' },
        },
      },
    });
    const response = await configured.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(settled).toEqual([]);
    expect(fake.requestsTo('POST', '/v1/subscriptions/sub_card_update')[0]?.form).toEqual({
      default_payment_method: 'pm_card_new',
    });
    expect(await notificationOf(payload)).toMatchObject([
      { outcome: 'applied', reason: 'card updated', gateway_payment_id: 'seti_card_update' },
    ]);
  });
});
