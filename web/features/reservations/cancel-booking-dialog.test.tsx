import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CLIENT_CANCEL_MESSAGES } from '../../../domain/reservation.ts';
import type { CancellationPreview } from '../../../domain/schemas/online-payments.ts';
import { type ApiCall, mockApi, renderWithProviders, toastTexts } from '../../test/render.tsx';
import { aReservation } from '../../test/wire-fixtures.ts';
import { type Reservation, useCancelReservation } from './api.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';

const STAY = aReservation({ status: 'confirmed', start_date: '2026-12-19', end_date: '2026-12-22' });
const quote = (changes: Partial<CancellationPreview> = {}): CancellationPreview => ({
  cancellable: true,
  refusal: null,
  policyText: 'Free cancellation until 14 days before the start; after that 50% of the total is charged.',
  free: false,
  freeUntil: '2026-12-05',
  feePercent: 50,
  totalCents: 400_000,
  feeCents: 200_000,
  paidCents: 300_000,
  refundDueCents: 100_000,
  depositHeldCents: 0,
  ...changes,
});

function Harness({ reservation }: { reservation: Reservation }) {
  const [opened, setOpened] = useState(true);
  const cancel = useCancelReservation();
  return (
    <CancelBookingDialog
      reservation={reservation}
      opened={opened}
      onClose={() => setOpened(false)}
      cancel={cancel}
    />
  );
}

function renderDialog(preview: CancellationPreview | { status: number; body: unknown }) {
  const api = mockApi((call: ApiCall) => {
    if (call.method === 'GET' && call.url === `/api/my/reservations/${STAY.id}/cancellation`)
      return 'status' in preview ? preview : { body: preview };
    if (call.method === 'POST' && call.url === `/api/reservations/${STAY.id}/cancel`)
      return { body: { ...STAY, status: 'cancelled' } };
    return undefined;
  });
  const user = userEvent.setup();
  return { ...renderWithProviders(<Harness reservation={STAY} />), ...api, user };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const dialog = () => screen.findByRole('dialog', { name: 'Cancel booking' });
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('the cancel booking dialog', () => {
  it('states the fee and the refund before the client confirms; Cancel booking cancels', async () => {
    const { calls, user } = renderDialog(quote());
    const modal = await dialog();
    await waitFor(() =>
      expect(plain(modal.textContent)).toContain(
        'Cancelling now costs R 2 000.00 (50% of R 4 000.00). You have paid R 3 000.00; the owner will refund R 1 000.00.',
      ),
    );
    expect(plain(modal.textContent)).toContain('after that 50% of the total is charged.');
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(modal).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(toastTexts()).toContain('Reservation cancelled successfully'));
    expect(posts(calls).map((call) => call.url)).toEqual([`/api/reservations/${STAY.id}/cancel`]);
  });

  it('free inside the window: says until when; Keep booking sends nothing', async () => {
    const { calls, user } = renderDialog(quote({ free: true, feeCents: 0, paidCents: 0, refundDueCents: 0 }));
    const modal = await dialog();
    expect(await within(modal).findByText('Free cancellation until 5 December 2026.')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toHaveLength(0);
  });

  it('a booking that can no longer be cancelled says why, and Cancel booking stays off', async () => {
    renderDialog(quote({ cancellable: false, refusal: CLIENT_CANCEL_MESSAGES.started }));
    const modal = await dialog();
    expect((await within(modal).findByRole('alert')).textContent).toBe(CLIENT_CANCEL_MESSAGES.started);
    expect(within(modal).getByRole('button', { name: 'Cancel booking' }).hasAttribute('disabled')).toBe(true);
  });

  it('a failed preview says so; nothing can be confirmed blind', async () => {
    renderDialog({ status: 404, body: { message: 'Reservation not found' } });
    const modal = await dialog();
    expect((await within(modal).findByRole('alert')).textContent).toBe('Reservation not found');
    expect(within(modal).getByRole('button', { name: 'Cancel booking' }).hasAttribute('disabled')).toBe(true);
  });

  it('is axe-clean with the dialog open', async () => {
    renderDialog(quote());
    const modal = await dialog();
    await within(modal).findByText(/Cancelling now costs/);
    // jsdom draws nothing: contrast is checked by the journeys in Chromium.
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
