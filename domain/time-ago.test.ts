import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

const now = new Date('2026-11-26T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 min ago'],
    [59 * 60_000, '59 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [30 * 3_600_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
    [8 * 86_400_000, '18 November 2026'],
  ])('%i ms before reads "%s"', (ms, text) => {
    expect(timeAgo(before(ms), now)).toBe(text);
  });

  it('a moment a little ahead (a clock skew) reads as just now', () => {
    expect(timeAgo(new Date(now.getTime() + 5_000), now)).toBe('just now');
  });

  it('an old moment is its Johannesburg day', () => {
    expect(timeAgo('2026-10-01T23:30:00Z', now)).toBe('2 October 2026');
  });
});
