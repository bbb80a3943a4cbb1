import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bellTitles, oldNotices } from './bell-fixtures.ts';
import { KEPT_PER_USER, notifyUser, notifyUsers } from './in-app-notifications.service.ts';

/** The bell's retention (docs/decisions/042, 082): each user keeps their newest 200, none older than 90 days. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('retention of a notice', () => {
  it(`keeps a user's newest ${KEPT_PER_USER}, and none older than 90 days`, async () => {
    const me = await t.signInAs({ role: 'client' });
    await t.db
      .insertInto('in_app_notifications')
      .values([
        ...oldNotices(me.user.id),
        {
          user_id: me.user.id,
          kind: 'support_reply' as const,
          title: 'Ancient',
          body: '',
          link: null,
          created_at: new Date(Date.now() - 91 * 86_400_000),
        },
      ])
      .execute();
    await notifyUser(t.db, { userId: me.user.id, kind: 'support_reply', title: 'New', body: '', link: null });
    const kept = await t.db
      .selectFrom('in_app_notifications')
      .select('title')
      .where('user_id', '=', me.user.id)
      .orderBy('created_at', 'desc')
      .execute();
    expect(kept).toHaveLength(KEPT_PER_USER);
    expect(kept[0]?.title).toBe('New');
    expect(kept.map((row) => row.title)).not.toContain('Ancient');
    expect(kept.map((row) => row.title)).not.toContain(`Old ${KEPT_PER_USER - 1}`);
  });

  it('trims each recipient of one notice to their own bounds, and no one else', async () => {
    const [full, few, bystander] = await Promise.all([
      t.signInAs({ role: 'owner' }),
      t.signInAs({ role: 'owner' }),
      t.signInAs({ role: 'owner' }),
    ]);
    const ancient = (userId: string) => ({
      user_id: userId,
      kind: 'support_reply' as const,
      title: 'Ancient',
      body: '',
      link: null,
      created_at: new Date(Date.now() - 91 * 86_400_000),
    });
    await t.db
      .insertInto('in_app_notifications')
      .values([
        ...oldNotices(full.user.id),
        ...oldNotices(few.user.id).slice(0, 5),
        ancient(few.user.id),
        ...oldNotices(bystander.user.id),
        ancient(bystander.user.id),
      ])
      .execute();
    const notice = { kind: 'support_reply' as const, title: 'New', body: '', link: null };
    expect(await notifyUsers(t.db, [full.user.id, few.user.id], notice)).toHaveLength(2);
    const fullBell = await bellTitles(t.db, full.user.id);
    expect(fullBell).toHaveLength(KEPT_PER_USER);
    expect(fullBell[0]).toBe('New');
    expect(fullBell).toContain(`Old ${KEPT_PER_USER - 2}`);
    expect(fullBell).not.toContain(`Old ${KEPT_PER_USER - 1}`);
    expect(await bellTitles(t.db, few.user.id)).toEqual(['New', 'Old 0', 'Old 1', 'Old 2', 'Old 3', 'Old 4']);
    const untouched = await bellTitles(t.db, bystander.user.id);
    expect(untouched).toHaveLength(KEPT_PER_USER + 1);
    expect(untouched).toContain('Ancient');
  });
});

describe('retention when a booking request reaches the bell (docs/decisions/067)', () => {
  it(`the owner keeps their newest ${KEPT_PER_USER}, the request among them`, async () => {
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
