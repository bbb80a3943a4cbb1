import ICAL from 'ical.js';
import { addDays, BUSINESS_TIME_ZONE, businessDateOf, type IsoDate } from '../../../domain/dates.ts';

/**
 * A calendar feed's events as whole Johannesburg days (issue 22, docs/decisions/053), parsed with
 * ical.js (Mozilla's RFC 5545 parser; it never fetches anything itself). All-day events keep their
 * dates (DTEND exclusive); a timed event covers every Johannesburg day it touches; cancelled events
 * are left out; recurring events are expanded up to the horizon, with a cap on the work per event and
 * per feed; what has ended is dropped and what began earlier starts today.
 */

export interface FeedEvent {
  uid: string | null;
  summary: string | null;
  start_date: IsoDate;
  end_date: IsoDate;
}

export const HORIZON_DAYS = 730;
/** Occurrences looked at per recurring event, and events kept per feed: a feed cannot make us spin. */
export const MAX_OCCURRENCES_PER_EVENT = 5000;
export const MAX_EVENTS_PER_FEED = 5000;

export class FeedParseError extends Error {}

type Time = InstanceType<typeof ICAL.Time>;

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (time: Time): IsoDate => `${time.year}-${pad(time.month)}-${pad(time.day)}`;

function isTimeZoneName(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds of a wall-clock time in an IANA zone (two passes settle the offset). */
function wallClockInZone(time: Time, zone: string): number {
  const asUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const offsetAt = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
    return (
      Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms
    );
  };
  let ms = asUtc - offsetAt(asUtc);
  ms = asUtc - offsetAt(ms);
  return ms;
}

/** The instant of a timed value: UTC, a zone defined in the feed, an IANA TZID, or Johannesburg (floating). */
function instantOf(time: Time, tzid: string | null): number {
  const zone = time.zone as { tzid?: string; component?: unknown } | undefined;
  if (zone?.tzid === 'UTC' || zone?.component) return time.toUnixTime() * 1000;
  return wallClockInZone(time, tzid && isTimeZoneName(tzid) ? tzid : BUSINESS_TIME_ZONE);
}

function daysOf(start: Time, end: Time | null, tzid: string | null): { start: IsoDate; end: IsoDate } {
  if (start.isDate) {
    const first = dateOf(start);
    const last = end?.isDate ? dateOf(end) : first;
    return { start: first, end: last > first ? last : addDays(first, 1) };
  }
  const from = instantOf(start, tzid);
  const to = end ? instantOf(end, tzid) : from;
  const first = businessDateOf(new Date(from));
  const last = to > from ? addDays(businessDateOf(new Date(to - 1)), 1) : addDays(first, 1);
  return { start: first, end: last };
}

function parseCalendar(text: string) {
  try {
    const component = new ICAL.Component(ICAL.parse(text));
    if (component.name !== 'vcalendar') throw new Error('not a VCALENDAR');
    return component;
  } catch (error) {
    throw new FeedParseError(`it is not a valid iCal file (${(error as Error).message.slice(0, 120)}).`);
  }
}

/** The feed's events from today up to the horizon, as whole days (not yet merged). */
export function eventsOfFeed(text: string, today: IsoDate): FeedEvent[] {
  const calendar = parseCalendar(text);
  const horizon = addDays(today, HORIZON_DAYS);
  const vevents = calendar.getAllSubcomponents('vevent');
  // Exceptions (RECURRENCE-ID) belong to their series; they are expanded with it.
  const exceptionsByUid = new Map<string, ICAL.Component[]>();
  for (const vevent of vevents) {
    const uid = vevent.getFirstPropertyValue('uid');
    if (vevent.hasProperty('recurrence-id') && typeof uid === 'string')
      exceptionsByUid.set(uid, [...(exceptionsByUid.get(uid) ?? []), vevent]);
  }
  const events: FeedEvent[] = [];
  const keep = (uid: string | null, summary: string | null, days: { start: IsoDate; end: IsoDate }) => {
    if (days.end <= today || days.start >= horizon) return;
    if (events.length >= MAX_EVENTS_PER_FEED)
      throw new FeedParseError(`it has more than ${MAX_EVENTS_PER_FEED} events in the next two years.`);
    events.push({
      uid,
      summary,
      start_date: days.start < today ? today : days.start,
      end_date: days.end > horizon ? horizon : days.end,
    });
  };
  for (const vevent of vevents) {
    try {
      if (vevent.hasProperty('recurrence-id') || !vevent.hasProperty('dtstart')) continue;
      const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
      if (status === 'CANCELLED') continue;
      const event = new ICAL.Event(vevent);
      const uid = event.uid || null;
      const summary = event.summary ? String(event.summary).slice(0, 200) : null;
      const tzidValue = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
      const tzid = typeof tzidValue === 'string' ? tzidValue : null;
      if (!event.isRecurring()) {
        keep(uid, summary, daysOf(event.startDate, event.endDate, tzid));
        continue;
      }
      for (const exception of (uid && exceptionsByUid.get(uid)) || []) event.relateException(exception);
      const iterator = event.iterator();
      for (let n = 0; n < MAX_OCCURRENCES_PER_EVENT; n++) {
        const next = iterator.next();
        if (!next) break;
        const details = event.getOccurrenceDetails(next);
        const cancelled =
          String(details.item.component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
        const days = daysOf(details.startDate, details.endDate, tzid);
        if (days.start >= horizon) break;
        if (!cancelled) keep(uid, summary, days);
      }
    } catch (error) {
      if (error instanceof FeedParseError) throw error;
      throw new FeedParseError(`an event could not be read (${(error as Error).message.slice(0, 120)}).`);
    }
  }
  return events;
}

export interface MergedRange {
  start_date: IsoDate;
  end_date: IsoDate;
  /** The events it was made of (their UIDs and titles). */
  events: FeedEvent[];
}

/** Events of one feed that overlap are joined into one range (blocks of a listing may not overlap). */
export function mergeEvents(events: readonly FeedEvent[]): MergedRange[] {
  const sorted = [...events].sort(
    (a, b) => a.start_date.localeCompare(b.start_date) || a.end_date.localeCompare(b.end_date),
  );
  const merged: MergedRange[] = [];
  for (const event of sorted) {
    const last = merged.at(-1);
    if (last && event.start_date < last.end_date) {
      if (event.end_date > last.end_date) last.end_date = event.end_date;
      last.events.push(event);
    } else merged.push({ start_date: event.start_date, end_date: event.end_date, events: [event] });
  }
  return merged;
}
