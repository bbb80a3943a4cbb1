import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentAccountView } from '../../../../domain/schemas/online-payments.ts';
import { deferred, mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { ONLINE_PAYMENTS_MESSAGES, OnlinePaymentsSection } from './online-payments-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/business/payment-account';
const NOT_SET_UP: PaymentAccountView = {
  method: null,
  merchantId: null,
  verifiedAt: null,
  mode: 'simulator',
};
const VERIFIED: PaymentAccountView = {
  method: 'payfast',
  merchantId: '10000100',
  verifiedAt: '2026-11-25T08:00:00Z',
  mode: 'simulator',
};

function fillPayfast(details: { merchantId?: string; merchantKey: string; passphrase: string }) {
  if (details.merchantId !== undefined)
    fireEvent.change(screen.getByLabelText(/^Merchant ID/), { target: { value: details.merchantId } });
  fireEvent.change(screen.getByLabelText(/^Merchant key/), { target: { value: details.merchantKey } });
  fireEvent.change(screen.getByLabelText(/^Passphrase/), { target: { value: details.passphrase } });
}

describe('Online payments in Business details', () => {
  it('sets up PayFast: verifies while loading, then shows the verified merchant and never the secrets', async () => {
    const reply = deferred<{ body: PaymentAccountView }>();
    const api = mockApi((call) => (call.method === 'PUT' ? reply.promise : { body: NOT_SET_UP }));
    renderWithProviders(<OnlinePaymentsSection />);
    expect(await screen.findByText(ONLINE_PAYMENTS_MESSAGES.notSetUp)).toBeTruthy();
    expect(screen.getByText('Simulator: no real money moves')).toBeTruthy();
    expect(screen.getByRole('link', { name: /simulator’s merchants page/ }).getAttribute('href')).toBe(
      '/payfast-simulator/merchants',
    );
    expect(screen.getByText(/public sandbox merchant works here: merchant ID 10000100/)).toBeTruthy();
    expect((screen.getByLabelText('PayFast') as HTMLInputElement).checked).toBe(true);

    fillPayfast({ merchantId: '10000100', merchantKey: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' });
    fireEvent.click(screen.getByRole('button', { name: 'Save & verify' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save & verify' }).getAttribute('data-loading')).toBe('true'),
    );
    reply.resolve({ body: VERIFIED });
    await waitFor(() => expect(toastTexts()).toContain(ONLINE_PAYMENTS_MESSAGES.verified));
    expect(api.calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      url: URL,
      body: {
        method: 'payfast',
        merchantId: '10000100',
        merchantKey: '46f0cd694581a',
        passphrase: 'jt7NOE43FZPn',
      },
    });
    expect(await screen.findByText('PayFast: verified on 25 November 2026 · merchant 10000100')).toBeTruthy();
    expect((screen.getByLabelText(/^Merchant ID/) as HTMLInputElement).value).toBe('10000100');
    expect((screen.getByLabelText(/^Merchant key/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Passphrase/) as HTMLInputElement).value).toBe('');
    expect(screen.getAllByText(/never shown: enter it again to change/)).toHaveLength(2);
  });

  it('shows PayFast’s refusal and keeps what was there', async () => {
    mockApi((call) =>
      call.method === 'PUT'
        ? {
            status: 422,
            body: { message: 'PayFast did not accept these details: Merchant authorization failed.' },
          }
        : { body: NOT_SET_UP },
    );
    renderWithProviders(<OnlinePaymentsSection />);
    await screen.findByText(ONLINE_PAYMENTS_MESSAGES.notSetUp);
    fillPayfast({ merchantId: '10000100', merchantKey: '46f0cd694581a', passphrase: 'wrong' });
    fireEvent.click(screen.getByRole('button', { name: 'Save & verify' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('PayFast did not accept these details: Merchant authorization failed.'),
    );
    expect(screen.getByText(ONLINE_PAYMENTS_MESSAGES.notSetUp)).toBeTruthy();
  });

  it('checks the fields before asking PayFast', async () => {
    const api = mockApi(() => ({ body: NOT_SET_UP }));
    renderWithProviders(<OnlinePaymentsSection />);
    await screen.findByText(ONLINE_PAYMENTS_MESSAGES.notSetUp);
    fillPayfast({ merchantId: '10-000', merchantKey: 'key', passphrase: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Save & verify' }));
    expect(await screen.findByText('Enter your PayFast merchant ID (digits only).')).toBeTruthy();
    expect(screen.getByText(/Enter the passphrase set in your PayFast account/)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('switches a verified owner to EFT only', async () => {
    const api = mockApi((call) =>
      call.method === 'PUT'
        ? { body: { method: 'eft_only', merchantId: null, verifiedAt: null, mode: 'live' } }
        : { body: { ...VERIFIED, mode: 'live' } },
    );
    renderWithProviders(<OnlinePaymentsSection />);
    expect(await screen.findByText(/^PayFast: verified on/)).toBeTruthy();
    expect(screen.queryByText(/no real money moves/)).toBeNull();
    fireEvent.click(screen.getByLabelText('EFT only'));
    expect(screen.queryByLabelText(/^Merchant key/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toContain(ONLINE_PAYMENTS_MESSAGES.eftSaved));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ method: 'eft_only' });
    expect(await screen.findByText(ONLINE_PAYMENTS_MESSAGES.eftOnly)).toBeTruthy();
  });

  it('in PayFast’s sandbox says no real money moves, without the simulator link', async () => {
    mockApi(() => ({ body: { ...NOT_SET_UP, mode: 'sandbox' } }));
    renderWithProviders(<OnlinePaymentsSection />);
    expect(await screen.findByText('PayFast sandbox: no real money moves')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /merchants page/ })).toBeNull();
  });
});
