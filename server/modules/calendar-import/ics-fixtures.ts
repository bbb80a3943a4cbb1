import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';

/** Test fixtures for calendar import: sample feeds shaped like Airbnb's and Google's, and a local server. */

const compact = (date: string) => date.replaceAll('-', '');
const today = () => todayInBusinessZone();
/** 'YYYYMMDD' of today + n (Johannesburg). */
export const icsDay = (n: number) => compact(addDays(today(), n));

const calendar = (lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fixture//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

/** Airbnb's export: all-day events, "Reserved" bookings and "Airbnb (Not available)" blocks. */
export function airbnbSample(events: Array<[start: number, end: number, summary?: string]>) {
  return calendar([
    'CALSCALE:GREGORIAN',
    ...events.flatMap(([start, end, summary], i) => [
      'BEGIN:VEVENT',
      `DTSTAMP:${icsDay(0)}T080000Z`,
      `DTSTART;VALUE=DATE:${icsDay(start)}`,
      `DTEND;VALUE=DATE:${icsDay(end)}`,
      `SUMMARY:${summary ?? 'Reserved'}`,
      `UID:airbnb-${i}-${start}@airbnb.com`,
      'END:VEVENT',
    ]),
  ]);
}

/**
 * Google Calendar's shape: a VTIMEZONE, timed events in Africa/Johannesburg and in UTC, a weekly
 * recurring event (3 times), and a cancelled one.
 */
export function googleSample() {
  return calendar([
    'BEGIN:VTIMEZONE',
    'TZID:Africa/Johannesburg',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0200',
    'TZNAME:SAST',
    'DTSTART:19700101T000000',
    'END:STANDARD',
    'END:VTIMEZONE',
    // 10:00–12:00 Johannesburg on day 20: that one day.
    'BEGIN:VEVENT',
    `DTSTART;TZID=Africa/Johannesburg:${icsDay(20)}T100000`,
    `DTEND;TZID=Africa/Johannesburg:${icsDay(20)}T120000`,
    'SUMMARY:Plumber',
    'UID:timed-jhb@google.com',
    'END:VEVENT',
    // 23:00 UTC on day 24 is 01:00 on day 25 in Johannesburg, to 23:30 UTC on day 25 (01:30 day 26).
    'BEGIN:VEVENT',
    `DTSTART:${icsDay(24)}T230000Z`,
    `DTEND:${icsDay(25)}T233000Z`,
    'SUMMARY:Family visit',
    'UID:timed-utc@google.com',
    'END:VEVENT',
    // Weekly on days 30, 37, 44, 08:00–09:00.
    'BEGIN:VEVENT',
    `DTSTART;TZID=Africa/Johannesburg:${icsDay(30)}T080000`,
    `DTEND;TZID=Africa/Johannesburg:${icsDay(30)}T090000`,
    'RRULE:FREQ=WEEKLY;COUNT=3',
    'SUMMARY:Cleaning',
    'UID:weekly@google.com',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${icsDay(50)}`,
    `DTEND;VALUE=DATE:${icsDay(53)}`,
    'STATUS:CANCELLED',
    'SUMMARY:Called off',
    'UID:cancelled@google.com',
    'END:VEVENT',
    // Already over: ignored.
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${icsDay(-10)}`,
    `DTEND;VALUE=DATE:${icsDay(-8)}`,
    'SUMMARY:Last week',
    'UID:past@google.com',
    'END:VEVENT',
  ]);
}

export const MALFORMED_SAMPLE =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:notadate\r\nEND:VCALENDAR\r\n';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface FixtureServer {
  origin: string;
  port: number;
  routes: Map<string, Route>;
  /** Serves text at a path (replacing what was there). */
  serve: (path: string, body: string, type?: string) => string;
  close: () => Promise<void>;
}

/** A local HTTP server on 127.0.0.1 whose paths the test sets. */
export async function startFixtureServer(): Promise<FixtureServer> {
  const routes = new Map<string, Route>();
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((request, response) => {
    const route = routes.get(request.url ?? '');
    if (route) route(request, response);
    else {
      response.writeHead(404).end('not found');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    routes,
    serve: (path, body, type = 'text/calendar; charset=utf-8') => {
      routes.set(path, (_request, response) => {
        response.writeHead(200, { 'content-type': type }).end(body);
      });
      return `${origin}${path}`;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
