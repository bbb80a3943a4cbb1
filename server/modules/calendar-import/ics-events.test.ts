import { describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { eventsOfFeed, FeedParseError, mergeEvents } from './ics-events.ts';
import { airbnbSample, googleSample, MALFORMED_SAMPLE } from './ics-fixtures.ts';

const today = todayInBusinessZone();
const d = (n: number) => addDays(today, n);

describe('eventsOfFeed', () => {
  it('an Airbnb-shaped feed: all-day events keep their dates, end exclusive', () => {
    const events = eventsOfFeed(
      airbnbSample([
        [5, 8],
        [12, 13, 'Airbnb (Not available)'],
      ]),
      today,
    );
    expect(events.map((e) => [e.start_date, e.end_date, e.summary])).toEqual([
      [d(5), d(8), 'Reserved'],
      [d(12), d(13), 'Airbnb (Not available)'],
    ]);
    expect(events[0]?.uid).toBe('airbnb-0-5@airbnb.com');
  });

  it('a Google-shaped feed: timed events cover the Johannesburg days they touch, recurrences expand, cancelled and past ones are left out', () => {
    const events = eventsOfFeed(googleSample(), today);
    expect(events.map((e) => [e.uid, e.start_date, e.end_date])).toEqual([
      ['timed-jhb@google.com', d(20), d(21)],
      // 23:00 UTC day 24 → 01:00 day 25 Johannesburg; 23:30 UTC day 25 → 01:30 day 26.
      ['timed-utc@google.com', d(25), d(27)],
      ['weekly@google.com', d(30), d(31)],
      ['weekly@google.com', d(37), d(38)],
      ['weekly@google.com', d(44), d(45)],
    ]);
  });

  it('an event in progress starts today; one beyond two years is cut at the horizon', () => {
    const events = eventsOfFeed(
      airbnbSample([
        [-2, 3],
        [700, 800],
      ]),
      today,
    );
    expect(events.map((e) => [e.start_date, e.end_date])).toEqual([
      [today, d(3)],
      [d(700), d(730)],
    ]);
  });

  it('an endless daily series stops at the horizon', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      `DTSTART;VALUE=DATE:${d(1).replaceAll('-', '')}`,
      'RRULE:FREQ=DAILY',
      'UID:daily',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const events = eventsOfFeed(text, today);
    expect(events).toHaveLength(729);
    expect(events.at(-1)?.end_date).toBe(d(730));
  });

  it('a malformed feed is refused with a reason', () => {
    expect(() => eventsOfFeed(MALFORMED_SAMPLE, today)).toThrow(FeedParseError);
    expect(() => eventsOfFeed('BEGIN:VCALENDAR\r\nnonsense', today)).toThrow(FeedParseError);
  });
});

describe('mergeEvents', () => {
  it('joins overlapping events of one feed, keeps touching ones apart', () => {
    const merged = mergeEvents(
      eventsOfFeed(
        airbnbSample([
          [5, 8],
          [7, 10],
          [10, 12],
          [20, 21],
        ]),
        today,
      ),
    );
    expect(merged.map((m) => [m.start_date, m.end_date, m.events.length])).toEqual([
      [d(5), d(10), 2],
      [d(10), d(12), 1],
      [d(20), d(21), 1],
    ]);
  });
});
