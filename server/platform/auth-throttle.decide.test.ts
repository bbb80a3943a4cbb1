import { describe, expect, it } from 'vitest';
import { decide } from './auth-throttle.ts';

describe('a counter read by an attempt that waited for its row lock', () => {
  // The waiting transaction's now() is older than the last attempt it then reads: a negative age.
  const pair = {
    key: 'sign-in:pair:x',
    freeAttempts: 5,
    baseSeconds: 60,
    maxSeconds: 3600,
    forgetAfterSeconds: 86_400,
  };
  const address = { key: 'sign-in:address:x', limit: 30, windowSeconds: 900 };

  it('is not refused while the attempts are within the free ones or the window limit', () => {
    expect(
      decide(pair, { key: pair.key, attempts: 1, windowAge: -0.4, idle: -0.4 }).wait,
    ).toBeLessThanOrEqual(0);
    expect(decide(address, { key: address.key, attempts: 3, windowAge: -0.4, idle: -0.4 }).wait).toBe(0);
  });

  it('is still refused once past the free attempts, for the whole pause', () => {
    expect(decide(pair, { key: pair.key, attempts: 5, windowAge: -0.4, idle: -0.4 }).wait).toBe(60);
    expect(decide(address, { key: address.key, attempts: 30, windowAge: -0.4, idle: -0.4 }).wait).toBe(900);
  });
});
