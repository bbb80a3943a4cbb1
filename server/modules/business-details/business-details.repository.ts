import type { Kysely } from 'kysely';
import type { BusinessDetailsValues } from '../../../domain/schemas/business-details.ts';
import type { Database } from '../../db/types.ts';

export function findBusinessDetails(db: Kysely<Database>, ownerId: string) {
  return db.selectFrom('business_details').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
}

export type BusinessDetailsRow = NonNullable<Awaited<ReturnType<typeof findBusinessDetails>>>;

/** The owner an id names, if it is one (admins name the business they look at). */
export function findOwner(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone'])
    .where('id', '=', id)
    .where('role', '=', 'owner')
    .executeTakeFirst();
}

export function upsertBusinessDetails(db: Kysely<Database>, ownerId: string, values: BusinessDetailsValues) {
  const row = { ...values, updated_at: new Date() };
  return db
    .insertInto('business_details')
    .values({ owner_id: ownerId, ...row })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet(row))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets or clears the logo; undefined when the business has no details saved yet. */
export function setLogoKey(db: Kysely<Database>, ownerId: string, logoKey: string | null) {
  return db
    .updateTable('business_details')
    .set({ logo_key: logoKey, updated_at: new Date() })
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}
