import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { MESSAGES } from '../../../domain/errors.ts';
import { PLAN_IDS, PLANS, type PlanId } from '../../../domain/plans.ts';
import {
  type AddOnId,
  billingDescription,
  monthlyCostCents,
  newPaymentId,
} from '../../../domain/subscriptions.ts';
import type { Config } from '../../config.ts';
import type { Database, User } from '../../db/types.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { GatewayError, type PaymentEvent, type RetiredBilling } from '../../platform/payments/gateway.ts';
import {
  RENTZA_PRICE_CURRENCY,
  STRIPE_MESSAGES,
  type StripeGateway,
  StripeGatewayError,
  type StripeSession,
  type StripeSessionRequest,
} from '../../platform/payments/stripe-gateway.ts';
import { stripeEventToPaymentEvent, verifyStripeWebhook } from '../../platform/payments/stripe-webhook.ts';
import { continuingAddOnIds, findSubscription } from '../subscriptions/subscription.repository.ts';
import {
  findStripePaymentId,
  insertStripeNotification,
  insertStripePayment,
  markStripePaymentFailed,
  type StripeNotification,
  subscriptionOf,
} from './stripe.repository.ts';
import {
  type CreateStripePayment,
  type CreateStripeSubscription,
  STRIPE_PRICE_MESSAGES,
} from './stripe.schemas.ts';

export type SettleOutcome = 'applied' | 'duplicate' | 'recorded' | 'rejected';
/** What settlement says: an outcome, or the whole Settlement of payment-settlement.ts. */
export interface SettleResult {
  outcome: SettleOutcome;
  reason?: string | null;
  paymentId?: string | null;
  /** Recurring billing the settled payment replaced, to be stopped at the gateway that issued it. */
  retired?: RetiredBilling | null;
}
export type Settle = (event: PaymentEvent) => Promise<SettleOutcome | SettleResult>;

export interface StripeServiceDeps {
  db: Kysely<Database>;
  config: Config;
  /** Null when STRIPE_SECRET_KEY is not set. */
  gateway: StripeGateway | null;
  settle: Settle;
  /** Stops replaced recurring billing at its own gateway (a PayFast token may be replaced by Stripe). */
  stopRecurring?: (retired: RetiredBilling) => Promise<void>;
}

/** A refusal whose body carries the text both as `error` (the spec's response field) and `message`. */
export const stripeRefusal = (status: number, message: string) => new AppError(status, message, message);

const notAvailable = () => stripeRefusal(503, STRIPE_MESSAGES.notAvailable);

/** The plans the direct calls sell: those with a price (Starter is free). */
const PAID_PLAN_IDS: readonly PlanId[] = PLAN_IDS.filter((id) => PLANS[id].priceCents > 0);
const isPaidPlanId = (value: string): value is PlanId => (PAID_PLAN_IDS as readonly string[]).includes(value);

/**
 * The owner's subscription (when they have one) and its active add-ons, read without creating
 * anything: a refused call leaves no trace.
 */
async function currentBilling(db: Kysely<Database>, ownerId: string) {
  const subscription = await findSubscription(db, ownerId);
  const addOns: AddOnId[] = subscription ? await continuingAddOnIds(db, subscription.id) : [];
  return { subscription, addOns };
}

/** The caller's figures must be exactly the server's price, in ZAR; otherwise a 400 with `message`. */
function requireServerPrice(input: { amount: number; currency: string }, cents: number, message: string) {
  if (input.currency !== RENTZA_PRICE_CURRENCY || input.amount !== cents) throw stripeRefusal(400, message);
}

/**
 * POST /api/stripe/create-subscription: a pending payment, then a Checkout Session in subscription
 * mode. The server prices it: the paid plan named by `priceId` plus the owner's active add-ons, in
 * ZAR; the body's amount and currency must equal that, else 400 and nothing is created.
 */
export async function startStripeSubscription(
  deps: StripeServiceDeps,
  owner: User,
  input: CreateStripeSubscription,
) {
  const gateway = deps.gateway;
  if (!gateway) throw notAvailable();
  if (input.customerId !== undefined && input.customerId !== owner.id) throw forbidden(MESSAGES.forbidden);
  if (!isPaidPlanId(input.priceId)) throw stripeRefusal(400, STRIPE_PRICE_MESSAGES.invalidPlan);
  const planId = input.priceId;
  const { addOns } = await currentBilling(deps.db, owner.id);
  const amountCents = monthlyCostCents(planId, addOns);
  requireServerPrice(
    input,
    amountCents,
    STRIPE_PRICE_MESSAGES.planPrice(PLANS[planId].name, amountCents, addOns.length > 0),
  );
  const subscription = await subscriptionOf(deps.db, owner.id);
  const reference = newPaymentId('subscription', new Date(), randomBytes(6).toString('hex'));
  const description = input.description || billingDescription(planId);
  const session = await startCheckout(deps, gateway, STRIPE_MESSAGES.createSubscription, {
    payment: { ownerId: owner.id, subscriptionId: subscription.id, kind: 'subscription', planId, addOns },
    session: {
      reference,
      mode: 'subscription',
      amountCents,
      currency: RENTZA_PRICE_CURRENCY,
      itemName: description,
      customerEmail: input.customerEmail ?? owner.email,
      // The first month now, then monthly from today.
      recurring: { billingDate: todayInBusinessZone(new Date()), recurringAmountCents: amountCents },
      metadata: { price_id: planId, owner_id: owner.id },
    },
  });
  return {
    subscriptionId: session.subscriptionId ?? session.id,
    redirectUrl: session.url,
    reference,
    error: null,
  };
}

/**
 * POST /api/stripe/create-payment-intent (Pay now, extends the period): a pending once-off payment,
 * then a Checkout Session in payment mode. The amount is the owner's next billing amount (their plan
 * and active add-ons) in ZAR; the body must say exactly that, else 400 and nothing is created.
 */
export async function startStripePayment(deps: StripeServiceDeps, owner: User, input: CreateStripePayment) {
  const gateway = deps.gateway;
  if (!gateway) throw notAvailable();
  const { subscription, addOns } = await currentBilling(deps.db, owner.id);
  // No subscription row yet: the owner would be on Starter, with no add-ons; nothing is due.
  const amountCents = subscription ? monthlyCostCents(subscription.plan_id, addOns) : 0;
  if (!subscription || amountCents === 0) throw stripeRefusal(400, STRIPE_PRICE_MESSAGES.nothingDue);
  requireServerPrice(input, amountCents, STRIPE_PRICE_MESSAGES.amountDue(amountCents));
  const reference = newPaymentId('manual', new Date(), randomBytes(6).toString('hex'));
  const description = input.description || billingDescription(subscription.plan_id);
  const session = await startCheckout(deps, gateway, STRIPE_MESSAGES.createPayment, {
    payment: {
      ownerId: owner.id,
      subscriptionId: subscription.id,
      kind: 'manual',
      planId: subscription.plan_id,
      addOns,
    },
    session: {
      reference,
      mode: 'payment',
      amountCents,
      currency: RENTZA_PRICE_CURRENCY,
      itemName: description,
      customerEmail: input.customerEmail ?? owner.email,
      metadata: { owner_id: owner.id },
    },
  });
  return {
    paymentIntentId: session.paymentIntentId ?? session.id,
    redirectUrl: session.url,
    reference,
    error: null,
  };
}

/**
 * Records the payment pending first (a webhook can then never name a reference we do not know), then
 * asks Stripe for the session. When Stripe refuses, the payment is marked failed with Stripe's reason
 * and the caller gets the spec's message.
 */
async function startCheckout(
  deps: StripeServiceDeps,
  gateway: StripeGateway,
  failureMessage: string,
  start: {
    payment: Omit<Parameters<typeof insertStripePayment>[1], 'reference' | 'description' | 'amountCents'>;
    session: Omit<StripeSessionRequest, 'returnUrl' | 'cancelUrl'>;
  },
): Promise<StripeSession> {
  const { reference } = start.session;
  await insertStripePayment(deps.db, {
    ...start.payment,
    reference,
    description: start.session.itemName,
    amountCents: start.session.amountCents,
  });
  const base = deps.config.PUBLIC_URL;
  try {
    return await gateway.createSession({
      ...start.session,
      returnUrl: `${base}/payment/return?ref=${encodeURIComponent(reference)}`,
      cancelUrl: `${base}/payment/cancel?ref=${encodeURIComponent(reference)}`,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const reason = error instanceof StripeGatewayError ? error.reason : error.message;
    await markStripePaymentFailed(deps.db, reference, reason);
    throw stripeRefusal(502, failureMessage);
  }
}

/** The owner's card update page: validated return addresses on our own site, then a setup-mode session. */
export async function startStripeCardUpdate(
  deps: StripeServiceDeps,
  ownsToken: (token: string) => Promise<boolean>,
  query: { token: string; returnUrl: string; cancelUrl?: string },
): Promise<string> {
  const gateway = deps.gateway;
  if (!gateway) throw notAvailable();
  const onOurSite = (url: string) => url.startsWith(`${deps.config.PUBLIC_URL}/`);
  const cancelUrl = query.cancelUrl ?? query.returnUrl;
  if (!onOurSite(query.returnUrl) || !onOurSite(cancelUrl))
    throw stripeRefusal(400, 'The return address must be on this site');
  if (!(await ownsToken(query.token))) throw stripeRefusal(404, 'No active subscription found');
  try {
    return (await gateway.createCardUpdateSession(query.token, query.returnUrl, cancelUrl)).url;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    throw stripeRefusal(502, STRIPE_MESSAGES.cardUpdate);
  }
}

export interface WebhookCall {
  rawBody: Buffer;
  signature: string | string[] | undefined;
  sourceIp: string | null;
}

export type WebhookAnswer =
  | { status: 200; body: { received: true } }
  | { status: 400 | 503; message: string };

/**
 * One Stripe webhook call. Every call leaves exactly one payment_notifications row: rejected (no
 * secret configured, bad or stale signature), recorded (not a payment outcome), or settlement's own
 * outcome. A failure while applying it is recorded and rethrown, so Stripe retries (settlement is
 * idempotent per gateway payment id).
 */
export async function processStripeWebhook(
  deps: StripeServiceDeps,
  call: WebhookCall,
  log: FastifyBaseLogger,
  nowSeconds?: number,
): Promise<WebhookAnswer> {
  const rawBody = call.rawBody.toString('utf8');
  const record = (notification: Omit<StripeNotification, 'rawBody' | 'sourceIp'>) =>
    insertStripeNotification(deps.db, { ...notification, rawBody, sourceIp: call.sourceIp });
  const secret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    const reason = 'STRIPE_WEBHOOK_SECRET is not set';
    await record({
      paymentId: null,
      gatewayPaymentId: null,
      gatewayStatus: null,
      outcome: 'rejected',
      reason,
    });
    log.warn('Stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set');
    return { status: 503, message: STRIPE_MESSAGES.notInitialized };
  }
  const verdict = verifyStripeWebhook(call.rawBody, call.signature, secret, nowSeconds);
  if (!verdict.ok) {
    await record({
      paymentId: null,
      gatewayPaymentId: null,
      gatewayStatus: null,
      outcome: 'rejected',
      reason: verdict.reason,
    });
    log.warn({ reason: verdict.reason }, 'Stripe webhook rejected');
    return { status: 400, message: 'Invalid signature' };
  }
  const { event } = verdict;
  const type = event.type;

  if (event.type === 'checkout.session.completed' && event.data.object.mode === 'setup') {
    const setupIntent = event.data.object.setup_intent;
    const setupIntentId = typeof setupIntent === 'string' ? setupIntent : (setupIntent?.id ?? null);
    const base = { paymentId: null, gatewayPaymentId: setupIntentId, gatewayStatus: type };
    if (!deps.gateway || !setupIntentId) {
      const reason = deps.gateway ? 'card update without a setup intent' : 'STRIPE_SECRET_KEY is not set';
      await record({ ...base, outcome: 'recorded', reason });
      return deps.gateway
        ? { status: 200, body: { received: true } }
        : { status: 503, message: STRIPE_MESSAGES.notInitialized };
    }
    try {
      await deps.gateway.completeCardUpdate(setupIntentId);
    } catch (error) {
      await record({ ...base, outcome: 'recorded', reason: `card update failed: ${reasonOf(error)}` });
      throw error;
    }
    await record({ ...base, outcome: 'applied', reason: 'card updated' });
    return { status: 200, body: { received: true } };
  }

  const paymentEvent = stripeEventToPaymentEvent(event);
  if (!paymentEvent) {
    await record({
      paymentId: null,
      gatewayPaymentId: null,
      gatewayStatus: type,
      outcome: 'recorded',
      reason: 'not a payment outcome',
    });
    return { status: 200, body: { received: true } };
  }

  const base = { gatewayPaymentId: paymentEvent.gatewayPaymentId, gatewayStatus: type };
  let settled: SettleResult;
  try {
    const answer = await deps.settle(paymentEvent);
    settled = typeof answer === 'string' ? { outcome: answer } : answer;
  } catch (error) {
    await record({
      ...base,
      paymentId: await findStripePaymentId(deps.db, paymentEvent.reference),
      outcome: 'recorded',
      reason: `processing error: ${reasonOf(error)}`,
    });
    throw error;
  }
  await record({
    ...base,
    paymentId: settled.paymentId ?? (await findStripePaymentId(deps.db, paymentEvent.reference)),
    outcome: settled.outcome,
    reason: settled.reason ?? null,
  });
  const retired = settled.retired;
  const stop =
    deps.stopRecurring ??
    (async (old: { token: string; gateway: string }) => {
      if (old.gateway === 'stripe' && deps.gateway) await deps.gateway.cancelRecurring(old.token);
    });
  if (retired) {
    // The new subscription is in place; the one it replaced must stop charging.
    await stop(retired).catch((error: unknown) => {
      log.error({ err: error, retired }, 'Stripe: cancelling the replaced recurring billing failed');
    });
  }
  return { status: 200, body: { received: true } };
}

function reasonOf(error: unknown): string {
  if (error instanceof StripeGatewayError) return error.reason;
  return error instanceof Error ? error.message : String(error);
}
