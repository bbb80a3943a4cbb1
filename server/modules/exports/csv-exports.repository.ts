import { type Kysely, sql } from 'kysely';
import type { TransactionKind } from '../../../domain/billing.ts';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

/** Every booking of a business with what its money depends on (My Clients export: one query). */
export function listBookingsOfBusiness(db: Executor, ownerId: string) {
  return db
    .selectFrom('reservations')
    .select(['id', 'client_id', 'status', 'total_price_cents'])
    .where('owner_id', '=', ownerId)
    .execute();
}

/** The business's not-voided lines summed by booking and kind (the LineSum of domain/reports.ts). */
export async function lineSumsOfBusiness(db: Executor, ownerId: string) {
  const rows = await db
    .selectFrom('reservation_transactions')
    .select([
      'reservation_id',
      'kind',
      sql<string>`sum(total_cents)::bigint`.as('total'),
      sql<string>`coalesce(sum(payment_amount_cents), 0)::bigint`.as('payment'),
    ])
    .where('owner_id', '=', ownerId)
    .where('voided_at', 'is', null)
    .groupBy(['reservation_id', 'kind'])
    .execute();
  return rows.map((row) => ({
    reservationId: row.reservation_id,
    kind: row.kind as TransactionKind,
    totalCents: Number(row.total),
    paymentAmountCents: Number(row.payment),
  }));
}
