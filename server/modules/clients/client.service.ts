import type { Kysely } from 'kysely';
import { canCreateClientsOf, canListClientsOf, clientBusinessOf } from '../../../domain/access.ts';
import { NO_CREATE_PERMISSION } from '../../../domain/calendar/day-reservations.ts';
import { CLIENT_RULE_MESSAGES } from '../../../domain/clients.ts';
import { priceUnitFor } from '../../../domain/rental-unit.ts';
import type { ClientCreate } from '../../../domain/schemas/reservation.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { creditInvoiceOnCancel } from '../documents/invoice-issue.ts';
import { findReservation } from '../reservations/reservation.repository.ts';
import type { ReservationDeps } from '../reservations/reservation.service.ts';
import { notify } from '../reservations/reservation-notifications.ts';
import {
  findClient,
  findOrCreateClient,
  listClientsOfOwner,
  lockClientByEmail,
  markClientRemoved,
  restoreClient,
  setClientActive,
} from './client.repository.ts';

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

/**
 * The clients of a business, for booking on their behalf or managing them (owners, admins, their
 * staff with the reservations or tenants permission).
 */
export function listClientsFor(
  db: Kysely<Database>,
  user: User | null,
  requestedOwnerId?: string,
  search?: string,
) {
  const { actor, ownerId } = businessFor(user, requestedOwnerId);
  if (!ownerId || !canListClientsOf(actor, ownerId)) throw forbidden(NO_CREATE_PERMISSION);
  return listClientsOfOwner(db, ownerId, search);
}

/**
 * Adds a client to a business: its owner or an admin (spec §6); staff pick from the existing ones.
 * An email already among the business's clients is refused; a removed client with that email is
 * brought back with the names just typed.
 */
export async function createClientFor(
  db: Kysely<Database>,
  user: User | null,
  input: ClientCreate,
  requestedOwnerId?: string,
) {
  const { actor, ownerId } = businessFor(user, requestedOwnerId);
  if (!ownerId || !canCreateClientsOf(actor, ownerId)) throw forbidden(CLIENT_MESSAGES.onlyOwners);
  return db.transaction().execute(async (trx) => {
    const existing = await lockClientByEmail(trx, ownerId, input.email);
    if (existing && !existing.removed_at) throw conflict(CLIENT_RULE_MESSAGES.duplicate);
    if (existing) return { client: await restoreClient(trx, existing.id, input), created: true };
    const made = await findOrCreateClient(trx, ownerId, input);
    // Added meanwhile by another request: the same refusal as above.
    if (!made.created) throw conflict(CLIENT_RULE_MESSAGES.duplicate);
    return made;
  });
}

/** A listed client of a business whose clients the actor manages (its owner, or an admin). */
async function managedClient(db: Kysely<Database>, user: User | null, id: string) {
  if (!user) throw unauthorized(CLIENT_MESSAGES.mustLogIn);
  const client = await findClient(db, id);
  if (!client || client.removed_at) throw notFound(CLIENT_RULE_MESSAGES.notFound);
  if (!canCreateClientsOf(user, client.owner_id)) throw forbidden(CLIENT_MESSAGES.onlyOwners);
  return { actor: user, client };
}

/** Activate or Deactivate (spec §4): an inactive client cannot be booked for. */
export async function setClientActiveFor(
  db: Kysely<Database>,
  user: User | null,
  id: string,
  isActive: boolean,
) {
  await managedClient(db, user, id);
  return setClientActive(db, id, isActive);
}

/**
 * Remove (spec §4, booking-core §4): unlinks the client from the business and cancels that client's
 * pending reservations with it, in one transaction; an issued invoice of each is credited, as
 * cancelling does, and the client and the owner are told of each cancellation. Confirmed and
 * completed bookings stay as they are, naming the client.
 */
export async function removeClientFor(deps: ReservationDeps, user: User | null, id: string) {
  const { client } = await managedClient(deps.db, user, id);
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    await markClientRemoved(trx, id);
    const pending = await trx
      .updateTable('reservations')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('client_id', '=', id)
      .where('owner_id', '=', client.owner_id)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    for (const { id: reservationId } of pending) {
      // As cancelling does: an issued invoice of the booking is reversed by a credit note.
      await creditInvoiceOnCancel(trx, reservationId, user?.id ?? null);
      const row = await findReservation(trx, reservationId);
      if (!row) continue;
      await notify(trx, deps, 'cancelled', row, {
        propertyTitle: row.property_title ?? 'Property Details Unavailable',
        priceUnit: priceUnitFor(row.property_type ?? 'accommodation'),
        client: { first_name: client.first_name, last_name: client.last_name, email: client.email },
        actorId: user?.id ?? null,
      });
    }
    return pending.length;
  });
  if (cancelled > 0) deps.pokeMail();
  return { cancelled_reservations: cancelled };
}
