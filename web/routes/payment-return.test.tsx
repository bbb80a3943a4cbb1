import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import type { PaymentState } from '../../domain/schemas/subscription.ts';
import { type ApiCall, type ApiReply, mockApi, renderWithProviders } from '../test/render.tsx';
import PaymentReturnPage from './payment-return.tsx';

const REF = 'SUB_1767225600000_ab12cd';

const aPayment = (overrides: Partial<PaymentState> = {}): PaymentState => ({
  reference: REF,
  kind: 'subscription',
  status: 'complete',
  planId: 'pro',
  planName: 'Pro',
  description: 'Rentza Pro plan - monthly',
  amountCents: 29900,
  failureReason: null,
  completedAt: '2026-11-01T08:00:00.000Z',
  ...overrides,
});

/** The amount as Testing Library reads text (a no-break space becomes a space). */
const rand = (cents: number) => formatRandCents(cents).replace(/\s/g, ' ');

function renderReturn(path: string, reply: (call: ApiCall) => ApiReply | undefined) {
  const api = mockApi(reply);
  return {
    user: userEvent.setup({ delay: null }),
    ...api,
    ...renderWithProviders(<PaymentReturnPage />, { path, route: '/payment/return' }),
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/payment/return', { timeout: 30_000 }, () => {
  it('shows a completed subscription payment with its plan and amount, and the way back', async () => {
    localStorage.setItem('rentza.currentPaymentId', REF);
    const { calls } = renderReturn(`/payment/return?ref=${REF}`, (call) =>
      call.url === `/api/payments/${REF}` ? { body: aPayment() } : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Payment successful', level: 1 })).toBeTruthy();
    expect(screen.getByText('Subscription created successfully!')).toBeTruthy();
    expect(screen.getByText(new RegExp(`Plan: Pro · Amount: ${rand(29900)}`))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Subscription' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(document.title).toBe('Payment successful · Rentza');
    expect(calls.map((call) => call.url)).toEqual([`/api/payments/${REF}`]);
    await waitFor(() => expect(localStorage.getItem('rentza.currentPaymentId')).toBeNull());
  });

  it.each([
    ['manual', 'Manual payment processed successfully! Your subscription has been extended.'],
    ['test', 'Payment processed successfully!'],
    ['add_on', 'Add-on successfully added!'],
  ] as const)('a completed %s payment says %s', async (kind, text) => {
    renderReturn(`/payment/return?ref=${REF}`, () => ({ body: aPayment({ kind }) }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('waits for PayFast while the payment is pending, asking again, then shows the outcome', async () => {
    let answers = 0;
    const { calls } = renderReturn(`/payment/return?ref=${REF}`, () => {
      answers += 1;
      return { body: aPayment(answers < 2 ? { status: 'pending', completedAt: null } : {}) };
    });
    expect(await screen.findByText('Confirming your payment with PayFast…')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Confirming your payment', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Subscription created successfully!', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.length).toBe(2);
  });

  it('stops asking after a minute and offers to check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderReturn(`/payment/return?ref=${REF}`, () => ({ body: aPayment({ status: 'pending' }) }));
    expect(await screen.findByText('Confirming your payment with PayFast…')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(await screen.findByRole('heading', { name: 'Payment not confirmed yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });

  it('a failed payment says Payment failed, why, and that the plan has not changed, with Try again', async () => {
    renderReturn(`/payment/return?ref=${REF}`, () => ({
      body: aPayment({ status: 'failed', failureReason: 'The card was declined.', completedAt: null }),
    }));
    expect(await screen.findByRole('heading', { name: 'Payment failed', level: 1 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The card was declined. Your plan has not changed.');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/subscription?tab=plans',
    );
  });

  it('a cancelled payment says nothing was charged', async () => {
    renderReturn(`/payment/return?ref=${REF}`, () => ({ body: aPayment({ status: 'cancelled' }) }));
    expect(await screen.findByRole('heading', { name: 'Payment cancelled', level: 1 })).toBeTruthy();
    expect(screen.getByText(/nothing was charged/)).toBeTruthy();
  });

  it('falls back to the payment the browser left for, and asks a signed-out visitor to sign in', async () => {
    localStorage.setItem('rentza.currentPaymentId', REF);
    const { calls } = renderReturn('/payment/return', () => ({
      status: 401,
      body: { error: 'UNAUTHORIZED', message: 'Please log in' },
    }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to see your payment', level: 1 }),
    ).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual([`/api/payments/${REF}`]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?returnUrl=${encodeURIComponent(`/payment/return?ref=${REF}`)}`,
    );
    expect(localStorage.getItem('rentza.currentPaymentId')).toBe(REF);
  });

  it('says so when there is no payment to show', async () => {
    const { calls } = renderReturn('/payment/return', () => undefined);
    expect(await screen.findByRole('heading', { name: 'No payment to show', level: 1 })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('an unknown payment is not found', async () => {
    renderReturn(`/payment/return?ref=${REF}`, () => ({
      status: 404,
      body: { message: 'Payment not found' },
    }));
    expect(await screen.findByRole('heading', { name: 'Payment not found', level: 1 })).toBeTruthy();
  });
});
