import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** An owner's accruals not yet on a statement, oldest first, with the booking's reference and listing. */
export function openAccrualsQuery(db: Kysely<Database>, ownerId: string) {
  return db
    .selectFrom('commission_accruals as a')
    .innerJoin('reservations as r', 'r.id', 'a.reservation_id')
    .leftJoin('properties as p', 'p.id', 'r.property_id')
    .select([
      'a.id',
      'a.reservation_id',
      'a.month',
      'a.kind',
      'a.occurred_at',
      'a.base_cents',
      'a.amount_cents',
      'a.rate',
      'r.reference',
      'p.title',
    ])
    .where('a.owner_id', '=', ownerId)
    .where('a.statement_id', 'is', null)
    .orderBy('a.occurred_at')
    .orderBy('a.id');
}
