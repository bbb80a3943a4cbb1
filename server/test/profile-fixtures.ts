import type { Kysely } from 'kysely';
import type { AddOnId } from '../../domain/subscriptions.ts';
import type { Database } from '../db/types.ts';
import {
  activeAddOnIds,
  ensureStarterSubscription,
} from '../modules/subscriptions/subscription.repository.ts';

/** Puts an add-on in use for the owner's subscription (created on Starter when missing). */
export async function giveAddOn(db: Kysely<Database>, ownerId: string, addOnId: AddOnId = 'branded_profile') {
  await ensureStarterSubscription(db, ownerId);
  const subscription = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subscription_add_ons')
    .values({ subscription_id: subscription.id, add_on_id: addOnId, price_cents: 5000, removed_at: null })
    .execute();
}

/** Ends the owner's add-on (its removal date already passed). */
export async function endAddOn(db: Kysely<Database>, ownerId: string, addOnId: AddOnId = 'branded_profile') {
  const subscription = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('subscription_add_ons')
    .set({ removed_at: new Date(Date.now() - 60_000) })
    .where('subscription_id', '=', subscription.id)
    .where('add_on_id', '=', addOnId)
    .execute();
}

/**
 * The owner has the Branded profile add-on in use and a published page at `slug` (the access matrix;
 * idempotent). Their business details must be saved.
 */
export async function ensureLiveProfile(db: Kysely<Database>, ownerId: string, slug = 'matrix-business') {
  await ensureStarterSubscription(db, ownerId);
  const subscription = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  if (!(await activeAddOnIds(db, subscription.id)).includes('branded_profile')) await giveAddOn(db, ownerId);
  await db
    .insertInto('business_profiles')
    .values({ owner_id: ownerId, slug, published: true, updated_at: new Date() })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ published: true }))
    .execute();
}
