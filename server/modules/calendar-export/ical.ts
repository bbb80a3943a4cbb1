/**
 * A small RFC 5545 writer for the listing feeds (docs/decisions/052): CRLF line ends, lines folded
 * at 75 octets (never inside a UTF-8 character), TEXT values escaped. Whole-day bookings are DATE
 * values with an exclusive end; hourly ones are local times in Africa/Johannesburg with its
 * VTIMEZONE (SAST, UTC+2 all year, no daylight saving since 1944).
 */

export const FEED_TIME_ZONE = 'Africa/Johannesburg';

export interface FeedEvent {
  uid: string;
  summary: string;
  status: 'CONFIRMED' | 'TENTATIVE';
  /** YYYY-MM-DD; end exclusive. */
  startDate: string;
  endDate: string;
  /** HH:MM[:SS] on startDate for hourly events; null for whole days. */
  startTime: string | null;
  endTime: string | null;
  /** When the event last changed (DTSTAMP, LAST-MODIFIED). */
  stamp: Date;
}

export interface Feed {
  name: string;
  events: FeedEvent[];
}

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line into lines of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const bytes = Buffer.from(line, 'utf8');
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Back off to a character boundary: UTF-8 continuation bytes are 10xxxxxx.
    while (end < bytes.length && end > start && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // the leading space counts
  }
  return parts.join('\r\n ');
}

const compactDate = (date: string) => date.replaceAll('-', '');

function compactTime(time: string): string {
  const [hours = '00', minutes = '00', seconds = '00'] = time.split(':');
  return `${hours}${minutes}${seconds.slice(0, 2)}`;
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** A UTC date-time value: 20261201T080000Z. */
function utcStamp(moment: Date): string {
  return moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function eventTimes(event: FeedEvent): string[] {
  if (event.startTime === null || event.endTime === null) {
    return [
      `DTSTART;VALUE=DATE:${compactDate(event.startDate)}`,
      `DTEND;VALUE=DATE:${compactDate(event.endDate)}`,
    ];
  }
  // 24:00 (an event to midnight) is the next day's 00:00.
  const endsAtMidnight = event.endTime.startsWith('24');
  const endDate = endsAtMidnight ? nextDay(event.startDate) : event.startDate;
  const endTime = endsAtMidnight ? '000000' : compactTime(event.endTime);
  return [
    `DTSTART;TZID=${FEED_TIME_ZONE}:${compactDate(event.startDate)}T${compactTime(event.startTime)}`,
    `DTEND;TZID=${FEED_TIME_ZONE}:${compactDate(endDate)}T${endTime}`,
  ];
}

const TIME_ZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${FEED_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0200',
  'TZNAME:SAST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The whole iCalendar object as text. Deterministic: the same feed gives the same bytes (ETag). */
export function writeCalendar(feed: Feed): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rentza//Calendar export//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    `X-WR-TIMEZONE:${FEED_TIME_ZONE}`,
    ...TIME_ZONE,
  ];
  for (const event of feed.events) {
    const stamp = utcStamp(event.stamp);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
      ...eventTimes(event),
      `SUMMARY:${escapeText(event.summary)}`,
      `STATUS:${event.status}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
