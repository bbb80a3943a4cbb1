import type { Transaction } from 'kysely';
import { commissionCents, commissionChange, commissionMonth } from '../../../domain/commission.ts';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import type { Database } from '../../db/types.ts';

/**
 * A booking's commission follows its status (docs/decisions/032): reaching completed on the commission
 * model accrues rate × its total (reservations.total_price_cents, VAT included) in the Africa/Johannesburg
 * month it completed; leaving completed credits that charge in the month it happened. Called in the
 * transaction that changes the status, with the reservation row locked, so each change accrues once;
 * the (reservation_id, sequence) key refuses a second copy whatever happens.
 */
export async function accrueCommissionOnStatusChange(
  trx: Transaction<Database>,
  change: {
    reservationId: string;
    ownerId: string;
    from: ReservationStatus;
    to: ReservationStatus;
    totalCents: number;
    now?: Date;
  },
): Promise<void> {
  if (change.from === change.to || (change.to !== 'completed' && change.from !== 'completed')) return;
  const now = change.now ?? new Date();
  const [last, subscription] = await Promise.all([
    trx
      .selectFrom('commission_accruals')
      .select(['kind', 'sequence', 'amount_cents', 'base_cents', 'rate'])
      .where('reservation_id', '=', change.reservationId)
      .orderBy('sequence', 'desc')
      .executeTakeFirst(),
    trx
      .selectFrom('subscriptions')
      .select(['payment_method', 'commission_rate'])
      .where('owner_id', '=', change.ownerId)
      .executeTakeFirst(),
  ]);
  const kind = commissionChange({
    from: change.from,
    to: change.to,
    last: last?.kind ?? null,
    onCommission: subscription?.payment_method === 'commission',
  });
  if (!kind) return;
  const sequence = (last?.sequence ?? 0) + 1;
  const common = {
    owner_id: change.ownerId,
    reservation_id: change.reservationId,
    sequence,
    kind,
    month: commissionMonth(now),
    occurred_at: now,
  };
  if (kind === 'charge') {
    const rate = Number(subscription?.commission_rate ?? 0);
    await trx
      .insertInto('commission_accruals')
      .values({
        ...common,
        base_cents: change.totalCents,
        rate,
        amount_cents: commissionCents(change.totalCents, rate),
      })
      .execute();
    return;
  }
  // A credit undoes the charge exactly (its base and rate), whatever the booking's total is now.
  const charge = last as NonNullable<typeof last>;
  await trx
    .insertInto('commission_accruals')
    .values({
      ...common,
      base_cents: charge.base_cents,
      rate: charge.rate,
      amount_cents: -charge.amount_cents,
    })
    .execute();
}
