import type { Kysely } from 'kysely';
import { canManageReservationsOf } from '../../../domain/access.ts';
import { MESSAGES } from '../../../domain/errors.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { findReservation, type ReservationRow } from '../reservations/reservation.repository.ts';
import { RESERVATION_MESSAGES } from '../reservations/reservation.service.ts';

/**
 * Who may do what with a reservation's documents:
 * - issue, send and see the business's view: its owner, an admin, and its staff with the
 *   reservations permission (refused like editing the reservation: 403);
 * - download: those, and whoever the reservation is for (its client record is linked to their
 *   account: a client, or an owner, staff member or admin who booked as a guest);
 * - anyone else is told the reservation does not exist (404), as when reading it.
 */
export async function reservationForDocuments(
  db: Kysely<Database>,
  user: User | null,
  reservationId: string,
  need: 'manage' | 'read',
): Promise<ReservationRow> {
  if (!user) throw unauthorized();
  const row = await findReservation(db, reservationId);
  if (!row) throw notFound(RESERVATION_MESSAGES.notFound);
  if (canManageReservationsOf(user, row.owner_id)) return row;
  if (row.client_user_id === user.id) {
    if (need === 'read') return row;
    throw forbidden(MESSAGES.forbidden);
  }
  if (need === 'read' || user.role === 'client') throw notFound(RESERVATION_MESSAGES.notFound);
  throw forbidden(user.role === 'owner' ? RESERVATION_MESSAGES.notYours : RESERVATION_MESSAGES.noPermission);
}

/** A stored document: its business, or whoever its reservation is for (its guest). */
export function mayReadDocument(user: User, document: { owner_id: string; client_user_id: string | null }) {
  return canManageReservationsOf(user, document.owner_id) || document.client_user_id === user.id;
}
