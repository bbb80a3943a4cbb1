import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePlan, type PaymentPlan, type PaymentTerms } from '../../../domain/payment-plan.ts';
import type { ListingDetail, OwnedProperty } from '../../../domain/schemas/property-view.ts';
import {
  bookingBody,
  createdReservation,
  day,
  insertProperty,
  newClientInput,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DEPOSIT_30: PaymentPlan = {
  kind: 'deposit',
  depositType: 'percent',
  depositPercent: 30,
  depositAmountCents: 0,
  balanceDaysBefore: 14,
  securityDeposit: 'with_balance',
};
const CANCELLATION = { freeUntilDaysBefore: 10, feePercent: 25 };

const saveSettings = (cookie: string, plan: PaymentPlan = DEPOSIT_30) =>
  t.request('PUT', '/api/business/payment-settings', { body: { plan, cancellation: CANCELLATION }, cookie });

const stored = (id: string) =>
  t.db
    .selectFrom('reservations')
    .select([
      'status',
      'payment_terms',
      'deposit_due_cents',
      'balance_due_on',
      'counted_at',
      'total_price_cents',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const termsOf = (row: { payment_terms: unknown }) =>
  (typeof row.payment_terms === 'string' ? JSON.parse(row.payment_terms) : row.payment_terms) as PaymentTerms;

describe('instant book', () => {
  it('a client’s booking of an instant-book listing is confirmed at once, counted, with its terms fixed', async () => {
    const owner = await signInOwner(t);
    await saveSettings(owner.cookie);
    const listing = await insertProperty(t.db, owner.user.id, { instant_book: true });
    const client = await t.signInAs({ role: 'client' });
    const booked = createdReservation(
      await t.post('/api/reservations', bookingBody(listing.id, 40, 3), { cookie: client.cookie }),
    );
    expect(booked.status).toBe('confirmed');
    const row = await stored(booked.id);
    expect(row.counted_at).not.toBeNull();
    const terms = termsOf(row);
    expect(terms.plan).toEqual(DEPOSIT_30);
    expect(terms.cancellation).toEqual(CANCELLATION);
    expect(row.deposit_due_cents).toBe(Math.round(row.total_price_cents * 0.3));
    expect(row.balance_due_on).toBe(day(26));
    const mails = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject'])
      .where('to_address', 'in', [client.user.email, owner.user.email])
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `Your booking at ${listing.title} is confirmed`,
        `Booking confirmed: ${listing.title}`,
      ]),
    );
  });

  it('a listing without instant book still takes a request, with no terms until confirmed', async () => {
    const owner = await signInOwner(t);
    const listing = await insertProperty(t.db, owner.user.id);
    const client = await t.signInAs({ role: 'client' });
    const booked = createdReservation(
      await t.post('/api/reservations', bookingBody(listing.id, 40, 3), { cookie: client.cookie }),
    );
    expect(booked.status).toBe('pending');
    expect((await stored(booked.id)).payment_terms).toBeNull();
  });

  it('a full month refuses an instant booking like a request', async () => {
    const owner = await signInOwner(t, 'starter');
    const listing = await insertProperty(t.db, owner.user.id, { instant_book: true });
    const client = await t.signInAs({ role: 'client' });
    let last = 201;
    for (let i = 0; i < 40 && last === 201; i += 1) {
      const response = await t.post('/api/reservations', bookingBody(listing.id, 30 + i * 2, 1), {
        cookie: client.cookie,
      });
      last = response.statusCode;
      if (last !== 201) expect(response.json().message).toMatch(/not taking bookings/i);
    }
    expect(last).toBe(409);
  });
});

describe('confirming fixes the terms once', () => {
  it('the editor’s PATCH to confirmed stores the terms; a later plan change does not alter them', async () => {
    const owner = await signInOwner(t);
    await saveSettings(owner.cookie);
    const listing = await insertProperty(t.db, owner.user.id);
    const booked = createdReservation(
      await t.post('/api/reservations', bookingBody(listing.id, 60, 2, { new_client: newClientInput() }), {
        cookie: owner.cookie,
      }),
    );
    expect((await stored(booked.id)).payment_terms).toBeNull();
    const confirmed = await t.patch(
      `/api/reservations/${booked.id}`,
      { status: 'confirmed' },
      { cookie: owner.cookie },
    );
    expect(confirmed.statusCode).toBe(200);
    const first = await stored(booked.id);
    expect(termsOf(first)).toMatchObject({ plan: DEPOSIT_30, balanceDueOn: day(46), confirmedOn: day(0) });

    await saveSettings(owner.cookie, { ...DEPOSIT_30, depositPercent: 50, balanceDaysBefore: 3 });
    await t.patch(`/api/reservations/${booked.id}`, { guests: 2 }, { cookie: owner.cookie });
    await t.patch(`/api/reservations/${booked.id}`, { status: 'completed' }, { cookie: owner.cookie });
    await t.patch(`/api/reservations/${booked.id}`, { status: 'confirmed' }, { cookie: owner.cookie });
    const later = await stored(booked.id);
    expect(termsOf(later)).toEqual(termsOf(first));
    expect(later.deposit_due_cents).toBe(first.deposit_due_cents);
  });

  it('the bulk confirm fixes the terms too', async () => {
    const owner = await signInOwner(t);
    const listing = await insertProperty(t.db, owner.user.id);
    const client = await t.signInAs({ role: 'client' });
    const booked = createdReservation(
      await t.post('/api/reservations', bookingBody(listing.id, 50, 2), { cookie: client.cookie }),
    );
    const bulk = await t.post(
      '/api/reservations/bulk',
      { action: 'confirm', ids: [booked.id] },
      { cookie: owner.cookie },
    );
    expect(bulk.statusCode).toBe(200);
    const row = await stored(booked.id);
    expect(row.status).toBe('confirmed');
    // The default plan: everything when confirmed.
    expect(row.deposit_due_cents).toBe(row.total_price_cents);
    expect(row.balance_due_on).toBe(day(0));
  });
});

describe('a listing’s payment plan and the listing view', () => {
  it('the listing view has the terms in force: the listing’s own plan over the business’s', async () => {
    const owner = await signInOwner(t);
    await saveSettings(owner.cookie);
    const listing = await insertProperty(t.db, owner.user.id);
    const view = await t.get(`/api/properties/${listing.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json<ListingDetail>().paymentTerms).toEqual({
      plan: DEPOSIT_30,
      cancellation: CANCELLATION,
      instantBook: false,
      paysOnline: false,
      planText: describePlan(DEPOSIT_30),
      cancellationText:
        'Free cancellation until 10 days before the start; after that 25% of the total is charged.',
    });
    expect(view.json<ListingDetail>().paymentPlan).toBeNull();

    const own: PaymentPlan = { ...DEPOSIT_30, depositType: 'amount', depositAmountCents: 100_000 };
    const put = await t.request('PUT', `/api/properties/${listing.id}`, {
      cookie: owner.cookie,
      body: {
        type: listing.type,
        category: listing.category,
        title: listing.title,
        description: listing.description,
        city: listing.city,
        location: listing.location,
        price_per_day_cents: listing.price_per_day_cents,
        currency: 'ZAR',
        specifications: listing.specifications,
        instantBook: true,
        paymentPlan: own,
      },
    });
    expect(put.statusCode).toBe(200);
    const after = (await t.get(`/api/properties/${listing.id}`)).json<ListingDetail>();
    expect(after.paymentTerms).toMatchObject({ plan: own, instantBook: true });
    expect(after.paymentPlan).toEqual(own);
    const mine = (await t.get('/api/my/properties', { cookie: owner.cookie })).json<OwnedProperty[]>();
    expect(mine.find((p) => p.id === listing.id)).toMatchObject({ instantBook: true, paymentPlan: own });

    // Left out, the plan stays; null hands the listing back to the business's plan.
    const back = await t.request('PUT', `/api/properties/${listing.id}`, {
      cookie: owner.cookie,
      body: {
        type: listing.type,
        category: listing.category,
        title: listing.title,
        description: listing.description,
        city: listing.city,
        location: listing.location,
        price_per_day_cents: listing.price_per_day_cents,
        specifications: listing.specifications,
      },
    });
    expect(back.statusCode).toBe(200);
    expect((await t.get(`/api/properties/${listing.id}`)).json<ListingDetail>().paymentPlan).toEqual(own);
    await t.request('PUT', `/api/properties/${listing.id}`, {
      cookie: owner.cookie,
      body: {
        type: listing.type,
        category: listing.category,
        title: listing.title,
        description: listing.description,
        city: listing.city,
        location: listing.location,
        price_per_day_cents: listing.price_per_day_cents,
        specifications: listing.specifications,
        paymentPlan: null,
      },
    });
    const reset = (await t.get(`/api/properties/${listing.id}`)).json<ListingDetail>();
    expect(reset.paymentPlan).toBeNull();
    expect(reset.paymentTerms.plan).toEqual(DEPOSIT_30);
    expect(reset.paymentTerms.instantBook).toBe(true);
    const rows = await t.db
      .selectFrom('payment_plans')
      .select('id')
      .where('property_id', '=', listing.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('says the owner takes payments online only with a verified PayFast account', async () => {
    const owner = await signInOwner(t);
    const listing = await insertProperty(t.db, owner.user.id);
    await t.db
      .insertInto('owner_payment_accounts')
      .values({
        owner_id: owner.user.id,
        method: 'payfast',
        merchant_id: '10000100',
        // Never read here: only whether a verified PayFast account exists.
        merchant_key_encrypted: 'not-read',
        passphrase_encrypted: 'not-read',
        verified_at: null,
      })
      .execute();
    expect((await t.get(`/api/properties/${listing.id}`)).json<ListingDetail>().paymentTerms.paysOnline).toBe(
      false,
    );
    await t.db
      .updateTable('owner_payment_accounts')
      .set({ verified_at: new Date() })
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect((await t.get(`/api/properties/${listing.id}`)).json<ListingDetail>().paymentTerms.paysOnline).toBe(
      true,
    );
  });

  it('another owner cannot give someone else’s listing a plan', async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const listing = await insertProperty(t.db, owner.user.id);
    const response = await t.request('PUT', `/api/properties/${listing.id}`, {
      cookie: other.cookie,
      body: {
        type: listing.type,
        category: listing.category,
        title: listing.title,
        description: listing.description,
        city: listing.city,
        location: listing.location,
        price_per_day_cents: listing.price_per_day_cents,
        specifications: listing.specifications,
        paymentPlan: DEPOSIT_30,
      },
    });
    expect(response.statusCode).toBe(403);
    expect(
      await t.db.selectFrom('payment_plans').select('id').where('property_id', '=', listing.id).execute(),
    ).toHaveLength(0);
  });
});
