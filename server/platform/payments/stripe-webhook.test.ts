import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PaymentEvent } from './gateway.ts';
import {
  STRIPE_WEBHOOK_TOLERANCE_SECONDS,
  stripeEventToPaymentEvent,
  verifyStripeWebhook,
} from './stripe-webhook.ts';

// PAYFAST.md, "Stripe": the test vector.
const SECRET = 'whsec_test_secret';
const PAYLOAD = JSON.stringify({ id: 'evt_test_webhook', object: 'event' }, null, 2);
const HEADER = 't=1700000000,v1=4f1cd7feda9826e746b7d482c4badebb657398df1099e1046364f6196a230150';
const NOW = 1700000000;

describe('verifyStripeWebhook', () => {
  it('accepts the PAYFAST.md vector, as a string and as raw bytes', () => {
    for (const body of [PAYLOAD, Buffer.from(PAYLOAD, 'utf8')]) {
      const verdict = verifyStripeWebhook(body, HEADER, SECRET, NOW);
      expect(verdict).toMatchObject({ ok: true, event: { id: 'evt_test_webhook', object: 'event' } });
    }
  });

  it('signs the vector exactly as PAYFAST.md says (generateTestHeaderString at t = 1700000000)', () => {
    expect(
      Stripe.webhooks.generateTestHeaderString({ payload: PAYLOAD, secret: SECRET, timestamp: NOW }),
    ).toBe(HEADER);
  });

  it('refuses a body with one byte changed', () => {
    const changed = PAYLOAD.replace('evt_test_webhook', 'evt_test_webhooc');
    expect(changed).not.toBe(PAYLOAD);
    const verdict = verifyStripeWebhook(changed, HEADER, SECRET, NOW);
    expect(verdict).toEqual({ ok: false, reason: expect.stringMatching(/No signatures found/) });
  });

  it('refuses the same JSON re-serialised (the signature is over the raw bytes, not the parsed object)', () => {
    const reserialised = JSON.stringify(JSON.parse(PAYLOAD));
    expect(verifyStripeWebhook(reserialised, HEADER, SECRET, NOW).ok).toBe(false);
  });

  it('refuses a wrong secret', () => {
    expect(verifyStripeWebhook(PAYLOAD, HEADER, 'whsec_other_secret', NOW).ok).toBe(false);
    expect(verifyStripeWebhook(PAYLOAD, HEADER, 'whsec_test_secre', NOW).ok).toBe(false);
  });

  it('accepts up to 300 s after the timestamp and refuses anything older', () => {
    expect(STRIPE_WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    expect(verifyStripeWebhook(PAYLOAD, HEADER, SECRET, NOW + 300).ok).toBe(true);
    expect(verifyStripeWebhook(PAYLOAD, HEADER, SECRET, NOW + 301)).toEqual({
      ok: false,
      reason: 'Timestamp outside the tolerance zone',
    });
    expect(verifyStripeWebhook(PAYLOAD, HEADER, SECRET, NOW + 86_400).ok).toBe(false);
  });

  it('compares against every v1 signature in the header (secret rotation)', () => {
    const wrong = 'v1=0000000000000000000000000000000000000000000000000000000000000000';
    const [timestamp, right] = HEADER.split(',');
    expect(verifyStripeWebhook(PAYLOAD, `${timestamp},${wrong},${right}`, SECRET, NOW).ok).toBe(true);
    expect(verifyStripeWebhook(PAYLOAD, `${timestamp},${wrong}`, SECRET, NOW).ok).toBe(false);
  });

  it('refuses a missing, empty, repeated or malformed header', () => {
    for (const header of [undefined, null, '', [HEADER, HEADER], 'garbage', 't=1700000000']) {
      expect(verifyStripeWebhook(PAYLOAD, header, SECRET, NOW).ok).toBe(false);
    }
  });

  it('round-trips a header from stripe.webhooks.generateTestHeaderString at the current time', () => {
    const payload = JSON.stringify({
      id: 'evt_round_trip',
      object: 'event',
      type: 'customer.created',
      data: {},
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(verifyStripeWebhook(payload, header, SECRET)).toMatchObject({
      ok: true,
      event: { id: 'evt_round_trip' },
    });
    expect(verifyStripeWebhook(payload, header, 'whsec_not_it').ok).toBe(false);
  });

  it('keeps only the first sentence of Stripe’s explanation as the reason', () => {
    const verdict = verifyStripeWebhook(`${PAYLOAD} `, HEADER, SECRET, NOW);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) {
      expect(verdict.reason.length).toBeLessThanOrEqual(300);
      expect(verdict.reason).not.toMatch(/\n/);
    }
  });
});

/** An event as Stripe sends it, read through the same verification as a real webhook. */
function stripeEvent(type: string, object: Record<string, unknown>): Stripe.Event {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    api_version: '2026-10-28.endive',
    created: NOW,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: NOW });
  const verdict = verifyStripeWebhook(payload, header, SECRET, NOW);
  if (!verdict.ok) throw new Error(`test event not accepted: ${verdict.reason}`);
  return verdict.event;
}

const session = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  mode: 'payment',
  status: 'complete',
  payment_status: 'paid',
  client_reference_id: 'PAY_1700000000000_abc',
  metadata: { reference: 'PAY_1700000000000_abc' },
  amount_total: 29900,
  currency: 'zar',
  payment_intent: 'pi_1',
  subscription: null,
  invoice: null,
  setup_intent: null,
  payment_method_types: ['card'],
  ...overrides,
});

const event = (overrides: Partial<PaymentEvent>): PaymentEvent => ({
  gateway: 'stripe',
  reference: 'PAY_1700000000000_abc',
  gatewayPaymentId: 'pi_1',
  status: 'COMPLETE',
  amountCents: 29900,
  token: null,
  paymentMethod: 'card',
  ...overrides,
});

const subscriptionSession = session({
  mode: 'subscription',
  client_reference_id: 'SUB_1700000000000_abc',
  metadata: { reference: 'SUB_1700000000000_abc' },
  payment_intent: null,
  subscription: 'sub_1',
  invoice: 'in_first',
});

const invoice = (overrides: Record<string, unknown> = {}) => ({
  id: 'in_renewal',
  object: 'invoice',
  billing_reason: 'subscription_cycle',
  amount_paid: 34800,
  currency: 'zar',
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { subscription: 'sub_1', metadata: { reference: 'SUB_1700000000000_abc' } },
  },
  ...overrides,
});

describe('stripeEventToPaymentEvent', () => {
  const table: Array<[string, Stripe.Event, PaymentEvent | null]> = [
    ['a paid once-off checkout', stripeEvent('checkout.session.completed', session()), event({})],
    [
      'a paid subscription checkout: the first invoice, the subscription as token',
      stripeEvent('checkout.session.completed', subscriptionSession),
      event({ reference: 'SUB_1700000000000_abc', gatewayPaymentId: 'in_first', token: 'sub_1' }),
    ],
    [
      'a reference only in metadata',
      stripeEvent('checkout.session.completed', session({ client_reference_id: null })),
      event({}),
    ],
    [
      'a completed checkout still waiting for an async payment',
      stripeEvent('checkout.session.completed', session({ payment_status: 'unpaid' })),
      event({ status: 'PENDING' }),
    ],
    [
      'an async payment that succeeded',
      stripeEvent('checkout.session.async_payment_succeeded', session()),
      event({}),
    ],
    [
      'an async payment that failed',
      stripeEvent('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' })),
      event({ status: 'FAILED' }),
    ],
    [
      'a checkout that expired unpaid',
      stripeEvent('checkout.session.expired', session({ status: 'expired', payment_status: 'unpaid' })),
      event({ status: 'CANCELLED', gatewayPaymentId: 'cs_test_1' }),
    ],
    [
      'a payment intent that can no longer be paid',
      stripeEvent('payment_intent.payment_failed', {
        id: 'pi_9',
        object: 'payment_intent',
        status: 'canceled',
        amount: 1500,
        metadata: { reference: 'PAY_1700000000000_abc' },
        payment_method_types: ['card'],
      }),
      event({ gatewayPaymentId: 'pi_9', status: 'FAILED', amountCents: 1500 }),
    ],
    [
      'one declined card on Stripe’s page (the buyer may try another): not an outcome',
      stripeEvent('payment_intent.payment_failed', {
        id: 'pi_9',
        object: 'payment_intent',
        status: 'requires_payment_method',
        amount: 1500,
        metadata: { reference: 'PAY_1700000000000_abc' },
        payment_method_types: ['card'],
      }),
      null,
    ],
    [
      'a monthly renewal: the invoice, its amount paid and the subscription',
      stripeEvent('invoice.paid', invoice()),
      event({
        reference: 'SUB_1700000000000_abc',
        gatewayPaymentId: 'in_renewal',
        amountCents: 34800,
        token: 'sub_1',
        paymentMethod: null,
      }),
    ],
    [
      'a renewal from an endpoint on an API version before 2025-03-31 (invoice.subscription)',
      stripeEvent(
        'invoice.paid',
        invoice({
          parent: undefined,
          subscription: 'sub_1',
          subscription_details: { metadata: { reference: 'SUB_1700000000000_abc' } },
        }),
      ),
      event({
        reference: 'SUB_1700000000000_abc',
        gatewayPaymentId: 'in_renewal',
        amountCents: 34800,
        token: 'sub_1',
        paymentMethod: null,
      }),
    ],
    [
      'a renewal charge that failed: one attempt of the invoice, what was due, the subscription',
      stripeEvent('invoice.payment_failed', invoice({ amount_paid: 0, amount_due: 34800, attempt_count: 2 })),
      event({
        reference: 'SUB_1700000000000_abc',
        gatewayPaymentId: 'in_renewal:attempt-2',
        status: 'FAILED',
        amountCents: 34800,
        token: 'sub_1',
        paymentMethod: null,
      }),
    ],
    [
      'a failed first invoice (the checkout says it)',
      stripeEvent('invoice.payment_failed', invoice({ billing_reason: 'subscription_create' })),
      null,
    ],
    [
      'the first invoice of a subscription (its checkout.session.completed says it)',
      stripeEvent('invoice.paid', invoice({ billing_reason: 'subscription_create' })),
      null,
    ],
    ['an invoice that is not ours', stripeEvent('invoice.paid', invoice({ parent: null })), null],
    [
      'a card-update (setup) checkout',
      stripeEvent(
        'checkout.session.completed',
        session({ mode: 'setup', payment_status: 'no_payment_required' }),
      ),
      null,
    ],
    [
      'a session naming no reference',
      stripeEvent('checkout.session.completed', session({ client_reference_id: null, metadata: {} })),
      null,
    ],
    ['another event type', stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }), null],
  ];

  it.each(table)('%s', (_name, stripe, expected) => {
    expect(stripeEventToPaymentEvent(stripe)).toEqual(expected);
  });

  it('says nothing about the payment method unless Stripe offered only cards', () => {
    const mapped = stripeEventToPaymentEvent(
      stripeEvent('checkout.session.completed', session({ payment_method_types: ['card', 'link'] })),
    );
    expect(mapped?.paymentMethod).toBeNull();
  });
});
