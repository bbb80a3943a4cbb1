/** Money is integer cents. Display: ZAR with symbol R, en-ZA. */
export type Cents = number;

/** Rand (with up to 2 decimals) to cents, rounding half up. */
export function randToCents(rand: number): Cents {
  // 15 significant digits drop the binary noise of the product (4.015 × 100 = 401.49999999999994).
  return Math.sign(rand) * Math.round(Number((Math.abs(rand) * 100).toPrecision(15)));
}

export function centsToRand(cents: Cents): number {
  return cents / 100;
}

// Created on first use, not when the module loads (a formatter costs a browser a few ms, more on a
// slow phone): pages that import this module do not all format money before they draw.
let wholeRand: Intl.NumberFormat | undefined;
let rand2: Intl.NumberFormat | undefined;

/** Totals and prices: R with no decimals (R 1 250). Rounds half up to the rand. */
export function formatRand(cents: Cents): string {
  wholeRand ??= new Intl.NumberFormat('en-ZA', {
    style: 'currency',
    currency: 'ZAR',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  return wholeRand.format(Math.round(cents / 100));
}

/**
 * Billing amounts and documents: R with 2 decimals and a decimal point, 'R 1 234.56' (issue 11).
 * en-ZA groups with a (no-break) space but writes a decimal comma; South African invoices, banks and
 * SARS's own forms use the point, so the comma is replaced.
 */
export function formatRandCents(cents: Cents): string {
  rand2 ??= new Intl.NumberFormat('en-ZA', {
    style: 'currency',
    currency: 'ZAR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return rand2.format(cents / 100).replace(',', '.');
}
