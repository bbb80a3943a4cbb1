/**
 * A business's billing catalogues (spec §5): stock items (sold by the unit) and ad hoc charge types
 * (a default amount). Amounts are integer cents; tax is a percentage 0–100 with up to 2 decimals.
 */

import { MAX_AMOUNT_CENTS } from './money.ts';

/** The spec's default stock unit. */
export const DEFAULT_STOCK_UNIT = 'ea';
/** The largest amount a catalogue entry or rate may hold: R 1 000 000 (as a listing's price). */
export const MAX_BILLING_AMOUNT_CENTS = MAX_AMOUNT_CENTS;

export const CATALOGUE_MESSAGES = {
  nameRequired: 'Name is required',
  stockNotFound: 'Stock item not found',
  typeNotFound: 'Charge type not found',
  chooseBusiness: 'Please choose the business (owner_id) whose billing setup you mean',
  businessNotFound: 'Business not found',
} as const;

const hasName = (name: string | null | undefined) => !!name && name.trim().length > 0;

/** Stock save is enabled if the name is present and the unit price is at least 0. */
export function canSaveStockItem(draft: { name: string; unitPriceCents: number | null }): boolean {
  return hasName(draft.name) && draft.unitPriceCents !== null && draft.unitPriceCents >= 0;
}

/** Ad hoc charge type save is enabled if the name is present. */
export function canSaveExtraChargeType(draft: { name: string }): boolean {
  return hasName(draft.name);
}

/** At most two decimals (12.5, 15, 0.01), without the binary noise of 0.1 + 0.2. */
export function hasAtMostTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}
