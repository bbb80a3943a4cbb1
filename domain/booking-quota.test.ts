import { describe, expect, it } from 'vitest';
import {
  BOOKING_QUOTA_MESSAGES,
  isRestore,
  MAX_OPEN_REQUESTS_PER_LISTING,
  takesMonthlyPlace,
} from './booking-quota.ts';
import type { ReservationStatus } from './reservation.ts';

describe('which status changes take a place in the month (and are checked against the limit)', () => {
  it.each([
    // A client's request, waiting (not counted): accepting it takes a place.
    ['pending', false, 'confirmed', true],
    ['pending', false, 'completed', true],
    ['pending', false, 'cancelled', false],
    ['pending', false, 'pending', false],
    // The business's own booking, or an accepted request: it already holds its place.
    ['pending', true, 'confirmed', false],
    ['confirmed', true, 'completed', false],
    ['confirmed', true, 'pending', false],
    ['confirmed', true, 'cancelled', false],
    // Restoring a cancelled booking is checked like a new one, whatever it was before.
    ['cancelled', true, 'pending', true],
    ['cancelled', false, 'pending', true],
    ['cancelled', true, 'confirmed', true],
    ['cancelled', false, 'completed', true],
    ['cancelled', true, 'cancelled', false],
  ] as const)('%s (counted: %s) → %s: %s', (status, counted, to, takes) => {
    expect(takesMonthlyPlace({ status, counted }, to)).toBe(takes);
  });

  it('restoring is a cancelled booking set to any other status', () => {
    const statuses: ReservationStatus[] = ['pending', 'confirmed', 'completed', 'cancelled'];
    expect(statuses.filter((to) => isRestore('cancelled', to))).toEqual([
      'pending',
      'confirmed',
      'completed',
    ]);
    expect(statuses.some((from) => from !== 'cancelled' && isRestore(from, 'pending'))).toBe(false);
  });

  it('a client may have 3 requests waiting per listing, and is told so', () => {
    expect(MAX_OPEN_REQUESTS_PER_LISTING).toBe(3);
    expect(BOOKING_QUOTA_MESSAGES.tooManyRequests).toBe(
      "You already have 3 booking requests waiting for the owner's answer on this property. Please wait for an answer, or cancel one, before making another.",
    );
  });
});
