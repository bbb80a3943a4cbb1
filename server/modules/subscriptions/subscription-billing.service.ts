import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { firstBillingDate } from '../../../domain/billing-periods.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { PLANS, type PlanId } from '../../../domain/plans.ts';
import type {
  AddOnResult,
  ChangePlanResult,
  GatewayId,
  PaymentStart,
  SubscriptionSummary,
} from '../../../domain/schemas/subscription.ts';
import {
  addOnTermsOf,
  type PlanChangePreview,
  previewPlanChange,
} from '../../../domain/subscription-proration.ts';
import {
  ADD_ONS,
  type AddOnId,
  billingDescription,
  COMMISSION_PLAN,
  monthlyCostCents,
  newPaymentId,
  PAYMENT_METHOD_UPDATE_CENTS,
  type PaymentKind,
  TEST_PAYMENT,
} from '../../../domain/subscriptions.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, Subscription } from '../../db/types.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { GatewayError } from '../../platform/payments/gateway.ts';
import { gatewayFor, gatewayIdFor } from '../../platform/payments/payments.ts';
import { auditSubscription } from '../audit/subscription-audit.ts';
import {
  billingStateOf,
  continuingAddOnIds,
  findSubscription,
  insertPendingPayment,
  measureUsage,
} from './subscription.repository.ts';
import { summarize } from './subscription-summary.ts';

/**
 * What an owner does on the Subscription screen: every change is written to the database (and to the
 * gateway when it holds recurring billing) or refused with the spec's message; nothing is faked.
 */

type Trx = Transaction<Database>;
export const NO_SUBSCRIPTION_FOUND = 'No active subscription found';

const badGateway = (message: string) => new AppError(502, message, 'GATEWAY_ERROR');

async function lockedSubscription(trx: Trx, ownerId: string): Promise<Subscription> {
  const subscription = await findSubscription(trx, ownerId, { forUpdate: true });
  if (!subscription) throw notFound(NO_SUBSCRIPTION_FOUND);
  return subscription;
}

/** Runs a gateway call; its failure refuses the whole change with the screen's message. */
async function atGateway<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayError) throw badGateway(message);
    throw error;
  }
}

/** A downgrade below current usage: what stays and what is refused from now on. */
async function downgradeNotices(trx: Trx, ownerId: string, planId: PlanId): Promise<string[]> {
  const usage = await measureUsage(trx, ownerId);
  const { limits, name } = PLANS[planId];
  const notices: string[] = [];
  if (limits.maxListings !== -1 && usage.currentListings > limits.maxListings)
    notices.push(
      `You have ${usage.currentListings} listings and the ${name} plan allows ${limits.maxListings}. Your existing listings stay listed; new ones are refused until you are within the limit or upgrade.`,
    );
  if (limits.maxUsers !== -1 && usage.usersCount > limits.maxUsers)
    notices.push(
      `Your team has ${usage.usersCount} members and the ${name} plan allows ${limits.maxUsers}. Existing members keep their access; you cannot add more.`,
    );
  if (limits.maxBookingsPerMonth !== -1 && usage.bookingsThisMonth >= limits.maxBookingsPerMonth)
    notices.push(
      `You have ${usage.bookingsThisMonth} bookings this month and the ${name} plan allows ${limits.maxBookingsPerMonth}. New bookings are refused until next month.`,
    );
  return notices;
}

interface Owner {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  region: string;
}

/** What a plan change costs now and from when, as the owner's change would be charged (decision 031). */
export async function previewChange(deps: AppDeps, owner: Owner, planId: PlanId): Promise<PlanChangePreview> {
  const subscription = await findSubscription(deps.db, owner.id);
  if (!subscription) throw notFound(NO_SUBSCRIPTION_FOUND);
  assertNotCurrent(subscription, planId);
  return previewPlanChange(await billingStateOf(deps.db, subscription, new Date()), planId, new Date());
}

function assertNotCurrent(subscription: Subscription, planId: PlanId) {
  if (subscription.plan_id === planId && subscription.payment_method === 'subscription')
    throw conflict(`You are already on the ${PLANS[planId].name} plan`);
}

export const PRICE_CHANGED =
  'The amount due has changed since you reviewed it. Review the new amount and confirm again.';

/**
 * An upgrade (or a paid plan without recurring billing) is a checkout for the preview's amount due now,
 * applied when the payment is confirmed; a downgrade or a free plan applies now, the gateway's recurring
 * amount changed first (cancelled when nothing recurs).
 */
export async function changePlan(
  deps: AppDeps,
  owner: Owner,
  planId: PlanId,
  expectedDueNowCents?: number,
): Promise<ChangePlanResult> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const subscription = await lockedSubscription(trx, owner.id);
    assertNotCurrent(subscription, planId);
    const now = new Date();
    const state = await billingStateOf(trx, subscription, now);
    const preview = previewPlanChange(state, planId, now);
    if (expectedDueNowCents !== undefined && expectedDueNowCents !== preview.dueNowCents)
      throw conflict(PRICE_CHANGED);
    if (preview.payment === 'checkout' && preview.firstBillingDate)
      return {
        kind: 'checkout' as const,
        payment: await startCheckout(trx, deps, owner, subscription, 'subscription', planId, {
          amountCents: preview.dueNowCents,
          addOns: state.continuingAddOns,
          recurring: { billingDate: preview.firstBillingDate, recurringAmountCents: preview.recurringCents },
        }),
      };

    const token = subscription.gateway_token;
    const processor = subscription.payment_processor;
    if (token && processor) {
      const gateway = gatewayFor(deps.payments, processor);
      await atGateway(
        () =>
          preview.recurringCents === 0
            ? gateway.cancelRecurring(token)
            : gateway.updateRecurringAmount(token, preview.recurringCents),
        'Failed to update subscription plan',
      );
    }
    await trx
      .updateTable('subscriptions')
      .set({
        plan_id: planId,
        payment_method: 'subscription',
        status: 'active',
        past_due_since: null,
        cancel_at_period_end: false,
        gateway_token: preview.recurringCents === 0 ? null : token,
        updated_at: now,
      })
      .where('id', '=', subscription.id)
      .execute();
    await auditSubscription(trx, { id: owner.id, role: 'owner' }, subscription, 'plan change');
    return { kind: 'changed' as const, notices: await downgradeNotices(trx, owner.id, planId) };
  });
  if (outcome.kind === 'checkout') return { outcome: 'checkout', payment: outcome.payment };
  return {
    outcome: 'changed',
    subscription: await summarize(deps.db, deps, owner),
    notices: outcome.notices,
  };
}

/** Commission only: 10 % of each booking on the Starter plan; the gateway's recurring billing stops. */
export async function switchToCommission(deps: AppDeps, owner: Owner): Promise<SubscriptionSummary> {
  await deps.db.transaction().execute(async (trx) => {
    const subscription = await lockedSubscription(trx, owner.id);
    if (subscription.payment_method === 'commission')
      throw conflict('You are already on the commission-only model');
    await stopRecurring(deps, subscription, 'Failed to switch to commission model');
    await trx
      .updateTable('subscriptions')
      .set({
        plan_id: COMMISSION_PLAN,
        payment_method: 'commission',
        status: 'active',
        past_due_since: null,
        cancel_at_period_end: false,
        gateway_token: null,
        updated_at: new Date(),
      })
      .where('id', '=', subscription.id)
      .execute();
    await auditSubscription(trx, { id: owner.id, role: 'owner' }, subscription, 'commission model');
  });
  return summarize(deps.db, deps, owner);
}

async function stopRecurring(deps: AppDeps, subscription: Subscription, message: string) {
  const { gateway_token: token, payment_processor: processor } = subscription;
  if (token && processor)
    await atGateway(() => gatewayFor(deps.payments, processor).cancelRecurring(token), message);
}

/** Sets the gateway's recurring amount to `amountCents`, or stops it when nothing recurs. */
async function setRecurringAmount(
  deps: AppDeps,
  subscription: Subscription,
  amountCents: number,
  message: string,
) {
  const { gateway_token: token, payment_processor: processor } = subscription;
  if (!token || !processor) return;
  const gateway = gatewayFor(deps.payments, processor);
  await atGateway(
    () =>
      amountCents === 0 ? gateway.cancelRecurring(token) : gateway.updateRecurringAmount(token, amountCents),
    message,
  );
}

/**
 * Adding an add-on (decision 031): with nothing billed each month, a checkout (active once the payment is
 * confirmed); otherwise active now and charged from the next billing date, the gateway's recurring amount
 * raised first. An add-on whose removal is waiting for the period end simply continues.
 */
export async function addAddOn(deps: AppDeps, owner: Owner, addOnId: AddOnId): Promise<AddOnResult> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const subscription = await lockedSubscription(trx, owner.id);
    const now = new Date();
    const state = await billingStateOf(trx, subscription, now);
    const row = state.rows.find((candidate) => candidate.add_on_id === addOnId);
    if (row && row.removed_at === null) throw conflict('Add-on already active');
    const terms = addOnTermsOf(state, addOnId, now);
    if (!row && terms.payment === 'checkout')
      return {
        kind: 'checkout' as const,
        payment: await startCheckout(trx, deps, owner, subscription, 'add_on', subscription.plan_id, {
          amountCents: terms.dueNowCents,
          addOns: [...state.continuingAddOns, addOnId],
          recurring: { billingDate: terms.firstBillingDate, recurringAmountCents: terms.newMonthlyCents },
          description: `${ADD_ONS[addOnId].name} add-on - Monthly`,
        }),
      };
    await setRecurringAmount(deps, subscription, terms.newMonthlyCents, 'Failed to add add-on');
    const addOns = trx.updateTable('subscription_add_ons').where('subscription_id', '=', subscription.id);
    if (row)
      await addOns
        .set({ removed_at: null })
        .where('add_on_id', '=', addOnId)
        .where('removed_at', '>', now)
        .execute();
    else {
      const periodEnd = new Date(subscription.current_period_end);
      await trx
        .insertInto('subscription_add_ons')
        .values({
          subscription_id: subscription.id,
          add_on_id: addOnId,
          price_cents: ADD_ONS[addOnId].priceCents,
          billed_from: periodEnd > now ? periodEnd : now,
        })
        .execute();
    }
    return { kind: 'added' as const };
  });
  if (outcome.kind === 'checkout') return { outcome: 'checkout', payment: outcome.payment };
  return { outcome: 'added', subscription: await summarize(deps.db, deps, owner) };
}

/**
 * Removing an add-on: the recurring amount drops from the next billing date and the add-on stays until
 * the period ends; one that was never charged (added mid-period, charged from the next billing date) ends now.
 */
export async function removeAddOn(
  deps: AppDeps,
  owner: Owner,
  addOnId: AddOnId,
): Promise<SubscriptionSummary> {
  await deps.db.transaction().execute(async (trx) => {
    const subscription = await lockedSubscription(trx, owner.id);
    const now = new Date();
    const state = await billingStateOf(trx, subscription, now);
    const row = state.rows.find(
      (candidate) => candidate.add_on_id === addOnId && candidate.removed_at === null,
    );
    if (!row) throw conflict('Add-on is not active');
    const remaining = state.continuingAddOns.filter((id) => id !== addOnId);
    const amount = monthlyCostCents(
      subscription.payment_method === 'subscription' ? subscription.plan_id : COMMISSION_PLAN,
      remaining,
    );
    await setRecurringAmount(deps, subscription, amount, 'Failed to remove add-on');
    const periodEnd = new Date(subscription.current_period_end);
    const neverCharged = row.billed_from !== null && row.billed_from > now;
    await trx
      .updateTable('subscription_add_ons')
      .set({ removed_at: neverCharged || periodEnd <= now ? now : periodEnd })
      .where('subscription_id', '=', subscription.id)
      .where('add_on_id', '=', addOnId)
      .where('removed_at', 'is', null)
      .execute();
    if (amount === 0 && subscription.gateway_token)
      await trx
        .updateTable('subscriptions')
        .set({ gateway_token: null, updated_at: now })
        .where('id', '=', subscription.id)
        .execute();
  });
  return summarize(deps.db, deps, owner);
}

/** Cancel at period end: the gateway stops charging now; access stays until the period ends. */
export async function cancelSubscription(deps: AppDeps, owner: Owner): Promise<SubscriptionSummary> {
  await deps.db.transaction().execute(async (trx) => {
    const subscription = await lockedSubscription(trx, owner.id);
    if (subscription.cancel_at_period_end) throw conflict('Your subscription is already set to cancel');
    if (monthlyCostCents(subscription.plan_id, await continuingAddOnIds(trx, subscription.id)) === 0)
      throw badRequest('There is nothing to cancel: your plan is free');
    await stopRecurring(deps, subscription, 'Failed to cancel subscription');
    await trx
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: true, gateway_token: null, updated_at: new Date() })
      .where('id', '=', subscription.id)
      .execute();
    await auditSubscription(trx, { id: owner.id, role: 'owner' }, subscription, 'cancelled by the owner');
  });
  return summarize(deps.db, deps, owner);
}

/** Keeps the plan past the period end. Without recurring billing the owner pays at renewal (Pay now or a card). */
export async function reactivateSubscription(deps: AppDeps, owner: Owner): Promise<SubscriptionSummary> {
  await deps.db.transaction().execute(async (trx) => {
    const subscription = await lockedSubscription(trx, owner.id);
    if (!subscription.cancel_at_period_end) throw conflict('Your subscription is not set to cancel');
    await trx
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: false, updated_at: new Date() })
      .where('id', '=', subscription.id)
      .execute();
    await auditSubscription(trx, { id: owner.id, role: 'owner' }, subscription, 'reactivated by the owner');
  });
  return summarize(deps.db, deps, owner);
}

/** Pay now (the next billing amount, extending the period) or the test payment of the test modes. */
export async function startPayment(
  deps: AppDeps,
  owner: Owner,
  kind: 'manual' | 'test',
): Promise<PaymentStart> {
  if (kind === 'test' && !deps.payments.testMode)
    throw forbidden('Test payments are only available in the sandbox');
  return deps.db.transaction().execute(async (trx) => {
    const subscription = await lockedSubscription(trx, owner.id);
    if (kind === 'manual') {
      const due = monthlyCostCents(subscription.plan_id, await continuingAddOnIds(trx, subscription.id));
      if (due === 0) throw badRequest('Nothing is due: your plan is free');
    }
    return startCheckout(
      trx,
      deps,
      owner,
      subscription,
      kind,
      kind === 'test' ? TEST_PAYMENT.planId : subscription.plan_id,
    );
  });
}

/**
 * Update payment method: PayFast's card update page when it holds recurring billing; otherwise a
 * R 5.00 card verification that sets up recurring billing from the period end.
 */
export async function startPaymentMethodUpdate(deps: AppDeps, owner: Owner): Promise<PaymentStart> {
  return deps.db.transaction().execute(async (trx) => {
    const subscription = await lockedSubscription(trx, owner.id);
    const returnUrl = `${deps.config.PUBLIC_URL}/subscription?tab=billing&action=payment_method_updated`;
    const { gateway_token: token, payment_processor: processor } = subscription;
    if (token && processor) {
      const reference = newPaymentId('update_method', new Date(), randomBytes(6).toString('hex'));
      return {
        reference,
        gateway: processor,
        redirectUrl: gatewayFor(deps.payments, processor).cardUpdateUrl(token, returnUrl),
        postUrl: null,
        formFields: null,
      };
    }
    if (monthlyCostCents(subscription.plan_id, await continuingAddOnIds(trx, subscription.id)) === 0)
      throw badRequest('Your plan is free: choose a paid plan before adding a payment method');
    return startCheckout(trx, deps, owner, subscription, 'update_method', subscription.plan_id);
  });
}

/** A checkout priced by the proration rules rather than a plain month (decision 031). */
interface PricedCheckout {
  amountCents: number;
  addOns: readonly AddOnId[];
  recurring: { billingDate: string; recurringAmountCents: number };
  description?: string;
}

/** Records a pending payment and builds the gateway's checkout for it. */
async function startCheckout(
  trx: Trx,
  deps: AppDeps,
  owner: Owner,
  subscription: Subscription,
  kind: Exclude<PaymentKind, 'renewal'>,
  planId: PlanId,
  priced?: PricedCheckout,
): Promise<PaymentStart> {
  const gatewayId: GatewayId = gatewayIdFor(deps.payments, owner.region);
  const gateway = gatewayFor(deps.payments, gatewayId);
  const now = new Date();
  const addOns = priced?.addOns ?? (await continuingAddOnIds(trx, subscription.id));
  const monthly = monthlyCostCents(planId, addOns);
  const amountCents =
    priced?.amountCents ??
    (kind === 'test'
      ? TEST_PAYMENT.amountCents
      : kind === 'update_method'
        ? PAYMENT_METHOD_UPDATE_CENTS
        : monthly);
  const description =
    priced?.description ??
    (kind === 'test'
      ? 'Test payment'
      : kind === 'update_method'
        ? 'Payment method verification'
        : billingDescription(planId));
  const reference = newPaymentId(kind, now, randomBytes(6).toString('hex'));
  await insertPendingPayment(trx, {
    ownerId: owner.id,
    subscriptionId: subscription.id,
    gateway: gatewayId,
    reference,
    kind,
    planId,
    addOns,
    description,
    amountCents,
  });
  const today = todayInBusinessZone(now);
  const periodEndDate = todayInBusinessZone(new Date(subscription.current_period_end));
  const base = deps.config.PUBLIC_URL;
  // The gateway's billing dates are the subscription's period ends (domain/billing-periods.ts).
  const recurring =
    priced?.recurring ??
    (kind === 'subscription'
      ? { billingDate: firstBillingDate(now), recurringAmountCents: monthly }
      : kind === 'update_method'
        ? {
            billingDate: periodEndDate > today ? periodEndDate : firstBillingDate(now),
            recurringAmountCents: monthly,
          }
        : undefined);
  const isUpdate = kind === 'update_method';
  return atGateway(
    () =>
      gateway.createCheckout({
        reference,
        amountCents,
        itemName: description,
        itemDescription: `Rentza ${PLANS[planId].name} plan${addOns.length ? ` with ${addOns.map((id) => ADD_ONS[id].name).join(', ')}` : ''}`,
        customer: { firstName: owner.first_name, lastName: owner.last_name, email: owner.email },
        returnUrl: isUpdate
          ? `${base}/subscription?tab=billing&action=payment_method_updated`
          : `${base}/payment/return?ref=${reference}`,
        cancelUrl: isUpdate
          ? `${base}/subscription?tab=billing&action=payment_method_cancelled`
          : `${base}/payment/cancel?ref=${reference}`,
        notifyUrl: deps.payments.payfastSettings.notifyUrl,
        recurring,
      }),
    kind === 'subscription' || kind === 'add_on' ? 'Failed to create subscription' : 'Payment failed',
  );
}
