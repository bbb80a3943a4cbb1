import type { Kysely } from 'kysely';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import type { Database } from '../types.ts';

/** The demo businesses' catalogues: Thandi charges VAT (15 %), Pieter is not VAT-registered. */
const CATALOGUES = {
  owner: {
    taxPercent: 15,
    stock: [
      { name: 'Extra linen', sku: 'LIN-01', unit_price_cents: 15_000, unit: 'set' },
      { name: 'Gas bottle', sku: 'GAS-09', unit_price_cents: 35_000, unit: 'ea' },
    ],
    types: [
      { name: 'Late checkout', default_amount_cents: 30_000 },
      { name: 'Damage', default_amount_cents: 0 },
    ],
  },
  secondOwner: {
    taxPercent: 0,
    stock: [{ name: 'Extra linen', sku: null, unit_price_cents: 12_000, unit: 'set' }],
    types: [{ name: 'Late checkout', default_amount_cents: 25_000 }],
  },
} as const;

/** The December ahead: from 1 December to 1 January (end exclusive). */
export function nextDecember(today = todayInBusinessZone()): { startDate: string; endDate: string } {
  const year = Number(today.slice(0, 4));
  return { startDate: `${year}-12-01`, endDate: `${year + 1}-01-01` };
}

/**
 * Rate periods, stock items and ad hoc charge types for the demo owners: a December peak rate (the
 * listing's price + 40 %, to the rand) on each of the first owner's accommodation listings.
 */
export async function seedDemoBilling(
  db: Kysely<Database>,
  ids: { owner: string; secondOwner: string },
): Promise<void> {
  for (const key of ['owner', 'secondOwner'] as const) {
    const ownerId = ids[key];
    const catalogue = CATALOGUES[key];
    await db
      .insertInto('stock_items')
      .values(
        catalogue.stock.map((item) => ({ ...item, owner_id: ownerId, tax_percent: catalogue.taxPercent })),
      )
      .execute();
    await db
      .insertInto('extra_charge_types')
      .values(
        catalogue.types.map((type) => ({ ...type, owner_id: ownerId, tax_percent: catalogue.taxPercent })),
      )
      .execute();
  }
  const december = nextDecember();
  const accommodation = await db
    .selectFrom('properties')
    .select(['id', 'price_per_day_cents'])
    .where('owner_id', '=', ids.owner)
    .where('type', '=', 'accommodation')
    .execute();
  if (accommodation.length === 0) return;
  await db
    .insertInto('property_rates')
    .values(
      accommodation.map((listing) => ({
        property_id: listing.id,
        owner_id: ids.owner,
        start_date: december.startDate,
        end_date: december.endDate,
        rate_cents: Math.round((listing.price_per_day_cents * 1.4) / 100) * 100,
      })),
    )
    .execute();
}
