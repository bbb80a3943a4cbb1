import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { monthlyAllowanceUsedMessage, PHOTOGRAPHY_MESSAGES } from '../../../domain/photography.ts';
import type {
  AdminPhotographyRequest,
  PhotographyOverview,
  PhotographyRequest,
} from '../../../domain/schemas/photography.ts';
import type { Property as PropertyDto } from '../../../domain/schemas/property-view.ts';
import { ADD_ONS } from '../../../domain/subscriptions.ts';
import { multipartBody, solidImage } from '../../platform/images/test-images.ts';
import { insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Professional photography (issue 20, docs/decisions/036): who may book, the monthly allowance, the
 * admin's queue, the email on scheduling and the photos landing in the listing's gallery.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The add-on in use, as the subscription service records it once paid (decision 031). */
async function givePhotographyAddOn(ownerId: string) {
  const subscription = await t.db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('subscription_add_ons')
    .values({
      subscription_id: subscription.id,
      add_on_id: 'photography',
      price_cents: ADD_ONS.photography.priceCents,
    })
    .execute();
}

async function ownerWithAddOn() {
  const owner = await signInOwner(t, 'pro');
  await givePhotographyAddOn(owner.user.id);
  const listing = await insertProperty(t.db, owner.user.id, { title: 'Harbour View Loft' });
  return { ...owner, listing };
}

const today = () => todayInBusinessZone();
const body = (propertyIds: string[], dates = [addDays(today(), 3)]) => ({
  property_ids: propertyIds,
  preferred_dates: dates,
  notes: 'The gate code is 1234',
});

function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
}

describe('booking a shoot', () => {
  it('an owner with the add-on books one for an active listing; the address comes from the listing', async () => {
    const { cookie, listing } = await ownerWithAddOn();
    const response = await t.post('/api/photography/requests', body([listing.id]), { cookie });
    expect(response.statusCode).toBe(201);
    const created = response.json<PhotographyRequest>();
    expect(created).toMatchObject({
      status: 'requested',
      notes: 'The gate code is 1234',
      preferred_dates: [addDays(today(), 3)],
      scheduled_date: null,
      listings: [
        { id: listing.id, title: 'Harbour View Loft', address: listing.location, photos_uploaded: 0 },
      ],
    });
    const overview = (await t.get('/api/photography/requests', { cookie })).json<PhotographyOverview>();
    expect(overview.add_on_active).toBe(true);
    expect(overview.refusal).toBe(monthlyAllowanceUsedMessage(today()));
    expect(overview.requests.map((r) => r.id)).toEqual([created.id]);
  });

  it('refuses a second shoot in the same month (409) and changes nothing; cancelling gives it back', async () => {
    const { cookie, listing } = await ownerWithAddOn();
    const first = (await t.post('/api/photography/requests', body([listing.id]), { cookie })).json();
    const second = await t.post('/api/photography/requests', body([listing.id]), { cookie });
    expectError(second, 409, monthlyAllowanceUsedMessage(today()));
    const rows = await t.db
      .selectFrom('photography_requests')
      .select('id')
      .where('owner_id', '=', listing.owner_id)
      .execute();
    expect(rows).toHaveLength(1);

    const cancelled = await t.post(`/api/photography/requests/${first.id}/cancel`, {}, { cookie });
    expect(cancelled.json().status).toBe('cancelled');
    const again = await t.post('/api/photography/requests', body([listing.id]), { cookie });
    expect(again.statusCode).toBe(201);
  });

  it('two requests at once: exactly one is booked', async () => {
    const { cookie, listing } = await ownerWithAddOn();
    const responses = await Promise.all([
      t.post('/api/photography/requests', body([listing.id]), { cookie }),
      t.post('/api/photography/requests', body([listing.id]), { cookie }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('without the add-on: 403 with a message that names the add-on; the overview says so too', async () => {
    const owner = await signInOwner(t, 'business');
    const listing = await insertProperty(t.db, owner.user.id);
    const response = await t.post('/api/photography/requests', body([listing.id]), { cookie: owner.cookie });
    expectError(response, 403, PHOTOGRAPHY_MESSAGES.noAddOn);
    const overview = (
      await t.get('/api/photography/requests', { cookie: owner.cookie })
    ).json<PhotographyOverview>();
    expect(overview).toEqual({ add_on_active: false, refusal: PHOTOGRAPHY_MESSAGES.noAddOn, requests: [] });
  });

  it('a removed add-on stops booking once its removal takes effect', async () => {
    const { user, cookie, listing } = await ownerWithAddOn();
    await t.db
      .updateTable('subscription_add_ons')
      .set({ removed_at: new Date(Date.now() - 1000) })
      .where('add_on_id', '=', 'photography')
      .where('subscription_id', 'in', (eb) =>
        eb.selectFrom('subscriptions').select('id').where('owner_id', '=', user.id),
      )
      .execute();
    expectError(
      await t.post('/api/photography/requests', body([listing.id]), { cookie }),
      403,
      PHOTOGRAPHY_MESSAGES.noAddOn,
    );
  });

  it('refuses bad dates and listings with a clear message, writing nothing', async () => {
    const { user, cookie, listing } = await ownerWithAddOn();
    const other = await signInOwner(t);
    const othersListing = await insertProperty(t.db, other.user.id);
    const inactive = await insertProperty(t.db, user.id, { is_active: false });
    const cases: [unknown, number, string][] = [
      [body([listing.id], [addDays(today(), -1)]), 400, PHOTOGRAPHY_MESSAGES.dateInPast],
      [body([listing.id], []), 400, PHOTOGRAPHY_MESSAGES.datesRequired],
      [
        body(
          [listing.id],
          ['a', 'b', 'c', 'd'].map((_, i) => addDays(today(), i + 1)),
        ),
        400,
        PHOTOGRAPHY_MESSAGES.tooManyDates,
      ],
      [body([listing.id], ['2026-02-30']), 400, PHOTOGRAPHY_MESSAGES.invalidDate],
      [body([]), 400, PHOTOGRAPHY_MESSAGES.listingsRequired],
      [body([othersListing.id]), 403, PHOTOGRAPHY_MESSAGES.listingNotYours],
      [body([inactive.id]), 400, PHOTOGRAPHY_MESSAGES.listingNotActive],
      [{ ...body([listing.id]), notes: 'x'.repeat(1001) }, 400, PHOTOGRAPHY_MESSAGES.notesTooLong],
    ];
    for (const [input, status, message] of cases) {
      expectError(await t.post('/api/photography/requests', input, { cookie }), status, message);
    }
    const rows = await t.db
      .selectFrom('photography_requests')
      .select('id')
      .where('owner_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('staff with the properties permission book for their owner; other staff, clients and admins are refused', async () => {
    const { user, listing } = await ownerWithAddOn();
    const backOffice = await t.signInAs({ role: 'backoffice', parentOwnerId: user.id });
    const frontOffice = await t.signInAs({ role: 'frontoffice', parentOwnerId: user.id });
    const client = await t.signInAs({ role: 'client' });
    const admin = await t.signInAs({ role: 'admin' });
    for (const refused of [frontOffice, client, admin]) {
      expectError(
        await t.post('/api/photography/requests', body([listing.id]), { cookie: refused.cookie }),
        403,
        PHOTOGRAPHY_MESSAGES.notAllowed,
      );
      expect((await t.get('/api/photography/requests', { cookie: refused.cookie })).statusCode).toBe(403);
    }
    expect((await t.post('/api/photography/requests', body([listing.id]))).statusCode).toBe(401);
    const booked = await t.post('/api/photography/requests', body([listing.id]), {
      cookie: backOffice.cookie,
    });
    expect(booked.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('photography_requests')
      .selectAll()
      .where('id', '=', booked.json().id)
      .executeTakeFirstOrThrow();
    expect({ owner: row.owner_id, by: row.requested_by }).toEqual({ owner: user.id, by: backOffice.user.id });
  });

  it('another owner neither sees nor cancels the request', async () => {
    const { cookie, listing } = await ownerWithAddOn();
    const created = (await t.post('/api/photography/requests', body([listing.id]), { cookie })).json();
    const other = await ownerWithAddOn();
    const overview = (
      await t.get('/api/photography/requests', { cookie: other.cookie })
    ).json<PhotographyOverview>();
    expect(overview.requests).toEqual([]);
    expectError(
      await t.post(`/api/photography/requests/${created.id}/cancel`, {}, { cookie: other.cookie }),
      404,
      PHOTOGRAPHY_MESSAGES.notFound,
    );
  });
});

describe('the admin queue', () => {
  const upload = (id: string, propertyId: string, data: Buffer, cookie: string) => {
    const { body: payload, contentType } = multipartBody([
      { name: 'file', data, filename: 'shoot.jpg', contentType: 'image/jpeg' },
    ]);
    return t.request('POST', `/api/admin/photography/requests/${id}/photos?property_id=${propertyId}`, {
      body: payload,
      headers: { 'content-type': contentType },
      cookie,
    });
  };

  it('schedules (owner emailed), uploads photos into the listing’s gallery, marks done', async () => {
    const { user, cookie, listing } = await ownerWithAddOn();
    const created = (
      await t.post('/api/photography/requests', body([listing.id]), { cookie })
    ).json<PhotographyRequest>();
    const admin = await t.signInAs({ role: 'admin' });

    const queue = (
      await t.get('/api/admin/photography/requests?status=requested', { cookie: admin.cookie })
    ).json<AdminPhotographyRequest[]>();
    expect(queue.find((r) => r.id === created.id)?.owner).toMatchObject({ id: user.id, email: user.email });

    const photo = await solidImage(1200, 800).jpeg().toBuffer();
    expectError(
      await upload(created.id, listing.id, photo, admin.cookie),
      409,
      PHOTOGRAPHY_MESSAGES.cannotUpload,
    );

    const date = addDays(today(), 5);
    const scheduled = await t.post(
      `/api/admin/photography/requests/${created.id}/schedule`,
      { date, time: '10:30' },
      { cookie: admin.cookie },
    );
    expect(scheduled.json()).toMatchObject({
      status: 'scheduled',
      scheduled_date: date,
      scheduled_time: '10:30',
    });
    const mail = await t.waitForMail(user.email, /photo shoot is booked/);
    expect(mail.text).toContain('10:30');
    expect(mail.text).toContain(listing.location);
    expect(mail.link).toBe(`${t.config.PUBLIC_URL}/photography`);
    expectError(
      await t.post(`/api/photography/requests/${created.id}/cancel`, {}, { cookie }),
      409,
      PHOTOGRAPHY_MESSAGES.cannotCancel,
    );

    expectError(
      await t.post(`/api/admin/photography/requests/${created.id}/complete`, {}, { cookie: admin.cookie }),
      400,
      PHOTOGRAPHY_MESSAGES.noPhotos,
    );
    const other = await insertProperty(t.db, user.id);
    expectError(
      await upload(created.id, other.id, photo, admin.cookie),
      400,
      PHOTOGRAPHY_MESSAGES.listingNotInRequest,
    );
    expect((await upload(created.id, listing.id, photo, cookie)).statusCode).toBe(403);

    const uploaded = await upload(created.id, listing.id, photo, admin.cookie);
    expect(uploaded.statusCode).toBe(201);
    const image = uploaded.json();
    const gallery = (await t.get(`/api/properties/${listing.id}`)).json<PropertyDto>().images;
    expect(gallery.map((g) => g.id)).toEqual([image.id]);
    expect((await t.get(image.url)).headers['content-type']).toBe('image/webp');

    const done = await t.post(
      `/api/admin/photography/requests/${created.id}/complete`,
      {},
      { cookie: admin.cookie },
    );
    expect(done.json()).toMatchObject({
      status: 'completed',
      listings: [{ id: listing.id, photos_uploaded: 1 }],
    });
    await t.waitForMail(user.email, /photos are in your listings/);
    const mine = (await t.get('/api/photography/requests', { cookie })).json<PhotographyOverview>();
    expect(mine.requests[0]?.status).toBe('completed');
  });

  it('is for admins only, and refuses a schedule in the past', async () => {
    const { cookie, listing, user } = await ownerWithAddOn();
    const created = (await t.post('/api/photography/requests', body([listing.id]), { cookie })).json();
    const backOffice = await t.signInAs({ role: 'backoffice', parentOwnerId: user.id });
    for (const refused of [cookie, backOffice.cookie]) {
      expectError(
        await t.get('/api/admin/photography/requests', { cookie: refused }),
        403,
        PHOTOGRAPHY_MESSAGES.adminOnly,
      );
      expect(
        (
          await t.post(
            `/api/admin/photography/requests/${created.id}/schedule`,
            { date: addDays(today(), 2), time: '09:00' },
            { cookie: refused },
          )
        ).statusCode,
      ).toBe(403);
    }
    const admin = await t.signInAs({ role: 'admin' });
    expectError(
      await t.post(
        `/api/admin/photography/requests/${created.id}/schedule`,
        { date: addDays(today(), -1), time: '09:00' },
        { cookie: admin.cookie },
      ),
      400,
      PHOTOGRAPHY_MESSAGES.scheduleInPast,
    );
    expect(
      (
        await t.post(
          `/api/admin/photography/requests/${created.id}/schedule`,
          { date: addDays(today(), 1), time: '21:00' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(400);
  });
});
