import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToRand, formatRand, formatRandCents, randToCents } from './money.ts';

/** Intl puts (narrow) no-break spaces in en-ZA numbers; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('randToCents (half up, away from zero)', () => {
  it.each([
    [0, 0],
    [1, 100],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.115, 112],
    [2.675, 268],
    [8.345, 835],
    [1234.565, 123457],
    [-1.005, -101],
    [-19.99, -1999],
  ])('R %d → %i cents', (rand, cents) => {
    expect(randToCents(rand)).toBe(cents);
  });

  it('round-trips every whole-cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (cents) => {
        expect(randToCents(centsToRand(cents))).toBe(cents);
      }),
    );
  });
});

describe('centsToRand', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [1999, 19.99],
    [29900, 299],
  ])('%i cents → R %d', (cents, rand) => {
    expect(centsToRand(cents)).toBe(rand);
  });
});

describe('formatRand (totals: R, en-ZA, no decimals)', () => {
  it.each([
    [0, 'R 0'],
    [100, 'R 1'],
    [29900, 'R 299'],
    [125000, 'R 1 250'],
    [125049, 'R 1 250'],
    [125050, 'R 1 251'],
    [123456789, 'R 1 234 568'],
  ])('%i cents → %s', (cents, text) => {
    expect(plain(formatRand(cents))).toBe(text);
  });
});

describe('formatRandCents (billing amounts: R with 2 decimals)', () => {
  it.each([
    [0, 'R 0.00'],
    [5, 'R 0.05'],
    [29900, 'R 299.00'],
    [125050, 'R 1 250.50'],
    [123456, 'R 1 234.56'],
    [-123456, '-R 1 234.56'],
    [123456789, 'R 1 234 567.89'],
  ])('%i cents → %s', (cents, text) => {
    expect(plain(formatRandCents(cents))).toBe(text);
  });
});
