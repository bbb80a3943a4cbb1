import type { Transaction } from 'kysely';
import { ADD_ONS, type AddOnId } from '../../../domain/subscriptions.ts';
import type { Database } from '../../db/types.ts';

/**
 * A confirmed payment paid for these add-ons from `now` (an add-on bought at checkout, or a plan change
 * that carries them into its new period): each is active and continuing, and none waits for a later
 * first charge any more (decision 031).
 */
export async function activatePaidAddOns(
  trx: Transaction<Database>,
  subscriptionId: string,
  addOnIds: readonly AddOnId[],
  now: Date,
): Promise<void> {
  if (addOnIds.length === 0) return;
  const rows = await trx
    .selectFrom('subscription_add_ons')
    .select(['id', 'add_on_id', 'removed_at'])
    .where('subscription_id', '=', subscriptionId)
    .where((eb) => eb.or([eb('removed_at', 'is', null), eb('removed_at', '>', now)]))
    .execute();
  for (const addOnId of new Set(addOnIds)) {
    const row = rows.find((candidate) => candidate.add_on_id === addOnId);
    if (row)
      await trx
        .updateTable('subscription_add_ons')
        .set({ removed_at: null, billed_from: null })
        .where('id', '=', row.id)
        .execute();
    else
      await trx
        .insertInto('subscription_add_ons')
        .values({
          subscription_id: subscriptionId,
          add_on_id: addOnId,
          price_cents: ADD_ONS[addOnId].priceCents,
        })
        .execute();
  }
}
