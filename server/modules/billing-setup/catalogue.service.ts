import type { Kysely } from 'kysely';
import { CATALOGUE_MESSAGES } from '../../../domain/billing-catalogues.ts';
import type {
  CatalogueDeleteResult,
  ExtraChargeType,
  ExtraChargeTypeInput,
  StockItem,
  StockItemInput,
} from '../../../domain/schemas/billing.ts';
import type { Database, User } from '../../db/types.ts';
import { notFound } from '../../http/errors.ts';
import { assertManages, assertReads, businessOf, requireSignedIn } from './billing-access.ts';
import {
  archiveEntry,
  type CatalogueTable,
  deleteEntry,
  findActiveEntry,
  insertExtraChargeType,
  insertStockItem,
  isEntryUsed,
  listEntries,
  type RowOf,
  updateExtraChargeType,
  updateStockItem,
} from './catalogue.repository.ts';

/** One catalogue: its table, its wording and how its rows are written and shown. */
export interface Catalogue<T extends CatalogueTable, Input, Dto> {
  table: T;
  notFound: string;
  insert: (db: Kysely<Database>, ownerId: string, input: Input) => Promise<RowOf<T>>;
  update: (db: Kysely<Database>, id: string, input: Input) => Promise<RowOf<T>>;
  toDto: (row: RowOf<T>) => Dto;
}

const common = (row: RowOf<CatalogueTable>) => ({
  id: row.id,
  owner_id: row.owner_id,
  name: row.name,
  tax_percent: Number(row.tax_percent),
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

export const STOCK_ITEMS: Catalogue<'stock_items', StockItemInput, StockItem> = {
  table: 'stock_items',
  notFound: CATALOGUE_MESSAGES.stockNotFound,
  insert: insertStockItem,
  update: updateStockItem,
  toDto: (row) => ({ ...common(row), sku: row.sku, unit_price_cents: row.unit_price_cents, unit: row.unit }),
};

export const EXTRA_CHARGE_TYPES: Catalogue<'extra_charge_types', ExtraChargeTypeInput, ExtraChargeType> = {
  table: 'extra_charge_types',
  notFound: CATALOGUE_MESSAGES.typeNotFound,
  insert: insertExtraChargeType,
  update: updateExtraChargeType,
  toDto: (row) => ({ ...common(row), default_amount_cents: row.default_amount_cents }),
};

/** A business's entries, by name: its owner, an admin naming it, or staff who bill its reservations. */
export async function listCatalogueFor<T extends CatalogueTable, Input, Dto>(
  db: Kysely<Database>,
  user: User | null,
  catalogue: Catalogue<T, Input, Dto>,
  requestedOwnerId?: string,
): Promise<Dto[]> {
  const actor = requireSignedIn(user);
  const ownerId = await businessOf(db, actor, requestedOwnerId);
  assertReads(actor, ownerId);
  return (await listEntries(db, catalogue.table, ownerId)).map(catalogue.toDto);
}

export async function createCatalogueEntryFor<T extends CatalogueTable, Input, Dto>(
  db: Kysely<Database>,
  user: User | null,
  catalogue: Catalogue<T, Input, Dto>,
  input: Input,
  requestedOwnerId?: string,
): Promise<Dto> {
  const actor = requireSignedIn(user);
  const ownerId = await businessOf(db, actor, requestedOwnerId);
  assertManages(actor, ownerId);
  return catalogue.toDto(await catalogue.insert(db, ownerId, input));
}

async function requireManagedEntry(
  db: Kysely<Database>,
  actor: User,
  catalogue: { table: CatalogueTable; notFound: string },
  id: string,
  lock = false,
) {
  const entry = await findActiveEntry(db, catalogue.table, id, lock);
  if (!entry) throw notFound(catalogue.notFound);
  assertManages(actor, entry.owner_id);
  return entry;
}

/** Changes an entry in use; lines already billed keep what they were billed with. */
export async function updateCatalogueEntryFor<T extends CatalogueTable, Input, Dto>(
  db: Kysely<Database>,
  user: User | null,
  catalogue: Catalogue<T, Input, Dto>,
  id: string,
  input: Input,
): Promise<Dto> {
  const actor = requireSignedIn(user);
  await requireManagedEntry(db, actor, catalogue, id);
  return catalogue.toDto(await catalogue.update(db, id, input));
}

/**
 * Deletes an entry no billing line refers to; one already billed is archived instead (hidden from
 * lists and pickers, kept for its lines), so history never changes. The entry's row is locked first:
 * a line being added with it meanwhile either commits before (and the entry is archived) or waits
 * and then finds it gone.
 */
export async function deleteCatalogueEntryFor<T extends CatalogueTable, Input, Dto>(
  db: Kysely<Database>,
  user: User | null,
  catalogue: Catalogue<T, Input, Dto>,
  id: string,
): Promise<CatalogueDeleteResult> {
  const actor = requireSignedIn(user);
  return db.transaction().execute(async (trx) => {
    await requireManagedEntry(trx, actor, catalogue, id, true);
    const archived = await isEntryUsed(trx, catalogue.table, id);
    if (archived) await archiveEntry(trx, catalogue.table, id);
    else await deleteEntry(trx, catalogue.table, id);
    return { archived };
  });
}
