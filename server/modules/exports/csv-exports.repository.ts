import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { lineSumsQuery, toLineSums } from '../billing-lines/line-sums.ts';

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
  return toLineSums(await lineSumsQuery(db).where('owner_id', '=', ownerId).execute());
}
