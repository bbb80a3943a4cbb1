import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import { currentUrl, toastTexts } from '../test/render.tsx';
import {
  aSummary,
  CHECKOUT,
  INVOICE,
  inDays,
  posts,
  rand,
  renderPage,
  resetSubscriptionPage,
} from '../test/subscription-page.tsx';

afterEach(resetSubscriptionPage);

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
