import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescePokes } from './outbox-thread.ts';

describe('pokes to the outbox thread', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first at once and those that follow within the time as one, at its end', () => {
    const send = vi.fn();
    const pokes = coalescePokes(send, 20);
    pokes.poke();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5);
    pokes.poke();
    pokes.poke();
    vi.advanceTimersByTime(10);
    pokes.poke();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5);
    expect(send).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(100);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends at once again after a quiet moment', () => {
    const send = vi.fn();
    const pokes = coalescePokes(send, 20);
    pokes.poke();
    vi.advanceTimersByTime(25);
    pokes.poke();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends nothing more once cancelled (the thread is stopping)', () => {
    const send = vi.fn();
    const pokes = coalescePokes(send, 20);
    pokes.poke();
    pokes.poke();
    pokes.cancel();
    vi.advanceTimersByTime(100);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
