import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY, DEFAULT_PAYMENT_PLAN } from '../../../../domain/payment-plan.ts';
import { buttonNamed, isDisabled, mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { PaymentPlanSection } from './payment-plan-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const DEFAULTS = { plan: DEFAULT_PAYMENT_PLAN, cancellation: DEFAULT_CANCELLATION_POLICY };

describe('Payment plan and cancellation on the profile', () => {
  it('starts from the defaults, previews a 30 % deposit plan as clients read it, and saves it', async () => {
    const api = mockApi(async (call) => (call.method === 'PUT' ? { body: call.body } : { body: DEFAULTS }));
    renderWithProviders(<PaymentPlanSection />);
    expect(
      await screen.findByText(
        'Pay in full when your booking is confirmed. The refundable security deposit is paid with the balance.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Deposit at booking, balance later'));
    // A deposit plan needs a percentage between 0 and 100: the default 0 is refused.
    expect(
      await screen.findByText('A deposit percentage must be more than 0 and less than 100.'),
    ).toBeTruthy();
    expect(isDisabled(buttonNamed('Save payment plan'))).toBe(true);
    fireEvent.change(screen.getByLabelText('Deposit %'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Balance due (days before the start)'), {
      target: { value: '14' },
    });
    fireEvent.change(screen.getByLabelText('Then a fee of (% of the total)'), { target: { value: '25' } });
    expect(
      await screen.findByText(
        'Pay a deposit of 30% when your booking is confirmed, and the balance 14 days before the start. The refundable security deposit is paid with the balance.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Free cancellation until 7 days before the start; after that 25% of the total is charged.',
      ),
    ).toBeTruthy();
    fireEvent.click(buttonNamed('Save payment plan'));
    await waitFor(() => expect(toastTexts()).toContain('Payment plan and cancellation policy saved'));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/business/payment-settings');
    expect(put?.body).toEqual({
      plan: { ...DEFAULT_PAYMENT_PLAN, kind: 'deposit', depositPercent: 30, balanceDaysBefore: 14 },
      cancellation: { freeUntilDaysBefore: 7, feePercent: 25 },
    });
  });

  it('shows the server’s refusal as a toast', async () => {
    mockApi(async (call) =>
      call.method === 'PUT'
        ? {
            status: 403,
            body: {
              message:
                'Only the business owner, or staff who manage its listings, can change how bookings are paid',
            },
          }
        : { body: DEFAULTS },
    );
    renderWithProviders(<PaymentPlanSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save payment plan' }));
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Only the business owner, or staff who manage its listings, can change how bookings are paid',
      ),
    );
  });
});
