import { randomUUID } from 'node:crypto';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../domain/schemas/reservation.ts';
import { SESSION_COOKIE_SCHEME } from '../http/openapi.ts';
import { ensureStarterSubscription } from '../modules/subscriptions/subscription.repository.ts';
import { multipartBody, solidImage } from '../platform/images/test-images.ts';
import { day, insertProperty, newClientInput, signInOwner } from './booking-fixtures.ts';
import { addLine, booking, businessDetailsBody, ownerWithDetails } from './document-fixtures.ts';
import { type CreatedUser, createTestApp, fakeRegistration, type TestApp } from './harness.ts';

/**
 * The access matrix (issue 18): every operation of the served OpenAPI document, called by each kind
 * of person, answers the status written here. "otherOwner" is another owner asking for the first
 * owner's data; staff are the first owner's, with the permissions they get by default
 * (domain/permissions.ts). The test fails when the document has an operation without a row, when a
 * row names an operation the document no longer has, when an operation's documented security does
 * not match what anonymous callers get, and when any cell answers another status.
 *
 * Each row builds a valid request (so the access check decides) against real data made once in
 * beforeAll; rows that change or delete something make a fresh target per call. Expected statuses are
 * one string per row in the order of ROLES, so a changed rule is a one-word edit.
 * Set ACCESS_MATRIX_PRINT=1 to print the observed matrix in that format.
 */

const ROLES = ['anonymous', 'client', 'owner', 'otherOwner', 'frontOffice', 'backOffice', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface CellRequest {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A cookie other than the role's usual session (sign-out ends the session it is given). */
  cookie?: string;
}

interface Row {
  request: (role: Role) => CellRequest | Promise<CellRequest>;
  /** Statuses in the order of ROLES. */
  expect: string;
  /** Changes the owners' subscriptions: run after every other row, in this order. */
  last?: number;
}

let t: TestApp;
const cookies = new Map<Role, string>();
const users = new Map<Exclude<Role, 'anonymous'>, CreatedUser>();
/** The first owner's data every row reads. */
const data = {
  propertyId: '',
  /** An event space: booked by the hour. */
  hourlyPropertyId: '',
  archivedPropertyId: '',
  /** Confirmed, of the signed-in client, with billing lines and an issued tax invoice. */
  reservation: null as unknown as Reservation,
  /** Pending, of the signed-in client (a quote exists only while pending). */
  pendingReservation: null as unknown as Reservation,
  /** Confirmed, for adding billing lines. */
  openReservation: null as unknown as Reservation,
  lineId: '',
  documentId: '',
  clientId: '',
  rateId: '',
  stockItemId: '',
  extraChargeTypeId: '',
  imageId: '',
  /** Where the uploaded photo is served. */
  imageUrl: '',
  photo: Buffer.alloc(0),
  staffTargetId: '',
  paymentReference: '',
  subscriptionInvoiceId: '',
  mailId: '',
  attachmentId: '',
};
let sequence = 0;
/** A number unique within the run, for dates and names that must not collide. */
const next = () => ++sequence;

const ownerCookie = () => cookies.get('owner') as string;
const owner = () => users.get('owner') as CreatedUser;
const client = () => users.get('client') as CreatedUser;

async function ownerPost<T>(url: string, body: unknown): Promise<T> {
  const response = await t.post(url, body, { cookie: ownerCookie() });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

const listingBody = () => ({
  type: 'accommodation',
  category: 'apartment',
  title: `Matrix Loft ${next()}`,
  description: 'A light loft above the harbour with a view of the mountain.',
  city: 'Cape Town',
  location: '12 Long Street, Cape Town',
  price_per_day_cents: 90_000,
  specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
});
const rateBody = () => {
  const start = 400 + next() * 3;
  return {
    property_id: data.propertyId,
    start_date: day(start),
    end_date: day(start + 1),
    rate_cents: 80_000,
  };
};
const stockItemBody = () => ({ name: `Firewood ${next()}`, unit_price_cents: 5_000 });
const extraChargeBody = () => ({ name: `Late checkout ${next()}`, default_amount_cents: 20_000 });
const invitationBody = () => ({
  first_name: 'Ayanda',
  last_name: 'Zulu',
  email: `invited.${randomUUID().slice(0, 8)}@example.co.za`,
  role: 'frontoffice',
  permissions: {
    canManageProperties: false,
    canManageReservations: true,
    canManageTenants: false,
    canManageUsers: false,
    canViewReports: false,
  },
});
/** Its own count: a guest may start no more than 3 months ahead (docs/decisions/022). */
let bookingsMade = 0;
const bookingOnListing = () => {
  const start = 10 + bookingsMade++ * 3;
  return { property_id: data.propertyId, start_date: day(start), end_date: day(start + 2) };
};
/** The business books for a new client of its own; a client, or another owner, books as a guest. */
const bookingBy = (role: Role) =>
  role === 'client' || role === 'otherOwner'
    ? bookingOnListing()
    : { ...bookingOnListing(), new_client: newClientInput() };
/** An admin names the business they act for. */
const forAdmin = (role: Role, url: string, parameter = 'owner_id') =>
  role === 'admin' ? `${url}${url.includes('?') ? '&' : '?'}${parameter}=${owner().id}` : url;

/** A multipart body with one JPEG, as the photo and logo forms send it. */
const photoUpload = () => {
  const { body, contentType } = multipartBody([
    { name: 'file', data: data.photo, filename: 'photo.jpg', contentType: 'image/jpeg' },
  ]);
  return { body, headers: { 'content-type': contentType } };
};
const freshProperty = async () => (await insertProperty(t.db, owner().id)).id;
const freshReservation = (status: Reservation['status'] = 'pending') =>
  booking(t, { user: owner(), cookie: ownerCookie() }, { status, clientUserId: client().id });
const freshInvitation = async () =>
  (await ownerPost<{ id: string }>('/api/invitations', invitationBody())).id;
const freshPaymentReference = async () => {
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

/** Every operation of the document, by operationId. */
const MATRIX: Record<string, Row> = {
  // platform and account
  getHealth: { request: () => ({ url: '/api/health' }), expect: '200 200 200 200 200 200 200' },
  getSession: { request: () => ({ url: '/api/session' }), expect: '200 200 200 200 200 200 200' },
  getMe: { request: () => ({ url: '/api/me' }), expect: '401 200 200 200 200 200 200' },
  patchMe: {
    request: () => ({ url: '/api/me', body: { first_name: 'Lerato', last_name: 'Dlamini' } }),
    expect: '401 200 200 200 200 200 200',
  },
  getMeNotificationSettings: {
    request: () => ({ url: '/api/me/notification-settings' }),
    expect: '401 200 200 200 200 200 200',
  },
  putMeNotificationSettings: {
    request: () => ({ url: '/api/me/notification-settings', body: { email: true, sms: false, app: true } }),
    expect: '401 200 200 200 200 200 200',
  },

  // staff and invitations
  getInvitationsClaim: {
    request: () => ({ url: `/api/invitations/claim?token=${'x'.repeat(43)}` }),
    expect: '404 404 404 404 404 404 404',
  },
  postInvitationsClaim: {
    request: () => ({
      url: '/api/invitations/claim',
      body: {
        token: 'x'.repeat(43),
        first_name: 'Ayanda',
        last_name: 'Zulu',
        phone: '082 555 0101',
        password: 'Rz#Claim2026a7Q',
      },
    }),
    expect: '404 404 404 404 404 404 404',
  },
  getStaff: { request: () => ({ url: '/api/staff' }), expect: '401 403 200 200 403 200 403' },
  patchStaffById: {
    request: () => ({ url: `/api/staff/${data.staffTargetId}`, body: { is_active: true } }),
    expect: '401 403 200 404 403 200 403',
  },
  postInvitations: {
    request: () => ({ url: '/api/invitations', body: invitationBody() }),
    expect: '401 403 201 201 403 201 403',
  },
  postInvitationsBulk: {
    request: () => ({
      url: '/api/invitations/bulk',
      body: { ...invitationBody(), emails: [`bulk.${randomUUID().slice(0, 8)}@example.co.za`] },
    }),
    expect: '401 403 200 200 403 200 403',
  },
  postInvitationsByIdResend: {
    request: async () => ({ url: `/api/invitations/${await freshInvitation()}/resend` }),
    expect: '401 403 200 404 403 200 403',
  },
  deleteInvitationsById: {
    request: async () => ({ url: `/api/invitations/${await freshInvitation()}` }),
    expect: '401 403 204 404 403 204 403',
  },

  // subscription and payments (the owner's own; an admin names the owner)
  getSubscriptionPlans: {
    request: () => ({ url: '/api/subscription/plans' }),
    expect: '200 200 200 200 200 200 200',
  },
  getSubscription: {
    request: (role) => ({
      url: role === 'admin' ? `/api/subscription?ownerId=${owner().id}` : '/api/subscription',
    }),
    expect: '401 403 200 200 403 403 200',
  },
  getSubscriptionBillingHistory: {
    request: (role) => ({ url: forAdmin(role, '/api/subscription/billing-history', 'ownerId') }),
    expect: '401 403 200 200 403 403 200',
  },
  getSubscriptionInvoicesByIdPdf: {
    request: () => ({ url: `/api/subscription/invoices/${data.subscriptionInvoiceId}/pdf` }),
    expect: '401 403 200 404 403 403 200',
  },
  getPaymentsByReference: {
    request: () => ({ url: `/api/payments/${data.paymentReference}` }),
    expect: '401 403 200 404 403 403 403',
  },
  postPaymentsByReferenceCancel: {
    request: async () => ({ url: `/api/payments/${await freshPaymentReference()}/cancel` }),
    expect: '401 403 200 404 403 403 403',
  },
  postSubscriptionPlan: {
    request: () => ({ url: '/api/subscription/plan', body: { planId: 'business' } }),
    expect: '401 403 409 409 403 403 403',
    last: 1,
  },
  postSubscriptionCommission: {
    request: () => ({ url: '/api/subscription/commission' }),
    expect: '401 403 200 200 403 403 403',
    last: 8,
  },
  postSubscriptionAddOnsByAddOnId: {
    request: () => ({ url: '/api/subscription/add-ons/photography' }),
    expect: '401 403 200 200 403 403 403',
    last: 4,
  },
  deleteSubscriptionAddOnsByAddOnId: {
    request: () => ({ url: '/api/subscription/add-ons/photography' }),
    expect: '401 403 200 200 403 403 403',
    last: 5,
  },
  postSubscriptionPayments: {
    request: () => ({ url: '/api/subscription/payments', body: { kind: 'manual' } }),
    expect: '401 403 200 200 403 403 403',
    last: 2,
  },
  postSubscriptionPaymentMethod: {
    request: () => ({ url: '/api/subscription/payment-method' }),
    expect: '401 403 200 200 403 403 403',
    last: 3,
  },
  postSubscriptionCancel: {
    request: () => ({ url: '/api/subscription/cancel' }),
    expect: '401 403 200 200 403 403 403',
    last: 6,
  },
  postSubscriptionReactivate: {
    request: () => ({ url: '/api/subscription/reactivate' }),
    expect: '401 403 200 200 403 403 403',
    last: 7,
  },
  postStripeCreateSubscription: {
    request: () => ({
      url: '/api/stripe/create-subscription',
      body: { priceId: 'price_pro', amount: 29_900 },
    }),
    expect: '401 403 503 503 403 403 403',
  },
  postStripeCreatePaymentIntent: {
    request: () => ({ url: '/api/stripe/create-payment-intent', body: { amount: 29_900 } }),
    expect: '401 403 503 503 403 403 403',
  },
  getStripeCardUpdate: {
    request: () => ({ url: '/api/stripe/card-update?token=tok_1&returnUrl=%2Fsubscription' }),
    expect: '401 403 503 503 403 403 403',
  },
  postPaymentsPayfastNotify: {
    request: () => ({
      url: '/api/payments/payfast/notify',
      body: 'm_payment_id=PAY_unknown&payment_status=COMPLETE',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: '200 200 200 200 200 200 200',
  },
  postStripeWebhook: {
    request: () => ({ url: '/api/stripe/webhook', body: { type: 'payment_intent.succeeded' } }),
    expect: '503 503 503 503 503 503 503',
  },

  // listings
  getProperties: {
    request: () => ({ url: '/api/properties?city=Cape%20Town' }),
    expect: '200 200 200 200 200 200 200',
  },
  getPropertiesCities: {
    request: () => ({ url: '/api/properties/cities' }),
    expect: '200 200 200 200 200 200 200',
  },
  getPropertiesById: {
    request: () => ({ url: `/api/properties/${data.propertyId}` }),
    expect: '200 200 200 200 200 200 200',
  },
  getMyProperties: { request: () => ({ url: '/api/my/properties' }), expect: '401 403 200 200 403 200 403' },
  postProperties: {
    request: () => ({ url: '/api/properties', body: listingBody() }),
    expect: '401 403 201 201 403 201 403',
  },
  putPropertiesById: {
    request: () => ({ url: `/api/properties/${data.propertyId}`, body: listingBody() }),
    expect: '401 403 200 403 403 200 403',
  },
  deletePropertiesById: {
    request: async () => ({ url: `/api/properties/${await freshProperty()}` }),
    expect: '401 403 204 403 403 204 403',
  },
  postPropertiesByIdRestore: {
    request: async () => {
      const property = await insertProperty(t.db, owner().id, { archived_at: new Date(), is_active: false });
      return { url: `/api/properties/${property.id}/restore` };
    },
    expect: '401 403 200 403 403 200 403',
  },
  getPropertiesByIdAvailability: {
    request: () => ({ url: `/api/properties/${data.propertyId}/availability` }),
    expect: '200 200 200 200 200 200 200',
  },
  getPropertiesByIdAvailabilityTimes: {
    request: () => ({ url: `/api/properties/${data.hourlyPropertyId}/availability/times?date=${day(10)}` }),
    expect: '200 200 200 200 200 200 200',
  },
  getPropertiesByIdRates: {
    request: () => ({ url: `/api/properties/${data.propertyId}/rates` }),
    expect: '200 200 200 200 200 200 200',
  },
  postPropertiesByIdImages: {
    request: () => ({ url: `/api/properties/${data.propertyId}/images`, ...photoUpload() }),
    expect: '401 403 201 403 403 201 403',
  },
  deletePropertiesByIdImagesByImageId: {
    request: async () => {
      const image = await t.db
        .insertInto('property_images')
        .values({
          property_id: data.propertyId,
          display_key: `properties/${data.propertyId}/${randomUUID()}.webp`,
          thumbnail_key: `properties/${data.propertyId}/${randomUUID()}-thumb.webp`,
          width: 1600,
          height: 1200,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/properties/${data.propertyId}/images/${image.id}` };
    },
    expect: '401 403 204 403 403 204 403',
  },
  putPropertiesByIdImagesOrder: {
    request: async () => {
      const images = await t.db
        .selectFrom('property_images')
        .select('id')
        .where('property_id', '=', data.propertyId)
        .orderBy('position')
        .execute();
      return {
        url: `/api/properties/${data.propertyId}/images/order`,
        body: { imageIds: images.map((image) => image.id).reverse() },
      };
    },
    expect: '401 403 200 403 403 200 403',
  },
  getImagesByPath: {
    request: () => ({ url: data.imageUrl }),
    expect: '200 200 200 200 200 200 200',
  },

  // clients
  getClients: {
    request: (role) => ({ url: forAdmin(role, '/api/clients') }),
    expect: '401 403 200 200 200 200 200',
  },
  postClients: {
    request: (role) => ({
      url: '/api/clients',
      body: { ...newClientInput(), ...(role === 'admin' ? { owner_id: owner().id } : {}) },
    }),
    expect: '401 403 201 201 403 201 201',
  },
  patchClientsById: {
    request: () => ({ url: `/api/clients/${data.clientId}`, body: { is_active: true } }),
    expect: '401 403 200 403 403 200 200',
  },
  deleteClientsById: {
    request: async () => ({
      url: `/api/clients/${(await ownerPost<{ id: string }>('/api/clients', newClientInput())).id}`,
    }),
    expect: '401 403 200 403 403 200 200',
  },

  // reservations
  getReservations: { request: () => ({ url: '/api/reservations' }), expect: '401 200 200 200 200 200 200' },
  getReservationsById: {
    request: () => ({ url: `/api/reservations/${data.reservation.id}` }),
    expect: '401 200 200 404 200 200 200',
  },
  postReservations: {
    request: (role) => ({ url: '/api/reservations', body: bookingBy(role) }),
    expect: '401 201 201 201 403 201 201',
  },
  patchReservationsById: {
    request: async () => ({
      url: `/api/reservations/${(await freshReservation()).id}`,
      body: { special_requests: 'A cot, please' },
    }),
    expect: '401 403 200 403 200 200 200',
  },
  deleteReservationsById: {
    request: async () => ({ url: `/api/reservations/${(await freshReservation()).id}` }),
    expect: '401 403 204 403 403 403 204',
  },
  postReservationsByIdCancel: {
    request: async () => ({ url: `/api/reservations/${(await freshReservation()).id}/cancel` }),
    expect: '401 200 403 404 403 403 403',
  },
  getBusinessProperties: {
    request: () => ({ url: '/api/business/properties' }),
    expect: '401 403 200 200 200 200 200',
  },
  getBusinessOwners: {
    request: () => ({ url: '/api/business/owners' }),
    expect: '401 403 403 403 403 403 200',
  },

  // billing setup and lines
  getBillingRates: {
    request: () => ({ url: `/api/billing/rates?property_id=${data.propertyId}` }),
    expect: '401 403 200 403 200 200 200',
  },
  postBillingRates: {
    request: () => ({ url: '/api/billing/rates', body: rateBody() }),
    expect: '401 403 201 403 403 403 201',
  },
  putBillingRatesById: {
    request: () => ({ url: `/api/billing/rates/${data.rateId}`, body: rateBody() }),
    expect: '401 403 200 403 403 403 200',
  },
  deleteBillingRatesById: {
    request: async () => ({
      url: `/api/billing/rates/${(await ownerPost<{ id: string }>('/api/billing/rates', rateBody())).id}`,
    }),
    expect: '401 403 204 403 403 403 204',
  },
  getBillingStockItems: {
    request: (role) => ({ url: forAdmin(role, '/api/billing/stock-items') }),
    expect: '401 403 200 200 200 200 200',
  },
  postBillingStockItems: {
    request: (role) => ({ url: forAdmin(role, '/api/billing/stock-items'), body: stockItemBody() }),
    expect: '401 403 201 201 403 403 201',
  },
  putBillingStockItemsById: {
    request: () => ({ url: `/api/billing/stock-items/${data.stockItemId}`, body: stockItemBody() }),
    expect: '401 403 200 403 403 403 200',
  },
  deleteBillingStockItemsById: {
    request: async () => ({
      url: `/api/billing/stock-items/${(await ownerPost<{ id: string }>('/api/billing/stock-items', stockItemBody())).id}`,
    }),
    expect: '401 403 200 403 403 403 200',
  },
  getBillingExtraChargeTypes: {
    request: (role) => ({ url: forAdmin(role, '/api/billing/extra-charge-types') }),
    expect: '401 403 200 200 200 200 200',
  },
  postBillingExtraChargeTypes: {
    request: (role) => ({ url: forAdmin(role, '/api/billing/extra-charge-types'), body: extraChargeBody() }),
    expect: '401 403 201 201 403 403 201',
  },
  putBillingExtraChargeTypesById: {
    request: () => ({
      url: `/api/billing/extra-charge-types/${data.extraChargeTypeId}`,
      body: extraChargeBody(),
    }),
    expect: '401 403 200 403 403 403 200',
  },
  deleteBillingExtraChargeTypesById: {
    request: async () => ({
      url: `/api/billing/extra-charge-types/${(await ownerPost<{ id: string }>('/api/billing/extra-charge-types', extraChargeBody())).id}`,
    }),
    expect: '401 403 200 403 403 403 200',
  },
  getReservationsByIdTransactions: {
    request: () => ({ url: `/api/reservations/${data.reservation.id}/transactions` }),
    expect: '401 403 200 403 200 200 200',
  },
  postReservationsByIdTransactions: {
    request: () => ({
      url: `/api/reservations/${data.openReservation.id}/transactions`,
      body: { kind: 'ad_hoc', description: 'Extra towels', quantity: 1, unit_price_cents: 5_000 },
    }),
    expect: '401 403 201 403 201 201 201',
  },
  deleteReservationsByIdTransactionsByLineId: {
    request: async () => {
      const line = await addLine(t, data.openReservation, { description: 'Firewood', unitPriceCents: 5_000 });
      return { url: `/api/reservations/${data.openReservation.id}/transactions/${line.id}` };
    },
    expect: '401 403 200 403 200 200 200',
  },

  // business details and documents
  getBusinessDetails: {
    request: (role) => ({ url: forAdmin(role, '/api/business/details') }),
    expect: '401 403 200 200 200 200 200',
  },
  putBusinessDetails: {
    request: () => ({ url: '/api/business/details', body: businessDetailsBody() }),
    expect: '401 403 200 200 403 403 403',
  },
  postBusinessDetailsLogo: {
    request: () => ({ url: '/api/business/details/logo', ...photoUpload() }),
    expect: '401 403 200 200 403 403 403',
  },
  deleteBusinessDetailsLogo: {
    request: () => ({ url: '/api/business/details/logo' }),
    expect: '401 403 200 200 403 403 403',
  },
  getReservationsByIdDocuments: {
    request: () => ({ url: `/api/reservations/${data.reservation.id}/documents` }),
    expect: '401 403 200 403 200 200 200',
  },
  getReservationsByIdDocumentsConfirmationPdf: {
    request: () => ({ url: `/api/reservations/${data.reservation.id}/documents/confirmation.pdf` }),
    expect: '401 200 200 404 200 200 200',
  },
  getReservationsByIdDocumentsQuotePdf: {
    request: () => ({ url: `/api/reservations/${data.pendingReservation.id}/documents/quote.pdf` }),
    expect: '401 200 200 404 200 200 200',
  },
  postReservationsByIdDocumentsInvoice: {
    request: async () => ({
      url: `/api/reservations/${(await freshReservation('confirmed')).id}/documents/invoice`,
      body: {},
    }),
    expect: '401 403 201 403 201 201 201',
  },
  postReservationsByIdDocumentsSend: {
    request: () => ({
      url: `/api/reservations/${data.reservation.id}/documents/send`,
      body: { kind: 'confirmation' },
    }),
    expect: '401 403 202 403 202 202 202',
  },
  getDocumentsByIdPdf: {
    request: () => ({ url: `/api/documents/${data.documentId}/pdf` }),
    expect: '401 200 200 404 200 200 200',
  },
  getMyDocuments: { request: () => ({ url: '/api/my/documents' }), expect: '401 200 200 200 200 200 200' },

  // admin
  getAdminUsers: { request: () => ({ url: '/api/admin/users' }), expect: '401 403 403 403 403 403 200' },
  getAdminUsersById: {
    request: () => ({ url: `/api/admin/users/${owner().id}` }),
    expect: '401 403 403 403 403 403 200',
  },
  patchAdminUsersById: {
    request: () => ({ url: `/api/admin/users/${owner().id}`, body: { is_active: true } }),
    expect: '401 403 403 403 403 403 200',
  },

  // dev mailbox (development only)
  getDevMailbox: { request: () => ({ url: '/api/dev/mailbox' }), expect: '200 200 200 200 200 200 200' },
  getDevMailboxById: {
    request: () => ({ url: `/api/dev/mailbox/${data.mailId}` }),
    expect: '200 200 200 200 200 200 200',
  },
  getDevMailboxByIdAttachmentsByAttachmentId: {
    request: () => ({ url: `/api/dev/mailbox/${data.mailId}/attachments/${data.attachmentId}` }),
    expect: '200 200 200 200 200 200 200',
  },

  // better-auth
  signUpWithEmailAndPassword: {
    request: () => {
      const registration = fakeRegistration();
      return {
        url: '/api/auth/sign-up/email',
        body: { ...registration, name: `${registration.first_name} ${registration.last_name}` },
      };
    },
    expect: '200 200 200 200 200 200 200',
  },
  signInEmail: {
    request: () => ({
      url: '/api/auth/sign-in/email',
      body: { email: client().email, password: client().password },
    }),
    expect: '200 200 200 200 200 200 200',
  },
  signOut: {
    request: async (role) => {
      const user = role === 'anonymous' ? null : users.get(role);
      return {
        url: '/api/auth/sign-out',
        body: {},
        cookie: user ? await t.signIn(user.email, user.password) : undefined,
      };
    },
    expect: '200 200 200 200 200 200 200',
  },
  sendVerificationEmail: {
    request: async () => ({
      url: '/api/auth/send-verification-email',
      body: { email: (await t.createUser({ emailVerified: false })).email },
    }),
    expect: '200 400 400 400 400 400 400',
  },
  requestPasswordReset: {
    request: () => ({
      url: '/api/auth/request-password-reset',
      body: { email: `nobody.${next()}@example.co.za` },
    }),
    expect: '200 200 200 200 200 200 200',
  },
  resetPassword: {
    request: () => ({
      url: '/api/auth/reset-password',
      body: { newPassword: 'Rz#Reset2026a7Q', token: 'unknown' },
    }),
    expect: '400 400 400 400 400 400 400',
  },
  getAuthVerifyEmail: {
    request: () => ({ url: '/api/auth/verify-email?token=unknown&callbackURL=%2Fverify-email' }),
    expect: '302 302 302 302 302 302 302',
  },
  resetPasswordCallback: {
    request: () => ({ url: '/api/auth/reset-password/unknown?callbackURL=%2Freset-password' }),
    expect: '302 302 302 302 302 302 302',
  },
};

interface DocumentedOperation {
  method: string;
  path: string;
  operationId: string;
  security: OpenAPIV3.SecurityRequirementObject[];
}

function documentedOperations(): DocumentedOperation[] {
  const document = t.app.swagger() as OpenAPIV3.Document;
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId ?? `${method} ${path}`,
        security: operation.security ?? document.security ?? [],
      });
    }
  }
  return operations;
}

const needsSession = (security: OpenAPIV3.SecurityRequirementObject[]) =>
  security.length > 0 && security.every((requirement) => SESSION_COOKIE_SCHEME in requirement);

beforeAll(async () => {
  t = await createTestApp();
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
  data.staffTargetId = (await t.createUser({ role: 'frontoffice', parentOwnerId: first.user.id })).id;

  // The other owner's own listing and booking, so their requests meet data that is not theirs.
  await booking(t, other);

  data.propertyId = (await insertProperty(t.db, first.user.id)).id;
  data.hourlyPropertyId = (await insertProperty(t.db, first.user.id, { type: 'event_space' })).id;
  data.reservation = await freshReservation('confirmed');
  await addLine(t, data.reservation, { description: 'Airport transfer', unitPriceCents: 45_000 });
  const issued = await ownerPost<{ document: { id: string } }>(
    `/api/reservations/${data.reservation.id}/documents/invoice`,
    {},
  );
  data.documentId = issued.document.id;
  data.pendingReservation = await freshReservation('pending');
  data.openReservation = await freshReservation('confirmed');
  data.lineId = (await addLine(t, data.openReservation, { description: 'Cot', unitPriceCents: 10_000 })).id;
  data.clientId = data.reservation.client_id;
  data.rateId = (await ownerPost<{ id: string }>('/api/billing/rates', rateBody())).id;
  data.stockItemId = (await ownerPost<{ id: string }>('/api/billing/stock-items', stockItemBody())).id;
  data.extraChargeTypeId = (
    await ownerPost<{ id: string }>('/api/billing/extra-charge-types', extraChargeBody())
  ).id;
  data.photo = await solidImage(800, 600).jpeg().toBuffer();
  const photo = await t.request('POST', `/api/properties/${data.propertyId}/images`, {
    ...photoUpload(),
    cookie: first.cookie,
  });
  if (photo.statusCode !== 201) throw new Error(`photo: ${photo.statusCode} ${photo.body}`);
  ({ id: data.imageId, url: data.imageUrl } = photo.json<{ id: string; url: string }>());
  data.paymentReference = await freshPaymentReference();
  data.subscriptionInvoiceId = await insertSubscriptionInvoice(first.user);

  // An emailed document gives the dev mailbox a message with an attachment.
  await ownerPost(`/api/reservations/${data.reservation.id}/documents/send`, { kind: 'invoice' });
  const recipient = await t.db
    .selectFrom('clients')
    .select('email')
    .where('id', '=', data.reservation.client_id)
    .executeTakeFirstOrThrow();
  const mail = await t.waitForMail(recipient.email as string, /invoice/i);
  const stored = await t.db
    .selectFrom('dev_mailbox')
    .select(['id', 'attachments'])
    .where('id', '=', mail.id)
    .executeTakeFirstOrThrow();
  data.mailId = stored.id;
  data.attachmentId = stored.attachments[0]?.id ?? '';
});

afterAll(async () => {
  await t?.close();
});

async function insertSubscriptionInvoice(user: CreatedUser): Promise<string> {
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
        seller: {
          legalName: 'Rentza (Pty) Ltd',
          vatNumber: '4123456789',
          address: '1 Loop Street, Cape Town, 8001',
          email: 'billing@rentza.co.za',
        },
        buyer: {
          name: 'Matrix Owner',
          email: user.email,
          businessName: null,
          vatNumber: null,
          address: null,
        },
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return invoice.id;
}

describe('the access matrix', () => {
  it('has one row per operation of the served document, and no row for an operation it lacks', () => {
    const documented = documentedOperations().map((operation) => operation.operationId);
    const rows = Object.keys(MATRIX);
    expect(
      documented.filter((id) => !rows.includes(id)),
      'operations without a row',
    ).toEqual([]);
    expect(
      rows.filter((id) => !documented.includes(id)),
      'rows for operations the document does not have',
    ).toEqual([]);
    for (const [id, row] of Object.entries(MATRIX)) {
      expect(row.expect.split(' '), `${id}: one status per role`).toHaveLength(ROLES.length);
    }
  });

  it('documents the security each operation has: a session is required exactly where anonymous callers get 401', () => {
    const wrong = documentedOperations()
      .filter((operation) => MATRIX[operation.operationId])
      .filter((operation) => {
        const anonymous = (MATRIX[operation.operationId] as Row).expect.split(' ')[0];
        return needsSession(operation.security) !== (anonymous === '401');
      })
      .map((operation) => `${operation.operationId}: security ${JSON.stringify(operation.security)}`);
    expect(wrong).toEqual([]);
  });

  it('answers every operation × role with the expected status', async () => {
    const operations = documentedOperations().filter((operation) => MATRIX[operation.operationId]);
    const position = (operation: DocumentedOperation) => MATRIX[operation.operationId]?.last ?? 0;
    const ordered = [...operations].sort((a, b) => position(a) - position(b));
    const mismatches: string[] = [];
    const observed: string[] = [];
    for (const operation of ordered) {
      const row = MATRIX[operation.operationId] as Row;
      const expected = row.expect.split(' ');
      const actual: string[] = [];
      for (const [index, role] of ROLES.entries()) {
        const cell = await row.request(role);
        const cookie = 'cookie' in cell ? cell.cookie : cookies.get(role);
        let status: string;
        try {
          const response = await t.request(operation.method as 'GET', cell.url, {
            body: cell.body,
            cookie,
            headers: cell.headers,
          });
          status = String(response.statusCode);
          if (status !== expected[index])
            mismatches.push(
              `${operation.operationId} as ${role}: expected ${expected[index]}, got ${status} ${response.body.slice(0, 160)}`,
            );
        } catch (error) {
          status = 'ERR';
          mismatches.push(`${operation.operationId} as ${role}: ${(error as Error).message.slice(0, 400)}`);
        }
        actual.push(status);
      }
      observed.push(`${operation.operationId}: '${actual.join(' ')}'`);
    }
    if (process.env.ACCESS_MATRIX_PRINT) console.log(observed.join('\n'));
    console.log(
      `access matrix: ${ordered.length} operations × ${ROLES.length} roles = ${ordered.length * ROLES.length} cells`,
    );
    expect(mismatches).toEqual([]);
  }, 240_000);
});
