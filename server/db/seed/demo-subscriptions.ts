import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { businessMidnight, firstBillingDate } from '../../../domain/billing-periods.ts';
import { PLANS, type PlanId } from '../../../domain/plans.ts';
import { billingDescription, newPaymentId } from '../../../domain/subscriptions.ts';
import type { Config } from '../../config.ts';
import { settlePaymentEvent } from '../../modules/subscriptions/payment-settlement.ts';
import type { Database } from '../types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo owners' paid plans, paid the way a real owner pays: a PayFast subscription payment and a
 * recurring charge, each settled by the same code an ITN goes through (so their billing history and
 * Rentza tax invoices are what the app itself produced). Thandi is on Business, Pieter on Pro; both
 * periods end in about three weeks.
 */
export async function seedDemoSubscriptions(
  db: Kysely<Database>,
  config: Config,
  owners: { owner: string; secondOwner: string },
  now: Date = new Date(),
): Promise<void> {
  await payMonthly(db, config, owners.owner, 'business', now);
  await payMonthly(db, config, owners.secondOwner, 'pro', now);
}

async function payMonthly(db: Kysely<Database>, config: Config, ownerId: string, planId: PlanId, now: Date) {
  const subscription = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const firstPaidAt = new Date(now.getTime() - 39 * DAY_MS);
  const reference = newPaymentId('subscription', firstPaidAt, randomBytes(6).toString('hex'));
  const { priceCents: amountCents } = PLANS[planId];
  await db
    .insertInto('payments')
    .values({
      owner_id: ownerId,
      subscription_id: subscription.id,
      gateway: 'payfast',
      reference,
      kind: 'subscription',
      plan_id: planId,
      description: billingDescription(planId),
      amount_cents: amountCents,
      created_at: firstPaidAt,
    })
    .execute();
  const token = randomUUID();
  const event = (gatewayPaymentId: string) => ({
    gateway: 'payfast' as const,
    reference,
    gatewayPaymentId,
    status: 'COMPLETE' as const,
    amountCents,
    token,
    paymentMethod: 'card' as const,
  });
  await settlePaymentEvent(
    db,
    config,
    event(String(2_000_000 + Math.floor(Math.random() * 1_000_000))),
    firstPaidAt,
  );
  // PayFast's first recurring charge: on the billing date the checkout set, at 08:00 in Johannesburg.
  await settlePaymentEvent(
    db,
    config,
    event(String(3_000_000 + Math.floor(Math.random() * 1_000_000))),
    new Date(businessMidnight(firstBillingDate(firstPaidAt)).getTime() + 8 * 60 * 60 * 1000),
  );
}
