import type { Kysely } from 'kysely';
import type { PlanId } from '../../../domain/plans.ts';
import type { AddOnId, PaymentKind } from '../../../domain/subscriptions.ts';
import type { Database, PaymentNotificationsTable, Subscription } from '../../db/types.ts';
import { ensureStarterSubscription, findSubscription } from '../subscriptions/subscription.repository.ts';

type Db = Kysely<Database>;

/** The owner's subscription row (one per owner), created on the Starter plan when missing. */
export async function subscriptionOf(db: Db, ownerId: string): Promise<Subscription> {
  await ensureStarterSubscription(db, ownerId);
  const subscription = await findSubscription(db, ownerId);
  if (!subscription) throw new Error(`No subscription for owner ${ownerId}`);
  return subscription;
}

export interface NewStripePayment {
  ownerId: string;
  subscriptionId: string;
  reference: string;
  kind: Extract<PaymentKind, 'subscription' | 'manual'>;
  planId: PlanId;
  /** The active add-ons the amount includes. */
  addOns: readonly AddOnId[];
  description: string;
  amountCents: number;
}

/** A pending Stripe payment, recorded before Stripe is called so its webhook always finds it. */
export async function insertStripePayment(db: Db, payment: NewStripePayment): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      owner_id: payment.ownerId,
      subscription_id: payment.subscriptionId,
      gateway: 'stripe',
      reference: payment.reference,
      kind: payment.kind,
      plan_id: payment.planId,
      add_on_ids: [...payment.addOns],
      description: payment.description,
      amount_cents: payment.amountCents,
    })
    .execute();
}

/** Stripe refused to start the payment: it never reached the buyer. */
export async function markStripePaymentFailed(db: Db, reference: string, reason: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', failure_reason: reason.slice(0, 500), updated_at: new Date() })
    .where('reference', '=', reference)
    .where('gateway', '=', 'stripe')
    .where('status', '=', 'pending')
    .execute();
}

export async function findStripePaymentId(db: Db, reference: string): Promise<string | null> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('reference', '=', reference)
    .where('gateway', '=', 'stripe')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the owner's subscription is billed by Stripe under this subscription id. */
export async function ownsStripeToken(db: Db, ownerId: string, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('payment_processor', '=', 'stripe')
    .where('gateway_token', '=', token)
    .executeTakeFirst();
  return row !== undefined;
}

export interface StripeNotification {
  sourceIp: string | null;
  rawBody: string;
  paymentId: string | null;
  gatewayPaymentId: string | null;
  /** Stripe's event type ('checkout.session.completed'). */
  gatewayStatus: string | null;
  outcome: PaymentNotificationsTable['outcome'];
  reason: string | null;
}

/** Every webhook call is kept verbatim with what became of it. */
export async function insertStripeNotification(db: Db, notification: StripeNotification): Promise<void> {
  await db
    .insertInto('payment_notifications')
    .values({
      gateway: 'stripe',
      source_ip: notification.sourceIp,
      raw_body: notification.rawBody,
      payment_id: notification.paymentId,
      gateway_payment_id: notification.gatewayPaymentId,
      gateway_status: notification.gatewayStatus,
      outcome: notification.outcome,
      reason: notification.reason,
    })
    .execute();
}
