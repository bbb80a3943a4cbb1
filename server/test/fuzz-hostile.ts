import fc from 'fast-check';
import type { Caller } from './fuzz-requests.ts';

/**
 * The fuzz test's hostile changes (see fuzz.routes.test.ts) and the fast-check arbitraries that pick
 * them and the caller; fuzz-requests.ts applies them to a plausible request.
 */

export type Hostile =
  | { kind: 'baseline' }
  | { kind: 'value'; target: number; choice: number }
  | { kind: 'number'; target: number; value: number }
  | { kind: 'text'; target: number; value: string }
  | { kind: 'every-number'; value: number }
  | { kind: 'bad-encoding'; target: number; encoded: string }
  | { kind: 'extra-fields'; fields: Record<string, unknown> }
  | { kind: 'deep-json'; depth: number; opener: '[' | '{"a":' }
  | { kind: 'body-type'; body: unknown };

const NUL = 'a\u0000b';
const HOSTILE_NUMBERS = [2 ** 31, 2 ** 31 - 1, 1e12, 2 ** 53, -(2 ** 31) - 1, -1, 1e308, -1e308, 0.5, 0];
const HOSTILE_STRINGS = [
  NUL,
  '\u0000',
  '',
  'x'.repeat(10_000),
  '9999-12-31',
  '0001-01-01',
  '2147483648',
  '1e308',
  '-1',
  '\uD800',
];
const WRONG_TYPES: unknown[] = [true, null, [], {}, [NUL], { nested: NUL }, 12_345, 'text'];

/** A hostile value of the target's own type more often than of a wrong type. */
export function hostileValueFor(sample: unknown, choice: number): unknown {
  const typed: unknown[] = typeof sample === 'number' ? HOSTILE_NUMBERS : HOSTILE_STRINGS;
  const candidates = [...typed, ...typed, ...WRONG_TYPES];
  return candidates[choice % candidates.length];
}
const BAD_ENCODINGS = ['%ZZ', '%', 'a%00b', '%C3%28', '%E0%80', '%FF%FE', '%u0041', 'ok%2'];

export const hostileArbitrary: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Hostile>({ kind: 'baseline' }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('value' as const),
      target: fc.noBias(fc.nat({ max: 40 })),
      choice: fc.noBias(fc.nat({ max: 1000 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('number' as const),
      target: fc.noBias(fc.nat({ max: 40 })),
      value: fc.noBias(fc.constantFrom(...HOSTILE_NUMBERS)),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      target: fc.noBias(fc.nat({ max: 40 })),
      value: fc.noBias(fc.constantFrom(...HOSTILE_STRINGS)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('every-number' as const),
      value: fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, 1e308, 1e12, -1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bad-encoding' as const),
      target: fc.noBias(fc.nat({ max: 40 })),
      encoded: fc.constantFrom(...BAD_ENCODINGS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra-fields' as const),
      fields: fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'id', 'owner_id', 'role', 'extra', 'status'),
        fc.constantFrom<unknown>(...HOSTILE_NUMBERS, ...HOSTILE_STRINGS, ...WRONG_TYPES),
        { maxKeys: 3 },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deep-json' as const),
      depth: fc.constantFrom(33, 1_000, 100_000),
      opener: fc.constantFrom('[' as const, '{"a":' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('body-type' as const),
      body: fc.constantFrom<unknown>('text', 42, [], null, [NUL], 'x'.repeat(100_000)),
    }),
  },
);

/** The owner most often: most operations are an owner's, and only a signed-in owner reaches their depths. */
export const callerArbitrary: fc.Arbitrary<Caller> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Caller>('owner') },
  { weight: 1, arbitrary: fc.constantFrom<Caller>('anonymous', 'client', 'admin') },
);
