import type { Kysely } from 'kysely';
import { canManageReservationsOf } from '../../../domain/access.ts';
import { isCharge, type LedgerLine, ledgerSummary, unbilledTotalOf } from '../../../domain/billing.ts';
import {
  type CancellationQuote,
  cancellationFeeDescription,
  cancellationPolicyOf,
  cancellationQuote,
} from '../../../domain/client-cancellation.ts';
import { type IsoDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { priceUnitFor } from '../../../domain/rental-unit.ts';
import type { CancellationPreview } from '../../../domain/schemas/online-payments.ts';
import type { Database, User } from '../../db/types.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { listActiveLinesOf } from '../billing-lines/billing-line.repository.ts';
import { chargeCancellationFee } from '../billing-lines/billing-line.service.ts';
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

type Db = Kysely<Database>;
type Row = NonNullable<Awaited<ReturnType<typeof findReservation>>>;

/** The reservation, if it is the user's own booking; the business is refused, anyone else told it does not exist. */
function ownBookingOf(user: User, row: Row | undefined): Row {
  if (!row) throw notFound(RESERVATION_MESSAGES.notFound);
  // Whoever the booking is for: a client, or an owner, staff member or admin who booked as a guest.
  if (row.client_user_id !== user.id) {
    if (canManageReservationsOf(user, row.owner_id)) throw forbidden(CANCEL_MESSAGES.clientsOnly);
    throw notFound(RESERVATION_MESSAGES.notFound);
  }
  return row;
}

/**
 * What cancelling costs today: the policy the booking was confirmed with (payment_terms), else the
 * owner's, else the default; the total is what the booking's charges come to now (its price fixed at
 * booking while unbilled); paid is payments net of refunds.
 */
async function quoteOf(db: Db, row: Row, today: IsoDate): Promise<CancellationQuote> {
  const ownerPolicy = await db
    .selectFrom('cancellation_policies')
    .select(['free_until_days_before', 'fee_percent'])
    .where('owner_id', '=', row.owner_id)
    .executeTakeFirst();
  const policy = cancellationPolicyOf(
    row.payment_terms,
    ownerPolicy
      ? {
          freeUntilDaysBefore: ownerPolicy.free_until_days_before,
          feePercent: Number(ownerPolicy.fee_percent),
        }
      : null,
  );
  const lines: LedgerLine[] = (await listActiveLinesOf(db, row.id)).map((line) => ({
    kind: line.kind,
    totalCents: line.total_cents,
    paymentAmountCents: line.payment_amount_cents,
  }));
  const ledger = ledgerSummary(
    lines,
    unbilledTotalOf({ status: row.status, totalPriceCents: row.total_price_cents }),
  );
  const billed = lines.some((line) => isCharge(line.kind));
  return cancellationQuote(
    {
      status: row.status,
      start_date: row.start_date,
      totalCents: billed ? ledger.chargesCents : row.total_price_cents,
      paidCents: ledger.paymentsCents,
      depositHeldCents: ledger.depositHeldCents,
    },
    policy,
    today,
  );
}

const toPreview = (quote: CancellationQuote): CancellationPreview => quote;

/** GET /api/my/reservations/:id/cancellation: what cancelling now costs, for the booking's client only. */
export async function cancellationPreview(
  deps: Pick<ReservationDeps, 'db'>,
  user: User | null,
  id: string,
): Promise<CancellationPreview> {
  if (!user) throw unauthorized(CANCEL_MESSAGES.mustLogIn);
  const row = ownBookingOf(user, await findReservation(deps.db, id));
  return toPreview(await quoteOf(deps.db, row, todayInBusinessZone()));
}

/**
 * A guest (a client, or anyone who booked someone else's listing) cancels their own reservation
 * before it starts (domain clientCancelRefusal): a pending request free, a confirmed booking under its
 * cancellation policy (docs/decisions/063). In one transaction with the reservation locked, it is
 * cancelled, its charges become the fee (or nothing), the issued invoice is credited, and the owner
 * and the client are emailed the fee and the refund due. The business changes statuses in the editor
 * (PATCH), so it is refused here; anyone else who cannot see the reservation is told it does not exist.
 */
export async function cancelOwnReservation(deps: ReservationDeps, user: User | null, id: string) {
  if (!user) throw unauthorized(CANCEL_MESSAGES.mustLogIn);
  await deps.db.transaction().execute(async (trx) => {
    const row = ownBookingOf(user, (await lockReservation(trx, id)) && (await findReservation(trx, id)));
    const today = todayInBusinessZone();
    const quote = await quoteOf(trx, row, today);
    if (quote.refusal) throw conflict(quote.refusal);
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
    if (row.status === 'confirmed')
      await chargeCancellationFee(trx, user, row, {
        description: cancellationFeeDescription(quote, today),
        feeCents: quote.feeCents,
      });
    await creditInvoiceOnCancel(trx, id, user.id, { invoiceFee: quote.feeCents > 0 });
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
        cancellation:
          row.status === 'confirmed'
            ? { feeCents: quote.feeCents, paidCents: quote.paidCents, refundDueCents: quote.refundDueCents }
            : undefined,
      },
    );
  });
  deps.pokeMail();
  const cancelled = await findReservation(deps.db, id);
  if (!cancelled) throw notFound(RESERVATION_MESSAGES.notFound);
  return toReservationDto(cancelled);
}
