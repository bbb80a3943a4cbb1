import Stripe from 'stripe';
import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import type { Config } from '../../config.ts';
import { type CheckoutRequest, GatewayError, type PaymentGateway } from './gateway.ts';

/**
 * Stripe behind the PaymentGateway interface (issue 13; PAYFAST.md "Stripe"): every payment is a
 * hosted Checkout Session the buyer is redirected to; the outcome arrives by webhook
 * (stripe-webhook.ts). Our reference travels as `client_reference_id` and `metadata.reference` on the
 * session, and as `metadata.reference` on its PaymentIntent or Subscription, so every later event
 * (a failed attempt, a monthly renewal invoice) names the payment it belongs to.
 */

/**
 * The currencies the direct calls accept (lowercase, as Stripe writes them): §5's six, and ZAR, the
 * currency of Rentza's prices (Stripe supports it; PayFast is ZAR only).
 */
export const STRIPE_CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud', 'jpy', 'zar'] as const;
export type StripeCurrency = (typeof STRIPE_CURRENCIES)[number];
/** §9: Stripe's default currency (the schema default; the direct calls still charge only in ZAR). */
export const STRIPE_DEFAULT_CURRENCY: StripeCurrency = 'usd';
/** Rentza's plan and add-on prices are in ZAR: every Stripe charge for them is in ZAR. */
export const RENTZA_PRICE_CURRENCY = 'zar' satisfies StripeCurrency;

/** §8 "Payment gateway" (and the Subscription screen's texts for cancel, plan change and card update). */
export const STRIPE_MESSAGES = {
  notInitialized: 'Stripe not initialized',
  createSubscription: 'Failed to create subscription',
  createPayment: 'Failed to create payment',
  notAvailable: "Payment gateway 'stripe' not available",
  createSubscriptionWithGateway: 'Failed to create subscription with stripe',
  createPaymentWithGateway: 'Failed to create payment with stripe',
  cancelSubscription: 'Failed to cancel subscription',
  updateAmount: 'Failed to update subscription plan',
  cardUpdate: 'Failed to initiate payment method update',
} as const;

/** A GatewayError with the spec's message, and Stripe's own explanation for the logs and `failure_reason`. */
export class StripeGatewayError extends GatewayError {
  constructor(
    message: string,
    /** Stripe's message ('Your card was declined.'), or ours when Stripe was never reached. */
    readonly reason: string,
    /** Stripe's HTTP status when it answered (402 for a card error), else null. */
    readonly stripeStatus: number | null = null,
  ) {
    super(message, 'stripe');
  }
}

export interface StripeSessionRequest {
  /** Our reference (PAY_…, SUB_…). */
  reference: string;
  mode: 'payment' | 'subscription';
  /** Charged at checkout, in the currency's smallest unit (cents; yen for JPY). */
  amountCents: number;
  currency: string;
  /** The line item's name on Stripe's page. */
  itemName: string;
  itemDescription?: string;
  customerEmail?: string;
  returnUrl: string;
  cancelUrl: string;
  /** Subscription mode: bill `recurringAmountCents` monthly, the first recurring charge on `billingDate`. */
  recurring?: { billingDate: string; recurringAmountCents: number };
  /** Extra metadata on the session (strings only); `reference` is always set. */
  metadata?: Record<string, string>;
}

export interface StripeSession {
  id: string;
  url: string;
  /** Set only when Stripe created the PaymentIntent up front (payment mode, older API versions). */
  paymentIntentId: string | null;
  /** Set only once the buyer has paid (subscription mode). */
  subscriptionId: string | null;
}

/**
 * The PaymentGateway plus what Stripe needs beyond it. `cardUpdateUrl` must answer synchronously, but
 * a Stripe page for a card update has to be created by an API call first: it returns our own
 * `GET /api/stripe/card-update?…` URL, and that route (owner only) calls `createCardUpdateSession`
 * and redirects the browser to Stripe. When the buyer finishes, the webhook's
 * checkout.session.completed (mode setup) calls `completeCardUpdate`, which makes the new card the
 * subscription's default payment method.
 */
export interface StripeGateway extends PaymentGateway {
  id: 'stripe';
  /** A Checkout Session in payment or subscription mode, in any currency Stripe accepts. */
  createSession(request: StripeSessionRequest): Promise<StripeSession>;
  /** A Checkout Session in setup mode collecting a new card for the subscription `token`. */
  createCardUpdateSession(
    token: string,
    returnUrl: string,
    cancelUrl: string,
  ): Promise<{ id: string; url: string }>;
  /** Makes the card saved by a setup-mode session the default payment method of its subscription. */
  completeCardUpdate(setupIntentId: string): Promise<void>;
}

export interface StripeGatewayOptions {
  /**
   * The currency of `createCheckout`. CheckoutRequest carries no currency: its amounts are Rentza's
   * own prices, which are in ZAR (a currency Stripe accepts), so ZAR unless told otherwise.
   */
  checkoutCurrency?: string;
}

/** Stripe requires a Checkout trial to end at least 48 hours from now. */
const MIN_TRIAL_SECONDS = 48 * 60 * 60;

/** The Stripe client for the configuration: Stripe's API, or STRIPE_API_BASE (a local fake in tests). */
export function createStripeClient(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: 'Rentza' } };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    options.protocol = protocol;
    options.host = base.hostname;
    options.port = base.port || (protocol === 'http' ? 80 : 443);
  }
  return new Stripe(config.STRIPE_SECRET_KEY, options);
}

/** Stripe as a gateway, or null when STRIPE_SECRET_KEY is not set. */
export function createStripeGateway(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'PUBLIC_URL'>,
  options: StripeGatewayOptions = {},
): StripeGateway | null {
  const client = createStripeClient(config);
  if (!client) return null;
  const checkoutCurrency = options.checkoutCurrency ?? RENTZA_PRICE_CURRENCY;

  const createSession = async (request: StripeSessionRequest): Promise<StripeSession> => {
    const failure =
      request.mode === 'subscription'
        ? STRIPE_MESSAGES.createSubscriptionWithGateway
        : STRIPE_MESSAGES.createPaymentWithGateway;
    const params = sessionParams(request, failure);
    try {
      const session = await client.checkout.sessions.create(params, {
        idempotencyKey: `checkout-${request.reference}`,
      });
      if (!session.url) throw new StripeGatewayError(failure, 'Stripe returned a session without a URL');
      return {
        id: session.id,
        url: session.url,
        paymentIntentId: idOf(session.payment_intent),
        subscriptionId: idOf(session.subscription),
      };
    } catch (error) {
      throw asGatewayError(error, failure);
    }
  };

  return {
    id: 'stripe',
    createSession,

    async createCheckout(request: CheckoutRequest): Promise<PaymentStart> {
      const session = await createSession({
        reference: request.reference,
        mode: request.recurring ? 'subscription' : 'payment',
        amountCents: request.amountCents,
        currency: checkoutCurrency,
        itemName: request.itemName,
        itemDescription: request.itemDescription,
        customerEmail: request.customer.email,
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        recurring: request.recurring,
      });
      return {
        reference: request.reference,
        gateway: 'stripe',
        redirectUrl: session.url,
        postUrl: null,
        formFields: null,
      };
    },

    async cancelRecurring(token: string): Promise<void> {
      try {
        await client.subscriptions.cancel(token);
      } catch (error) {
        throw asGatewayError(error, STRIPE_MESSAGES.cancelSubscription);
      }
    },

    async updateRecurringAmount(token: string, amountCents: number): Promise<void> {
      try {
        const subscription = await client.subscriptions.retrieve(token);
        const item = subscription.items.data[0];
        if (!item)
          throw new StripeGatewayError(STRIPE_MESSAGES.updateAmount, `Subscription ${token} has no items`);
        const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
        await client.subscriptions.update(
          token,
          {
            items: [
              {
                id: item.id,
                price_data: {
                  currency: item.price.currency,
                  product,
                  unit_amount: amountCents,
                  recurring: { interval: 'month' },
                },
              },
            ],
            // Like PayFast's amount update: the new amount applies from the next charge, no proration.
            proration_behavior: 'none',
          },
          { idempotencyKey: `amount-${token}-${amountCents}-${item.price.id}` },
        );
      } catch (error) {
        throw asGatewayError(error, STRIPE_MESSAGES.updateAmount);
      }
    },

    cardUpdateUrl(token: string, returnUrl: string): string {
      // §2: the Billing tab's return addresses differ only in the action.
      const cancelUrl = returnUrl.replace('action=payment_method_updated', 'action=payment_method_cancelled');
      const query = new URLSearchParams({ token, returnUrl, cancelUrl });
      return `${config.PUBLIC_URL}/api/stripe/card-update?${query.toString()}`;
    },

    async createCardUpdateSession(token: string, returnUrl: string, cancelUrl: string) {
      try {
        const subscription = await client.subscriptions.retrieve(token);
        const session = await client.checkout.sessions.create({
          mode: 'setup',
          customer:
            typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
          allowed_payment_method_types: ['card'],
          setup_intent_data: { metadata: { subscription_id: token } },
          metadata: { subscription_id: token, purpose: 'card_update' },
          success_url: returnUrl,
          cancel_url: cancelUrl,
        });
        if (!session.url)
          throw new StripeGatewayError(STRIPE_MESSAGES.cardUpdate, 'Stripe returned a session without a URL');
        return { id: session.id, url: session.url };
      } catch (error) {
        throw asGatewayError(error, STRIPE_MESSAGES.cardUpdate);
      }
    },

    async completeCardUpdate(setupIntentId: string): Promise<void> {
      try {
        const intent = await client.setupIntents.retrieve(setupIntentId);
        const subscriptionId = intent.metadata?.subscription_id;
        const paymentMethod = idOf(intent.payment_method);
        if (!subscriptionId || !paymentMethod)
          throw new StripeGatewayError(
            STRIPE_MESSAGES.cardUpdate,
            `Setup intent ${setupIntentId} names no subscription or payment method`,
          );
        await client.subscriptions.update(subscriptionId, { default_payment_method: paymentMethod });
      } catch (error) {
        throw asGatewayError(error, STRIPE_MESSAGES.cardUpdate);
      }
    },
  };
}

/** Whether a gateway is the Stripe one (and so has the async card update). */
export function isStripeGateway(gateway: PaymentGateway | null | undefined): gateway is StripeGateway {
  return gateway?.id === 'stripe' && 'createSession' in gateway;
}

/**
 * The Checkout Session for a request. Subscription mode bills the recurring amount monthly. The amount
 * charged at checkout is always `amountCents`: when the first recurring charge is at least 48 hours
 * away, the subscription gets a trial until `billingDate` and `amountCents` is a one-time line
 * charged now; otherwise the first month is charged now, plus a one-time line for any difference.
 * (Stripe cannot start a trial less than 48 hours ahead, so such a billing date moves to today.)
 */
export function sessionParams(
  request: StripeSessionRequest,
  failure: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Stripe.Checkout.SessionCreateParams {
  const product = {
    name: request.itemName,
    ...(request.itemDescription ? { description: request.itemDescription } : {}),
  };
  const oneTime = (amount: number, name = request.itemName) => ({
    quantity: 1,
    price_data: { currency: request.currency, unit_amount: amount, product_data: { ...product, name } },
  });
  const common = {
    client_reference_id: request.reference,
    metadata: { ...request.metadata, reference: request.reference },
    success_url: request.returnUrl,
    cancel_url: request.cancelUrl,
    allowed_payment_method_types: ['card' as const],
    ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
  };

  if (request.mode === 'payment') {
    return {
      ...common,
      mode: 'payment',
      line_items: [oneTime(request.amountCents)],
      payment_intent_data: {
        metadata: { reference: request.reference },
        ...(request.itemDescription ? { description: request.itemDescription } : {}),
      },
    };
  }

  const recurring = request.recurring ?? {
    billingDate: new Date(nowSeconds * 1000).toISOString().slice(0, 10),
    recurringAmountCents: request.amountCents,
  };
  // Noon UTC is within the billing date in South Africa and in every currency region Stripe serves here.
  const firstCharge = Math.floor(Date.parse(`${recurring.billingDate}T12:00:00Z`) / 1000);
  if (Number.isNaN(firstCharge))
    throw new StripeGatewayError(failure, `Invalid billing date ${recurring.billingDate}`);
  const trial = firstCharge - nowSeconds >= MIN_TRIAL_SECONDS;
  const oneOffCents = trial ? request.amountCents : request.amountCents - recurring.recurringAmountCents;
  if (oneOffCents < 0)
    throw new StripeGatewayError(
      failure,
      `The amount due now (${request.amountCents}) is less than the first monthly charge (${recurring.recurringAmountCents})`,
    );
  return {
    ...common,
    mode: 'subscription',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency,
          unit_amount: recurring.recurringAmountCents,
          recurring: { interval: 'month' },
          product_data: product,
        },
      },
      ...(oneOffCents > 0
        ? [oneTime(oneOffCents, trial ? request.itemName : `${request.itemName} (adjustment)`)]
        : []),
    ],
    subscription_data: {
      metadata: { reference: request.reference },
      ...(request.itemDescription ? { description: request.itemDescription } : {}),
      ...(trial ? { trial_end: firstCharge } : {}),
    },
  };
}

/** The id of an expandable Stripe field (an id, an expanded object, or nothing). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Any failure (Stripe's answer, the network, our own checks) as a GatewayError with the spec's message. */
function asGatewayError(error: unknown, message: string): GatewayError {
  if (error instanceof StripeGatewayError) return error;
  if (error instanceof Stripe.errors.StripeError)
    return new StripeGatewayError(message, error.message, error.statusCode ?? null);
  return new StripeGatewayError(message, error instanceof Error ? error.message : String(error));
}
