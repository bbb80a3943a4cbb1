import { type Kysely, sql } from 'kysely';
import type { BusinessProfileValues } from '../../../domain/schemas/business-profile.ts';
import type { Database } from '../../db/types.ts';

export function findProfile(db: Kysely<Database>, ownerId: string) {
  return db.selectFrom('business_profiles').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
}

export type BusinessProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** The profile at an address, whatever its case (served by the unique index on lower(slug)). */
export function findProfileBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('business_profiles')
    .selectAll()
    .where(sql<boolean>`lower(slug) = lower(${slug})`)
    .executeTakeFirst();
}

export function upsertProfile(db: Kysely<Database>, ownerId: string, values: BusinessProfileValues) {
  const row = { ...values, updated_at: new Date() };
  return db
    .insertInto('business_profiles')
    .values({ owner_id: ownerId, ...row })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet(row))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets or clears the cover; undefined when the profile was never saved. */
export function setCoverKey(db: Kysely<Database>, ownerId: string, coverKey: string | null) {
  return db
    .updateTable('business_profiles')
    .set({ cover_key: coverKey, updated_at: new Date() })
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
}
