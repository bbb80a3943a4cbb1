import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import { PLANS } from '../../domain/plans.ts';
import { ADD_ON_IDS, ADD_ONS } from '../../domain/subscriptions.ts';
import { currentUrl, toastTexts } from '../test/render.tsx';
import {
  aSummary,
  CHECKOUT,
  inDays,
  OWNER_ID,
  posts,
  rand,
  renderPage,
  resetSubscriptionPage,
} from '../test/subscription-page.tsx';

afterEach(resetSubscriptionPage);

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
