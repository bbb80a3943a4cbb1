import { describe, expect, it } from 'vitest';
import {
  isReservationReference,
  newReservationReference,
  RESERVATION_REFERENCE_ALPHABET,
} from './reservation-reference.ts';

const fixed =
  (...bytes: number[]) =>
  () =>
    Uint8Array.from(bytes);

describe('reservation references', () => {
  it('the alphabet has 32 distinct characters and none of 0, O, 1, I', () => {
    expect(new Set(RESERVATION_REFERENCE_ALPHABET).size).toBe(32);
    expect(RESERVATION_REFERENCE_ALPHABET).not.toMatch(/[0O1I]/);
  });

  it.each([
    ['the first character each time', [0, 0, 0, 0, 0, 0], 'RZ-222222'],
    ['the last character each time', [31, 31, 31, 31, 31, 31], 'RZ-ZZZZZZ'],
    ['a byte wraps around the alphabet', [32, 33, 255, 8, 9, 40], 'RZ-23ZABA'],
    ['letters after the skipped I and O', [16, 20, 21, 22, 23, 24], 'RZ-JNPQRS'],
  ])('%s: %j → %s', (_label, bytes, reference) => {
    expect(newReservationReference(fixed(...bytes))).toBe(reference);
  });

  it('random references are well formed and, over many, practically unique', () => {
    const references = Array.from({ length: 5000 }, () => newReservationReference());
    expect(references.every(isReservationReference)).toBe(true);
    expect(new Set(references).size).toBeGreaterThan(4990);
  });

  it.each([
    ['RZ-7K3M9Q', true],
    ['RZ-222222', true],
    ['rz-7k3m9q', false],
    ['RZ-7K3M9', false],
    ['RZ-7K3M9QQ', false],
    ['RZ-7K3M0Q', false],
    ['RZ-7K3MOQ', false],
    ['RZ-7K3M1Q', false],
    ['RZ-7K3MIQ', false],
    ['XX-7K3M9Q', false],
    ['a1b2c3d4-0000-4000-8000-000000000001', false],
  ])('isReservationReference(%s) is %s', (value, valid) => {
    expect(isReservationReference(value)).toBe(valid);
  });
});
