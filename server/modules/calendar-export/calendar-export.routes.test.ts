import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permissions } from '../../../domain/permissions.ts';
import { CALENDAR_EXPORT_MESSAGES } from '../../../domain/schemas/calendar-export.ts';
import type { Property } from '../../db/types.ts';
import { day, expectError, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';

/**
 * Calendar export (issue 22 item 2, docs/decisions/052): who may see and reset a listing's feed
 * URL, and the feed itself read back by a standard parser (Mozilla's ical.js) and compared with the
 * bookings: pending and confirmed only, whole days as DATE values, hourly ones in Johannesburg time,
 * references and no personal data; ETag and 304; a reset URL answers 404; the token is never logged.
 */
const logLines: string[] = [];
const RATE_LIMIT = 8;
let t: TestApp;
let owner: { user: { id: string }; cookie: string };
beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  t = await createTestApp({ logger, env: { ICAL_FEED_REQUESTS_PER_MINUTE: String(RATE_LIMIT) } });
  owner = await signInOwner(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const permissions = (canManageProperties: boolean): Permissions => ({
  canManageProperties,
  canManageReservations: true,
  canManageTenants: true,
  canManageUsers: true,
  canViewReports: true,
});
const exportUrl = (propertyId: string) => `/api/properties/${propertyId}/calendar-export`;
const getUrl = async (propertyId: string, cookie = owner.cookie) => {
  const response = await t.get(exportUrl(propertyId), { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
};
const pathOf = (url: string) => new URL(url).pathname;

let clientCount = 0;
async function insertBooking(
  property: Property,
  booking: { status: 'pending' | 'confirmed' | 'cancelled' | 'completed'; start: number; end: number },
  times: { start: string; end: string } | null = null,
) {
  clientCount++;
  const client = await t.db
    .insertInto('clients')
    .values({
      owner_id: property.owner_id,
      first_name: 'Nomsa',
      last_name: `Dlamini${clientCount}`,
      email: `nomsa.${clientCount}.${randomUUID().slice(0, 6)}@example.co.za`,
      phone: '+27821234567',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return t.db
    .insertInto('reservations')
    .values({
      property_id: property.id,
      owner_id: property.owner_id,
      client_id: client.id,
      start_date: day(booking.start),
      end_date: day(booking.end),
      start_time: times?.start ?? null,
      end_time: times?.end ?? null,
      status: booking.status,
      special_requests: 'Please call Nomsa on arrival',
    })
    .returning(['id', 'reference', 'start_date', 'end_date', 'status'])
    .executeTakeFirstOrThrow();
}

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)),
  };
}

describe('who may see and reset the feed URL', () => {
  let property: Property;
  beforeAll(async () => {
    property = await insertProperty(t.db, owner.user.id);
  });
  const staff = (role: 'backoffice' | 'frontoffice', canManageProperties: boolean) =>
    t.signInAs({ role, parentOwnerId: owner.user.id, permissions: permissions(canManageProperties) });

  it('the owner and staff with the properties permission see one URL, on the app’s address', async () => {
    const url = await getUrl(property.id);
    expect(url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await getUrl(property.id)).toBe(url);
    expect(await getUrl(property.id, (await staff('backoffice', true)).cookie)).toBe(url);
    expect(await getUrl(property.id, (await staff('frontoffice', true)).cookie)).toBe(url);
  });

  it('staff without the permission, a client, an admin and another owner are refused; anonymous 401', async () => {
    const refused = [
      (await staff('backoffice', false)).cookie,
      (await staff('frontoffice', false)).cookie,
      (await t.signInAs({ role: 'client' })).cookie,
      (await t.signInAs({ role: 'admin' })).cookie,
      (await signInOwner(t)).cookie,
    ];
    for (const cookie of refused) {
      expectError(await t.get(exportUrl(property.id), { cookie }), 403, CALENDAR_EXPORT_MESSAGES.forbidden);
      expectError(
        await t.post(`${exportUrl(property.id)}/reset`, {}, { cookie }),
        403,
        CALENDAR_EXPORT_MESSAGES.forbidden,
      );
    }
    expect((await t.get(exportUrl(property.id))).statusCode).toBe(401);
    expect((await t.post(`${exportUrl(property.id)}/reset`, {})).statusCode).toBe(401);
    expectError(
      await t.get(exportUrl(randomUUID()), { cookie: owner.cookie }),
      404,
      CALENDAR_EXPORT_MESSAGES.propertyNotFound,
    );
  });

  it('a reset gives a new URL; the old one answers 404 and the new one the feed', async () => {
    const old = await getUrl(property.id);
    expect((await t.get(pathOf(old))).statusCode).toBe(200);
    const reset = await t.post(`${exportUrl(property.id)}/reset`, {}, { cookie: owner.cookie });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json<{ url: string }>().url;
    expect(fresh).not.toBe(old);
    expect(await getUrl(property.id)).toBe(fresh);
    expectError(await t.get(pathOf(old)), 404, CALENDAR_EXPORT_MESSAGES.feedNotFound);
    expect((await t.get(pathOf(fresh))).statusCode).toBe(200);
  });
});

describe('the feed', () => {
  it('has one event per pending or confirmed booking and own block, as a standard parser reads it', async () => {
    const property = await insertProperty(t.db, owner.user.id, { title: 'Kloof Street Loft, 2; bed\\room' });
    const confirmed = await insertBooking(property, { status: 'confirmed', start: 10, end: 13 });
    const pending = await insertBooking(property, { status: 'pending', start: 20, end: 22 });
    await insertBooking(property, { status: 'cancelled', start: 30, end: 32 });
    await insertBooking(property, { status: 'completed', start: -5, end: -3 });
    await insertBooking(property, { status: 'confirmed', start: -200, end: -198 }); // long past
    const block = await t.db
      .insertInto('blocked_periods')
      .values({
        property_id: property.id,
        owner_id: property.owner_id,
        start_date: day(40),
        end_date: day(42),
        reason: 'owner_use',
        note: 'My sister Thandeka visits',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const response = await t.get(pathOf(await getUrl(property.id)));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const body = response.body;
    // CRLF everywhere, no line over 75 octets.
    expect(body.endsWith('\r\n')).toBe(true);
    for (const line of body.split('\r\n')) {
      expect(line.includes('\n')).toBe(false);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }

    const { calendar, events } = parse(body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    // An X- property: the parser leaves its value as written (escaped as TEXT).
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Kloof Street Loft\\, 2\\; bed\\\\room (Rentza)',
    );
    expect(events.map((event) => event.uid)).toEqual([
      `reservation-${confirmed.id}@rentza`,
      `reservation-${pending.id}@rentza`,
      `block-${block.id}@rentza`,
    ]);
    const [first, second, third] = events;
    expect(first?.summary).toBe(`Reserved – ${confirmed.reference}`);
    expect(second?.summary).toBe(`Reserved (pending) – ${pending.reference}`);
    expect(third?.summary).toBe('Blocked');
    expect(first?.startDate.isDate).toBe(true);
    expect(first?.startDate.toString()).toBe(day(10));
    expect(first?.endDate.toString()).toBe(day(13)); // exclusive end, as the booking's
    expect(second?.startDate.toString()).toBe(day(20));
    expect(second?.endDate.toString()).toBe(day(22));
    expect(third?.startDate.toString()).toBe(day(40));
    expect(first?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(second?.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    for (const event of events) expect(event.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    // No personal data: no client name, email, phone, request or block note anywhere.
    for (const secret of ['Nomsa', 'Dlamini', 'example.co.za', '+2782', 'arrival', 'Thandeka', 'sister']) {
      expect(body).not.toContain(secret);
    }
  });

  it('gives hourly bookings their Johannesburg times with the zone', async () => {
    const property = await insertProperty(t.db, owner.user.id, { type: 'event_space' });
    const hourly = await insertBooking(
      property,
      { status: 'confirmed', start: 15, end: 16 },
      { start: '09:30:00', end: '13:00:00' },
    );
    const response = await t.get(pathOf(await getUrl(property.id)));
    const zone = parse(response.body).calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Africa/Johannesburg');
    ICAL.TimezoneService.register(zone as ICAL.Component);
    const { events } = parse(response.body);
    const [event] = events;
    expect(events).toHaveLength(1);
    expect(event?.uid).toBe(`reservation-${hourly.id}@rentza`);
    expect(event?.startDate.isDate).toBe(false);
    expect(event?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Africa/Johannesburg');
    expect(event?.startDate.zone?.tzid).toBe('Africa/Johannesburg');
    expect(event?.startDate.toString()).toBe(`${day(15)}T09:30:00`);
    expect(event?.endDate.toString()).toBe(`${day(15)}T13:00:00`);
    // SAST is UTC+2: 09:30 in Johannesburg is 07:30 UTC.
    expect(event?.startDate.toJSDate().toISOString()).toBe(`${day(15)}T07:30:00.000Z`);
    expect(response.body).toContain(`DTSTART;TZID=Africa/Johannesburg:${day(15).replaceAll('-', '')}T093000`);
  });

  it('answers 304 to its ETag, and a new ETag once a booking changes', async () => {
    const property = await insertProperty(t.db, owner.user.id);
    const booking = await insertBooking(property, { status: 'pending', start: 5, end: 7 });
    const path = pathOf(await getUrl(property.id));
    const first = await t.get(path);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.get(path, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, max-age=300');
    expect((await t.get(path, { headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);
    expect((await t.get(path, { headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200);

    await t.db
      .updateTable('reservations')
      .set({ status: 'cancelled' })
      .where('id', '=', booking.id)
      .execute();
    const changed = await t.get(path, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parse(changed.body).events).toHaveLength(0);
  });

  it('unknown or malformed tokens are 404; too many requests to one feed are 429', async () => {
    for (const path of [
      `/ical/${'A'.repeat(43)}.ics`,
      '/ical/short.ics',
      `/ical/${'A'.repeat(43)}`,
      '/ical/x',
    ]) {
      expectError(await t.get(path), 404, CALENDAR_EXPORT_MESSAGES.feedNotFound);
    }
    const property = await insertProperty(t.db, owner.user.id);
    const path = pathOf(await getUrl(property.id));
    for (let i = 0; i < RATE_LIMIT; i++) expect((await t.get(path)).statusCode).toBe(200);
    expectError(await t.get(path), 429, CALENDAR_EXPORT_MESSAGES.tooManyRequests);
  });

  it('never writes a token to the log', async () => {
    const property = await insertProperty(t.db, owner.user.id);
    const url = await getUrl(property.id);
    await t.get(pathOf(url));
    const reset = await t.post(`${exportUrl(property.id)}/reset`, {}, { cookie: owner.cookie });
    await t.get(pathOf(url)); // the old one: 404
    const tokens = [url, reset.json<{ url: string }>().url].map((link) => pathOf(link).slice(6, -4));
    const log = logLines.join('');
    expect(log).toContain('/ical/[REDACTED]');
    for (const token of tokens) {
      expect(token).toHaveLength(43);
      expect(log).not.toContain(token);
    }
  });
});
