import { type Kysely, type Selectable, sql } from 'kysely';
import type { ExtraChargeTypeInput, StockItemInput } from '../../../domain/schemas/billing.ts';
import type { Database, ExtraChargeTypesTable, StockItemsTable } from '../../db/types.ts';

/** The two catalogues of a business: stock items and ad hoc charge types. */
export type CatalogueTable = 'stock_items' | 'extra_charge_types';
export type StockItemRow = Selectable<StockItemsTable>;
export type ExtraChargeTypeRow = Selectable<ExtraChargeTypesTable>;

/** The billing-line column that refers to an entry of each catalogue. */
const USED_BY: Record<CatalogueTable, 'stock_item_id' | 'extra_charge_type_id'> = {
  stock_items: 'stock_item_id',
  extra_charge_types: 'extra_charge_type_id',
};

/** A business's entries in use (archived ones are hidden), by name whatever the case. */
export function listEntries<T extends CatalogueTable>(db: Kysely<Database>, table: T, ownerId: string) {
  return db
    .selectFrom(table as CatalogueTable)
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('archived_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .orderBy('name')
    .orderBy('id')
    .execute() as Promise<Array<RowOf<T>>>;
}

export type RowOf<T extends CatalogueTable> = T extends 'stock_items' ? StockItemRow : ExtraChargeTypeRow;

/** An entry that is not archived, locked until the transaction ends when asked (deleting it). */
export function findActiveEntry(db: Kysely<Database>, table: CatalogueTable, id: string, lock = false) {
  const query = db
    .selectFrom(table)
    .select(['id', 'owner_id'])
    .where('id', '=', id)
    .where('archived_at', 'is', null);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function insertStockItem(db: Kysely<Database>, ownerId: string, input: StockItemInput) {
  return db
    .insertInto('stock_items')
    .values({ ...input, owner_id: ownerId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateStockItem(db: Kysely<Database>, id: string, input: StockItemInput) {
  return db
    .updateTable('stock_items')
    .set({ ...input, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertExtraChargeType(db: Kysely<Database>, ownerId: string, input: ExtraChargeTypeInput) {
  return db
    .insertInto('extra_charge_types')
    .values({ ...input, owner_id: ownerId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateExtraChargeType(db: Kysely<Database>, id: string, input: ExtraChargeTypeInput) {
  return db
    .updateTable('extra_charge_types')
    .set({ ...input, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether any billing line (voided ones too) refers to the entry. */
export async function isEntryUsed(db: Kysely<Database>, table: CatalogueTable, id: string): Promise<boolean> {
  const line = await db
    .selectFrom('reservation_transactions')
    .select('id')
    .where(USED_BY[table], '=', id)
    .limit(1)
    .executeTakeFirst();
  return line !== undefined;
}

export async function archiveEntry(db: Kysely<Database>, table: CatalogueTable, id: string): Promise<void> {
  const now = new Date();
  await db.updateTable(table).set({ archived_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteEntry(db: Kysely<Database>, table: CatalogueTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
