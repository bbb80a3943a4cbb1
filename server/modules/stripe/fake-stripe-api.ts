import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.stripe.com, for tests: the real `stripe` client talks to it over HTTP
 * (STRIPE_API_BASE). It answers the calls our gateway makes with JSON shaped like Stripe's, records
 * every request (form fields flattened as Stripe's client sends them: `line_items[0][price_data][unit_amount]`),
 * and can be told to refuse the next call the way Stripe does (a 402 card error).
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export interface FakeStripeError {
  type: 'card_error' | 'invalid_request_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  currency: string;
  unitAmount: number;
}

export interface FakeStripe {
  baseUrl: string;
  requests: FakeStripeRequest[];
  /** The next request answers with this error and status instead. */
  failNext(status: number, error: FakeStripeError): void;
  addSubscription(subscription: FakeSubscription): void;
  addSetupIntent(id: string, paymentMethod: string, subscriptionId: string): void;
  /** Requests whose path starts with the prefix. */
  requestsTo(method: string, pathPrefix: string): FakeStripeRequest[];
  close(): Promise<void>;
}

const fakeId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

function metadataOf(form: Record<string, string>, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/** What Checkout charges now: one-time lines, plus recurring lines unless there is a trial. */
function amountTotal(form: Record<string, string>): number {
  const trial = 'subscription_data[trial_end]' in form;
  let total = 0;
  for (let index = 0; `line_items[${index}][quantity]` in form; index++) {
    const line = (field: string) => form[`line_items[${index}][price_data]${field}`];
    const recurring = line('[recurring][interval]') !== undefined;
    if (recurring && trial) continue;
    total += Number(line('[unit_amount]') ?? 0) * Number(form[`line_items[${index}][quantity]`]);
  }
  return total;
}

function checkoutSession(form: Record<string, string>) {
  const id = fakeId('cs');
  const mode = form.mode ?? 'payment';
  return {
    id,
    object: 'checkout.session',
    mode,
    status: 'open',
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    url: `https://checkout.stripe.com/c/pay/${id}`,
    client_reference_id: form.client_reference_id ?? null,
    customer: form.customer ?? null,
    customer_email: form.customer_email ?? null,
    currency: mode === 'setup' ? null : (form['line_items[0][price_data][currency]'] ?? null),
    amount_total: mode === 'setup' ? null : amountTotal(form),
    metadata: metadataOf(form),
    success_url: form.success_url ?? null,
    cancel_url: form.cancel_url ?? null,
    payment_method_types: ['card'],
    // Since API 2022-08-01 Checkout creates the PaymentIntent or Subscription only once the buyer pays.
    payment_intent: null,
    subscription: null,
    invoice: null,
    setup_intent: mode === 'setup' ? fakeId('seti') : null,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    expires_at: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
  };
}

function subscriptionJson(subscription: FakeSubscription, status = 'active') {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    currency: subscription.currency,
    status,
    metadata: {},
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
      data: [
        {
          id: `si_${subscription.id}`,
          object: 'subscription_item',
          quantity: 1,
          price: {
            id: `price_${subscription.id}`,
            object: 'price',
            currency: subscription.currency,
            product: `prod_${subscription.id}`,
            unit_amount: subscription.unitAmount,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const setupIntents = new Map<string, { paymentMethod: string; subscriptionId: string }>();
  let nextFailure: { status: number; error: FakeStripeError } | null = null;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': fakeId('req') });
    response.end(JSON.stringify(body));
  };
  const missing = (response: ServerResponse, what: string) =>
    send(response, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = request.method ?? 'GET';
    const form = await readForm(request);
    requests.push({ method, path: url.pathname, form, headers: request.headers });
    if (nextFailure) {
      const { status, error } = nextFailure;
      nextFailure = null;
      return send(response, status, { error });
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions')
      return send(response, 200, checkoutSession(form));
    const subscriptionPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (subscriptionPath?.[1]) {
      const subscription = subscriptions.get(subscriptionPath[1]);
      if (!subscription) return missing(response, `subscription: '${subscriptionPath[1]}'`);
      if (method === 'DELETE') return send(response, 200, subscriptionJson(subscription, 'canceled'));
      if (method === 'POST') {
        const amount = form['items[0][price_data][unit_amount]'];
        if (amount) subscription.unitAmount = Number(amount);
      }
      return send(response, 200, subscriptionJson(subscription));
    }
    const setupIntentPath = /^\/v1\/setup_intents\/([\w-]+)$/.exec(url.pathname);
    if (setupIntentPath?.[1] && method === 'GET') {
      const intent = setupIntents.get(setupIntentPath[1]);
      if (!intent) return missing(response, `setupintent: '${setupIntentPath[1]}'`);
      return send(response, 200, {
        id: setupIntentPath[1],
        object: 'setup_intent',
        status: 'succeeded',
        payment_method: intent.paymentMethod,
        metadata: { subscription_id: intent.subscriptionId },
      });
    }
    return send(response, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname})`,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext: (status, error) => {
      nextFailure = { status, error };
    },
    addSubscription: (subscription) => subscriptions.set(subscription.id, { ...subscription }),
    addSetupIntent: (id, paymentMethod, subscriptionId) =>
      setupIntents.set(id, { paymentMethod, subscriptionId }),
    requestsTo: (method, pathPrefix) =>
      requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
