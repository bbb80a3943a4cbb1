import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES, deletedEmail } from '../../../domain/account-deletion.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { day, expectError, insertProperty, setPlan, signInOwner } from '../../test/booking-fixtures.ts';
import { addLine, booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, FACTORY_PASSWORD, type TestApp } from '../../test/harness.ts';
import { pdfAllText } from '../../test/pdf-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function downloadExport(cookie: string) {
  const response = await t.get('/api/account/data-export', { cookie });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toContain(`rentza-my-data-${day(0)}.zip`);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const text = Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('latin1')]),
  );
  const json = (name: string) => JSON.parse(Buffer.from(files[name] as Uint8Array).toString('utf8'));
  return { files, text, json, all: Object.values(text).join('\n') };
}

/** A booking whose client record is the given user's, moved into the past (completed) when asked. */
async function clientBooking(
  owner: { user: { id: string }; cookie: string },
  clientUserId: string,
  options: { status?: Reservation['status']; past?: boolean } = {},
) {
  const reservation = await booking(t, owner, {
    clientUserId,
    status: options.status ?? 'confirmed',
    pricePerNight: 50_000,
  });
  if (options.past) {
    await t.db
      .updateTable('reservations')
      .set({ start_date: day(-10), end_date: day(-7), status: 'completed' })
      .where('id', '=', reservation.id)
      .execute();
  }
  return reservation;
}

async function linkedClientName(reservationId: string) {
  return t.db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select(['c.id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone', 'c.user_id'])
    .where('r.id', '=', reservationId)
    .executeTakeFirstOrThrow();
}

describe('GET /api/account/data-export', () => {
  it('is 401 when signed out', async () => {
    expect((await t.get('/api/account/data-export')).statusCode).toBe(401);
  });

  it("holds exactly the person's data: profile, bookings with billing lines, documents, messages", async () => {
    const owner = await ownerWithDetails(t);
    const me = await t.signInAs({ role: 'client', phone: '082 555 0101' });
    const other = await t.signInAs({
      role: 'client',
      phone: '083 444 0202',
      first_name: 'Zanele',
      last_name: 'Otherperson',
    });
    const otherOwner = await ownerWithDetails(t);
    const mine = await clientBooking(owner, me.user.id);
    await addLine(t, mine, { description: 'Firewood bundle', unitPriceCents: 12_000 });
    const invoice = await t.post(
      `/api/reservations/${mine.id}/documents/invoice`,
      {},
      { cookie: owner.cookie },
    );
    expect(invoice.statusCode).toBe(201);
    // Another client at the same business and another owner's booking for the other client.
    const theirs = await clientBooking(owner, other.user.id);
    await addLine(t, theirs, { description: 'Hot tub hire', unitPriceCents: 30_000 });
    const elsewhere = await clientBooking(otherOwner, other.user.id);
    for (const cookie of [me.cookie, other.cookie]) {
      const asked = await t.post(
        '/api/support/requests',
        { subject: 'Where is my key?', message: `Question from ${cookie === me.cookie ? 'me' : 'them'}` },
        { cookie },
      );
      expect(asked.statusCode).toBe(201);
    }

    const zip = await downloadExport(me.cookie);
    expect(Object.keys(zip.files).sort()).toEqual(
      [
        'README.txt',
        'bookings.json',
        'documents.json',
        'messages.json',
        'profile.json',
        ...Object.keys(zip.files).filter((name) => name.startsWith('documents/')),
      ].sort(),
    );
    expect(zip.text['README.txt']).toContain('profile.json');
    const profile = zip.json('profile.json');
    expect(profile.user).toMatchObject({ id: me.user.id, email: me.user.email, phone: '082 555 0101' });
    expect(profile.sessions.length).toBeGreaterThan(0);
    for (const name of Object.keys(zip.files).filter((file) => file.endsWith('.json')))
      expect(zip.text[name], name).not.toMatch(/password|"token"/i);
    const bookings = zip.json('bookings.json');
    expect(bookings.bookings.map((b: { id: string }) => b.id)).toEqual([mine.id]);
    expect(bookings.bookings[0].billing_lines.map((l: { description: string }) => l.description)).toContain(
      'Firewood bundle',
    );
    const documents = zip.json('documents.json').documents;
    expect(documents.map((d: { kind: string }) => d.kind)).toContain('invoice');
    const invoiceFile = documents.find((d: { kind: string }) => d.kind === 'invoice').pdf_file;
    const myRecord = await linkedClientName(mine.id);
    expect(await pdfAllText(zip.files[invoiceFile] as Uint8Array)).toContain(myRecord.last_name);
    expect(bookings.client_records.map((c: { email: string }) => c.email)).toEqual([myRecord.email]);
    const messages = zip.json('messages.json');
    expect(
      messages.support_requests.map((r: { messages: { body: string }[] }) => r.messages[0]?.body),
    ).toEqual(['Question from me']);

    // Nobody else's data: not the other client, their bookings, their lines, nor the other owner.
    for (const foreign of [
      other.user.id,
      other.user.email,
      other.user.first_name,
      other.user.last_name,
      '083 444 0202',
      theirs.id,
      theirs.client_id,
      theirs.reference,
      (await linkedClientName(theirs.id)).email,
      elsewhere.id,
      'Hot tub hire',
      'Question from them',
      otherOwner.user.id,
      otherOwner.user.email,
      otherOwner.details.trading_name,
    ]) {
      expect(zip.all, foreign).not.toContain(foreign);
    }
  });

  it("gives an owner their business's own data but not their customers' or another owner's", async () => {
    const owner = await ownerWithDetails(t);
    const otherOwner = await ownerWithDetails(t);
    const customer = await t.signInAs({ role: 'client' });
    const theirBooking = await clientBooking(owner, customer.user.id);
    const zip = await downloadExport(owner.cookie);
    expect(zip.json('business.json').business_details.trading_name).toBe(owner.details.trading_name);
    expect(zip.json('bookings.json').bookings).toEqual([]);
    for (const foreign of [
      customer.user.email,
      customer.user.last_name,
      theirBooking.id,
      otherOwner.user.id,
      otherOwner.user.email,
      otherOwner.details.trading_name,
    ]) {
      expect(zip.all, foreign).not.toContain(foreign);
    }
  });
});

describe('a staff member’s export', () => {
  it('has their staff record and the business name, not their owner’s personal data', async () => {
    const owner = await ownerWithDetails(t);
    const staff = await t.signInAs({ role: 'backoffice', parentOwnerId: owner.user.id });
    const zip = await downloadExport(staff.cookie);
    expect(zip.json('staff.json')).toMatchObject({
      role: 'backoffice',
      business_name: owner.details.trading_name,
    });
    expect(zip.files['business.json']).toBeUndefined();
    for (const foreign of [owner.user.email, owner.user.last_name])
      expect(zip.all, foreign).not.toContain(foreign);
  });
});

describe('POST /api/account/delete', () => {
  const remove = (cookie: string | undefined, password: unknown = FACTORY_PASSWORD) =>
    t.post('/api/account/delete', { password }, { cookie });

  it('is 401 when signed out and 400 without a password or with the wrong one', async () => {
    expect((await remove(undefined)).statusCode).toBe(401);
    const { cookie } = await t.signInAs({ role: 'client' });
    expect((await remove(cookie, '')).statusCode).toBe(400);
    expectError(await remove(cookie, 'Not-my-password1'), 400, ACCOUNT_DELETION_MESSAGES.wrongPassword);
    expect((await t.get('/api/me', { cookie })).statusCode).toBe(200);
  });

  it('refuses an owner with a paid subscription until it is cancelled, then closes the business', async () => {
    const owner = await signInOwner(t, 'pro');
    const staff = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
    const listing = await insertProperty(t.db, owner.user.id, { title: 'Owner leaving loft' });
    expectError(await remove(owner.cookie), 409, ACCOUNT_DELETION_MESSAGES.liveSubscription);
    await t.db
      .updateTable('subscriptions')
      .set({ cancel_at_period_end: true })
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect((await remove(owner.cookie)).statusCode).toBe(200);
    const property = await t.db
      .selectFrom('properties')
      .selectAll()
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(property.is_active).toBe(false);
    expect(property.archived_at).not.toBeNull();
    expect((await t.get('/api/me', { cookie: staff.cookie })).statusCode).toBe(401);
    const subscription = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('owner_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(subscription.status).toBe('cancelled');
  });

  it('lets an owner on the free plan go', async () => {
    const owner = await signInOwner(t, 'starter');
    await setPlan(t.db, owner.user.id, 'starter');
    expect((await remove(owner.cookie)).statusCode).toBe(200);
  });

  it('refuses a client with upcoming bookings', async () => {
    const owner = await ownerWithDetails(t);
    const me = await t.signInAs({ role: 'client' });
    await clientBooking(owner, me.user.id, { status: 'pending' });
    expectError(await remove(me.cookie), 409, ACCOUNT_DELETION_MESSAGES.upcomingBookings);
  });

  it('anonymises the client: the owner keeps the booking and its documents with the original name; no sign-in', async () => {
    const owner = await ownerWithDetails(t);
    const me = await t.signInAs({ role: 'client', phone: '082 555 0303' });
    const reservation = await clientBooking(owner, me.user.id);
    const issued = await t.post(
      `/api/reservations/${reservation.id}/documents/invoice`,
      {},
      { cookie: owner.cookie },
    );
    expect(issued.statusCode).toBe(201);
    const invoiceId = issued.json().document.id as string;
    const before = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    const clientBefore = await linkedClientName(reservation.id);
    await t.db
      .updateTable('reservations')
      .set({ start_date: day(-10), end_date: day(-7), status: 'completed' })
      .where('id', '=', reservation.id)
      .execute();
    await t.post(
      '/api/support/requests',
      { subject: 'Bye', message: 'Please delete me' },
      { cookie: me.cookie },
    );

    const deleted = await remove(me.cookie);
    expect(deleted.statusCode).toBe(200);
    expect((await t.get('/api/me', { cookie: me.cookie })).statusCode).toBe(401);
    expect((await t.attemptSignIn(me.user.email, FACTORY_PASSWORD)).statusCode).toBe(401);

    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      name: 'Deleted user',
      email: deletedEmail(me.user.id),
      phone: null,
      is_active: false,
    });
    expect(user.deleted_at).not.toBeNull();
    expect(
      await t.db.selectFrom('accounts').select('id').where('user_id', '=', me.user.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('support_requests').select('id').where('sender_id', '=', me.user.id).execute(),
    ).toEqual([]);
    expect(await linkedClientName(reservation.id)).toEqual({
      id: clientBefore.id,
      first_name: 'Deleted',
      last_name: 'user',
      email: deletedEmail(clientBefore.id),
      phone: null,
      user_id: null,
    });

    // The owner still has the booking and the invoice as issued, with the name printed on it.
    const seen = await t.get(`/api/reservations/${reservation.id}`, { cookie: owner.cookie });
    expect(seen.statusCode).toBe(200);
    const after = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    expect(after.snapshot).toEqual(before.snapshot);
    expect(after.pdf_sha256).toBe(before.pdf_sha256);
    const pdf = await t.get(`/api/documents/${invoiceId}/pdf`, { cookie: owner.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfAllText(pdf.rawPayload)).toContain(clientBefore.last_name);

    const mail = await t.waitForMail(me.user.email, /account has been deleted/);
    expect(mail.subject).toBe('Your Rentza account has been deleted');
  });
});
