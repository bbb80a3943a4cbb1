import type { Kysely } from 'kysely';
import type { PaymentKind } from '../../../domain/subscriptions.ts';
import type { Database, PaymentNotificationsTable, Subscription } from '../../db/types.ts';
import { STORED_BODY_BYTES, storedBody, storedField } from '../../platform/payments/notification-limits.ts';
import {
  ensureStarterSubscription,
  findSubscription,
  insertPendingPayment,
  type NewPayment,
} from '../subscriptions/subscription.repository.ts';

type Db = Kysely<Database>;

/** The owner's subscription row (one per owner), created on the Starter plan when missing. */
export async function subscriptionOf(db: Db, ownerId: string): Promise<Subscription> {
  await ensureStarterSubscription(db, ownerId);
  const subscription = await findSubscription(db, ownerId);
  if (!subscription) throw new Error(`No subscription for owner ${ownerId}`);
  return subscription;
}

export type NewStripePayment = Omit<NewPayment, 'gateway' | 'kind'> & {
  kind: Extract<PaymentKind, 'subscription' | 'manual'>;
};

/** A pending Stripe payment, recorded before Stripe is called so its webhook always finds it. */
export function insertStripePayment(db: Db, payment: NewStripePayment): Promise<void> {
  return insertPendingPayment(db, { ...payment, gateway: 'stripe' });
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

/** Every webhook call is kept with what became of it, its body bounded (notification-limits.ts). */
export async function insertStripeNotification(db: Db, notification: StripeNotification): Promise<void> {
  await db
    .insertInto('payment_notifications')
    .values({
      gateway: 'stripe',
      source_ip: notification.sourceIp,
      ...storedBody(
        notification.rawBody,
        notification.outcome === 'rejected' ? STORED_BODY_BYTES.rejected : STORED_BODY_BYTES.kept,
      ),
      payment_id: notification.paymentId,
      gateway_payment_id: storedField(notification.gatewayPaymentId),
      gateway_status: storedField(notification.gatewayStatus),
      outcome: notification.outcome,
      reason: notification.reason,
    })
    .execute();
}
