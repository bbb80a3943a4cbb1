import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_MESSAGES } from '../../../domain/agreement.ts';
import type { AgreementEditor, AgreementInForce, AgreementSaved } from '../../../domain/schemas/agreement.ts';
import type { Mail } from '../../../domain/schemas/mailbox.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, setPlan, signInOwner } from '../../test/booking-fixtures.ts';
import { ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfAllText } from '../../test/pdf-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const AGREEMENT = `# Rental agreement

The guest keeps the **house tidy** and returns the *keys* by 10:00.

1. No smoking indoors
2. Quiet after 22:00

- Pets by arrangement`;

async function giveAddOn(ownerId: string) {
  const subscription = await t.db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('subscription_add_ons')
    .values({ subscription_id: subscription.id, add_on_id: 'custom_agreement', price_cents: 14900 })
    .execute();
  return subscription.id;
}

/** An owner (business details saved, "Karoo Stays") with the add-on and a listing. */
async function agreementOwner() {
  const owner = await ownerWithDetails(t, { trading_name: 'Karoo Stays' });
  await giveAddOn(owner.user.id);
  const property = await insertProperty(t.db, owner.user.id, {
    title: 'Karoo Farmhouse',
    cleaning_fee_cents: 0,
  });
  return { ...owner, property };
}

async function save(cookie: string, body: string) {
  return t.request('PUT', '/api/agreement', { body: { body }, cookie });
}

async function mailTo(email: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await t.deliverMail();
    const found = (await t.mailbox(email)).find((mail) => subject.test(mail.subject));
    if (found) return (await t.get(`/api/dev/mailbox/${found.id}`)).json<Mail>();
    if (Date.now() > deadline) throw new Error(`no email to ${email} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('writing the agreement', () => {
  it('versions each changed save, keeps an unchanged save as it is, and lists the history', async () => {
    const owner = await agreementOwner();
    const first = await save(owner.cookie, AGREEMENT);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AgreementSaved>()).toMatchObject({
      created: true,
      agreement: { version: 1, business_name: 'Karoo Stays', owner_id: owner.user.id },
    });
    const again = await save(owner.cookie, `${AGREEMENT}\n\n  `);
    expect(again.json<AgreementSaved>()).toMatchObject({ created: false, agreement: { version: 1 } });
    const second = await save(owner.cookie, `${AGREEMENT}\n\nCheck-out is at 10:00.`);
    expect(second.json<AgreementSaved>()).toMatchObject({ created: true, agreement: { version: 2 } });

    const editor = (await t.get('/api/agreement', { cookie: owner.cookie })).json<AgreementEditor>();
    expect(editor.has_add_on).toBe(true);
    expect(editor.latest?.version).toBe(2);
    expect(editor.versions.map((v) => v.version)).toEqual([2, 1]);
    const old = await t.get(`/api/agreements/${owner.user.id}/1`);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ version: 1, body: AGREEMENT });
    const pdf = await t.get(`/api/agreements/${owner.user.id}/1/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfAllText(pdf.rawPayload);
    expect(text).toContain('Karoo Stays rental agreement');
    expect(text).toContain('No smoking indoors');
  });

  it('is refused without the add-on, to staff, admins and clients; bad text is a 400 that saves nothing', async () => {
    const starter = await signInOwner(t, 'starter');
    const refused = await save(starter.cookie, AGREEMENT);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AGREEMENT_MESSAGES.addOnRequired);
    const editor = (await t.get('/api/agreement', { cookie: starter.cookie })).json<AgreementEditor>();
    expect(editor).toMatchObject({ has_add_on: false, latest: null, versions: [] });

    const owner = await agreementOwner();
    for (const role of ['backoffice', 'frontoffice'] as const) {
      const staff = await t.signInAs({
        role,
        parentOwnerId: owner.user.id,
        permissions: {
          canManageProperties: true,
          canManageReservations: true,
          canManageTenants: true,
          canManageUsers: true,
          canViewReports: true,
        },
      });
      expect((await save(staff.cookie, AGREEMENT)).statusCode).toBe(403);
      expect((await t.get('/api/agreement', { cookie: staff.cookie })).statusCode).toBe(403);
    }
    for (const role of ['admin', 'client'] as const) {
      const other = await t.signInAs({ role });
      expect((await save(other.cookie, AGREEMENT)).statusCode).toBe(403);
    }
    expect((await t.request('PUT', '/api/agreement', { body: { body: AGREEMENT } })).statusCode).toBe(401);
    expect((await save(owner.cookie, '   ')).statusCode).toBe(400);
    expect((await save(owner.cookie, 'x'.repeat(20_001))).statusCode).toBe(400);
    const rows = await t.db
      .selectFrom('rental_agreements')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('an owner writes only their own: another owner’s save never touches theirs', async () => {
    const a = await agreementOwner();
    const b = await agreementOwner();
    await save(a.cookie, 'A’s terms');
    await save(b.cookie, 'B’s terms');
    const inForceA = (await t.get(`/api/agreements/${a.user.id}`)).json<AgreementInForce>();
    expect(inForceA.agreement).toMatchObject({ version: 1, body: 'A’s terms' });
    const editorB = (await t.get('/api/agreement', { cookie: b.cookie })).json<AgreementEditor>();
    expect(editorB.latest?.body).toBe('B’s terms');
  });
});

describe('booking under the agreement', () => {
  it('refuses a client without acceptance (400), with a stale version (409), and stores the accepted version', async () => {
    const owner = await agreementOwner();
    await save(owner.cookie, AGREEMENT);
    const client = await t.signInAs({ role: 'client' });
    const body = bookingBody(owner.property.id, 10, 2);

    const none = await t.post('/api/reservations', body, { cookie: client.cookie });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(AGREEMENT_MESSAGES.notAccepted('Karoo Stays'));

    await save(owner.cookie, `${AGREEMENT}\n\nA new clause.`);
    const stale = await t.post(
      '/api/reservations',
      { ...body, agreement_version: 1 },
      { cookie: client.cookie },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(AGREEMENT_MESSAGES.changed('Karoo Stays', 2));
    expect(
      await t.db.selectFrom('reservations').select('id').where('owner_id', '=', owner.user.id).execute(),
    ).toHaveLength(0);

    const before = Date.now();
    const booked = await t.post(
      '/api/reservations',
      { ...body, agreement_version: 2 },
      { cookie: client.cookie },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const reservation = booked.json<Reservation>();
    expect(reservation.agreement?.version).toBe(2);
    expect(Date.parse(reservation.agreement?.accepted_at ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // The owner confirms: the client's confirmation email carries the agreement's PDF.
    const confirmed = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'confirmed' },
      { cookie: owner.cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const mail = await mailTo(client.user.email, /is confirmed/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ file_name: 'Rental-agreement-v2.pdf' });
    const attached = await t.get(mail.attachments[0]?.url ?? '');
    expect(attached.statusCode).toBe(200);
    const attachedText = await pdfAllText(attached.rawPayload);
    expect(attachedText).toContain('Karoo Stays rental agreement');
    expect(attachedText).toContain('A new clause.');

    // The Booking Confirmation prints the agreement the client accepted.
    const confirmation = await t.get(`/api/reservations/${reservation.id}/documents/confirmation.pdf`, {
      cookie: client.cookie,
    });
    expect(confirmation.statusCode).toBe(200);
    const text = await pdfAllText(confirmation.rawPayload);
    expect(text).toContain('Booking Confirmation');
    expect(text).toContain('Karoo Stays rental agreement');
    expect(text).toMatch(/Version 2 · Accepted by .+ on /);
    expect(text).toContain('No smoking indoors');
    expect(text).toContain('A new clause.');

    // The add-on ends: new bookings are under Rentza's terms; this one keeps its version.
    await t.db
      .updateTable('subscription_add_ons')
      .set({ removed_at: new Date(Date.now() - 1000) })
      .where('add_on_id', '=', 'custom_agreement')
      .where(
        'subscription_id',
        'in',
        t.db.selectFrom('subscriptions').select('id').where('owner_id', '=', owner.user.id),
      )
      .execute();
    expect((await t.get(`/api/agreements/${owner.user.id}`)).json<AgreementInForce>().agreement).toBeNull();
    const plain = await t.post('/api/reservations', bookingBody(owner.property.id, 20, 2), {
      cookie: client.cookie,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<Reservation>().agreement).toBeNull();
    const kept = await t.get(`/api/reservations/${reservation.id}`, { cookie: client.cookie });
    expect(kept.json<Reservation>().agreement?.version).toBe(2);
    const later = await t.get(`/api/reservations/${reservation.id}/documents/confirmation.pdf`, {
      cookie: owner.cookie,
    });
    expect(await pdfAllText(later.rawPayload)).toContain('A new clause.');
  });

  it('the business booking for a client records no acceptance; without the add-on nothing is asked', async () => {
    const owner = await agreementOwner();
    await save(owner.cookie, AGREEMENT);
    const forClient = await t.post(
      '/api/reservations',
      bookingBody(owner.property.id, 30, 2, {
        new_client: { first_name: 'Thandi', last_name: 'Mokoena', email: 'thandi.agreement@example.com' },
      }),
      { cookie: owner.cookie },
    );
    expect(forClient.statusCode, forClient.body).toBe(201);
    expect(forClient.json<Reservation>().agreement).toBeNull();
    // A booking confirmation is had once the booking is confirmed (issue 21).
    const confirmed = await t.patch(
      `/api/reservations/${forClient.json<Reservation>().id}`,
      { status: 'confirmed' },
      { cookie: owner.cookie },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const text = await pdfAllText(
      (
        await t.get(`/api/reservations/${forClient.json<Reservation>().id}/documents/confirmation.pdf`, {
          cookie: owner.cookie,
        })
      ).rawPayload,
    );
    expect(text).not.toContain('rental agreement');

    const plainOwner = await signInOwner(t, 'pro');
    await setPlan(t.db, plainOwner.user.id, 'pro');
    const listing = await insertProperty(t.db, plainOwner.user.id);
    const client = await t.signInAs({ role: 'client' });
    expect((await t.get(`/api/agreements/${plainOwner.user.id}`)).json<AgreementInForce>()).toEqual({
      agreement: null,
    });
    const booked = await t.post('/api/reservations', bookingBody(listing.id, 12, 1), {
      cookie: client.cookie,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json<Reservation>().agreement).toBeNull();
  });

  it('versions are immutable in the database', async () => {
    const owner = await agreementOwner();
    await save(owner.cookie, AGREEMENT);
    await expect(
      t.db
        .updateTable('rental_agreements')
        .set({ body: 'changed' })
        .where('owner_id', '=', owner.user.id)
        .execute(),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(
      t.db.deleteFrom('rental_agreements').where('owner_id', '=', owner.user.id).execute(),
    ).rejects.toThrow(/never changed or deleted/);
    expect((await t.get(`/api/agreements/${owner.user.id}/9`)).statusCode).toBe(404);
    expect((await t.get('/api/agreements/not-a-uuid')).statusCode).toBe(400);
  });
});
