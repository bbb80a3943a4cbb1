import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bellTitles, noticeAt, oldNotices } from './bell-fixtures.ts';
import {
  KEPT_PER_USER,
  notifyUser,
  notifyUsers,
  SWEEP_BATCH,
  sweepBells,
} from './in-app-notifications.service.ts';
import { startBellRetentionWorker } from './retention-worker.ts';

/**
 * The bells' retention (docs/decisions/042, 084): each user keeps their newest 200, none older than
 * 90 days, kept by a sweep rather than by each notice's write. The server here runs no sweep of its
 * own, so each test decides when one runs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bellRetention: false });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;
const ancient = (userId: string, title = 'Ancient') => noticeAt(userId, title, 91 * DAY_MS);
const notice = { kind: 'support_reply' as const, title: 'New', body: '', link: null };
/** Users notified in the last half minute: the new notices, not the fixtures' (a minute old and older). */
const RECENT_SECONDS = 30;

describe('the retention sweep', () => {
  it(`a notice's write deletes nothing; the sweep keeps the user's newest ${KEPT_PER_USER}, none older than 90 days`, async () => {
    const me = await t.signInAs({ role: 'client' });
    await t.db
      .insertInto('in_app_notifications')
      .values([...oldNotices(me.user.id), ancient(me.user.id)])
      .execute();
    await notifyUser(t.db, { userId: me.user.id, ...notice });
    expect(await bellTitles(t.db, me.user.id)).toHaveLength(KEPT_PER_USER + 2);

    expect(await sweepBells(t.db, RECENT_SECONDS)).toBeGreaterThanOrEqual(2);
    const kept = await bellTitles(t.db, me.user.id);
    expect(kept).toHaveLength(KEPT_PER_USER);
    expect(kept[0]).toBe('New');
    expect(kept).not.toContain('Ancient');
    expect(kept).toContain(`Old ${KEPT_PER_USER - 2}`);
    expect(kept).not.toContain(`Old ${KEPT_PER_USER - 1}`);
  });

  it('trims each user notified since to their own bounds; a bell not notified since loses only what is past 90 days', async () => {
    const [full, few, quiet] = await Promise.all([
      t.signInAs({ role: 'owner' }),
      t.signInAs({ role: 'owner' }),
      t.signInAs({ role: 'owner' }),
    ]);
    const overFull = noticeAt(quiet.user.id, 'Older still', DAY_MS);
    await t.db
      .insertInto('in_app_notifications')
      .values([
        ...oldNotices(full.user.id),
        ...oldNotices(few.user.id).slice(0, 5),
        ancient(few.user.id),
        ...oldNotices(quiet.user.id),
        overFull,
        ancient(quiet.user.id),
      ])
      .execute();
    expect(await notifyUsers(t.db, [full.user.id, few.user.id], notice)).toHaveLength(2);

    await sweepBells(t.db, RECENT_SECONDS);
    const fullBell = await bellTitles(t.db, full.user.id);
    expect(fullBell).toHaveLength(KEPT_PER_USER);
    expect(fullBell[0]).toBe('New');
    expect(fullBell).toContain(`Old ${KEPT_PER_USER - 2}`);
    expect(fullBell).not.toContain(`Old ${KEPT_PER_USER - 1}`);
    expect(await bellTitles(t.db, few.user.id)).toEqual(['New', 'Old 0', 'Old 1', 'Old 2', 'Old 3', 'Old 4']);
    // Not notified in the sweep's window: its bell is not walked, but nobody keeps a notice past 90 days.
    const quietBell = await bellTitles(t.db, quiet.user.id);
    expect(quietBell).toHaveLength(KEPT_PER_USER + 1);
    expect(quietBell.at(-1)).toBe('Older still');
    expect(quietBell).not.toContain('Ancient');
  });

  it(`deletes in statements of at most ${SWEEP_BATCH} until nothing is left`, async () => {
    const me = await t.signInAs({ role: 'client' });
    await t.db
      .insertInto('in_app_notifications')
      .values(Array.from({ length: SWEEP_BATCH + 1 }, (_, n) => ancient(me.user.id, `Ancient ${n}`)))
      .execute();
    expect(await sweepBells(t.db, RECENT_SECONDS)).toBeGreaterThanOrEqual(SWEEP_BATCH + 1);
    expect(await bellTitles(t.db, me.user.id)).toEqual([]);
  });

  it('the worker sweeps at start, looking back a day', async () => {
    const me = await t.signInAs({ role: 'owner' });
    const anHourAgo = noticeAt(me.user.id, 'An hour ago', 3_600_000);
    await t.db
      .insertInto('in_app_notifications')
      .values([...oldNotices(me.user.id, 7_200_000), anHourAgo])
      .execute();
    const worker = startBellRetentionWorker(t.db, pino({ level: 'silent' }), 3_600_000);
    try {
      expect(await worker.runNow()).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
    }
    const kept = await bellTitles(t.db, me.user.id);
    expect(kept).toHaveLength(KEPT_PER_USER);
    expect(kept[0]).toBe('An hour ago');
    expect(kept).not.toContain(`Old ${KEPT_PER_USER - 1}`);
  });
});

describe('retention when a booking request reaches the bell (docs/decisions/067)', () => {
  it(`the request joins a full bell; the sweep leaves the owner's newest ${KEPT_PER_USER}, the request among them`, async () => {
    const owner = await signInOwner(t, 'business');
    const property = await insertProperty(t.db, owner.user.id, {
      title: `Retention loft ${randomUUID().slice(0, 6)}`,
    });
    await t.db.insertInto('in_app_notifications').values(oldNotices(owner.user.id)).execute();
    const client = await t.signInAs({ role: 'client' });
    const booked = await t.post('/api/reservations', bookingBody(property.id, 20, 2), {
      cookie: client.cookie,
    });
    expect(booked.statusCode).toBe(201);
    expect(await bellTitles(t.db, owner.user.id)).toHaveLength(KEPT_PER_USER + 1);

    await sweepBells(t.db, RECENT_SECONDS);
    const kept = await t.db
      .selectFrom('in_app_notifications')
      .select(['title', 'link'])
      .where('user_id', '=', owner.user.id)
      .orderBy('created_at', 'desc')
      .execute();
    expect(kept).toHaveLength(KEPT_PER_USER);
    expect(kept[0]?.title).toMatch(/^New booking request from /);
    expect(kept[0]?.link).toBe(`/reservation-management?reservation=${(booked.json() as Reservation).id}`);
    expect(kept.map((row) => row.title)).toContain(`Old ${KEPT_PER_USER - 2}`);
    expect(kept.map((row) => row.title)).not.toContain(`Old ${KEPT_PER_USER - 1}`);
  });
});
