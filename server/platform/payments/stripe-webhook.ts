import Stripe from 'stripe';
import type { PaymentEvent } from './gateway.ts';
import { idOf } from './stripe-gateway.ts';

/**
 * Stripe's webhook (PAYFAST.md "Stripe"): `Stripe-Signature: t=<unix>,v1=<hex>`, the hex HMAC-SHA256
 * of `${t}.${rawBody}` keyed with the whole `whsec_…` secret, compared in constant time against every
 * v1, refused when older than 300 s. The official `stripe.webhooks.constructEvent` does exactly that;
 * it needs the body's raw bytes, before any JSON parsing.
 */

export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeWebhookVerdict = { ok: true; event: Stripe.Event } | { ok: false; reason: string };

export function verifyStripeWebhook(
  rawBody: Buffer | string,
  signatureHeader: string | string[] | undefined | null,
  secret: string,
  nowSeconds?: number,
): StripeWebhookVerdict {
  if (!signatureHeader || Array.isArray(signatureHeader))
    return { ok: false, reason: 'Missing or repeated Stripe-Signature header' };
  try {
    const event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      nowSeconds === undefined ? undefined : nowSeconds * 1000,
    );
    return { ok: true, event };
  } catch (error) {
    return { ok: false, reason: firstSentence(error instanceof Error ? error.message : String(error)) };
  }
}

/** Stripe's verification messages go on to explain webhooks at length; the first sentence says what failed. */
function firstSentence(message: string): string {
  const end = message.search(/[.!?](\s|$)/);
  return (end === -1 ? message : message.slice(0, end + 1)).slice(0, 300);
}

type Session = Stripe.Checkout.Session;

/**
 * A verified Stripe event as our normalised PaymentEvent, or null when it is not the outcome of one of
 * our payments (another event type, a card-update session, the first invoice of a subscription whose
 * checkout.session.completed already said it, an event naming no reference of ours).
 *
 * | event                                                       | status    | gatewayPaymentId                 |
 * |-------------------------------------------------------------|-----------|----------------------------------|
 * | checkout.session.completed, payment_status paid/no_payment_required | COMPLETE | invoice, else payment intent, else session |
 * | checkout.session.completed, payment_status unpaid (async)   | PENDING   | same                             |
 * | checkout.session.async_payment_succeeded                    | COMPLETE  | same                             |
 * | checkout.session.async_payment_failed                       | FAILED    | same                             |
 * | checkout.session.expired                                    | CANCELLED | the session                      |
 * | payment_intent.payment_failed, intent no longer payable     | FAILED    | the payment intent               |
 * | invoice.paid, billing_reason subscription_cycle (a renewal)| COMPLETE  | the invoice; token = subscription|
 * | invoice.payment_failed, subscription_cycle                  | FAILED    | invoice:attempt-n; token = subscription |
 *
 * A payment_intent.payment_failed whose intent is back to `requires_payment_method` is one declined
 * card on Stripe's page, where the buyer may try another card: not the payment's outcome (settlement
 * marks a payment failed for good on its first FAILED). The session's expiry or async failure is.
 */
export function stripeEventToPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'setup') return null;
      const status = session.payment_status === 'unpaid' ? 'PENDING' : 'COMPLETE';
      return fromSession(session, status);
    }
    case 'checkout.session.async_payment_succeeded':
      return fromSession(event.data.object, 'COMPLETE');
    case 'checkout.session.async_payment_failed':
      return fromSession(event.data.object, 'FAILED');
    case 'checkout.session.expired': {
      const session = event.data.object;
      if (session.mode === 'setup') return null;
      return fromSession(session, 'CANCELLED', session.id);
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const reference = intent.metadata?.reference;
      if (!reference || intent.status === 'requires_payment_method') return null;
      return {
        gateway: 'stripe',
        reference,
        gatewayPaymentId: intent.id,
        status: 'FAILED',
        amountCents: intent.amount,
        token: null,
        paymentMethod: cardOrNull(intent.payment_method_types),
      };
    }
    case 'invoice.paid':
      return fromRenewalInvoice(event.data.object, 'COMPLETE');
    case 'invoice.payment_failed':
      return fromRenewalInvoice(event.data.object, 'FAILED');
    default:
      return null;
  }
}

/**
 * A renewal invoice of one of our subscriptions. A failed attempt is its own gateway payment
 * (`<invoice>:attempt-<n>`): Stripe retries the invoice, and its later invoice.paid must still apply.
 */
function fromRenewalInvoice(invoice: Stripe.Invoice, status: 'COMPLETE' | 'FAILED'): PaymentEvent | null {
  if (invoice.billing_reason !== 'subscription_cycle') return null;
  const details = invoice.parent?.subscription_details ?? legacySubscriptionDetails(invoice);
  const reference = details?.metadata?.reference;
  const subscription = idOf(details?.subscription);
  if (!reference || !subscription || !invoice.id) return null;
  return {
    gateway: 'stripe',
    reference,
    gatewayPaymentId: status === 'COMPLETE' ? invoice.id : `${invoice.id}:attempt-${invoice.attempt_count}`,
    status,
    amountCents: status === 'COMPLETE' ? invoice.amount_paid : invoice.amount_due,
    token: subscription,
    paymentMethod: null,
  };
}

/** Our reference from a session we created (client_reference_id, or metadata.reference). */
function fromSession(
  session: Session,
  status: PaymentEvent['status'],
  gatewayPaymentId?: string,
): PaymentEvent | null {
  const reference = session.client_reference_id ?? session.metadata?.reference;
  if (!reference) return null;
  return {
    gateway: 'stripe',
    reference,
    gatewayPaymentId: gatewayPaymentId ?? idOf(session.invoice) ?? idOf(session.payment_intent) ?? session.id,
    status,
    amountCents: session.amount_total ?? 0,
    token: idOf(session.subscription),
    paymentMethod: cardOrNull(session.payment_method_types),
  };
}

/** We only offer cards on Stripe; say 'card' when Stripe confirms that is all it offered. */
function cardOrNull(types: readonly string[] | null | undefined): PaymentEvent['paymentMethod'] {
  return types?.length === 1 && types[0] === 'card' ? 'card' : null;
}

/**
 * Webhook endpoints pinned to an API version before 2025-03-31 send `invoice.subscription` and
 * `invoice.subscription_details` at the top level instead of under `invoice.parent`.
 */
function legacySubscriptionDetails(invoice: Stripe.Invoice) {
  const legacy = invoice as Stripe.Invoice & {
    subscription?: string | { id: string } | null;
    subscription_details?: { metadata: Stripe.Metadata | null } | null;
  };
  if (!legacy.subscription) return null;
  return { subscription: legacy.subscription, metadata: legacy.subscription_details?.metadata ?? null };
}
