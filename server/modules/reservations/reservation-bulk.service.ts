import { canManageReservationsOf } from '../../../domain/access.ts';
import { DocumentSendSchema } from '../../../domain/schemas/documents.ts';
import type { ReservationBulk, ReservationBulkResult } from '../../../domain/schemas/reservation-list.ts';
import type { User } from '../../db/types.ts';
import { AppError, forbidden, unauthorized } from '../../http/errors.ts';
import { sendDocument } from '../documents/document-send.ts';
import type { DocumentDeps } from '../documents/documents.service.ts';
import { updateReservation } from './reservation-edit.ts';

/** Why one booking's action was refused, as the one-at-a-time endpoint would say it; null: not a refusal. */
function refusalOf(error: unknown): string | null {
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  return null;
}

/**
 * Confirms, cancels or emails a quote for each selected booking, one at a time through the same
 * service as the single action (its access checks, plan limit, availability and emails), so each
 * booking is done or refused on its own (docs/decisions/046).
 */
export async function runBulkAction(
  deps: DocumentDeps,
  user: User | null,
  input: ReservationBulk,
): Promise<ReservationBulkResult> {
  if (!user) throw unauthorized('You must be logged in to manage reservations');
  const business = user.role === 'owner' ? user.id : user.parent_owner_id;
  if (user.role !== 'admin' && !(business && canManageReservationsOf(user, business)))
    throw forbidden('You do not have permission to manage reservations');
  const results: ReservationBulkResult['results'] = [];
  for (const id of input.ids) {
    try {
      if (input.action === 'send_quote')
        await sendDocument(deps, user, id, DocumentSendSchema.parse({ kind: 'quote' }));
      else
        await updateReservation(deps, user, id, {
          status: input.action === 'confirm' ? 'confirmed' : 'cancelled',
        });
      results.push({ id, outcome: 'done', message: null });
    } catch (error) {
      const reason = refusalOf(error);
      if (reason === null) throw error;
      results.push({ id, outcome: 'refused', message: reason });
    }
  }
  return { results };
}
