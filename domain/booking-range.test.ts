import { describe, expect, it } from 'vitest';
import {
  calendarDayState,
  canPickDay,
  crossesTakenNight,
  isBookableStay,
  isCompleteStay,
  type NightAvailability,
  NO_STAY,
  nextRangeAfterClick,
  rangeWithEnd,
  rangeWithStart,
  type StayRange,
} from './booking-range.ts';
import { addDays } from './dates.ts';

/** December 2026: bookable from the 10th to the 31st, someone holds the nights of the 17th and 18th. */
const blocked = [{ start: '2026-12-17', end: '2026-12-19' }];
const dates: string[] = [];
for (let day = '2026-12-10'; day <= '2026-12-31'; day = addDays(day, 1)) {
  if (day < '2026-12-17' || day >= '2026-12-19') dates.push(day);
}
const december: NightAvailability = { dates, blocked };

const clicks = (...days: string[]) =>
  days.reduce<StayRange>((range, day) => nextRangeAfterClick(range, day, december), NO_STAY);

describe('picking a stay on the calendar', () => {
  it('sets only the check-in on the first click and the check-out on the second', () => {
    expect(clicks('2026-12-13')).toEqual({ start: '2026-12-13', end: null });
    expect(clicks('2026-12-13', '2026-12-16')).toEqual({ start: '2026-12-13', end: '2026-12-16' });
  });

  it('restarts from a click before the check-in, or on it', () => {
    expect(clicks('2026-12-14', '2026-12-12')).toEqual({ start: '2026-12-12', end: null });
    expect(clicks('2026-12-14', '2026-12-14')).toEqual({ start: '2026-12-14', end: null });
    expect(clicks('2026-12-14', '2026-12-12', '2026-12-15')).toEqual({
      start: '2026-12-12',
      end: '2026-12-15',
    });
  });

  it('starts a new stay after a whole one', () => {
    expect(clicks('2026-12-11', '2026-12-13', '2026-12-20')).toEqual({ start: '2026-12-20', end: null });
  });

  it('never crosses a taken night: a check-out past one restarts from that day', () => {
    expect(clicks('2026-12-15', '2026-12-21')).toEqual({ start: '2026-12-21', end: null });
    expect(isBookableStay('2026-12-15', '2026-12-21', december)).toBe(false);
  });

  it('refuses a taken night as a check-in', () => {
    expect(clicks('2026-12-17')).toEqual(NO_STAY);
    expect(clicks('2026-12-12', '2026-12-14', '2026-12-18')).toEqual({
      start: '2026-12-12',
      end: '2026-12-14',
    });
    expect(canPickDay(NO_STAY, '2026-12-17', december)).toBe(false);
  });

  it('allows back-to-back stays: check out on the first day of a taken stay, check in on its last', () => {
    expect(clicks('2026-12-14', '2026-12-17')).toEqual({ start: '2026-12-14', end: '2026-12-17' });
    expect(canPickDay({ start: '2026-12-14', end: null }, '2026-12-17', december)).toBe(true);
    expect(clicks('2026-12-19', '2026-12-21')).toEqual({ start: '2026-12-19', end: '2026-12-21' });
    expect(crossesTakenNight('2026-12-14', '2026-12-17', blocked)).toBe(false);
    expect(crossesTakenNight('2026-12-14', '2026-12-18', blocked)).toBe(true);
  });

  it('keeps to the bookable window: nights outside it cannot be picked', () => {
    expect(clicks('2026-12-09')).toEqual(NO_STAY);
    expect(clicks('2026-12-30', '2027-01-01')).toEqual({ start: '2026-12-30', end: '2027-01-01' });
    expect(clicks('2026-12-30', '2027-01-02')).toEqual({ start: '2026-12-30', end: null });
  });
});

describe('the Start and End fields', () => {
  it('keep the check-out while the stay is still bookable and drop it otherwise', () => {
    const stay = { start: '2026-12-12', end: '2026-12-15' };
    expect(rangeWithStart(stay, '2026-12-13', december)).toEqual({ start: '2026-12-13', end: '2026-12-15' });
    expect(rangeWithStart(stay, '2026-12-15', december)).toEqual({ start: '2026-12-15', end: null });
    expect(rangeWithStart(stay, null, december)).toEqual(NO_STAY);
  });

  it('refuse a check-out that would cross a taken night', () => {
    const start = { start: '2026-12-15', end: null };
    expect(rangeWithEnd(start, '2026-12-17', december)).toEqual({ start: '2026-12-15', end: '2026-12-17' });
    expect(rangeWithEnd(start, '2026-12-20', december)).toEqual(start);
    expect(rangeWithEnd({ start: '2026-12-15', end: '2026-12-16' }, null, december)).toEqual(start);
  });
});

describe('what the calendar shows', () => {
  it('marks the stay selected, taken nights booked and free nights available', () => {
    const stay = { start: '2026-12-12', end: '2026-12-15' };
    expect(calendarDayState(stay, '2026-12-12', december)).toBe('selected');
    expect(calendarDayState(stay, '2026-12-14', december)).toBe('selected');
    expect(calendarDayState(stay, '2026-12-15', december)).toBe('selected');
    expect(calendarDayState(stay, '2026-12-17', december)).toBe('booked');
    expect(calendarDayState(stay, '2026-12-20', december)).toBe('available');
    expect(calendarDayState(stay, '2026-12-05', december)).toBe('unavailable');
  });

  it('counts only a whole bookable stay as complete', () => {
    expect(isCompleteStay(NO_STAY, december)).toBe(false);
    expect(isCompleteStay({ start: '2026-12-12', end: null }, december)).toBe(false);
    expect(isCompleteStay({ start: '2026-12-12', end: '2026-12-15' }, december)).toBe(true);
    expect(isCompleteStay({ start: '2026-12-16', end: '2026-12-20' }, december)).toBe(false);
  });
});
