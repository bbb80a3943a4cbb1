import { randomUUID } from 'node:crypto';
import type { Reservation } from '../../domain/schemas/reservation.ts';
import {
  ensureStarterSubscription,
  findSubscription,
} from '../modules/subscriptions/subscription.repository.ts';
import { multipartBody, solidImage } from '../platform/images/test-images.ts';
import { day, insertProperty, signInOwner } from './booking-fixtures.ts';
import { addLine, booking, ownerWithDetails } from './document-fixtures.ts';
import { type CreatedUser, createTestApp, type TestApp } from './harness.ts';

/**
 * The access matrix's data (see access-matrix.routes.test.ts): one app, a signed-in person per role,
 * and the first owner's data every row reads, made once by setUpMatrix in beforeAll.
 */

export const ROLES = [
  'anonymous',
  'client',
  'owner',
  'otherOwner',
  'frontOffice',
  'backOffice',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];
type SignedInRole = Exclude<Role, 'anonymous'>;

export interface Session {
  t: TestApp;
  cookies: Map<Role, string>;
  users: Map<SignedInRole, CreatedUser>;
}

/** The first owner's data every row reads. */
export interface MatrixData {
  propertyId: string;
  /** An event space: booked by the hour. */
  hourlyPropertyId: string;
  /** Confirmed, of the signed-in client, with billing lines and an issued tax invoice. */
  reservation: Reservation;
  /** Pending, of the signed-in client (a quote exists only while pending). */
  pendingReservation: Reservation;
  /** Confirmed, for adding billing lines. */
  openReservation: Reservation;
  lineId: string;
  documentId: string;
  clientId: string;
  rateId: string;
  stockItemId: string;
  extraChargeTypeId: string;
  imageId: string;
  /** Where the uploaded photo is served. */
  imageUrl: string;
  photo: Buffer;
  staffTargetId: string;
  paymentReference: string;
  subscriptionInvoiceId: string;
  commissionStatementId: string;
  mailId: string;
  attachmentId: string;
}

let currentSession: Session | undefined;
let currentData: MatrixData | undefined;

/** The app and the signed-in people; throws before setUpMatrix has signed them in. */
export function session(): Session {
  if (!currentSession) throw new Error('The access matrix is not set up: setUpMatrix runs in beforeAll.');
  return currentSession;
}

/** The first owner's data; throws before setUpMatrix has made it. */
export function data(): MatrixData {
  if (!currentData) throw new Error('The access matrix data is not made: setUpMatrix runs in beforeAll.');
  return currentData;
}

const userAs = (role: SignedInRole) => {
  const user = session().users.get(role);
  if (!user) throw new Error(`The access matrix has no signed-in ${role}.`);
  return user;
};
export const owner = () => userAs('owner');
export const client = () => userAs('client');
export const ownerCookie = () => {
  const cookie = session().cookies.get('owner');
  if (!cookie) throw new Error('The access matrix has no owner session.');
  return cookie;
};

/** An admin names the business they act for. */
export const forAdmin = (role: Role, url: string, parameter = 'owner_id') =>
  role === 'admin' ? `${url}${url.includes('?') ? '&' : '?'}${parameter}=${owner().id}` : url;

let sequence = 0;
/** A number unique within the run, for dates and names that must not collide. */
export const next = () => ++sequence;

export async function ownerPost<T>(url: string, body: unknown): Promise<T> {
  const response = await session().t.post(url, body, { cookie: ownerCookie() });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

export const rateBody = (propertyId = data().propertyId) => {
  const start = 400 + next() * 3;
  return {
    property_id: propertyId,
    start_date: day(start),
    end_date: day(start + 1),
    rate_cents: 80_000,
  };
};
export const stockItemBody = () => ({ name: `Firewood ${next()}`, unit_price_cents: 5_000 });
export const extraChargeBody = () => ({ name: `Late checkout ${next()}`, default_amount_cents: 20_000 });

/** A multipart body with one JPEG, as the photo and logo forms send it. */
export const photoUpload = (photo = data().photo) => {
  const { body, contentType } = multipartBody([
    { name: 'file', data: photo, filename: 'photo.jpg', contentType: 'image/jpeg' },
  ]);
  return { body, headers: { 'content-type': contentType } };
};
export const freshReservation = (status: Reservation['status'] = 'pending') =>
  booking(session().t, { user: owner(), cookie: ownerCookie() }, { status, clientUserId: client().id });
export const freshPaymentReference = async () => {
  const { t } = session();
  const subscription = await t.db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', owner().id)
    .executeTakeFirstOrThrow();
  const reference = `PAY_${Date.now()}_${randomUUID().slice(0, 8)}`;
  await t.db
    .insertInto('payments')
    .values({
      owner_id: owner().id,
      subscription_id: subscription.id,
      gateway: 'payfast',
      reference,
      kind: 'subscription',
      plan_id: 'business',
      description: 'Business Plan - Monthly Subscription',
      amount_cents: 59_900,
      gateway_payment_id: null,
      failure_reason: null,
      completed_at: null,
    })
    .execute();
  return reference;
};

/** Signs everyone in and makes the data the rows read. */
export async function setUpMatrix(): Promise<void> {
  const t = await createTestApp();
  const cookies = new Map<Role, string>();
  const users = new Map<SignedInRole, CreatedUser>();
  currentSession = { t, cookies, users };
  const first = await ownerWithDetails(t);
  users.set('owner', first.user);
  cookies.set('owner', first.cookie);
  const other = await signInOwner(t);
  users.set('otherOwner', other.user);
  cookies.set('otherOwner', other.cookie);
  for (const [role, kind] of [
    ['frontOffice', 'frontoffice'],
    ['backOffice', 'backoffice'],
  ] as const) {
    const staff = await t.signInAs({ role: kind, parentOwnerId: first.user.id });
    users.set(role, staff.user);
    cookies.set(role, staff.cookie);
  }
  for (const role of ['client', 'admin'] as const) {
    const signedIn = await t.signInAs({ role });
    users.set(role, signedIn.user);
    cookies.set(role, signedIn.cookie);
  }
  const staffTargetId = (await t.createUser({ role: 'frontoffice', parentOwnerId: first.user.id })).id;

  // The other owner's own listing and booking, so their requests meet data that is not theirs.
  await booking(t, other);

  const propertyId = (await insertProperty(t.db, first.user.id)).id;
  const hourlyPropertyId = (await insertProperty(t.db, first.user.id, { type: 'event_space' })).id;
  const reservation = await freshReservation('confirmed');
  await addLine(t, reservation, { description: 'Airport transfer', unitPriceCents: 45_000 });
  const issued = await ownerPost<{ document: { id: string } }>(
    `/api/reservations/${reservation.id}/documents/invoice`,
    {},
  );
  const pendingReservation = await freshReservation('pending');
  const openReservation = await freshReservation('confirmed');
  const lineId = (await addLine(t, openReservation, { description: 'Cot', unitPriceCents: 10_000 })).id;
  const rateId = (await ownerPost<{ id: string }>('/api/billing/rates', rateBody(propertyId))).id;
  const stockItemId = (await ownerPost<{ id: string }>('/api/billing/stock-items', stockItemBody())).id;
  const extraChargeTypeId = (
    await ownerPost<{ id: string }>('/api/billing/extra-charge-types', extraChargeBody())
  ).id;
  const photo = await solidImage(800, 600).jpeg().toBuffer();
  const uploaded = await t.request('POST', `/api/properties/${propertyId}/images`, {
    ...photoUpload(photo),
    cookie: first.cookie,
  });
  if (uploaded.statusCode !== 201) throw new Error(`photo: ${uploaded.statusCode} ${uploaded.body}`);
  const { id: imageId, url: imageUrl } = uploaded.json<{ id: string; url: string }>();
  const paymentReference = await freshPaymentReference();
  const subscriptionInvoiceId = await insertSubscriptionInvoice(t, first.user);
  const commissionStatementId = await insertCommissionStatement(t, first.user);

  // An emailed document gives the dev mailbox a message with an attachment.
  await ownerPost(`/api/reservations/${reservation.id}/documents/send`, { kind: 'invoice' });
  const recipient = await t.db
    .selectFrom('clients')
    .select('email')
    .where('id', '=', reservation.client_id)
    .executeTakeFirstOrThrow();
  const mail = await t.waitForMail(recipient.email as string, /invoice/i);
  const stored = await t.db
    .selectFrom('dev_mailbox')
    .select(['id', 'attachments'])
    .where('id', '=', mail.id)
    .executeTakeFirstOrThrow();

  currentData = {
    propertyId,
    hourlyPropertyId,
    reservation,
    pendingReservation,
    openReservation,
    lineId,
    documentId: issued.document.id,
    clientId: reservation.client_id,
    rateId,
    stockItemId,
    extraChargeTypeId,
    imageId,
    imageUrl,
    photo,
    staffTargetId,
    paymentReference,
    subscriptionInvoiceId,
    commissionStatementId,
    mailId: stored.id,
    attachmentId: stored.attachments[0]?.id ?? '',
  };
}

export async function tearDownMatrix(): Promise<void> {
  await currentSession?.t.close();
}

/** Rentza and the owner as the matrix's Rentza invoices name them. */
const matrixParties = (user: CreatedUser) => ({
  seller: {
    legalName: 'Rentza (Pty) Ltd',
    vatNumber: '4123456789',
    address: '1 Loop Street, Cape Town, 8001',
    email: 'billing@rentza.co.za',
  },
  buyer: { name: 'Matrix Owner', email: user.email, businessName: null, vatNumber: null, address: null },
});

async function insertSubscriptionInvoice(t: TestApp, user: CreatedUser): Promise<string> {
  await ensureStarterSubscription(t.db, user.id);
  const subscription = await t.db
    .selectFrom('subscriptions')
    .select('id')
    .where('owner_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const payment = await t.db
    .insertInto('payments')
    .values({
      owner_id: user.id,
      subscription_id: subscription.id,
      gateway: 'payfast',
      reference: `SUB_${Date.now()}_${randomUUID().slice(0, 8)}`,
      kind: 'subscription',
      plan_id: 'business',
      description: 'Business Plan - Monthly Subscription',
      amount_cents: 59_900,
      status: 'complete',
      gateway_payment_id: randomUUID(),
      failure_reason: null,
      completed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invoice = await t.db
    .insertInto('subscription_invoices')
    .values({
      owner_id: user.id,
      subscription_id: subscription.id,
      payment_id: payment.id,
      number: 9001,
      invoice_date: day(0),
      description: 'Business Plan - Monthly Subscription',
      plan_id: 'business',
      amount_cents: 59_900,
      vat_cents: 7_813,
      vat_rate_percent: 15,
      period_start: day(0),
      period_end: day(30),
      status: 'paid',
      snapshot: JSON.stringify({
        ...matrixParties(user),
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return invoice.id;
}

/** A commission statement of the owner's, still due (docs/decisions/032). */
async function insertCommissionStatement(t: TestApp, user: CreatedUser): Promise<string> {
  const subscription = await findSubscription(t.db, user.id);
  if (!subscription) throw new Error('The matrix owner has no subscription.');
  const statement = await t.db
    .insertInto('commission_statements')
    .values({
      owner_id: user.id,
      subscription_id: subscription.id,
      month: '2026-01-01',
      number: 9002,
      // Due ahead: an overdue statement makes the lifecycle sweep (every 60 s in the test app) mark the
      // owner Payment Due mid-run, and every later listing or booking row answers 403.
      issue_date: day(0),
      due_date: day(14),
      amount_cents: 23_000,
      vat_cents: 3_000,
      vat_rate_percent: 15,
      snapshot: JSON.stringify({
        ...matrixParties(user),
        ratePercent: 10,
        bookings: [],
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return statement.id;
}
