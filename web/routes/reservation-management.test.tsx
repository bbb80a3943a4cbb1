import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, toastTexts } from '../test/render.tsx';
import { aBusinessProperty, aReservation, aUserProfile } from '../test/wire-fixtures.ts';
import ReservationManagementPage from './reservation-management.tsx';

const STAY = aReservation();
const KEPT =
  'This reservation has documents or billing lines and is kept for the records. Cancel it instead.';

/** The page over a fake API whose DELETE answers with `reply`. */
function renderPage(reply: { status: number; body: unknown }) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/session')
      return { body: { user: aUserProfile({ role: 'owner' }) } };
    if (call.method === 'GET' && call.url === '/api/business/properties')
      return { body: [aBusinessProperty()] };
    if (call.method === 'GET' && call.url.startsWith('/api/reservations?')) return { body: [STAY] };
    if (call.method === 'DELETE' && call.url === `/api/reservations/${STAY.id}`) return reply;
    return undefined;
  });
  renderWithProviders(<ReservationManagementPage />, { path: '/reservation-management' });
  return api;
}

async function deleteStay() {
  const [button] = await screen.findAllByRole('button', { name: 'Delete reservation for Sea Point Loft' });
  fireEvent.click(button as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Delete reservation' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deleting a reservation', { timeout: 30_000 }, () => {
  it('a refusal shows the server’s reason (kept for the records: cancel it instead), not a generic failure', async () => {
    const { calls } = renderPage({ status: 409, body: { message: KEPT, error: 'CONFLICT' } });
    await deleteStay();
    await waitFor(() => expect(toastTexts()).toContain(KEPT));
    expect(toastTexts()).not.toContain('Failed to delete reservation');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('a server failure keeps the spec’s text', async () => {
    renderPage({ status: 500, body: { message: 'boom' } });
    await deleteStay();
    await waitFor(() => expect(toastTexts()).toContain('Failed to delete reservation'));
  });
});
