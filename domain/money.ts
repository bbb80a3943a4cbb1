/** Money is integer cents. Display: ZAR with symbol R, en-ZA. */
export type Cents = number;

/**
 * The most any one amount typed in may be (a nightly price, a fee, a deposit, a rate, a unit price,
 * a payment): R 1 000 000.00, far above any rental's price per unit, and small enough that PostgreSQL's
 * integer columns (at most 2 147 483 647 cents) hold 21 of them (docs/decisions/025).
 */
export const MAX_AMOUNT_CENTS: Cents = 100_000_000;

/**
 * The most one charge line, and one reservation's charges or payments added up, may come to:
 * R 20 000 000.00, inside PostgreSQL's integer with room to spare.
 */
export const MAX_TOTAL_CENTS: Cents = 2_000_000_000;

/** 'R 1 000 000.00' with plain spaces, for messages (formatRandCents uses the locale's no-break space). */
export function plainRandCents(cents: Cents): string {
  const rand = Math.trunc(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}R ${rand}.${fraction}`;
}

/** "Price must be at most R 1 000 000.00". */
export const amountTooHigh = (label: string, maxCents: Cents = MAX_AMOUNT_CENTS) =>
  `${label} must be at most ${plainRandCents(maxCents)}`;

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
