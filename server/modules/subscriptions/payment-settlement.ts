import type { Kysely, Transaction } from 'kysely';
import { inclusiveAmounts } from '../../../domain/billing.ts';
import { firstPeriod, paidPeriod } from '../../../domain/billing-periods.ts';
import { addMonths, todayInBusinessZone } from '../../../domain/dates.ts';
import { isListedStatus } from '../../../domain/subscription-lifecycle.ts';
import { billingDescription, monthlyCostCents } from '../../../domain/subscriptions.ts';
import { vatRateOn } from '../../../domain/vat.ts';
import type { Config } from '../../config.ts';
import type { Database, Payment, Subscription } from '../../db/types.ts';
import type { PaymentEvent, RetiredBilling } from '../../platform/payments/gateway.ts';
import { auditSubscription } from '../audit/subscription-audit.ts';
import { settleCommissionPayment } from '../commission/commission-settlement.ts';
import { listVatRates } from '../documents/documents.repository.ts';
import { allocatePlatformInvoiceNumber, platformInvoiceParties } from './platform-invoice-parties.ts';
import { continuingAddOnIds } from './subscription.repository.ts';
import { activatePaidAddOns } from './subscription-add-ons.ts';

/**
 * Applies a verified gateway notification to our payments and subscriptions, once per gateway payment
 * id. Only a COMPLETE activates or extends a subscription (also one for a payment the owner marked
 * cancelled on the way back: the gateway has the money); FAILED and CANCELLED are recorded. The
 * payment row is locked, so copies of one notification arriving at once (retries, two servers) apply
 * in turn and all but the first find it done.
 */

export type SettlementOutcome = 'applied' | 'recorded' | 'duplicate' | 'rejected';

export interface Settlement {
  outcome: SettlementOutcome;
  reason: string | null;
  paymentId: string | null;
  retired: RetiredBilling | null;
}

type Trx = Transaction<Database>;
const RECURRING_KINDS = new Set(['subscription', 'update_method', 'add_on']);

/** The amount a notification for this reference must carry (ITN check 4); null when we never issued it. */
export async function expectedAmountCents(db: Kysely<Database>, reference: string): Promise<number | null> {
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
  if (!payment) return null;
  if (payment.status !== 'complete' || !RECURRING_KINDS.has(payment.kind)) return payment.amount_cents;
  // A later charge of recurring billing that this payment set up: the subscription's monthly cost
  // (add-ons being removed at the period end are no longer in it).
  const subscription = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', payment.subscription_id)
    .executeTakeFirstOrThrow();
  return monthlyCostCents(subscription.plan_id, await continuingAddOnIds(db, subscription.id));
}

export async function settlePaymentEvent(
  db: Kysely<Database>,
  config: Config,
  event: PaymentEvent,
  now: Date = new Date(),
): Promise<Settlement> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', event.reference)
      .where('gateway', '=', event.gateway)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) return result('rejected', `unknown reference ${event.reference}`, null);
    const subscription = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', payment.subscription_id)
      .forUpdate()
      .executeTakeFirstOrThrow();

    if (payment.gateway_payment_id === event.gatewayPaymentId)
      return result('duplicate', 'already processed', payment.id);
    const settled = await settleLocked(trx, config, payment, subscription, event, now);
    await auditSubscription(trx, null, subscription, `${event.gateway} notification`);
    return settled;
  });
}

/** The notification applied to its locked payment and subscription. */
async function settleLocked(
  trx: Trx,
  config: Config,
  payment: Payment,
  subscription: Subscription,
  event: PaymentEvent,
  now: Date,
): Promise<Settlement> {
  if (payment.status === 'pending') return settleFirst(trx, config, payment, subscription, event, now);
  // The owner left through the cancel address, yet the gateway took the money: the payment stands.
  const abandonedThenPaid =
    payment.status === 'cancelled' && payment.gateway_payment_id === null && event.status === 'COMPLETE';
  if (abandonedThenPaid) return settleFirst(trx, config, payment, subscription, event, now);

  const isRecurringCharge =
    payment.status === 'complete' &&
    RECURRING_KINDS.has(payment.kind) &&
    event.token !== null &&
    event.token === subscription.gateway_token;
  if (!isRecurringCharge) return result('recorded', `payment already ${payment.status}`, payment.id);
  return settleRecurring(trx, config, payment, subscription, event, now);
}

function result(
  outcome: SettlementOutcome,
  reason: string | null,
  paymentId: string | null,
  retired: Settlement['retired'] = null,
): Settlement {
  return { outcome, reason, paymentId, retired };
}

/** The first notification of a payment we started: it completes, fails or is cancelled. */
async function settleFirst(
  trx: Trx,
  config: Config,
  payment: Payment,
  subscription: Subscription,
  event: PaymentEvent,
  now: Date,
): Promise<Settlement> {
  if (event.status === 'PENDING') return result('recorded', 'the gateway reports it pending', payment.id);
  if (event.status !== 'COMPLETE') {
    await trx
      .updateTable('payments')
      .set({
        status: event.status === 'FAILED' ? 'failed' : 'cancelled',
        gateway_payment_id: event.gatewayPaymentId,
        failure_reason: event.status === 'FAILED' ? 'Payment failed' : 'Payment cancelled',
        updated_at: now,
      })
      .where('id', '=', payment.id)
      .execute();
    return result('applied', null, payment.id);
  }

  await trx
    .updateTable('payments')
    .set({
      status: 'complete',
      gateway_payment_id: event.gatewayPaymentId,
      failure_reason: null,
      completed_at: now,
      updated_at: now,
    })
    .where('id', '=', payment.id)
    .execute();

  // A commission statement (docs/decisions/032): paid; its tax invoice was issued with the statement.
  if (payment.kind === 'commission')
    return result('applied', await settleCommissionPayment(trx, payment, subscription, now), payment.id);
  let retired: Settlement['retired'] = null;
  const replaced = (): Settlement['retired'] =>
    subscription.gateway_token && subscription.gateway_token !== event.token && subscription.payment_processor
      ? { token: subscription.gateway_token, gateway: subscription.payment_processor }
      : null;
  let period = { start: now, end: new Date(subscription.current_period_end) };
  const savedMethod = {
    saved_method_type: event.paymentMethod ?? 'card',
    saved_method_name: event.gateway === 'payfast' ? 'Card via PayFast' : 'Card via Stripe',
    saved_method_brand: null,
    saved_method_last_used: now,
  } as const;

  if (payment.kind === 'subscription' || payment.kind === 'add_on') {
    // Billing dates from today on, as the checkout told the gateway (billing_date a month from today).
    const first = firstPeriod(now);
    period = first.period;
    retired = replaced();
    // What the payment paid for is active from this period (decision 031).
    await activatePaidAddOns(trx, subscription.id, payment.add_on_ids, now);
    await trx
      .updateTable('subscriptions')
      .set({
        plan_id: payment.plan_id,
        // An add-on bought on the commission model keeps the model.
        payment_method: payment.kind === 'add_on' ? subscription.payment_method : 'subscription',
        status: 'active',
        past_due_since: null,
        cancel_at_period_end: false,
        billing_anchor: first.anchor,
        current_period_start: period.start,
        current_period_end: period.end,
        payment_processor: event.gateway,
        gateway_token: event.token,
        ...savedMethod,
        updated_at: now,
      })
      .where('id', '=', subscription.id)
      .execute();
  } else if (payment.kind === 'manual') {
    period = await extendPaidPeriod(trx, subscription, now);
  } else if (payment.kind === 'update_method') {
    retired = replaced();
    await trx
      .updateTable('subscriptions')
      .set({ payment_processor: event.gateway, gateway_token: event.token, ...savedMethod, updated_at: now })
      .where('id', '=', subscription.id)
      .execute();
  }
  // A test payment (sandbox and simulator only) moves no real money: recorded, never invoiced.
  if (payment.kind !== 'test') await issueSubscriptionInvoice(trx, config, payment, period, now);
  return result('applied', null, payment.id, retired);
}

/** A later charge of the gateway's recurring billing: a new payment row (once per gateway id) and a new period. */
async function settleRecurring(
  trx: Trx,
  config: Config,
  parent: Payment,
  subscription: Subscription,
  event: PaymentEvent,
  now: Date,
): Promise<Settlement> {
  const inserted = await trx
    .insertInto('payments')
    .values({
      owner_id: parent.owner_id,
      subscription_id: subscription.id,
      gateway: event.gateway,
      reference: `${parent.reference}-${event.gatewayPaymentId}`,
      parent_payment_id: parent.id,
      kind: 'renewal',
      plan_id: subscription.plan_id,
      add_on_ids: await continuingAddOnIds(trx, subscription.id),
      description: billingDescription(subscription.plan_id),
      amount_cents: event.amountCents,
      status: event.status === 'COMPLETE' ? 'complete' : event.status === 'FAILED' ? 'failed' : 'pending',
      gateway_payment_id: event.gatewayPaymentId,
      failure_reason: event.status === 'FAILED' ? 'Payment failed' : null,
      completed_at: event.status === 'COMPLETE' ? now : null,
    })
    .onConflict((oc) => oc.columns(['gateway', 'gateway_payment_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) return result('duplicate', 'already processed', parent.id);

  if (event.status === 'CANCELLED') {
    // The buyer or PayFast stopped the recurring billing: no more charges, so the plan ends with its period.
    await trx
      .updateTable('subscriptions')
      .set({ gateway_token: null, cancel_at_period_end: true, updated_at: now })
      .where('id', '=', subscription.id)
      .execute();
    return result('applied', 'recurring billing cancelled at the gateway', inserted.id);
  }
  if (event.status !== 'COMPLETE') return result('recorded', `recurring charge ${event.status}`, inserted.id);

  const period = await extendPaidPeriod(trx, subscription, now);
  await issueSubscriptionInvoice(trx, config, inserted, period, now);
  return result('applied', null, inserted.id);
}

/**
 * A payment for the plan the owner is on (Pay now, or a recurring charge): it pays the period after the
 * current one, to the next billing date, while the subscription runs (also when the charge arrives on
 * the billing date or a little after it, or during Payment Due); after a lapse a period from now with
 * billing dates from today (domain/billing-periods.ts paidPeriod). The subscription is active again.
 */
async function extendPaidPeriod(trx: Trx, subscription: Subscription, now: Date) {
  const { anchor, period } = paidPeriod(
    {
      anchor: subscription.billing_anchor,
      currentPeriodEnd: new Date(subscription.current_period_end),
      running: isListedStatus(subscription.status),
    },
    now,
  );
  await trx
    .updateTable('subscriptions')
    .set({
      status: 'active',
      past_due_since: null,
      billing_anchor: anchor,
      current_period_start: period.start,
      current_period_end: period.end,
      saved_method_last_used: now,
      updated_at: now,
    })
    .where('id', '=', subscription.id)
    .execute();
  return period;
}

/** A numbered Rentza tax invoice for a paid payment; numbers are consecutive (allocated in this transaction). */
async function issueSubscriptionInvoice(
  trx: Trx,
  config: Config,
  payment: Payment,
  period: { start: Date; end: Date },
  now: Date,
): Promise<void> {
  const number = await allocatePlatformInvoiceNumber(trx);
  const invoiceDate = todayInBusinessZone(now);
  const ratePercent = vatRateOn(invoiceDate, await listVatRates(trx)) ?? 0;
  // Plan prices include VAT.
  const { taxCents: vatCents } = inclusiveAmounts(payment.amount_cents, ratePercent);
  const periodStart = todayInBusinessZone(period.start);
  let periodEnd = todayInBusinessZone(period.end);
  if (periodEnd <= periodStart) periodEnd = addMonths(periodStart, 1);
  await trx
    .insertInto('subscription_invoices')
    .values({
      owner_id: payment.owner_id,
      subscription_id: payment.subscription_id,
      payment_id: payment.id,
      number,
      invoice_date: invoiceDate,
      description: payment.kind === 'update_method' ? 'Payment method verification' : payment.description,
      plan_id: payment.plan_id,
      amount_cents: payment.amount_cents,
      vat_cents: vatCents,
      vat_rate_percent: ratePercent,
      period_start: periodStart,
      period_end: periodEnd,
      status: 'paid',
      snapshot: JSON.stringify(await platformInvoiceParties(trx, config, payment.owner_id)),
    })
    .execute();
}
