import type { Kysely, Selectable } from 'kysely';
import type { RateInput } from '../../../domain/schemas/billing.ts';
import type { Database, PropertyRatesTable } from '../../db/types.ts';

/** A listing's rate periods, by start date. */
export function listRatesOfProperty(db: Kysely<Database>, propertyId: string) {
  return db
    .selectFrom('property_rates')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('start_date')
    .execute();
}

export function findRate(db: Kysely<Database>, id: string) {
  return db.selectFrom('property_rates').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertRate(db: Kysely<Database>, ownerId: string, input: RateInput) {
  return db
    .insertInto('property_rates')
    .values({ ...input, owner_id: ownerId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRate(db: Kysely<Database>, id: string, input: RateInput) {
  return db
    .updateTable('property_rates')
    .set({ ...input, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRate(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('property_rates').where('id', '=', id).execute();
}

export type RateRow = Selectable<PropertyRatesTable>;
