import { type Entitlements, hasAddOn } from './entitlements.ts';

/**
 * Homepage boost (issue 20 item 1, docs/decisions/035): a business with the add-on in use picks up to
 * HOMEPAGE_BOOST_LIMIT of its listings; those lead the home page's featured grid and rank first in
 * search results within the same filters, with a "Featured" badge. The add-on is R 99 a month for the
 * business, so it boosts a few listings, not the whole catalogue: three keep the featured grid (12
 * cards) shared between businesses and still let an owner feature one listing of each kind they rent.
 */
export const HOMEPAGE_BOOST_LIMIT = 3;

export const BOOST_MESSAGES = {
  noAddOn: 'Boosting listings needs the Homepage boost add-on. Add it on the Subscription page.',
  limitReached: `You can boost up to ${HOMEPAGE_BOOST_LIMIT} listings. Remove a boost to boost this one.`,
  notListed: 'Only a listing that is active, available and not archived can be boosted.',
} as const;

/** The listing as the boost rule reads it: only a listing search shows can be featured. */
export interface BoostCandidate {
  is_active: boolean;
  status: string;
  archived_at: Date | string | null;
}

export const isListed = (listing: BoostCandidate): boolean =>
  listing.is_active && listing.status === 'available' && !listing.archived_at;

/**
 * Why boosting this listing is refused, or null when it may be boosted. `boostedCount` counts the
 * business's listings boosted now (under the add-on in use); boosting one already boosted is allowed
 * (nothing changes), so it does not count against the limit.
 */
export function boostRefusal(
  entitlements: Pick<Entitlements, 'addOns'>,
  listing: BoostCandidate,
  boostedCount: number,
  alreadyBoosted: boolean,
): string | null {
  if (!hasAddOn(entitlements, 'homepage_boost')) return BOOST_MESSAGES.noAddOn;
  if (alreadyBoosted) return null;
  if (!isListed(listing)) return BOOST_MESSAGES.notListed;
  if (boostedCount >= HOMEPAGE_BOOST_LIMIT) return BOOST_MESSAGES.limitReached;
  return null;
}

/** "2 of 3 boosted" on Property Management. */
export const boostCountLabel = (boostedCount: number, limit: number = HOMEPAGE_BOOST_LIMIT): string =>
  `${boostedCount} of ${limit} boosted`;
