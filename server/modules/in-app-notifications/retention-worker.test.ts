import { describe, expect, it } from 'vitest';
import {
  FIRST_PASS_LOOKBACK_SECONDS,
  LOOKBACK_MARGIN_SECONDS,
  passLookbackSeconds,
} from './retention-worker.ts';

describe('how far back a retention pass looks (docs/decisions/084)', () => {
  it('the first pass after start looks back a day', () => {
    expect(FIRST_PASS_LOOKBACK_SECONDS).toBe(86_400);
    expect(passLookbackSeconds(null, 5_000)).toBe(86_400);
  });

  it('a later pass looks back to the start of the one before, and a minute more, in whole seconds', () => {
    expect(LOOKBACK_MARGIN_SECONDS).toBe(60);
    expect(passLookbackSeconds(10_000, 70_000)).toBe(120);
    expect(passLookbackSeconds(10_000, 70_400)).toBe(121);
    // A pass delayed by a slow one before it still covers the whole gap.
    expect(passLookbackSeconds(10_000, 310_000)).toBe(360);
  });
});
