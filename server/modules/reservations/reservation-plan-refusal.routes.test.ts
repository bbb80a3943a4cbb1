import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_QUOTA_MESSAGES } from '../../../domain/booking-quota.ts';
import {
  bookingBody,
  createdReservation,
  expectError,
  newClientInput,
  planRefusalsToday,
  setPlan,
  starterOwnerWithListing,
  walkIn,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { saveNotificationSettings } from '../notification-settings/notification-settings.repository.ts';

/**
 * A client's request that the owner's plan refuses (issue 19, docs/decisions/033): the client reads
 * that the listing is not taking bookings, and the owner is emailed the plan's reason once a day.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const MONTHLY_LIMIT = "You've reached your monthly limit of 5 bookings. Upgrade for unlimited bookings.";

const book = (body: unknown, cookie: string) => t.post('/api/reservations', body, { cookie });
const countOf = async (ownerId: string) =>
  (await t.db.selectFrom('reservations').select('id').where('owner_id', '=', ownerId).execute()).length;

describe('a client booking an owner whose plan refuses it (issue 19, docs/decisions/033)', () => {
  const refusalMails = async (ownerEmail: string) =>
    t.db
      .selectFrom('email_outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', ownerEmail)
      .where('subject', 'like', 'A booking request for % was refused by your plan')
      .execute();
  /** A new client's one-night request: refused with the client's message. */
  const expectRefusedRequest = async (propertyId: string, offset: number) =>
    expectError(
      await book(bookingBody(propertyId, offset, 1), (await t.signInAs({ role: 'client' })).cookie),
      409,
      BOOKING_QUOTA_MESSAGES.notTakingBookings,
    );

  it('the month used up: the client reads that the listing is not taking bookings, never the upgrade text; the owner is emailed once that day', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    for (let i = 0; i < 5; i++) await walkIn(t, owner, property, 10 + i * 2);
    const client = await t.signInAs({ role: 'client' });
    const refused = await book(bookingBody(property.id, 30, 1), client.cookie);
    expectError(refused, 409, BOOKING_QUOTA_MESSAGES.notTakingBookings);
    expect(refused.body).not.toContain('Upgrade');
    expect(await countOf(owner.user.id)).toBe(5);

    const mails = await refusalMails(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`A booking request for ${property.title} was refused by your plan`);
    expect(mails[0]?.text).toContain("this month's bookings on your plan are used up");
    expect(mails[0]?.text).toContain('Upgrade for unlimited bookings');

    // Another refusal the same day is counted, not mailed again.
    await expectRefusedRequest(property.id, 32);
    expect(await refusalMails(owner.user.email)).toHaveLength(1);
    expect(await planRefusalsToday(t.db, owner.user.id)).toBe(2);

    // Upgrading lets the client book at once.
    await setPlan(t.db, owner.user.id, 'pro');
    expect(createdReservation(await book(bookingBody(property.id, 30, 1), client.cookie)).status).toBe(
      'pending',
    );
  });

  it('a lapsed plan: the same message to the client, and the owner is told to renew', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    await t.db
      .updateTable('subscriptions')
      .set({ status: 'inactive' })
      .where('owner_id', '=', owner.user.id)
      .execute();
    await expectRefusedRequest(property.id, 10);
    const mails = await refusalMails(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('your subscription is not active');
  });

  it('an owner who switched email notifications off is not emailed; the refusal is still counted', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    await saveNotificationSettings(t.db, owner.user.id, { email: false, sms: false, app: false });
    for (let i = 0; i < 5; i++) await walkIn(t, owner, property, 10 + i * 2);
    await expectRefusedRequest(property.id, 30);
    expect(await refusalMails(owner.user.email)).toHaveLength(0);
    expect(await planRefusalsToday(t.db, owner.user.id)).toBe(1);
  });

  it('the owner’s own walk-in at the limit still reads the plan’s reason (it speaks to them)', async () => {
    const { owner, property } = await starterOwnerWithListing(t);
    for (let i = 0; i < 5; i++) await walkIn(t, owner, property, 10 + i * 2);
    expectError(
      await book(bookingBody(property.id, 30, 1, { new_client: newClientInput() }), owner.cookie),
      403,
      MONTHLY_LIMIT,
    );
    expect(await refusalMails(owner.user.email)).toHaveLength(0);
  });
});
