import type { Kysely } from 'kysely';
import {
  businessIdOf,
  canCreateClientsOf,
  canListClientsOf,
  clientBusinessOf,
} from '../../../domain/access.ts';
import { NO_CREATE_PERMISSION } from '../../../domain/calendar/day-reservations.ts';
import { CLIENT_RECORD_MESSAGES, CLIENT_RULE_MESSAGES } from '../../../domain/clients.ts';
import { priceUnitFor } from '../../../domain/rental-unit.ts';
import type { ClientUpdate } from '../../../domain/schemas/clients.ts';
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
  listClientPageOfOwner,
  lockClientByEmail,
  markClientRemoved,
  restoreClient,
  setClientActive,
  updateClient,
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

/** The business whose clients the user may list: theirs, or owner_id's for an admin; 403 otherwise. */
function listableBusiness(user: User | null, requestedOwnerId?: string): string {
  const { actor, ownerId } = businessFor(user, requestedOwnerId);
  if (!ownerId || !canListClientsOf(actor, ownerId)) throw forbidden(NO_CREATE_PERMISSION);
  return ownerId;
}

/**
 * One page of a business's clients by name, and how many match: My Clients and the booking pickers
 * (owners, admins, their staff with the reservations or tenants permission).
 */
export async function listClientPageFor(
  db: Kysely<Database>,
  user: User | null,
  query: { owner_id?: string; q?: string; page: number; pageSize: number },
) {
  const ownerId = listableBusiness(user, query.owner_id);
  const { rows, total } = await listClientPageOfOwner(db, ownerId, query.q, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { rows, total };
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

/**
 * A listed client of a business whose clients the actor manages: its owner, an admin, or its staff
 * with the tenants permission. Another business's client is not shown to exist (404); the business's
 * own staff without the permission, and clients, are refused with the spec's message (403).
 */
export async function managedClient(db: Kysely<Database>, user: User | null, id: string) {
  if (!user) throw unauthorized(CLIENT_MESSAGES.mustLogIn);
  if (user.role === 'client') throw forbidden(CLIENT_MESSAGES.onlyOwners);
  const client = await findClient(db, id);
  if (!client || client.removed_at) throw notFound(CLIENT_RULE_MESSAGES.notFound);
  if (user.role !== 'admin' && businessIdOf(user) !== client.owner_id)
    throw notFound(CLIENT_RULE_MESSAGES.notFound);
  if (!canCreateClientsOf(user, client.owner_id)) throw forbidden(CLIENT_MESSAGES.onlyOwners);
  return { actor: user, client };
}

/**
 * Activate or Deactivate (spec §4: an inactive client cannot be booked for), and Edit (issue 21):
 * whatever is sent changes, in one transaction. A registered client's email is the one they sign in
 * with, so only they change it; another client of the business with the new email is refused.
 */
export async function updateClientFor(
  db: Kysely<Database>,
  user: User | null,
  id: string,
  update: ClientUpdate,
) {
  const { client } = await managedClient(db, user, id);
  const { is_active, ...details } = update;
  const newEmail = details.email && details.email !== client.email.toLowerCase() ? details.email : undefined;
  if (newEmail && client.user_id) throw conflict(CLIENT_RECORD_MESSAGES.registeredEmail);
  if (!newEmail) delete details.email;
  return db
    .transaction()
    .execute(async (trx) => {
      if (newEmail) {
        // Removed clients keep their email (they come back with it), so they hold it too.
        const holder = await lockClientByEmail(trx, client.owner_id, newEmail);
        if (holder && holder.id !== id) throw conflict(CLIENT_RULE_MESSAGES.duplicate);
      }
      let updated = client;
      if (Object.keys(details).length > 0) updated = await updateClient(trx, id, details);
      if (is_active !== undefined) updated = await setClientActive(trx, id, is_active);
      return updated;
    })
    .catch((error: unknown) => {
      // The same email saved meanwhile by another request: the business's unique (owner, email).
      if ((error as { code?: string }).code === '23505') throw conflict(CLIENT_RULE_MESSAGES.duplicate);
      throw error;
    });
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
