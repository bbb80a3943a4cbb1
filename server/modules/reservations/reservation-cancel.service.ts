import { canManageReservationsOf } from '../../../domain/access.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { priceUnitFor } from '../../../domain/rental-unit.ts';
import { clientCancelRefusal } from '../../../domain/reservation.ts';
import type { User } from '../../db/types.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { creditInvoiceOnCancel } from '../documents/invoice-issue.ts';
import { findReservation, lockReservation } from './reservation.repository.ts';
import { toReservationDto } from './reservation.schemas.ts';
import { RESERVATION_MESSAGES, type ReservationDeps } from './reservation.service.ts';
import { notify } from './reservation-notifications.ts';

export const CANCEL_MESSAGES = {
  mustLogIn: 'You must be logged in to cancel a reservation.',
  clientsOnly:
    'Only the client who booked can cancel a reservation here. Change its status in Reservation Management instead.',
} as const;

/**
 * A guest (a client, or anyone who booked someone else's listing) cancels their own reservation while it is pending and has not started (domain
 * clientCancelRefusal); the owner and the client are emailed, and the dates stop blocking at once.
 * The business changes statuses in the editor (PATCH), so it is refused here; anyone else who cannot
 * see the reservation is told it does not exist.
 */
export async function cancelOwnReservation(deps: ReservationDeps, user: User | null, id: string) {
  if (!user) throw unauthorized(CANCEL_MESSAGES.mustLogIn);
  await deps.db.transaction().execute(async (trx) => {
    const row = (await lockReservation(trx, id)) && (await findReservation(trx, id));
    if (!row) throw notFound(RESERVATION_MESSAGES.notFound);
    // Whoever the booking is for: a client, or an owner, staff member or admin who booked as a guest.
    const ownBooking = row.client_user_id === user.id;
    if (!ownBooking) {
      if (canManageReservationsOf(user, row.owner_id)) throw forbidden(CANCEL_MESSAGES.clientsOnly);
      throw notFound(RESERVATION_MESSAGES.notFound);
    }
    const refusal = clientCancelRefusal(row, todayInBusinessZone());
    if (refusal) throw conflict(refusal);
    await trx
      .updateTable('reservations')
      .set({ status: 'cancelled', updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      actor: user,
      ownerId: row.owner_id,
      entityType: 'reservation',
      entityId: id,
      reservationId: id,
      action: 'status_changed',
      changes: { status: { before: row.status, after: 'cancelled' } },
      summary: `Reservation ${row.reference} cancelled by the guest`,
    });
    await creditInvoiceOnCancel(trx, id, user.id);
    await notify(
      trx,
      deps,
      'withdrawn',
      { ...row, status: 'cancelled' },
      {
        propertyTitle: row.property_title ?? 'Property Details Unavailable',
        priceUnit: priceUnitFor(row.property_type ?? 'accommodation'),
        client: {
          first_name: row.client_first_name,
          last_name: row.client_last_name,
          email: row.client_email,
        },
        actorId: user.id,
      },
    );
  });
  deps.pokeMail();
  const cancelled = await findReservation(deps.db, id);
  if (!cancelled) throw notFound(RESERVATION_MESSAGES.notFound);
  return toReservationDto(cancelled);
}
