import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDisabled, toastTexts } from '../test/render.tsx';
import { aSummary, CHECKOUT, posts, renderPage, resetSubscriptionPage } from '../test/subscription-page.tsx';

afterEach(resetSubscriptionPage);

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
