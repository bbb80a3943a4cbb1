import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import type { PaymentLinkView } from '../../domain/schemas/online-payments.ts';
import { mockApi, renderWithProviders } from '../test/render.tsx';
import { aDue } from '../test/wire-fixtures.ts';
import PayLinkPage, { PAY_LINK_INVALID } from './pay-link.tsx';

const TOKEN = 'x'.repeat(43);
const VIEW: PaymentLinkView = {
  businessName: 'Karoo Stays',
  propertyTitle: 'Sea Point Loft',
  startDate: '2099-12-20',
  endDate: '2099-12-23',
  clientFirstName: 'Lerato',
  due: aDue(),
};

function renderPage(reply: { status?: number; body: unknown }) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === `/api/pay/${TOKEN}`) return reply;
    if (call.method === 'POST' && call.url === `/api/pay/${TOKEN}/checkout`)
      return {
        body: {
          reference: 'BP-1',
          gateway: 'payfast',
          redirectUrl: '',
          postUrl: 'https://sandbox.payfast.co.za/eng/process',
          formFields: [['merchant_id', '10000100']],
        },
      };
    return undefined;
  });
  renderWithProviders(<PayLinkPage />, { path: `/pay/${TOKEN}`, route: '/pay/:token' });
  return api;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/pay/:token', () => {
  it('a valid link: the business, listing, dates, reference, due now and balance, and Pay without signing in', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { calls } = renderPage({ body: VIEW });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Karoo Stays' })).toBeTruthy();
    expect(screen.getByText('Sea Point Loft')).toBeTruthy();
    expect(screen.getByText('20 December 2099 to 23 December 2099')).toBeTruthy();
    expect(screen.getByText('RZ-7K3M9Q')).toBeTruthy();
    // Testing Library normalises the rand's no-break spaces in the screen's text, not in the query.
    expect(screen.getByText(formatRandCents(100_000).replace(/\s+/g, ' '))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: `Pay ${formatRandCents(30_000)}` }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: `/api/pay/${TOKEN}/checkout`,
      body: { purpose: 'due_now' },
    });
  });

  it('an expired or unknown link: says so, and offers nothing to pay', async () => {
    renderPage({ status: 404, body: { message: 'Not found' } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', PAY_LINK_INVALID);
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});
