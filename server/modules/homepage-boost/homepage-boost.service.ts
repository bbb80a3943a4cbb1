import type { Kysely } from 'kysely';
import { hasAddOn } from '../../../domain/entitlements.ts';
import { BOOST_MESSAGES, boostRefusal, HOMEPAGE_BOOST_LIMIT } from '../../../domain/homepage-boost.ts';
import type { HomepageBoosts } from '../../../domain/schemas/homepage-boost.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { requireListingManager, requireOwnListing } from '../properties/property.service.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';
import { boostedPropertyIdsOf, deleteBoost, upsertBoost } from './homepage-boost.repository.ts';

export const BOOST_NOT_YOURS = 'You can only boost your own listings';

async function boostsOf(db: Kysely<Database>, ownerId: string): Promise<HomepageBoosts> {
  const now = new Date();
  const [entitlements, propertyIds] = await Promise.all([
    entitlementsOf(db, ownerId, now),
    boostedPropertyIdsOf(db, ownerId, now),
  ]);
  return {
    addOnInUse: hasAddOn(entitlements, 'homepage_boost'),
    limit: HOMEPAGE_BOOST_LIMIT,
    propertyIds,
  };
}

/** The business's boosts, for its owner and staff with the properties permission. */
export async function myBoosts(db: Kysely<Database>, user: User | null): Promise<HomepageBoosts> {
  const { ownerId } = requireListingManager(user);
  return boostsOf(db, ownerId);
}

/**
 * Boosts one of the business's listings: the add-on in use, the listing listed, and within the limit
 * (domain/homepage-boost.ts). Concurrent boosts of one business count one after the other (the
 * subscription row is locked).
 */
export async function boostListing(
  db: Kysely<Database>,
  user: User | null,
  id: string,
): Promise<HomepageBoosts> {
  const listing = await requireOwnListing(db, user, id, BOOST_NOT_YOURS);
  await db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('owner_id', '=', listing.owner_id)
      .forUpdate()
      .execute();
    const now = new Date();
    const [entitlements, boosted] = await Promise.all([
      entitlementsOf(trx, listing.owner_id, now),
      boostedPropertyIdsOf(trx, listing.owner_id, now),
    ]);
    const alreadyBoosted = boosted.includes(id);
    const refusal = boostRefusal(entitlements, listing, boosted.length, alreadyBoosted);
    if (refusal === BOOST_MESSAGES.notListed) throw badRequest(refusal);
    if (refusal) throw forbidden(refusal);
    if (!alreadyBoosted) await upsertBoost(trx, id);
  });
  return boostsOf(db, listing.owner_id);
}

/** Removes a listing's boost (also without the add-on: the owner may tidy up after it ended). */
export async function removeBoost(
  db: Kysely<Database>,
  user: User | null,
  id: string,
): Promise<HomepageBoosts> {
  const listing = await requireOwnListing(db, user, id, BOOST_NOT_YOURS);
  await deleteBoost(db, id);
  return boostsOf(db, listing.owner_id);
}
