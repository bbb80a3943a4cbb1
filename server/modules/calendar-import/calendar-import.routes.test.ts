import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../../domain/permissions.ts';
import { BLOCK_MESSAGES } from '../../../domain/schemas/blocked-period.ts';
import type { CalendarSyncOverview } from '../../../domain/schemas/calendar-import.ts';
import type { Availability } from '../../../domain/schemas/reservation.ts';
import { bookingBody, day, expectError, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { feedFetchOptions } from './calendar-feed.routes.ts';
import { runCalendarImportSweep } from './calendar-import-worker.ts';
import { syncFeed } from './calendar-sync.ts';
import {
  airbnbSample,
  type FixtureServer,
  googleSample,
  MALFORMED_SAMPLE,
  startFixtureServer,
} from './ics-fixtures.ts';

/**
 * Calendar import through the API (issue 22 item 3, docs/decisions/053), against a local fixture
 * server that the test server may fetch from by its exact address:port — every other local address
 * (where the redirect points) meets the real policy.
 */
let t: TestApp;
let fixtures: FixtureServer;
let elsewhere: FixtureServer;
type Person = { user: { id: string }; cookie: string };
const people: Record<string, Person> = {};

beforeAll(async () => {
  fixtures = await startFixtureServer();
  elsewhere = await startFixtureServer();
  t = await createTestApp({ env: { CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${fixtures.port}` } });
  people.owner = await signInOwner(t);
  people.otherOwner = await signInOwner(t);
  people.client = await t.signInAs({ role: 'client' });
  people.admin = await t.signInAs({ role: 'admin' });
  people.backoffice = await t.signInAs({ role: 'backoffice', parentOwnerId: people.owner.user.id });
  people.frontoffice = await t.signInAs({
    role: 'frontoffice',
    parentOwnerId: people.owner.user.id,
    permissions: { ...defaultPermissions('frontoffice'), canManageReservations: true },
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await fixtures?.close();
  await elsewhere?.close();
});

const as = (key: string) => ({ cookie: people[key]?.cookie });
const listing = () => insertProperty(t.db, people.owner?.user.id as string);
const addFeed = (propertyId: string, url: string, label = 'Airbnb', key = 'owner') =>
  t.post(`/api/properties/${propertyId}/calendar-feeds`, { label, url }, as(key));
const overview = async (propertyId: string, key = 'owner') =>
  (await t.get(`/api/properties/${propertyId}/calendar-feeds`, as(key))).json<CalendarSyncOverview>();
const externalBlocks = (propertyId: string) =>
  t.db
    .selectFrom('blocked_periods')
    .select(['start_date', 'end_date', 'reason', 'feed_id', 'external_uid'])
    .where('property_id', '=', propertyId)
    .orderBy('start_date')
    .execute();
const path = () => `/${randomUUID()}.ics`;

describe('adding a feed', () => {
  it('an Airbnb feed: its events become external blocks that booking and availability respect', async () => {
    const home = await listing();
    const url = fixtures.serve(
      path(),
      airbnbSample([
        [5, 8],
        [12, 14, 'Airbnb (Not available)'],
      ]),
    );
    const response = await addFeed(home.id, url);
    expect(response.statusCode).toBe(201);
    const { feed, sync } = response.json();
    expect(sync).toEqual({ ok: true, blocks: 2, conflicts: 0, error: null });
    expect(feed).toMatchObject({ label: 'Airbnb', url, event_count: 2, last_error: null });
    expect(feed.last_synced_at).not.toBeNull();
    expect(await externalBlocks(home.id)).toEqual([
      {
        start_date: day(5),
        end_date: day(8),
        reason: 'external',
        feed_id: feed.id,
        external_uid: 'airbnb-0-5@airbnb.com',
      },
      {
        start_date: day(12),
        end_date: day(14),
        reason: 'external',
        feed_id: feed.id,
        external_uid: 'airbnb-1-12@airbnb.com',
      },
    ]);
    const availability = (await t.get(`/api/properties/${home.id}/availability`)).json<Availability>();
    expect(availability.blocked).toContainEqual({ start: day(5), end: day(8) });
    expectError(
      await t.post('/api/reservations', bookingBody(home.id, 6, 2), as('client')),
      409,
      BLOCK_MESSAGES.datesBlocked,
    );
    // The calendar lists them with the feed's name; they are changed in that calendar, not removed here.
    const blocks = (
      await t.get(`/api/blocked-periods?from=${day(0)}&to=${day(30)}&property_id=${home.id}`, as('owner'))
    ).json<Array<{ id: string; reason: string; feed_label: string | null }>>();
    expect(blocks.map((b) => [b.reason, b.feed_label])).toEqual([
      ['external', 'Airbnb'],
      ['external', 'Airbnb'],
    ]);
    expectError(
      await t.request('DELETE', `/api/blocked-periods/${blocks[0]?.id}`, as('owner')),
      409,
      BLOCK_MESSAGES.external,
    );
  });

  it('a Google feed: timed, recurring and cancelled events', async () => {
    const home = await listing();
    const response = await addFeed(home.id, fixtures.serve(path(), googleSample()), 'Google');
    expect(response.json().sync).toMatchObject({ ok: true, blocks: 5, conflicts: 0 });
    expect((await externalBlocks(home.id)).map((b) => [b.start_date, b.end_date])).toEqual([
      [day(20), day(21)],
      [day(25), day(27)],
      [day(30), day(31)],
      [day(37), day(38)],
      [day(44), day(45)],
    ]);
  });

  it('bad feeds are refused with why, and not kept', async () => {
    const home = await listing();
    const target = elsewhere.serve('/inside.ics', airbnbSample([[3, 5]]));
    const redirect = path();
    fixtures.routes.set(redirect, (_request, response) => {
      response.writeHead(302, { location: target }).end();
    });
    const cases: Array<[string, string]> = [
      [
        fixtures.serve(path(), MALFORMED_SAMPLE),
        'The calendar could not be read: it is not a valid iCal file',
      ],
      [
        `${fixtures.origin}${redirect}`,
        'The calendar could not be read: the address 127.0.0.1 is not a public internet address.',
      ],
      [target, 'The calendar could not be read: the address 127.0.0.1 is not a public internet address.'],
      [
        fixtures.serve(path(), '<html>Sign in</html>', 'text/html'),
        'The calendar could not be read: the address returned text/html, not a calendar.',
      ],
      [`${fixtures.origin}/nothing-here.ics`, 'The calendar could not be read: the server answered 404.'],
    ];
    for (const [url, message] of cases) {
      const response = await addFeed(home.id, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toContain(message);
    }
    for (const url of ['ftp://example.com/a.ics', 'file:///etc/passwd', 'javascript:alert(1)'])
      expect((await addFeed(home.id, url)).json().message).toBe(
        'Please enter a valid http:// or https:// address',
      );
    expect((await addFeed(home.id, `https://example.com/${'a'.repeat(2000)}`)).statusCode).toBe(400);
    expect((await addFeed(home.id, fixtures.serve(path(), airbnbSample([])), '')).statusCode).toBe(400);
    expect((await overview(home.id)).feeds).toEqual([]);
    expect(await externalBlocks(home.id)).toEqual([]);
  });

  it('the same address twice on one listing is refused', async () => {
    const home = await listing();
    const url = fixtures.serve(path(), airbnbSample([[3, 4]]));
    expect((await addFeed(home.id, url)).statusCode).toBe(201);
    expectError(await addFeed(home.id, url), 409, 'This listing already imports that calendar.');
  });
});

describe('conflicts', () => {
  it('an event over a confirmed booking is shown as a conflict; the free days around it are still blocked', async () => {
    const home = await listing();
    const booked = await t.post('/api/reservations', bookingBody(home.id, 10, 2), as('client'));
    expect(booked.statusCode).toBe(201);
    const reservation = booked.json<{ id: string; reference: string }>();
    await t.db
      .updateTable('reservations')
      .set({ status: 'confirmed' })
      .where('id', '=', reservation.id)
      .execute();
    const response = await addFeed(home.id, fixtures.serve(path(), airbnbSample([[8, 14]])));
    expect(response.json().sync).toMatchObject({ ok: true, blocks: 2, conflicts: 1 });
    expect((await externalBlocks(home.id)).map((b) => [b.start_date, b.end_date])).toEqual([
      [day(8), day(10)],
      [day(12), day(14)],
    ]);
    const { conflicts, feeds } = await overview(home.id);
    expect(feeds[0]?.conflict_count).toBe(1);
    expect(conflicts).toEqual([
      expect.objectContaining({
        feed_label: 'Airbnb',
        external_uid: 'airbnb-0-8@airbnb.com',
        summary: 'Reserved',
        start_date: day(10),
        end_date: day(12),
        reservation_id: reservation.id,
        clash: `Booking ${reservation.reference}`,
      }),
    ]);
  });

  it('a second feed clashing with the first feed’s block is a conflict naming that calendar', async () => {
    const home = await listing();
    expect((await addFeed(home.id, fixtures.serve(path(), airbnbSample([[20, 23]])))).statusCode).toBe(201);
    const second = await addFeed(home.id, fixtures.serve(path(), airbnbSample([[22, 25]])), 'Booking.com');
    expect(second.json().sync).toMatchObject({ ok: true, blocks: 1, conflicts: 1 });
    expect((await overview(home.id)).conflicts).toEqual([
      expect.objectContaining({
        feed_label: 'Booking.com',
        start_date: day(22),
        end_date: day(23),
        clash: 'Blocked · Airbnb',
      }),
    ]);
  });
});

describe('syncing again', () => {
  it('replaces the blocks; a failure keeps them and shows the error; removing the feed frees the dates', async () => {
    const home = await listing();
    const feedPath = path();
    const url = fixtures.serve(feedPath, airbnbSample([[5, 7]]));
    const { feed } = (await addFeed(home.id, url)).json();
    fixtures.serve(
      feedPath,
      airbnbSample([
        [9, 11],
        [15, 16],
      ]),
    );
    const again = await t.post(`/api/calendar-feeds/${feed.id}/sync`, undefined, as('backoffice'));
    expect(again.statusCode).toBe(200);
    expect(again.json().sync).toEqual({ ok: true, blocks: 2, conflicts: 0, error: null });
    expect((await externalBlocks(home.id)).map((b) => b.start_date)).toEqual([day(9), day(15)]);

    fixtures.serve(feedPath, MALFORMED_SAMPLE);
    const failed = (await t.post(`/api/calendar-feeds/${feed.id}/sync`, undefined, as('owner'))).json();
    expect(failed.sync.ok).toBe(false);
    expect(failed.feed.last_error).toMatch(/^The calendar could not be read: it is not a valid iCal file/);
    expect(failed.feed.last_error_at).not.toBeNull();
    expect((await externalBlocks(home.id)).map((b) => b.start_date)).toEqual([day(9), day(15)]);
    expect((await overview(home.id)).feeds[0]?.last_error).toBe(failed.feed.last_error);

    expect((await t.request('DELETE', `/api/calendar-feeds/${feed.id}`, as('owner'))).statusCode).toBe(204);
    expect(await externalBlocks(home.id)).toEqual([]);
    expect((await t.post('/api/reservations', bookingBody(home.id, 9, 2), as('client'))).statusCode).toBe(
      201,
    );
  });

  it('two syncs of one feed at once leave one set of blocks', async () => {
    const home = await listing();
    const feedPath = path();
    const { feed } = (await addFeed(home.id, fixtures.serve(feedPath, airbnbSample([[5, 7]])))).json();
    fixtures.serve(
      feedPath,
      airbnbSample([
        [9, 11],
        [15, 16],
      ]),
    );
    const fetch = feedFetchOptions(t.config);
    const outcomes = await Promise.all([
      syncFeed(t.db, feed.id, { fetch }),
      syncFeed(t.db, feed.id, { fetch }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => o.skipped)).toHaveLength(1);
    expect((await externalBlocks(home.id)).map((b) => [b.start_date, b.end_date])).toEqual([
      [day(9), day(11)],
      [day(15), day(16)],
    ]);
    // Released: the next sync runs.
    expect((await syncFeed(t.db, feed.id, { fetch })).ok).toBe(true);
    expect(await externalBlocks(home.id)).toHaveLength(2);
  });

  it('the sweep syncs feeds whose last attempt is 15 minutes old, and only those', async () => {
    const home = await listing();
    const feedPath = path();
    const { feed } = (await addFeed(home.id, fixtures.serve(feedPath, airbnbSample([[5, 7]])))).json();
    fixtures.serve(feedPath, airbnbSample([[30, 33]]));
    const fetch = feedFetchOptions(t.config);
    await runCalendarImportSweep(t.db, { fetch });
    expect((await externalBlocks(home.id)).map((b) => b.start_date)).toEqual([day(5)]);
    await t.db
      .updateTable('calendar_feeds')
      .set({ last_synced_at: new Date(Date.now() - 16 * 60_000) })
      .where('id', '=', feed.id)
      .execute();
    const counts = await runCalendarImportSweep(t.db, { fetch });
    expect(counts.synced).toBeGreaterThanOrEqual(1);
    expect((await externalBlocks(home.id)).map((b) => b.start_date)).toEqual([day(30)]);
  });
});

describe('who may manage a listing’s calendars', () => {
  it.each([
    ['owner', 200],
    ['backoffice', 200],
    ['frontoffice', 403],
    ['otherOwner', 403],
    ['client', 403],
    ['admin', 403],
  ])('%s → %i', async (key, status) => {
    const home = await listing();
    expect((await t.get(`/api/properties/${home.id}/calendar-feeds`, as(key))).statusCode).toBe(status);
    const added = await addFeed(home.id, fixtures.serve(path(), airbnbSample([[3, 4]])), 'Airbnb', key);
    expect(added.statusCode).toBe(status === 200 ? 201 : 403);
    const feedId =
      added.statusCode === 201
        ? added.json().feed.id
        : (await addFeed(home.id, fixtures.serve(path(), airbnbSample([[3, 4]])))).json().feed.id;
    expect((await t.post(`/api/calendar-feeds/${feedId}/sync`, undefined, as(key))).statusCode).toBe(status);
    expect((await t.request('DELETE', `/api/calendar-feeds/${feedId}`, as(key))).statusCode).toBe(
      status === 200 ? 204 : 403,
    );
  });

  it('anonymous → 401; unknown listing or feed → 404', async () => {
    const home = await listing();
    expect((await t.get(`/api/properties/${home.id}/calendar-feeds`)).statusCode).toBe(401);
    expect((await t.get(`/api/properties/${randomUUID()}/calendar-feeds`, as('owner'))).statusCode).toBe(404);
    expect(
      (await t.post(`/api/calendar-feeds/${randomUUID()}/sync`, undefined, as('owner'))).statusCode,
    ).toBe(404);
  });
});
