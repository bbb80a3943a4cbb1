import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentState } from '../../domain/schemas/subscription.ts';
import { type ApiCall, type ApiReply, mockApi, renderWithProviders } from '../test/render.tsx';
import PaymentCancelPage from './payment-cancel.tsx';

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

function renderCancel(path: string, reply: (call: ApiCall) => ApiReply | undefined) {
  const api = mockApi(reply);
  return { ...api, ...renderWithProviders(<PaymentCancelPage />, { path, route: '/payment/cancel' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/payment/cancel', { timeout: 30_000 }, () => {
  it('marks the payment cancelled and says nothing was charged', async () => {
    localStorage.setItem('rentza.currentPaymentId', REF);
    const { calls } = renderCancel(`/payment/cancel?ref=${REF}`, (call) =>
      call.method === 'POST' && call.url === `/api/payments/${REF}/cancel`
        ? { body: aPayment({ status: 'cancelled', completedAt: null }) }
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Payment cancelled', level: 1 })).toBeTruthy();
    expect(
      screen.getByText('You cancelled the payment, so nothing was charged and your plan has not changed.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Subscription' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`POST /api/payments/${REF}/cancel`]);
    expect(localStorage.getItem('rentza.currentPaymentId')).toBeNull();
  });

  it('shows a payment that went through before the buyer came back', async () => {
    renderCancel(`/payment/cancel?ref=${REF}`, () => ({ body: aPayment() }));
    expect(await screen.findByRole('heading', { name: 'Payment successful', level: 1 })).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in, still saying nothing was charged', async () => {
    renderCancel(`/payment/cancel?ref=${REF}`, () => ({ status: 401, body: { message: 'Please log in' } }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText(/nothing was charged/)).toBeTruthy();
  });

  it('without a reference still says nothing was charged, asking nothing', async () => {
    const { calls } = renderCancel('/payment/cancel', () => undefined);
    expect(await screen.findByRole('heading', { name: 'Payment cancelled', level: 1 })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
