import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

/**
 * The boosts in effect at `at` (docs/decisions/035): the listing's owner has the Homepage boost add-on
 * in use (not removed, or its removal still ahead) and added no later than the boost. Derived at query
 * time, so an add-on that ends stops its boosts at that instant, and one bought again starts from none.
 */
export function boostsInEffect(db: Executor, at: Date) {
  return db
    .selectFrom('property_boosts as b')
    .innerJoin('properties as bp', 'bp.id', 'b.property_id')
    .select(['b.property_id', 'bp.owner_id', 'b.boosted_at'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('subscriptions as bs')
          .innerJoin('subscription_add_ons as ba', 'ba.subscription_id', 'bs.id')
          .select(sql.lit(1).as('one'))
          .whereRef('bs.owner_id', '=', 'bp.owner_id')
          .where('ba.add_on_id', '=', 'homepage_boost')
          .whereRef('ba.added_at', '<=', 'b.boosted_at')
          .where((eb) => eb.or([eb('ba.removed_at', 'is', null), eb('ba.removed_at', '>', at)])),
      ),
    );
}

/** The owner's listings boosted at `at`, the earliest boost first. */
export async function boostedPropertyIdsOf(db: Executor, ownerId: string, at: Date): Promise<string[]> {
  const rows = await boostsInEffect(db, at)
    .where('bp.owner_id', '=', ownerId)
    .orderBy('b.boosted_at')
    .orderBy('b.property_id')
    .execute();
  return rows.map((row) => row.property_id);
}

/**
 * Boosts the listing from now; a row left from an add-on that has ended starts again. The database's
 * clock, like the add-on's added_at, so a boost right after buying the add-on is never "before" it.
 */
export async function upsertBoost(db: Executor, propertyId: string): Promise<void> {
  await db
    .insertInto('property_boosts')
    .values({ property_id: propertyId, boosted_at: sql`now()` })
    .onConflict((oc) => oc.column('property_id').doUpdateSet({ boosted_at: sql`now()` }))
    .execute();
}

export async function deleteBoost(db: Executor, propertyId: string): Promise<void> {
  await db.deleteFrom('property_boosts').where('property_id', '=', propertyId).execute();
}
