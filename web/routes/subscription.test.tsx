import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import {
  type ApiCall,
  type ApiReply,
  currentUrl,
  isDisabled,
  mockApi,
  renderWithProviders,
  toastTexts,
} from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import SubscriptionPage from './subscription.tsx';

const DAY = 24 * 60 * 60 * 1000;
/** An instant `days` whole days ahead (rounded up, as the screen counts). */
const inDays = (days: number) => new Date(Date.now() + days * DAY - 60 * 60 * 1000).toISOString();

const CATALOGUE: PlanCatalogue = {
  plans: PLAN_IDS.map((id) => PLANS[id]),
  addOns: ADD_ON_IDS.map((id) => ADD_ONS[id]),
};

function aSummary(overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
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

const INVOICE: BillingHistoryEntry = {
  id: 'pay-1',
  date: '2026-11-01T08:00:00.000Z',
  description: 'Pro Plan - Monthly Subscription',
  amountCents: 29900,
  status: 'paid',
  invoiceNumber: 'RZ-000042',
  downloadUrl: '/api/subscription/invoices/pay-1.pdf',
};

const CHECKOUT: PaymentStart = {
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

const OWNER_ID = 'c0000000-0000-4000-8000-000000000001';

interface Options {
  path?: string;
  role?: 'owner' | 'admin';
  summary?: SubscriptionSummary;
  history?: BillingHistoryEntry[];
  /** Answers a call first; a summary it answers with becomes the server's state. */
  on?: (call: ApiCall) => ApiReply | undefined;
}

/** Amounts as Testing Library reads them (it turns the no-break space into a space). */
const rand = (cents: number) => formatRandCents(cents).replace(/\s/g, ' ');

function renderPage({
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

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.querySelectorAll('form').forEach((form) => {
    form.remove();
  });
});

describe('Subscription: Overview', { timeout: 30_000 }, () => {
  it('shows the plan, its status, price, renewal and usage, with the warning at 80 % and Unlimited', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Subscription Management', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Subscription Management · Rentza');
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    const card = await screen.findByRole('region', { name: 'Pro' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('R 299')).toBeTruthy();
    expect(within(card).getByText(PLANS.pro.description)).toBeTruthy();
    expect(within(card).getByText(/^Next billing on .*: R/).textContent).toContain(formatRandCents(39800));
    // PayFast renews it (a token): it renews, it does not run out.
    expect(
      within(card).getByText('Renews in 20 days').closest('[data-tone]')?.getAttribute('data-tone'),
    ).toBe('normal');

    expect(screen.getByTestId('usage-Listings').getAttribute('data-warning')).toBe('true');
    expect(screen.getByRole('progressbar', { name: 'Listings: 8 of 10' })).toBeTruthy();
    expect(screen.getByText('12 (Unlimited)')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: /Bookings this month/ })).toBeNull();
    expect(screen.getByTestId('usage-Team members').getAttribute('data-warning')).toBe('true');

    const active = screen.getByRole('list', { name: 'Active add-ons' });
    expect(within(active).getByText('Homepage boost')).toBeTruthy();
    expect(within(active).getByText('R 99 / month')).toBeTruthy();
    const available = screen.getByRole('list', { name: 'Available add-ons' });
    expect(
      within(available)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Add', 'Add', 'Add']);
  });

  it('marks days remaining as warning at 7 or fewer and danger at 3 or fewer, and shows a cancellation', async () => {
    renderPage({ summary: aSummary({ currentPeriodEnd: inDays(3), cancelAtPeriodEnd: true }) });
    const days = await screen.findByText('3 days remaining');
    expect(days.closest('[data-tone]')?.getAttribute('data-tone')).toBe('danger');
    expect(screen.getByText(/^Cancels on /)).toBeTruthy();
  });

  it('refreshes usage and says so, or says it failed', async () => {
    let fail = false;
    const { user, calls } = renderPage({
      on: (call) => (fail && call.url === '/api/subscription' ? { status: 500, body: {} } : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Refresh usage' }));
    await waitFor(() => expect(toastTexts()).toContain('Usage data refreshed successfully!'));
    expect(calls.filter((call) => call.url === '/api/subscription').length).toBe(2);
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh usage' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to refresh usage data. Please try again.'));
  });

  it('on the commission model, says what commission is owed and what has accrued since the last statement', async () => {
    renderPage({
      summary: aSummary({ planId: 'starter', planName: 'Starter', paymentMethod: 'commission' }),
      on: (call) =>
        call.url === '/api/subscription/commission/statements'
          ? {
              body: {
                onCommission: true,
                ratePercent: 10,
                open: [],
                openTotalCents: 23_000,
                statements: [],
                dueCents: 41_550,
              },
            }
          : undefined,
    });
    expect((await screen.findByTestId('commission-owed')).textContent?.replace(/\s/g, ' ')).toBe(
      `Commission owed: ${rand(41_550)} · since the last statement: ${rand(23_000)} (statements and payment on the Billing tab)`,
    );
  });

  it('a subscription owner sees no commission line', async () => {
    renderPage();
    await screen.findByTestId('monthly-total');
    expect(screen.queryByTestId('commission-owed')).toBeNull();
  });

  it('adds and removes add-ons after a confirm step that says what they cost; a refusal shows the server’s words', async () => {
    const { user, calls } = renderPage({
      on: (call) => {
        if (call.method === 'POST' && call.url === '/api/subscription/add-ons/photography')
          return { body: { outcome: 'added', subscription: aSummary() } };
        if (call.method === 'DELETE')
          return { status: 409, body: { error: 'CONFLICT', message: 'Add-on not active' } };
        return undefined;
      },
    });
    expect((await screen.findByTestId('monthly-total')).textContent).toBe(
      'Monthly total: R 299 + R 99 add-ons = R 398 / month',
    );
    await user.click(await screen.findByRole('button', { name: 'Add Professional photography' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Professional photography?' });
    expect(dialog.textContent).toContain(
      'Professional photography becomes active now, at no charge until your next billing date',
    );
    expect(dialog.textContent).toContain('From then you pay R 897.00 a month.');
    await user.click(within(dialog).getByRole('button', { name: 'Add add-on' }));
    await waitFor(() => expect(toastTexts()).toContain('Add-on successfully added!'));
    await user.click(screen.getByRole('button', { name: 'Remove Homepage boost' }));
    const removal = await screen.findByRole('dialog', { name: 'Remove Homepage boost?' });
    expect(removal.textContent).toContain('Homepage boost stays active until');
    await user.click(within(removal).getByRole('button', { name: 'Remove add-on' }));
    await waitFor(() => expect(toastTexts()).toContain('Add-on not active'));
    expect(posts(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/subscription/add-ons/photography',
      'DELETE /api/subscription/add-ons/homepage_boost',
    ]);
  });

  it('on Starter an add-on is paid first: the dialog says so and PayFast’s form is posted', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const starter = aSummary({
      planId: 'starter',
      planName: 'Starter',
      nextBillingAmountCents: 0,
      addOnsMonthlyCents: 0,
      hasRecurringBilling: false,
      savedPaymentMethod: null,
      addOns: ADD_ON_IDS.map((id) => ({ ...ADD_ONS[id], active: false, endsAt: null, billedFrom: null })),
    });
    const { user, calls } = renderPage({
      summary: starter,
      on: (call) =>
        call.method === 'POST' ? { body: { outcome: 'checkout', payment: CHECKOUT } } : undefined,
    });
    const card = await screen.findByRole('region', { name: 'Starter' });
    expect(within(card).getByText('Free: nothing to pay each month')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Add Homepage boost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Homepage boost?' });
    expect(dialog.textContent).toContain(
      'Pay R 99.00 now for Homepage boost. It becomes active once the payment is confirmed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pay R 99.00' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(posts(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/subscription/add-ons/homepage_boost',
    ]);
  });

  it('says so when the subscription cannot be loaded, with a retry', async () => {
    renderPage({ on: (call) => (call.url === '/api/subscription' ? { status: 500, body: {} } : undefined) });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load your subscription. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('Subscription: Plans', { timeout: 30_000 }, () => {
  it('shows a card per plan and the commission option; the current plan’s button is disabled', async () => {
    renderPage({ path: '/subscription?tab=plans' });
    const pro = await screen.findByRole('article', { name: 'Pro' });
    expect(within(pro).getByText('Most popular')).toBeTruthy();
    expect(within(pro).getByText('R 299')).toBeTruthy();
    expect(within(pro).getByText('/ month')).toBeTruthy();
    expect(within(pro).getByText('Listings: 10')).toBeTruthy();
    expect(within(pro).getByText('Bookings per month: Unlimited')).toBeTruthy();
    expect(isDisabled(within(pro).getByRole('button', { name: 'Current plan: Pro' }))).toBe(true);
    const starter = screen.getByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('Free')).toBeTruthy();
    expect(within(starter).getByRole('button', { name: 'Downgrade to Starter' })).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Business' })).getByRole('button', {
        name: 'Upgrade to Business',
      }),
    ).toBeTruthy();
    const analytics = within(starter).getByText('Analytics');
    expect(analytics.textContent).toBe('Not included: Analytics');
    const commission = screen.getByRole('article', { name: 'Commission only' });
    expect(within(commission).getByText('per booking')).toBeTruthy();
    expect(isDisabled(within(commission).getByRole('button', { name: 'Switch to commission' }))).toBe(false);
  });

  it('an upgrade posts PayFast’s form in order, remembering the payment; the buttons wait meanwhile', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user, calls } = renderPage({
      path: '/subscription?tab=plans',
      on: (call) =>
        call.method === 'POST' && call.url === '/api/subscription/plan'
          ? { body: { outcome: 'checkout', payment: CHECKOUT } }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Business?' });
    const lines = within(dialog).getByRole('list', { name: 'What this change costs' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Business with your add-ons: R 798.00 a month.',
      'Credit for the unused 20 of 30 days of your current period: − R 265.33.',
      'Due now: R 532.67. Your new plan starts when the payment is confirmed.',
      'Then R 798.00 a month from 11 January 2027.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay R 532.67' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(posts(calls)[0]?.body).toEqual({ planId: 'business', expectedDueNowCents: 53267 });
    const form = document.body.querySelector('form');
    expect(form?.getAttribute('action')).toBe(CHECKOUT.postUrl);
    expect(
      Array.from(form?.querySelectorAll('input') ?? []).map((input) => [input.name, input.value]),
    ).toEqual(CHECKOUT.formFields);
    expect(localStorage.getItem('rentza.currentPaymentId')).toBe(CHECKOUT.reference);
    expect(isDisabled(screen.getByRole('button', { name: 'Downgrade to Starter' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Switch to commission' }))).toBe(true);
  });

  it('refuses an empty PayFast form with the spec’s text', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user } = renderPage({
      path: '/subscription?tab=plans',
      on: (call) =>
        call.method === 'POST' && call.url === '/api/subscription/plan'
          ? { body: { outcome: 'checkout', payment: { ...CHECKOUT, formFields: [] } } }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Business' }));
    await user.click(await screen.findByRole('button', { name: 'Pay R 532.67' }));
    await waitFor(() => expect(toastTexts()).toContain('Payment form data is missing. Please try again.'));
    expect(submit).not.toHaveBeenCalled();
    expect(isDisabled(screen.getByRole('button', { name: 'Upgrade to Business' }))).toBe(false);
  });

  it('a downgrade applies at once and shows what the server says about it', async () => {
    const notice = 'You have 8 listings; Starter allows 1. They stay listed, but you cannot add more.';
    const { user } = renderPage({
      path: '/subscription?tab=plans',
      on: (call) =>
        call.method === 'POST' && call.url === '/api/subscription/plan'
          ? {
              body: {
                outcome: 'changed',
                subscription: aSummary({ planId: 'starter', planName: 'Starter', nextBillingAmountCents: 0 }),
                notices: [notice],
              },
            }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Downgrade to Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Starter?' });
    expect(dialog.textContent).toContain('The unused part of your current plan is not refunded.');
    await user.click(within(dialog).getByRole('button', { name: 'Change to Starter' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual(
        expect.arrayContaining(['Subscription plan updated successfully!', notice]),
      ),
    );
    expect(
      isDisabled(
        within(await screen.findByRole('article', { name: 'Starter' })).getByRole('button', {
          name: 'Current plan: Starter',
        }),
      ),
    ).toBe(true);
  });

  it('switches to commission, then offers it no more', async () => {
    const { user } = renderPage({
      path: '/subscription?tab=plans',
      on: (call) =>
        call.method === 'POST' && call.url === '/api/subscription/commission'
          ? { body: aSummary({ planId: 'starter', planName: 'Starter', paymentMethod: 'commission' }) }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Switch to commission' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('Successfully switched to commission-only model (10% per booking)'),
    );
    await waitFor(() =>
      expect(isDisabled(screen.getByRole('button', { name: 'Switch to commission' }))).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Choose Starter' })).toBeTruthy();
  });

  it('a failed plan change shows the spec’s text', async () => {
    const { user } = renderPage({
      path: '/subscription?tab=plans',
      on: (call) => (call.method === 'POST' ? { status: 500, body: {} } : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Switch to commission' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to switch to commission model'));
    await user.click(screen.getByRole('button', { name: 'Upgrade to Business' }));
    await user.click(await screen.findByRole('button', { name: 'Pay R 532.67' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to update subscription plan'));
  });
});

describe('Subscription: Billing', { timeout: 30_000 }, () => {
  it('renewed by a debit order: renews on its date, never "expires"', async () => {
    renderPage({ path: '/subscription?tab=billing', summary: aSummary({ currentPeriodEnd: inDays(2) }) });
    const details = await screen.findByRole('region', { name: 'Subscription details' });
    expect(within(details).getByText('Renews automatically')).toBeTruthy();
    expect(within(details).getByText('Renews on')).toBeTruthy();
    expect(within(details).queryByText('Expires Soon')).toBeNull();
    expect(within(details).queryByRole('alert')).toBeNull();
  });

  it('shows the validity, the urgent notice, the saved card with the assurance, and the history', async () => {
    // Paid once, no recurring billing: the period runs out unless the owner pays.
    renderPage({
      path: '/subscription?tab=billing',
      summary: aSummary({ currentPeriodEnd: inDays(2), hasRecurringBilling: false }),
    });
    const details = await screen.findByRole('region', { name: 'Subscription details' });
    expect(within(details).getByText('Expires Soon')).toBeTruthy();
    expect(within(details).getByRole('alert').textContent).toContain('Your subscription expires in 2 days!');
    expect(within(details).getByText(rand(39800))).toBeTruthy();
    const method = screen.getByRole('region', { name: 'Payment method' });
    expect(within(method).getByText('Visa ending 4242')).toBeTruthy();
    expect(within(method).getByText(/held by PayFast, never by Rentza/)).toBeTruthy();
    expect(within(method).getByRole('button', { name: 'Update payment method' })).toBeTruthy();
    expect(within(method).getByRole('button', { name: `Pay now (${formatRandCents(39800)})` })).toBeTruthy();
    expect(within(method).getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(within(method).queryByRole('button', { name: 'Reactivate subscription' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Test payment' })).toBeNull();
    expect(screen.queryByText('Test mode')).toBeNull();

    const history = screen.getByRole('region', { name: 'Billing history' });
    expect(await within(history).findByText('Pro Plan - Monthly Subscription')).toBeTruthy();
    expect(within(history).getByText(rand(29900))).toBeTruthy();
    expect(within(history).getByText('Paid')).toBeTruthy();
    expect(within(history).getByText(/RZ-000042/)).toBeTruthy();
    expect(within(history).getByText(/1 November 2026/)).toBeTruthy();
  });

  it('shows commission terms instead of a card, and no cancel', async () => {
    renderPage({
      path: '/subscription?tab=billing',
      summary: aSummary({
        planId: 'starter',
        planName: 'Starter',
        paymentMethod: 'commission',
        allowManualPayment: false,
        savedPaymentMethod: null,
      }),
      history: [],
    });
    const method = await screen.findByRole('region', { name: 'Payment method' });
    expect(within(method).getByText('Commission only: 10% per booking')).toBeTruthy();
    expect(within(method).queryByRole('button')).toBeNull();
    expect(await screen.findByText('No payments yet')).toBeTruthy();
  });

  it('says when no payment method is saved', async () => {
    renderPage({ path: '/subscription?tab=billing', summary: aSummary({ savedPaymentMethod: null }) });
    expect(await screen.findByText('No payment method saved')).toBeTruthy();
  });

  it('cancels after the spec’s confirmation, then offers to reactivate', async () => {
    const { user, calls } = renderPage({
      path: '/subscription?tab=billing',
      on: (call) => {
        if (call.method === 'POST' && call.url === '/api/subscription/cancel')
          return { body: aSummary({ cancelAtPeriodEnd: true }) };
        if (call.method === 'POST' && call.url === '/api/subscription/reactivate')
          return { body: aSummary() };
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to cancel your subscription? You will lose access to premium features at the end of your current billing period.',
      ),
    ).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Subscription cancelled successfully. You will retain access until the end of your current billing period.',
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Reactivate subscription' }));
    await waitFor(() => expect(toastTexts()).toContain('Subscription reactivated successfully!'));
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(posts(calls).map((call) => call.url)).toEqual([
      '/api/subscription/cancel',
      '/api/subscription/reactivate',
    ]);
  });

  it('in test mode shows the sandbox notice and the test payment (Pro, R 100)', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user, calls } = renderPage({
      path: '/subscription?tab=billing',
      summary: aSummary({ testMode: true }),
      on: (call) =>
        call.method === 'POST' && call.url === '/api/subscription/payments'
          ? { body: { ...CHECKOUT, reference: 'PAY_1_test' } }
          : undefined,
    });
    expect(await screen.findByText('Test mode')).toBeTruthy();
    expect(screen.getByText(/no real money moves/)).toBeTruthy();
    const test = screen.getByRole('region', { name: 'Test payment' });
    expect(within(test).getByText(/R\s100\.00 for the Pro plan/)).toBeTruthy();
    await user.click(within(test).getByRole('button', { name: 'Make a test payment' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(posts(calls)[0]?.body).toEqual({ kind: 'test' });
    expect(localStorage.getItem('rentza.currentPaymentId')).toBe('PAY_1_test');
  });

  it('Pay now and the payment method update show the server’s refusal or the spec’s text', async () => {
    const { user } = renderPage({
      path: '/subscription?tab=billing',
      on: (call) => {
        if (call.url === '/api/subscription/payments')
          return {
            status: 400,
            body: { error: 'BAD_REQUEST', message: 'Unable to determine subscription plan for payment' },
          };
        if (call.url === '/api/subscription/payment-method') return { status: 502, body: {} };
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Pay now/ }));
    await waitFor(() => expect(toastTexts()).toContain('Unable to determine subscription plan for payment'));
    await user.click(screen.getByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to initiate payment method update'));
  });

  it('downloads an invoice, or says it failed', async () => {
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let fail = false;
    const { user } = renderPage({
      path: '/subscription?tab=billing',
      on: (call) =>
        call.url === INVOICE.downloadUrl ? (fail ? { status: 404, body: {} } : { body: '%PDF' }) : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Download invoice RZ-000042' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Rentza-RZ-000042.pdf');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Download invoice RZ-000042' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to download invoice'));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('back from the card update page: says so once and takes the action off the address', async () => {
    const { router } = renderPage({ path: '/subscription?tab=billing&action=payment_method_updated' });
    await waitFor(() => expect(toastTexts()).toContain('Payment method updated successfully!'));
    await waitFor(() => expect(currentUrl(router)).toBe('/subscription?tab=billing'));
    expect(screen.getByRole('tab', { name: 'Billing' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a cancelled card update closes the pending verification payment', async () => {
    localStorage.setItem('rentza.paymentMethodUpdateId', 'UPDATE_1_x');
    const { calls, router } = renderPage({
      path: '/subscription?tab=billing&action=payment_method_cancelled',
      on: (call) =>
        call.method === 'POST' && call.url === '/api/payments/UPDATE_1_x/cancel'
          ? {
              body: {
                reference: 'UPDATE_1_x',
                kind: 'update_method',
                status: 'cancelled',
                planId: 'pro',
                planName: 'Pro',
                description: 'Card verification',
                amountCents: 500,
                failureReason: null,
                completedAt: null,
              },
            }
          : undefined,
    });
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Payment method update cancelled. Your saved payment method has not changed.',
      ),
    );
    await waitFor(() =>
      expect(posts(calls).map((call) => call.url)).toEqual(['/api/payments/UPDATE_1_x/cancel']),
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/subscription?tab=billing'));
    expect(localStorage.getItem('rentza.paymentMethodUpdateId')).toBeNull();
  });
});

describe('Subscription: tabs and admins', { timeout: 30_000 }, () => {
  it('switches tabs by the address', async () => {
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    expect(currentUrl(router)).toBe('/subscription?tab=plans');
    expect(await screen.findByRole('article', { name: 'Business' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    expect(currentUrl(router)).toBe('/subscription?tab=billing');
    expect(await screen.findByRole('region', { name: 'Billing history' })).toBeTruthy();
  });

  it('an admin picks an owner and reads their subscription without any action buttons', async () => {
    const { user, calls } = renderPage({ role: 'admin' });
    expect(
      await screen.findByText('Choose an owner above to see their plan, usage and billing.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/subscription')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Owner' }));
    await user.click(await screen.findByRole('option', { name: 'Thandi Nkosi (thandi@rentza.test)' }));
    expect(await screen.findByRole('region', { name: 'Pro' })).toBeTruthy();
    expect(calls.some((call) => call.url === `/api/subscription?ownerId=${OWNER_ID}`)).toBe(true);
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    expect(await screen.findByRole('region', { name: 'Billing history' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.url === `/api/subscription/billing-history?ownerId=${OWNER_ID}`)).toBe(
        true,
      ),
    );
    const method = screen.getByRole('region', { name: 'Payment method' });
    expect(within(method).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Plans' }));
    const pro = await screen.findByRole('article', { name: 'Pro' });
    expect(within(pro).queryByRole('button')).toBeNull();
    expect(posts(calls)).toEqual([]);
  });
});
