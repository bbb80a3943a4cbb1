import type { Kysely } from 'kysely';
import { canManageBillingSetupOf, canReadBillingSetupOf, clientBusinessOf } from '../../../domain/access.ts';
import { CATALOGUE_MESSAGES } from '../../../domain/billing-catalogues.ts';
import { MESSAGES } from '../../../domain/errors.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';

/** The billing setup screens' word for a signed-out caller (spec §8). */
export const NOT_SIGNED_IN = 'Not signed in';

export function requireSignedIn(user: User | null): User {
  if (!user) throw unauthorized(NOT_SIGNED_IN);
  return user;
}

/** Refused unless the actor may change the business's billing setup (its owner or an admin). */
export function assertManages(actor: User, ownerId: string): void {
  if (!canManageBillingSetupOf(actor, ownerId)) throw forbidden(MESSAGES.forbidden);
}

/** Refused unless the actor may read it (also staff with the reservations permission, to bill with it). */
export function assertReads(actor: User, ownerId: string): void {
  if (!canReadBillingSetupOf(actor, ownerId)) throw forbidden(MESSAGES.forbidden);
}

/**
 * The business a catalogue request is about: an admin names an owner (they belong to no business);
 * owners and staff work for their own and may not name another.
 */
export async function businessOf(
  db: Kysely<Database>,
  actor: User,
  requestedOwnerId: string | undefined,
): Promise<string> {
  if (actor.role === 'admin' && !requestedOwnerId) throw badRequest(CATALOGUE_MESSAGES.chooseBusiness);
  const ownerId = clientBusinessOf(actor, requestedOwnerId);
  if (!ownerId) throw forbidden(MESSAGES.forbidden);
  if (actor.role === 'admin') {
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', ownerId)
      .where('role', '=', 'owner')
      .executeTakeFirst();
    if (!owner) throw notFound(CATALOGUE_MESSAGES.businessNotFound);
  }
  return ownerId;
}
