import { describe, expect, it } from 'vitest';
import { canSaveExtraChargeType, canSaveStockItem, hasAtMostTwoDecimals } from './billing-catalogues.ts';

describe('canSaveStockItem', () => {
  it.each([
    ['a name and a price', 'Firewood bundle', 4_500, true],
    ['a name and a price of 0', 'Welcome pack', 0, true],
    ['no name', '', 4_500, false],
    ['only spaces for a name', '   ', 4_500, false],
    ['a negative price', 'Firewood bundle', -1, false],
    ['no price', 'Firewood bundle', null, false],
  ] as const)('%s → %s', (_case, name, unitPriceCents, expected) => {
    expect(canSaveStockItem({ name, unitPriceCents })).toBe(expected);
  });
});

describe('canSaveExtraChargeType', () => {
  it.each([
    ['a name', 'Late checkout', true],
    ['no name', '', false],
    ['only spaces', '  ', false],
  ] as const)('%s → %s', (_case, name, expected) => {
    expect(canSaveExtraChargeType({ name })).toBe(expected);
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([
    [15, true],
    [12.5, true],
    [0.01, true],
    [0.1 + 0.2, true],
    [14.99, true],
    [12.345, false],
    [0.001, false],
  ])('%s → %s', (value, expected) => {
    expect(hasAtMostTwoDecimals(value)).toBe(expected);
  });
});
