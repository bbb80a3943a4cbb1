import { type Kysely, sql } from 'kysely';
import type { TransactionKind } from '../../../domain/billing.ts';
import type { Database } from '../../db/types.ts';

/**
 * Not-voided billing lines summed by booking and kind: the LineSum rows `ledgerSummary` reads
 * (domain/reports.ts, docs/decisions/039). One query shape for every screen that shows a balance —
 * the reservation list and its CSV, a client's page, My Clients' CSV and the Today desk — so their
 * figures cannot drift apart. Callers narrow it with their own `where`.
 */
export function lineSumsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('reservation_transactions')
    .select([
      'reservation_id',
      'kind',
      sql<string>`sum(total_cents)::bigint`.as('total'),
      sql<string>`coalesce(sum(payment_amount_cents), 0)::bigint`.as('payment'),
    ])
    .where('voided_at', 'is', null)
    .groupBy(['reservation_id', 'kind']);
}

export interface LineSum {
  reservationId: string;
  kind: TransactionKind;
  totalCents: number;
  paymentAmountCents: number;
}

export function toLineSums(
  rows: readonly { reservation_id: string; kind: string; total: string; payment: string }[],
): LineSum[] {
  return rows.map((row) => ({
    reservationId: row.reservation_id,
    kind: row.kind as TransactionKind,
    totalCents: Number(row.total),
    paymentAmountCents: Number(row.payment),
  }));
}
