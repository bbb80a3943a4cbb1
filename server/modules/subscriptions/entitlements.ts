import type { Kysely } from 'kysely';
import { type Entitlements, entitlementsFor } from '../../../domain/entitlements.ts';
import type { Database } from '../../db/types.ts';
import { activeAddOnIds, findSubscription } from './subscription.repository.ts';

/** What the owner's business may use now: its plan's features and the add-ons in use (domain/entitlements.ts). */
export async function entitlementsOf(
  db: Kysely<Database>,
  ownerId: string,
  at: Date = new Date(),
): Promise<Entitlements> {
  const subscription = await findSubscription(db, ownerId);
  if (!subscription) return entitlementsFor('starter', []);
  return entitlementsFor(subscription.plan_id, await activeAddOnIds(db, subscription.id, at));
}
