import { describe, expect, it } from 'vitest';
import {
  allowanceLeft,
  canCancelShoot,
  canCompleteShoot,
  canScheduleShoot,
  canUploadShootPhotos,
  monthlyAllowanceUsedMessage,
  monthStartOf,
  nextMonthStartOf,
  PHOTOGRAPHY_MESSAGES,
  preferredDatesProblem,
  SHOOT_TIME_PATTERN,
} from './photography.ts';

describe('the monthly allowance (one shoot per Johannesburg calendar month)', () => {
  it('names the month a date falls in and the next month’s first day, across the year end', () => {
    expect(monthStartOf('2026-11-26')).toBe('2026-11-01');
    expect(nextMonthStartOf('2026-11-26')).toBe('2026-12-01');
    expect(nextMonthStartOf('2026-12-31')).toBe('2027-01-01');
    expect(nextMonthStartOf('2027-01-31')).toBe('2027-02-01');
    expect(nextMonthStartOf('2028-02-29')).toBe('2028-03-01');
  });

  it('allows the first request of a month; a cancelled one gives the shoot back; any other uses it', () => {
    expect(allowanceLeft([])).toBe(true);
    expect(allowanceLeft(['cancelled', 'cancelled'])).toBe(true);
    expect(allowanceLeft(['requested'])).toBe(false);
    expect(allowanceLeft(['cancelled', 'scheduled'])).toBe(false);
    expect(allowanceLeft(['completed'])).toBe(false);
  });

  it('tells the owner when the next shoot can be booked', () => {
    expect(monthlyAllowanceUsedMessage('2026-11-26')).toBe(
      'Your photography add-on includes one shoot per month. Your next shoot can be booked from 1 December.',
    );
    expect(monthlyAllowanceUsedMessage('2026-12-01')).toMatch(/booked from 1 January\.$/);
  });
});

describe('preferred dates', () => {
  const today = '2026-11-26';

  it('takes one to three distinct real dates from today on', () => {
    expect(preferredDatesProblem(['2026-11-26'], today)).toBeNull();
    expect(preferredDatesProblem(['2026-12-01', '2026-11-28', '2027-05-25'], today)).toBeNull();
  });

  it('refuses none, more than three, repeats, impossible dates, the past and the far future', () => {
    expect(preferredDatesProblem([], today)).toBe(PHOTOGRAPHY_MESSAGES.datesRequired);
    expect(preferredDatesProblem(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'], today)).toBe(
      PHOTOGRAPHY_MESSAGES.tooManyDates,
    );
    expect(preferredDatesProblem(['2026-12-01', '2026-12-01'], today)).toBe(
      PHOTOGRAPHY_MESSAGES.duplicateDates,
    );
    expect(preferredDatesProblem(['2026-02-30'], today)).toBe(PHOTOGRAPHY_MESSAGES.invalidDate);
    expect(preferredDatesProblem(['2026-11-25'], today)).toBe(PHOTOGRAPHY_MESSAGES.dateInPast);
    expect(preferredDatesProblem(['2027-05-26'], today)).toBe(PHOTOGRAPHY_MESSAGES.dateTooFar);
  });
});

describe('the shoot’s states', () => {
  it('requested → scheduled (may move) → completed; cancelled only while requested', () => {
    expect([canCancelShoot('requested'), canCancelShoot('scheduled'), canCancelShoot('completed')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(
      ['requested', 'scheduled', 'completed', 'cancelled'].map((s) => canScheduleShoot(s as never)),
    ).toEqual([true, true, false, false]);
    expect([canUploadShootPhotos('requested'), canUploadShootPhotos('scheduled')]).toEqual([false, true]);
    expect([canCompleteShoot('scheduled'), canCompleteShoot('completed')]).toEqual([true, false]);
  });

  it('takes working-day times only', () => {
    expect(['07:00', '09:30', '18:59'].every((time) => SHOOT_TIME_PATTERN.test(time))).toBe(true);
    expect(['06:59', '19:00', '9:30', '24:00'].some((time) => SHOOT_TIME_PATTERN.test(time))).toBe(false);
  });
});
