import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, toastTexts } from '../../../test/render.tsx';
import { aReservation } from '../../../test/wire-fixtures.ts';
import { SendPaymentLinkButton } from './send-payment-link.tsx';

const CONFIRMED = aReservation({ status: 'confirmed' });
const URL = `/api/reservations/${CONFIRMED.id}/payment-link`;

afterEach(() => vi.unstubAllGlobals());

describe('SendPaymentLinkButton', () => {
  it('asks first, naming the client’s email, then sends and says where', async () => {
    const { calls } = mockApi((call) =>
      call.method === 'POST' && call.url === URL
        ? { body: { sentTo: 'lerato@example.co.za', expiresAt: '2027-01-25T08:00:00.000Z' } }
        : undefined,
    );
    renderWithProviders(<SendPaymentLinkButton reservation={CONFIRMED} balanceCents={70_000} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send payment link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send payment link' });
    expect(within(dialog).getByText(/Email lerato@example\.co\.za a link to pay the balance/)).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(toastTexts()).toContain('Payment link sent to lerato@example.co.za'));
    expect(calls.map((call) => [call.method, call.url])).toEqual([['POST', URL]]);
  });

  it('a refusal is shown in the server’s words', async () => {
    const message = 'Nothing is owed on this booking: there is no balance to pay.';
    mockApi(() => ({ status: 409, body: { message } }));
    renderWithProviders(<SendPaymentLinkButton reservation={CONFIRMED} balanceCents={70_000} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send payment link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(toastTexts()).toContain(message));
  });

  it('not offered for a pending booking or when nothing is owed', () => {
    renderWithProviders(
      <SendPaymentLinkButton reservation={aReservation({ status: 'pending' })} balanceCents={70_000} />,
    );
    expect(screen.queryByRole('button', { name: 'Send payment link' })).toBeNull();
    renderWithProviders(<SendPaymentLinkButton reservation={CONFIRMED} balanceCents={0} />);
    expect(screen.queryByRole('button', { name: 'Send payment link' })).toBeNull();
  });
});
