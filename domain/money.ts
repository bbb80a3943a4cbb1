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

const wholeRand = new Intl.NumberFormat('en-ZA', {
  style: 'currency',
  currency: 'ZAR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const rand2 = new Intl.NumberFormat('en-ZA', {
  style: 'currency',
  currency: 'ZAR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Totals and prices: R with no decimals (R 1 250). Rounds half up to the rand. */
export function formatRand(cents: Cents): string {
  return wholeRand.format(Math.round(cents / 100));
}

/** Billing amounts: R with 2 decimals. */
export function formatRandCents(cents: Cents): string {
  return rand2.format(cents / 100);
}
