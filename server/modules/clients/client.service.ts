import type { Kysely } from 'kysely';
import { canCreateClientsOf, canManageReservationsOf, clientBusinessOf } from '../../../domain/access.ts';
import { NO_CREATE_PERMISSION } from '../../../domain/calendar/day-reservations.ts';
import type { ClientCreate } from '../../../domain/schemas/reservation.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, forbidden, unauthorized } from '../../http/errors.ts';
import { findOrCreateClient, listClientsOfOwner } from './client.repository.ts';

export const CLIENT_MESSAGES = {
  mustLogIn: 'Please log in to manage clients',
  onlyOwners: 'Only owners can manage clients',
  chooseBusiness: 'Please choose the business (owner_id) whose clients you mean',
} as const;

/** The business a clients request is about: an admin must name one; everyone else works for their own. */
function businessFor(user: User | null, requestedOwnerId: string | undefined) {
  if (!user) throw unauthorized(CLIENT_MESSAGES.mustLogIn);
  if (user.role === 'admin' && !requestedOwnerId) throw badRequest(CLIENT_MESSAGES.chooseBusiness);
  return { actor: user, ownerId: clientBusinessOf(user, requestedOwnerId) };
}

/** The clients of a business, for booking on their behalf (spec §6: owners, their staff, admins). */
export function listClientsFor(db: Kysely<Database>, user: User | null, requestedOwnerId?: string) {
  const { actor, ownerId } = businessFor(user, requestedOwnerId);
  if (!ownerId || !canManageReservationsOf(actor, ownerId)) throw forbidden(NO_CREATE_PERMISSION);
  return listClientsOfOwner(db, ownerId);
}

/** Adds a client to a business: its owner or an admin (spec §6); staff pick from the existing ones. */
export async function createClientFor(
  db: Kysely<Database>,
  user: User | null,
  input: ClientCreate,
  requestedOwnerId?: string,
) {
  const { actor, ownerId } = businessFor(user, requestedOwnerId);
  if (!ownerId || !canCreateClientsOf(actor, ownerId)) throw forbidden(CLIENT_MESSAGES.onlyOwners);
  return findOrCreateClient(db, ownerId, input);
}
