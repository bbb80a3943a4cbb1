import { describe, expect, it } from 'vitest';
import {
  bookedWhen,
  bookingEnds,
  bookingTimes,
  endTimeChoices,
  halfHoursOfDay,
  rateOverrideLabel,
  startTimeChoices,
  withoutOwnTimes,
} from './owner-units.ts';

const rules = { bookableHours: { start: '10:00', end: '14:00' }, minimumHours: 2 };
const enabled = (choices: Array<{ value: string; disabled: boolean }>) =>
  choices.filter((c) => !c.disabled).map((c) => c.value);

describe('halfHoursOfDay', () => {
  it('lists 00:00 to 24:00 on the half hour', () => {
    const times = halfHoursOfDay();
    expect(times).toHaveLength(49);
    expect(times.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(times.at(-1)).toBe('24:00');
  });
});

describe('startTimeChoices', () => {
  it('offers each half hour from opening while the minimum still fits before closing', () => {
    expect(startTimeChoices(rules, []).map((c) => c.value)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
    expect(enabled(startTimeChoices(rules, []))).toHaveLength(5);
  });

  it('disables a taken start and a start whose minimum run crosses taken time', () => {
    const taken = [{ start: '12:30', end: '13:00' }];
    // 10:00–12:00 and 10:30–12:30 fit; 11:00–13:00 crosses 12:30; 12:00–14:00 crosses it too.
    expect(enabled(startTimeChoices(rules, taken))).toEqual(['10:00', '10:30']);
  });

  it('a whole-day booking leaves nothing', () => {
    expect(enabled(startTimeChoices(rules, [{ start: '00:00', end: '24:00' }]))).toEqual([]);
  });
});

describe('endTimeChoices', () => {
  it('runs from start + minimum to closing, on the half hour', () => {
    expect(endTimeChoices(rules, [], '10:00').map((c) => c.value)).toEqual([
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
    ]);
    expect(endTimeChoices(rules, [], null)).toEqual([]);
  });

  it('disables ends that would cross taken time (half-open ranges: ending where one starts is fine)', () => {
    const taken = [{ start: '13:00', end: '14:00' }];
    expect(enabled(endTimeChoices(rules, taken, '10:00'))).toEqual(['12:00', '12:30', '13:00']);
  });

  it('closing at 24:00 is a valid end', () => {
    const late = { bookableHours: { start: '20:00', end: '24:00' }, minimumHours: 4 };
    expect(endTimeChoices(late, [], '20:00')).toEqual([{ value: '24:00', disabled: false }]);
  });
});

describe('withoutOwnTimes', () => {
  it('leaves out one range equal to the edited booking’s own times', () => {
    const taken = [
      { start: '10:00', end: '12:00' },
      { start: '13:00', end: '14:00' },
    ];
    expect(withoutOwnTimes(taken, { start: '10:00', end: '12:00' })).toEqual([
      { start: '13:00', end: '14:00' },
    ]);
    expect(withoutOwnTimes(taken, { start: '10:00', end: '11:00' })).toEqual(taken);
    expect(withoutOwnTimes(taken, null)).toEqual(taken);
  });
});

describe('how bookings read', () => {
  const hourly = { start_date: '2026-03-12', end_date: '2026-03-13', start_time: '14:00', end_time: '18:00' };
  const nightly = { start_date: '2026-03-12', end_date: '2026-03-14', start_time: null, end_time: null };

  it('an hourly booking by its day and times, others by their dates', () => {
    expect(bookingTimes(hourly)).toBe('14:00–18:00');
    expect(bookingTimes(nightly)).toBeNull();
    expect(bookingEnds(hourly)).toEqual({ start: '12 March 2026 14:00', end: '12 March 2026 18:00' });
    expect(bookingEnds(nightly)).toEqual({ start: '12 March 2026', end: '14 March 2026' });
    expect(bookedWhen(hourly)).toBe('12 March 2026, 14:00–18:00');
    expect(bookedWhen(nightly)).toBe('12 March 2026 – 14 March 2026');
  });

  it('names the rate override by the unit', () => {
    expect(rateOverrideLabel('hour')).toBe('Rate override per hour (R)');
    expect(rateOverrideLabel('month')).toBe('Rate override per month (R)');
    expect(rateOverrideLabel('night')).toBe('Rate override per day (R)');
    expect(rateOverrideLabel('day')).toBe('Rate override per day (R)');
  });
});
