import type { Kysely } from 'kysely';
import type { AddOnId } from '../../domain/subscriptions.ts';
import type { Database } from '../db/types.ts';
import { ensureStarterSubscription } from '../modules/subscriptions/subscription.repository.ts';

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
