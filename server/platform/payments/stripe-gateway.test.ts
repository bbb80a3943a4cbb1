import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../modules/stripe/fake-stripe-api.ts';
import { type CheckoutRequest, GatewayError } from './gateway.ts';
import {
  createStripeGateway,
  type StripeGateway,
  StripeGatewayError,
  sessionParams,
} from './stripe-gateway.ts';

const PUBLIC_URL = 'http://localhost:3999';
let fake: FakeStripe;
let gateway: StripeGateway;

beforeAll(async () => {
  fake = await startFakeStripe();
  const created = createStripeGateway({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_API_BASE: fake.baseUrl,
    PUBLIC_URL,
  });
  if (!created) throw new Error('no gateway');
  gateway = created;
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  reference: 'PAY_1700000000000_abc123',
  amountCents: 10000,
  itemName: 'Test payment',
  itemDescription: 'Rentza Pro plan',
  customer: { firstName: 'Thandi', lastName: 'Mokoena', email: 'thandi@example.co.za' },
  returnUrl: `${PUBLIC_URL}/payment/return?ref=PAY_1700000000000_abc123`,
  cancelUrl: `${PUBLIC_URL}/payment/cancel?ref=PAY_1700000000000_abc123`,
  notifyUrl: `${PUBLIC_URL}/api/payments/payfast/notify`,
  ...overrides,
});

const DAY = 24 * 60 * 60;
const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

describe('createStripeGateway', () => {
  it('is null without STRIPE_SECRET_KEY', () => {
    expect(
      createStripeGateway({ STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined, PUBLIC_URL }),
    ).toBeNull();
  });

  it('createCheckout: a Checkout Session in payment mode carrying our reference and return addresses', async () => {
    const start = await gateway.createCheckout(checkout());
    expect(start).toEqual({
      reference: 'PAY_1700000000000_abc123',
      gateway: 'stripe',
      redirectUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      postUrl: null,
      formFields: null,
    });
    const [request] = fake.requestsTo('POST', '/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request?.headers['idempotency-key']).toBe('checkout-PAY_1700000000000_abc123');
    expect(request?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: 'PAY_1700000000000_abc123',
      'metadata[reference]': 'PAY_1700000000000_abc123',
      success_url: `${PUBLIC_URL}/payment/return?ref=PAY_1700000000000_abc123`,
      cancel_url: `${PUBLIC_URL}/payment/cancel?ref=PAY_1700000000000_abc123`,
      customer_email: 'thandi@example.co.za',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'zar',
      'line_items[0][price_data][unit_amount]': '10000',
      'line_items[0][price_data][product_data][name]': 'Test payment',
      'payment_intent_data[metadata][reference]': 'PAY_1700000000000_abc123',
    });
    expect(request?.form).not.toHaveProperty('line_items[0][price_data][recurring][interval]');
  });

  it('createCheckout with recurring billing: subscription mode, monthly from the billing date, paid now', async () => {
    const billingDate = isoDate(Date.now() / 1000 + 31 * DAY);
    await gateway.createCheckout(
      checkout({
        reference: 'SUB_1700000000000_abc123',
        amountCents: 29900,
        recurring: { billingDate, recurringAmountCents: 29900 },
      }),
    );
    const form = fake.requestsTo('POST', '/v1/checkout/sessions')[0]?.form ?? {};
    expect(form).toMatchObject({
      mode: 'subscription',
      client_reference_id: 'SUB_1700000000000_abc123',
      'subscription_data[metadata][reference]': 'SUB_1700000000000_abc123',
      'subscription_data[trial_end]': String(Date.parse(`${billingDate}T12:00:00Z`) / 1000),
      'line_items[0][price_data][unit_amount]': '29900',
      'line_items[0][price_data][recurring][interval]': 'month',
      // Charged now: the one-time line (the recurring one starts after the trial).
      'line_items[1][price_data][unit_amount]': '29900',
    });
    expect(form).not.toHaveProperty('line_items[1][price_data][recurring][interval]');
  });

  it('a card error from Stripe becomes a GatewayError with the spec’s message and Stripe’s reason', async () => {
    fake.failNext(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const failure = await gateway.createCheckout(checkout()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({
      message: 'Failed to create payment with stripe',
      gateway: 'stripe',
      reason: 'Your card was declined.',
      stripeStatus: 402,
    });
    fake.failNext(400, { type: 'invalid_request_error', message: 'Invalid currency: xyz' });
    await expect(
      gateway.createCheckout(
        checkout({ recurring: { billingDate: isoDate(Date.now() / 1000), recurringAmountCents: 10000 } }),
      ),
    ).rejects.toThrow('Failed to create subscription with stripe');
  });

  it('a Stripe that cannot be reached is a GatewayError too', async () => {
    const unreachable = createStripeGateway({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      PUBLIC_URL,
    });
    await expect(unreachable?.createCheckout(checkout())).rejects.toThrow(
      'Failed to create payment with stripe',
    );
  });
});

describe('sessionParams (subscription mode)', () => {
  const now = Date.parse('2026-03-01T08:00:00Z') / 1000;
  const request = (amountCents: number, billingDate: string, recurringAmountCents: number) => ({
    reference: 'SUB_1',
    mode: 'subscription' as const,
    amountCents,
    currency: 'zar',
    itemName: 'Pro Plan - Monthly Subscription',
    returnUrl: `${PUBLIC_URL}/r`,
    cancelUrl: `${PUBLIC_URL}/c`,
    recurring: { billingDate, recurringAmountCents },
  });

  it('billing from today: the first month now, no trial, no extra line', () => {
    const params = sessionParams(request(29900, '2026-03-01', 29900), 'failed', now);
    expect(params.subscription_data).not.toHaveProperty('trial_end');
    expect(params.line_items).toHaveLength(1);
  });

  it('billing from today with more due now: the difference as a one-time line', () => {
    const params = sessionParams(request(34900, '2026-03-01', 29900), 'failed', now);
    expect(params.line_items?.[1]?.price_data).toMatchObject({ unit_amount: 5000 });
    expect(params.line_items?.[1]?.price_data).not.toHaveProperty('recurring');
  });

  it('billing from a date under 48 hours away: Stripe cannot trial that short, so it starts now', () => {
    const params = sessionParams(request(29900, '2026-03-02', 29900), 'failed', now);
    expect(params.subscription_data).not.toHaveProperty('trial_end');
  });

  it('a card verification (R 5 now) before monthly billing from the period end', () => {
    const params = sessionParams(request(500, '2026-03-20', 29900), 'failed', now);
    expect(params.subscription_data?.trial_end).toBe(Date.parse('2026-03-20T12:00:00Z') / 1000);
    expect(params.line_items?.map((line) => line.price_data?.unit_amount)).toEqual([29900, 500]);
  });

  it('less due now than the first month, billed now: refused', () => {
    expect(() =>
      sessionParams(request(500, '2026-03-01', 29900), 'Failed to create subscription with stripe', now),
    ).toThrow(StripeGatewayError);
  });
});

describe('recurring billing', () => {
  beforeAll(() => {
    fake.addSubscription({ id: 'sub_gw1', customer: 'cus_gw1', currency: 'zar', unitAmount: 29900 });
  });

  it('cancelRecurring cancels the Stripe subscription', async () => {
    await gateway.cancelRecurring('sub_gw1');
    expect(fake.requestsTo('DELETE', '/v1/subscriptions/sub_gw1')).toHaveLength(1);
  });

  it('cancelRecurring of an unknown subscription: "Failed to cancel subscription"', async () => {
    await expect(gateway.cancelRecurring('sub_missing')).rejects.toMatchObject({
      message: 'Failed to cancel subscription',
      reason: "No such subscription: 'sub_missing'",
    });
  });

  it('updateRecurringAmount replaces the item’s price (same product and currency), no proration', async () => {
    await gateway.updateRecurringAmount('sub_gw1', 78800);
    const [update] = fake.requestsTo('POST', '/v1/subscriptions/sub_gw1');
    expect(update?.form).toEqual({
      'items[0][id]': 'si_sub_gw1',
      'items[0][price_data][currency]': 'zar',
      'items[0][price_data][product]': 'prod_sub_gw1',
      'items[0][price_data][unit_amount]': '78800',
      'items[0][price_data][recurring][interval]': 'month',
      proration_behavior: 'none',
    });
  });

  it('cardUpdateUrl is our own redirect route, with the Billing tab’s cancel address', () => {
    const url = new URL(
      gateway.cardUpdateUrl(
        'sub_gw1',
        `${PUBLIC_URL}/subscription?tab=billing&action=payment_method_updated`,
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/stripe/card-update`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token: 'sub_gw1',
      returnUrl: `${PUBLIC_URL}/subscription?tab=billing&action=payment_method_updated`,
      cancelUrl: `${PUBLIC_URL}/subscription?tab=billing&action=payment_method_cancelled`,
    });
  });

  it('createCardUpdateSession: a setup-mode session for the subscription’s customer', async () => {
    const session = await gateway.createCardUpdateSession('sub_gw1', `${PUBLIC_URL}/ok`, `${PUBLIC_URL}/no`);
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')[0]?.form).toMatchObject({
      mode: 'setup',
      customer: 'cus_gw1',
      'setup_intent_data[metadata][subscription_id]': 'sub_gw1',
      success_url: `${PUBLIC_URL}/ok`,
      cancel_url: `${PUBLIC_URL}/no`,
    });
  });

  it('completeCardUpdate makes the new card the subscription’s default', async () => {
    fake.addSetupIntent('seti_gw1', 'pm_new_card', 'sub_gw1');
    await gateway.completeCardUpdate('seti_gw1');
    expect(fake.requestsTo('POST', '/v1/subscriptions/sub_gw1')[0]?.form).toEqual({
      default_payment_method: 'pm_new_card',
    });
    await expect(gateway.completeCardUpdate('seti_missing')).rejects.toThrow(
      'Failed to initiate payment method update',
    );
  });
});
