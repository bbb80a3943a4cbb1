import { randomUUID } from 'node:crypto';
import { BUSINESS_ROWS } from './access-matrix.business-rows.ts';
import {
  client,
  data,
  forAdmin,
  freshPaymentReference,
  next,
  owner,
  ownerPost,
  type Role,
  session,
} from './access-matrix.fixtures.ts';
import { fakeRegistration } from './harness.ts';

/**
 * The rows of the access matrix (see access-matrix.routes.test.ts): for every operation of the served
 * document, the request each role sends and the statuses they get. This file has the people's own
 * operations (account, staff, subscription, admin, dev mailbox, better-auth);
 * access-matrix.business-rows.ts has the business's data (listings, clients, reservations, billing,
 * documents).
 */

export interface CellRequest {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A cookie other than the role's usual session (sign-out ends the session it is given). */
  cookie?: string;
}

export interface Row {
  request: (role: Role) => CellRequest | Promise<CellRequest>;
  /** Statuses in the order of ROLES. */
  expect: string;
  /** Changes the owners' subscriptions: run after every other row, in this order. */
  last?: number;
}

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
const freshInvitation = async () =>
  (await ownerPost<{ id: string }>('/api/invitations', invitationBody())).id;

/** The first owner's support request (made once, on first use), which only they and admins may read. */
let ownerSupportRequest: Promise<string> | undefined;
const supportQuestion = () => ({
  subject: `Matrix question ${next()}`,
  message: 'How do I export my calendar?',
});
const ownersSupportRequest = () => {
  ownerSupportRequest ??= ownerPost<{ id: string }>('/api/support/requests', supportQuestion()).then(
    (thread) => thread.id,
  );
  return ownerSupportRequest;
};

const ACCOUNT_ROWS: Record<string, Row> = {
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
  // in-app notifications (the bell): everyone's own; someone else's id does not exist for them
  getMeNotifications: {
    request: () => ({ url: '/api/me/notifications' }),
    expect: '401 200 200 200 200 200 200',
  },
  getMeNotificationsUnreadCount: {
    request: () => ({ url: '/api/me/notifications/unread-count' }),
    expect: '401 200 200 200 200 200 200',
  },
  postMeNotificationsByIdRead: {
    request: () => ({ url: `/api/me/notifications/${randomUUID()}/read` }),
    expect: '401 404 404 404 404 404 404',
  },
  postMeNotificationsReadAll: {
    request: () => ({ url: '/api/me/notifications/read-all' }),
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
    request: () => ({ url: `/api/staff/${data().staffTargetId}`, body: { is_active: true } }),
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
    request: () => ({ url: `/api/subscription/invoices/${data().subscriptionInvoiceId}/pdf` }),
    expect: '401 403 200 404 403 403 200',
  },
  getSubscriptionCommissionStatements: {
    request: () => ({ url: '/api/subscription/commission/statements' }),
    expect: '401 403 200 200 403 403 403',
  },
  getSubscriptionCommissionStatementsByIdPdf: {
    request: () => ({ url: `/api/subscription/commission/statements/${data().commissionStatementId}/pdf` }),
    expect: '401 403 200 404 403 403 403',
  },
  postSubscriptionCommissionStatementsByIdPay: {
    request: () => ({ url: `/api/subscription/commission/statements/${data().commissionStatementId}/pay` }),
    expect: '401 403 200 404 403 403 403',
  },
  getPaymentsByReference: {
    request: () => ({ url: `/api/payments/${data().paymentReference}` }),
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
  getSubscriptionPlanPreview: {
    request: () => ({ url: '/api/subscription/plan-preview?planId=pro' }),
    expect: '401 403 200 200 403 403 403',
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

  // admin
  getAdminUsers: { request: () => ({ url: '/api/admin/users' }), expect: '401 403 403 403 403 403 200' },
  getAdminOverview: {
    request: () => ({ url: '/api/admin/overview' }),
    expect: '401 403 403 403 403 403 200',
  },
  getAdminUsersById: {
    request: () => ({ url: `/api/admin/users/${owner().id}` }),
    expect: '401 403 403 403 403 403 200',
  },
  patchAdminUsersById: {
    request: () => ({ url: `/api/admin/users/${owner().id}`, body: { is_active: true } }),
    expect: '401 403 403 403 403 403 200',
  },

  // support: any signed-in user asks; a request is its sender's (and admins'); admins answer
  getSupportRequests: {
    request: () => ({ url: '/api/support/requests' }),
    expect: '401 200 200 200 200 200 200',
  },
  postSupportRequests: {
    request: () => ({ url: '/api/support/requests', body: supportQuestion() }),
    expect: '401 201 201 201 201 201 201',
  },
  getSupportRequestsById: {
    request: async () => ({ url: `/api/support/requests/${await ownersSupportRequest()}` }),
    expect: '401 404 200 404 404 404 200',
  },
  postSupportRequestsByIdMessages: {
    request: async () => ({
      url: `/api/support/requests/${await ownersSupportRequest()}/messages`,
      body: { message: 'Any news?' },
    }),
    expect: '401 404 200 404 404 404 403',
  },
  getAdminSupportRequests: {
    request: () => ({ url: '/api/admin/support/requests' }),
    expect: '401 403 403 403 403 403 200',
  },
  postAdminSupportRequestsByIdReplies: {
    request: async () => ({
      url: `/api/admin/support/requests/${await ownersSupportRequest()}/replies`,
      body: { message: 'Open Calendar and choose Export.' },
    }),
    expect: '401 403 403 403 403 403 200',
  },
  postAdminSupportRequestsByIdClose: {
    request: async () => ({ url: `/api/admin/support/requests/${await ownersSupportRequest()}/close` }),
    expect: '401 403 403 403 403 403 200',
  },

  // dev mailbox (development only)
  getDevMailbox: { request: () => ({ url: '/api/dev/mailbox' }), expect: '200 200 200 200 200 200 200' },
  getDevMailboxById: {
    request: () => ({ url: `/api/dev/mailbox/${data().mailId}` }),
    expect: '200 200 200 200 200 200 200',
  },
  getDevMailboxByIdAttachmentsByAttachmentId: {
    request: () => ({ url: `/api/dev/mailbox/${data().mailId}/attachments/${data().attachmentId}` }),
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
      const user = role === 'anonymous' ? null : session().users.get(role);
      return {
        url: '/api/auth/sign-out',
        body: {},
        cookie: user ? await session().t.signIn(user.email, user.password) : undefined,
      };
    },
    expect: '200 200 200 200 200 200 200',
  },
  sendVerificationEmail: {
    request: async () => ({
      url: '/api/auth/send-verification-email',
      body: { email: (await session().t.createUser({ emailVerified: false })).email },
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
  // POPIA (docs/decisions/054): every signed-in person has their own data and account. Deletion is
  // asked with a wrong password so the matrix's people stay; its allowed cases are in
  // server/modules/account/account-data.routes.test.ts.
  getAccountDataExport: {
    request: () => ({ url: '/api/account/data-export' }),
    expect: '401 200 200 200 200 200 200',
  },
  postAccountDelete: {
    request: () => ({ url: '/api/account/delete', body: { password: 'Not-the-password-1' } }),
    expect: '401 400 400 400 400 400 400',
  },
};

/** Every operation of the document, by operationId. */
export const MATRIX: Record<string, Row> = { ...ACCOUNT_ROWS, ...BUSINESS_ROWS };
