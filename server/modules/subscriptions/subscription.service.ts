import type { Kysely } from 'kysely';
import { canPerformAction, PLANS, type PlanAction } from '../../../domain/plans.ts';
import type { ListingAllowance } from '../../../domain/schemas/subscription.ts';
import type { Database } from '../../db/types.ts';
import { forbidden } from '../../http/errors.ts';
import { findSubscription, measureUsage } from './subscription.repository.ts';

export const NO_ACTIVE_SUBSCRIPTION = 'No active subscription';

const LIMIT_OF: Record<PlanAction, keyof (typeof PLANS)['starter']['limits']> = {
  create_listing: 'maxListings',
  add_booking: 'maxBookingsPerMonth',
  add_user: 'maxUsers',
};

/** An unlimited plan needs no usage count (the common case on every booking of a paid plan). */
function isUnlimited(planId: keyof typeof PLANS, action: PlanAction): boolean {
  return PLANS[planId].limits[LIMIT_OF[action]] === -1;
}

/** Managing listings needs a current subscription: 403 No active subscription otherwise. */
export async function assertActiveSubscription(db: Kysely<Database>, ownerId: string): Promise<void> {
  const subscription = await findSubscription(db, ownerId);
  if (subscription?.status !== 'active') throw forbidden(NO_ACTIVE_SUBSCRIPTION);
}

/**
 * Refuses the action (403 with the plan's reason) when the owner's plan does not allow one more.
 * Call it inside the transaction that adds the listing, booking or team member.
 */
export async function assertPlanAllows(
  db: Kysely<Database>,
  ownerId: string,
  action: PlanAction,
): Promise<void> {
  // The row lock makes two concurrent requests at a plan's boundary count one after the other.
  const subscription = await findSubscription(db, ownerId, { forUpdate: true });
  if (subscription?.status !== 'active') throw forbidden(NO_ACTIVE_SUBSCRIPTION);
  if (isUnlimited(subscription.plan_id, action)) return;
  const check = canPerformAction(subscription.plan_id, await measureUsage(db, ownerId), action);
  if (!check.allowed) throw forbidden(check.reason ?? 'Cannot create listing due to subscription limits');
}

/**
 * Whether a business's listings may be managed (an active subscription) and one more created (the
 * plan's listing limit): what Property Management asks, for the owner and their staff alike.
 */
export async function listingAllowanceOf(db: Kysely<Database>, ownerId: string): Promise<ListingAllowance> {
  const subscription = await findSubscription(db, ownerId);
  const usage = await measureUsage(db, ownerId);
  const active = subscription?.status === 'active';
  return {
    status: subscription?.status ?? null,
    planName: subscription ? PLANS[subscription.plan_id].name : null,
    currentListings: usage.currentListings,
    canCreateListing: active
      ? canPerformAction(subscription.plan_id, usage, 'create_listing')
      : { allowed: false, reason: NO_ACTIVE_SUBSCRIPTION },
  };
}
