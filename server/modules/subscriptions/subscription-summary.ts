import type { Kysely } from 'kysely';
import { canPerformAction, PLANS } from '../../../domain/plans.ts';
import type { SubscriptionSummary } from '../../../domain/schemas/subscription.ts';
import { ADD_ONS, COMMISSION_RATE, monthlyCostCents } from '../../../domain/subscriptions.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, User } from '../../db/types.ts';
import { gatewayIdFor } from '../../platform/payments/payments.ts';
import { addOnRows, findSubscription, measureUsage } from './subscription.repository.ts';
import { NO_ACTIVE_SUBSCRIPTION } from './subscription.service.ts';

/** The owner's subscription, usage and what they can do next, as the screen shows it. */
export async function summarize(
  db: Kysely<Database>,
  deps: Pick<AppDeps, 'payments'>,
  owner: Pick<User, 'id' | 'region'>,
): Promise<SubscriptionSummary> {
  const subscription = await findSubscription(db, owner.id);
  const usage = await measureUsage(db, owner.id);
  const rows = subscription ? await addOnRows(db, subscription.id) : [];
  const continuing = rows.filter((row) => row.removed_at === null).map((row) => row.add_on_id);
  const active = subscription?.status === 'active';
  const check = (action: 'create_listing' | 'add_booking' | 'add_user') =>
    subscription && active
      ? canPerformAction(subscription.plan_id, usage, action)
      : { allowed: false, reason: NO_ACTIVE_SUBSCRIPTION };
  const plan = subscription ? PLANS[subscription.plan_id] : null;
  // Commission keeps the Starter plan: its monthly amount is the add-ons alone.
  const nextBilling = subscription ? monthlyCostCents(subscription.plan_id, continuing) : 0;
  const addOnsMonthly = monthlyCostCents('starter', continuing);
  return {
    planId: subscription?.plan_id ?? null,
    planName: plan?.name ?? null,
    status: subscription?.status ?? null,
    currentPeriodEnd: subscription ? new Date(subscription.current_period_end).toISOString() : null,
    usage,
    canCreateListing: check('create_listing'),
    canAddBooking: check('add_booking'),
    canAddUser: check('add_user'),
    id: subscription?.id ?? null,
    cancelAtPeriodEnd: subscription?.cancel_at_period_end ?? false,
    paymentMethod: subscription?.payment_method ?? 'subscription',
    commissionRate: subscription ? Number(subscription.commission_rate) : COMMISSION_RATE,
    paymentProcessor: subscription?.payment_processor ?? null,
    allowManualPayment: nextBilling > 0,
    nextBillingAmountCents: nextBilling,
    addOns: Object.values(ADD_ONS).map((addOn) => {
      const row = rows.find((candidate) => candidate.add_on_id === addOn.id);
      const billedFrom = row?.billed_from && row.billed_from > new Date() ? row.billed_from : null;
      return {
        ...addOn,
        active: row !== undefined,
        endsAt: row?.removed_at?.toISOString() ?? null,
        billedFrom: billedFrom?.toISOString() ?? null,
      };
    }),
    addOnsMonthlyCents: addOnsMonthly,
    savedPaymentMethod:
      subscription?.saved_method_type && subscription.saved_method_name
        ? {
            type: subscription.saved_method_type,
            displayName: subscription.saved_method_name,
            brand: subscription.saved_method_brand,
            lastUsed: subscription.saved_method_last_used?.toISOString() ?? null,
            isActive: subscription.gateway_token !== null,
          }
        : null,
    hasRecurringBilling: Boolean(subscription?.gateway_token),
    gateway: gatewayIdFor(deps.payments, owner.region),
    testMode: deps.payments.testMode,
  };
}
