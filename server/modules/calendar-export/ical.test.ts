import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, writeCalendar } from './ical.ts';

/** The feed writer's RFC 5545 details (docs/decisions/052), read back by Mozilla's ical.js. */
describe('the iCal writer', () => {
  it('escapes TEXT values so a parser gives them back', () => {
    const summary = 'Reserved – a, b; c\\d\nline two';
    expect(escapeText(summary)).toBe('Reserved – a\\, b\\; c\\\\d\\nline two');
    const body = writeCalendar({
      name: 'Loft',
      events: [
        {
          uid: 'reservation-1@rentza',
          summary,
          status: 'CONFIRMED',
          startDate: '2026-12-01',
          endDate: '2026-12-04',
          startTime: null,
          endTime: null,
          stamp: new Date('2026-11-20T10:00:00Z'),
        },
      ],
    });
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent') as ICAL.Component,
    );
    expect(event.summary).toBe(summary);
    expect(body).toContain('DTSTAMP:20261120T100000Z\r\n');
    expect(body).toContain('DTEND;VALUE=DATE:20261204\r\n');
  });

  it('folds at 75 octets without splitting a character, and unfolds to the same line', () => {
    const line = `SUMMARY:${'Ä'.repeat(60)}–${'x'.repeat(50)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('ends an hourly event at midnight on the next day', () => {
    const body = writeCalendar({
      name: 'Hall',
      events: [
        {
          uid: 'reservation-2@rentza',
          summary: 'Reserved',
          status: 'TENTATIVE',
          startDate: '2026-12-31',
          endDate: '2027-01-01',
          startTime: '20:00:00',
          endTime: '24:00:00',
          stamp: new Date('2026-11-20T10:00:00Z'),
        },
      ],
    });
    expect(body).toContain('DTSTART;TZID=Africa/Johannesburg:20261231T200000\r\n');
    expect(body).toContain('DTEND;TZID=Africa/Johannesburg:20270101T000000\r\n');
  });
});
