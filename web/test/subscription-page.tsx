import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import { PLAN_IDS, PLANS } from '../../domain/plans.ts';
import type {
  BillingHistoryEntry,
  PaymentStart,
  PlanCatalogue,
  PlanChangePreviewView,
  SubscriptionSummary,
} from '../../domain/schemas/subscription.ts';
import { ADD_ON_IDS, ADD_ONS } from '../../domain/subscriptions.ts';
import SubscriptionPage from '../routes/subscription.tsx';
import { type ApiCall, type ApiReply, mockApi, renderWithProviders } from './render.tsx';
import { aUserProfile } from './wire-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
/** An instant `days` whole days ahead (rounded up, as the screen counts). */
export const inDays = (days: number) => new Date(Date.now() + days * DAY - 60 * 60 * 1000).toISOString();

const CATALOGUE: PlanCatalogue = {
  plans: PLAN_IDS.map((id) => PLANS[id]),
  addOns: ADD_ON_IDS.map((id) => ADD_ONS[id]),
};

export function aSummary(overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return {
    planId: 'pro',
    planName: 'Pro',
    status: 'active',
    currentPeriodEnd: inDays(20),
    usage: { currentListings: 8, bookingsThisMonth: 12, usersCount: 1 },
    canCreateListing: { allowed: true },
    canAddBooking: { allowed: true },
    canAddUser: {
      allowed: false,
      reason: "You've reached your user limit. Upgrade to add more team members.",
    },
    id: 'sub-1',
    cancelAtPeriodEnd: false,
    paymentMethod: 'subscription',
    commissionRate: 0.1,
    paymentProcessor: 'payfast',
    allowManualPayment: true,
    nextBillingAmountCents: 39800,
    addOns: ADD_ON_IDS.map((id) => ({
      ...ADD_ONS[id],
      active: id === 'homepage_boost',
      endsAt: null,
      billedFrom: null,
    })),
    addOnsMonthlyCents: 9900,
    savedPaymentMethod: {
      type: 'card',
      displayName: 'Visa ending 4242',
      brand: 'Visa',
      lastUsed: '2026-11-01T08:00:00.000Z',
      isActive: true,
    },
    hasRecurringBilling: true,
    gateway: 'payfast',
    testMode: false,
    ...overrides,
  };
}

export const INVOICE: BillingHistoryEntry = {
  id: 'pay-1',
  date: '2026-11-01T08:00:00.000Z',
  description: 'Pro Plan - Monthly Subscription',
  amountCents: 29900,
  status: 'paid',
  invoiceNumber: 'RZ-000042',
  downloadUrl: '/api/subscription/invoices/pay-1.pdf',
};

export const CHECKOUT: PaymentStart = {
  reference: 'SUB_1767225600000_ab12cd',
  gateway: 'payfast',
  redirectUrl: '/payfast/simulator/process',
  postUrl: '/payfast/simulator/process',
  formFields: [
    ['merchant_id', '10000100'],
    ['amount', '699.00'],
    ['signature', 'abc'],
  ],
};

/** The server's plan-change previews for the Pro owner of aSummary (decision 031). */
const PREVIEWS: Record<string, PlanChangePreviewView> = {
  business: {
    planId: 'business',
    change: 'upgrade',
    payment: 'checkout',
    unusedDays: 20,
    periodDays: 30,
    creditCents: 26533,
    newMonthlyCents: 79800,
    dueNowCents: 53267,
    recurringCents: 79800,
    firstBillingDate: '2027-01-11',
  },
  starter: {
    planId: 'starter',
    change: 'downgrade',
    payment: 'none',
    unusedDays: 20,
    periodDays: 30,
    creditCents: 0,
    newMonthlyCents: 9900,
    dueNowCents: 0,
    recurringCents: 9900,
    firstBillingDate: '2026-12-31',
  },
};

export const OWNER_ID = 'c0000000-0000-4000-8000-000000000001';

interface Options {
  path?: string;
  role?: 'owner' | 'admin';
  summary?: SubscriptionSummary;
  history?: BillingHistoryEntry[];
  /** Answers a call first; a summary it answers with becomes the server's state. */
  on?: (call: ApiCall) => ApiReply | undefined;
}

/** Amounts as Testing Library reads them (it turns the no-break space into a space). */
export const rand = (cents: number) => formatRandCents(cents).replace(/\s/g, ' ');

export function renderPage({
  path = '/subscription',
  role = 'owner',
  summary: initial = aSummary(),
  history = [INVOICE],
  on,
}: Options = {}) {
  let summary = initial;
  const api = mockApi((call) => {
    const answer = on?.(call);
    if (answer) {
      const body = answer.body as
        | (Partial<SubscriptionSummary> & { subscription?: SubscriptionSummary })
        | undefined;
      if (answer.status === undefined && body && typeof body === 'object') {
        if ('planId' in body && 'usage' in body) summary = body as SubscriptionSummary;
        if (body.subscription) summary = body.subscription;
      }
      return answer;
    }
    if (call.url === '/api/session') return { body: { user: aUserProfile({ role, first_name: 'Thandi' }) } };
    if (call.url === '/api/subscription/plans') return { body: CATALOGUE };
    if (call.method === 'GET' && call.url.startsWith('/api/subscription/billing-history'))
      return { body: { entries: history } };
    if (call.url === '/api/subscription/commission/statements')
      return {
        body: {
          onCommission: false,
          ratePercent: 10,
          open: [],
          openTotalCents: 0,
          statements: [],
          dueCents: 0,
        },
      };
    if (call.method === 'GET' && call.url.startsWith('/api/subscription/plan-preview?planId='))
      return { body: PREVIEWS[call.url.split('=')[1] ?? ''] };
    if (call.method === 'GET' && call.url.startsWith('/api/subscription')) return { body: summary };
    if (call.method === 'GET' && call.url.startsWith('/api/admin/users?'))
      return {
        body: {
          items: [
            {
              id: OWNER_ID,
              email: 'thandi@rentza.test',
              first_name: 'Thandi',
              last_name: 'Nkosi',
              role: 'owner',
              is_active: true,
              email_verified: true,
              created_at: '2026-01-01T00:00:00.000Z',
              parent_owner_id: null,
              plan: { id: 'pro', status: 'active' },
              staff_count: 0,
              owner_name: null,
            },
          ],
          total: 1,
          total_capped: false,
          has_next: false,
          page: 1,
          page_size: 100,
        },
      };
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  return { user, ...api, ...renderWithProviders(<SubscriptionPage />, { path, route: '/subscription' }) };
}

export const posts = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

/** Undoes what a subscription page test left behind: the fake API, spies, storage, posted forms. */
export function resetSubscriptionPage() {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.querySelectorAll('form').forEach((form) => {
    form.remove();
  });
}
