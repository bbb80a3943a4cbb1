import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

const COLUMNS = [
  'id',
  'title',
  'type',
  'price_per_day_cents',
  'cleaning_fee_cents',
  'security_deposit_cents',
  'specifications',
  'owner_id',
  'archived_at',
  'is_active',
  'status',
] as const;

/** Active and inactive properties, by title; of one owner, or of everyone when ownerId is null. */
export function listBusinessProperties(db: Kysely<Database>, ownerId: string | null) {
  let query = db.selectFrom('properties').select(COLUMNS);
  if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
  return query.orderBy('title').orderBy('id').execute();
}

/** Every owner (each one a business), by name. */
export function listOwners(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('role', '=', 'owner')
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}
