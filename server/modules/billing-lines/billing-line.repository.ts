import type { Insertable, Kysely, Selectable } from 'kysely';
import { CHARGE_KINDS } from '../../../domain/billing.ts';
import type { Database, ReservationTransactionsTable } from '../../db/types.ts';

type Executor = Kysely<Database>;
export type BillingLineRow = Selectable<ReservationTransactionsTable>;

/** A reservation's lines that count (voided ones are kept for the audit trail, not listed). */
export function listActiveLinesOf(db: Executor, reservationId: string): Promise<BillingLineRow[]> {
  return db
    .selectFrom('reservation_transactions')
    .selectAll()
    .where('reservation_id', '=', reservationId)
    .where('voided_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertLines(db: Executor, lines: Insertable<ReservationTransactionsTable>[]) {
  return db.insertInto('reservation_transactions').values(lines).returningAll().execute();
}

/** Voids a line: it stays, with who voided it and when, so history and issued documents never change. */
export async function voidLine(db: Executor, id: string, userId: string): Promise<void> {
  const now = new Date();
  await db
    .updateTable('reservation_transactions')
    .set({ voided_at: now, voided_by: userId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setReservationTotal(db: Executor, reservationId: string, totalCents: number) {
  await db
    .updateTable('reservations')
    .set({ total_price_cents: totalCents, updated_at: new Date() })
    .where('id', '=', reservationId)
    .execute();
}

/** A catalogue entry the business still offers (archived ones cannot be billed any more). */
export function findActiveStockItem(db: Executor, id: string) {
  return db
    .selectFrom('stock_items')
    .selectAll()
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .forShare()
    .executeTakeFirst();
}

export function findActiveChargeType(db: Executor, id: string) {
  return db
    .selectFrom('extra_charge_types')
    .selectAll()
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .forShare()
    .executeTakeFirst();
}

/** Whether the reservation is billed line by line: it has a charge that is not voided. */
export async function hasActiveCharges(db: Executor, reservationId: string): Promise<boolean> {
  const line = await db
    .selectFrom('reservation_transactions')
    .select('id')
    .where('reservation_id', '=', reservationId)
    .where('voided_at', 'is', null)
    .where('kind', 'in', CHARGE_KINDS)
    .limit(1)
    .executeTakeFirst();
  return line !== undefined;
}
