import { describe, expect, it } from 'vitest';
import { DEADLOCK_ATTEMPTS, retryOnDeadlock } from './deadlock-retry.ts';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs the transaction again after PostgreSQL aborted it to break a deadlock', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls === 1) throw deadlock;
      return 'booked';
    });
    expect(result).toBe('booked');
    expect(calls).toBe(2);
  });

  it(`gives up after ${DEADLOCK_ATTEMPTS} tries and lets the error stand`, async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw deadlock;
      }),
    ).rejects.toBe(deadlock);
    expect(calls).toBe(DEADLOCK_ATTEMPTS);
  });

  it('does not repeat a transaction that failed for any other reason (a taken period is a 409 at once)', async () => {
    let calls = 0;
    const taken = Object.assign(new Error('conflicting key value violates exclusion constraint'), {
      code: '23P01',
    });
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw taken;
      }),
    ).rejects.toBe(taken);
    expect(calls).toBe(1);
  });
});
