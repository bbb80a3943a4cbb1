import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import { mockApi, renderWithProviders, toastTexts } from '../test/render.tsx';
import { aBusinessProperty, aReservation, aUserProfile } from '../test/wire-fixtures.ts';
import ReservationManagementPage from './reservation-management.tsx';

const STAY = { ...aReservation(), balance_due_cents: 123_450, balance_due_on: '2026-11-06', overdue: true };
const OTHER = {
  ...aReservation({ start_date: '2026-12-01', end_date: '2026-12-03' }),
  id: 'r-other',
  reference: 'RZ-OTHER2',
  balance_due_cents: 0,
  balance_due_on: null,
  overdue: false,
};
const KEPT =
  'This reservation has documents or billing lines and is kept for the records. Cancel it instead.';
const NOT_YOURS = 'You can only modify your own reservations';

/** The page over a fake API whose DELETE answers with `reply`. */
function renderPage(
  reply: { status: number; body: unknown } = { status: 204, body: null },
  items = [STAY, OTHER],
) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/session')
      return { body: { user: aUserProfile({ role: 'owner' }) } };
    if (call.method === 'GET' && call.url === '/api/business/properties')
      return { body: [aBusinessProperty()] };
    if (call.method === 'GET' && call.url.startsWith('/api/reservations?'))
      return {
        body: {
          items,
          total: 145,
          page: Number(new URLSearchParams(call.url.split('?')[1]).get('page')),
          pageSize: 20,
        },
      };
    if (call.method === 'DELETE' && call.url === `/api/reservations/${STAY.id}`) return reply;
    if (call.method === 'POST' && call.url === '/api/reservations/bulk')
      return {
        body: {
          results: [
            { id: STAY.id, outcome: 'done', message: null },
            { id: OTHER.id, outcome: 'refused', message: NOT_YOURS },
          ],
        },
      };
    return undefined;
  });
  renderWithProviders(<ReservationManagementPage />, { path: '/reservation-management' });
  return api;
}

const listCalls = (calls: { method: string; url: string }[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/reservations?'))
    .map((call) => call.url);

async function deleteStay() {
  const [button] = await screen.findAllByRole('button', {
    name: 'Delete reservation RZ-7K3M9Q for Sea Point Loft',
  });
  fireEvent.click(button as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Delete reservation RZ-7K3M9Q' });
  return dialog;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function onWideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(min-width: 48em)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('the list', { timeout: 30_000 }, () => {
  it('shows reference and balance due, asks the server for one sorted page, and pages', async () => {
    onWideScreen();
    const { calls } = renderPage();
    expect(await screen.findByText('RZ-7K3M9Q')).toBeTruthy();
    expect(document.body.textContent).toContain(formatRandCents(123_450));
    expect(listCalls(calls).at(-1)).toContain('sort=start&order=desc&page=1&pageSize=50');
    fireEvent.click(screen.getByRole('button', { name: /Balance due/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('sort=balance&order=asc&page=1'));
    fireEvent.click(screen.getByRole('button', { name: /Balance due/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('sort=balance&order=desc&page=1'));
    expect(screen.getByRole('columnheader', { name: /Balance due/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('page=3'));
    expect(screen.getByText('145 reservations')).toBeTruthy();
  });

  it('below 768 px: cards with the reference, balance, select-all and a sort choice', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText(/RZ-7K3M9Q · Lerato Dlamini/)).toBeTruthy();
    expect(document.body.textContent).toContain(`Balance due ${formatRandCents(123_450)}`);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(listCalls(calls).length).toBeGreaterThan(0);
  });

  it('the balance cell: a red Overdue badge with the date, or the date it falls due', async () => {
    onWideScreen();
    const soon = {
      ...OTHER,
      id: 'r-soon',
      reference: 'RZ-SOON33',
      balance_due_cents: 50_000,
      balance_due_on: '2026-12-12',
    };
    renderPage(undefined, [STAY, soon, OTHER]);
    const overdueRow = (await screen.findByText('RZ-7K3M9Q')).closest('tr') as HTMLElement;
    expect(within(overdueRow).getByText('Overdue')).toBeTruthy();
    expect(within(overdueRow).getByText('Due 6 Nov')).toBeTruthy();
    const soonRow = screen.getByText('RZ-SOON33').closest('tr') as HTMLElement;
    expect(within(soonRow).queryByText('Overdue')).toBeNull();
    expect(within(soonRow).getByText('Due 12 Dec')).toBeTruthy();
    const paidRow = screen.getByText('RZ-OTHER2').closest('tr') as HTMLElement;
    expect(within(paidRow).queryByText(/^Due /)).toBeNull();
  });

  it('"Overdue balances" asks the server for overdue bookings only', async () => {
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: /Overdue balances/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('overdue=true'));
    expect(listCalls(calls).at(-1)).toContain('page=1');
  });

  it('shows the spec’s empty state', async () => {
    renderPage(undefined, []);
    expect(await screen.findByText('No reservations found')).toBeTruthy();
  });

  it('bulk-confirms the selected rows and lists each booking’s outcome with the server’s reason', async () => {
    onWideScreen();
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all reservations on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(`RZ-OTHER2: refused — ${NOT_YOURS}`)).toBeTruthy();
    expect(screen.getByText('RZ-7K3M9Q: done')).toBeTruthy();
    expect(screen.getByText('1 done, 1 refused')).toBeTruthy();
    const bulk = calls.find((call) => call.url === '/api/reservations/bulk');
    expect(bulk?.body).toEqual({ action: 'confirm', ids: [STAY.id, OTHER.id] });
    await waitFor(() => expect(toastTexts().join(' ')).toContain('1 done, 1 refused'));
  });
});

describe('deleting a reservation', { timeout: 30_000 }, () => {
  it('the confirmation names the booking and keeps the spec’s question', async () => {
    renderPage();
    const dialog = await deleteStay();
    expect(dialog.textContent).toContain('Are you sure you want to delete this reservation?');
    expect(dialog.textContent).toContain(
      'RZ-7K3M9Q · Sea Point Loft · Lerato Dlamini · 20 November 2026 – 22 November 2026',
    );
  });

  it('a refusal shows the server’s reason (kept for the records: cancel it instead), not a generic failure', async () => {
    const { calls } = renderPage({ status: 409, body: { message: KEPT, error: 'CONFLICT' } });
    fireEvent.click(within(await deleteStay()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain(KEPT));
    expect(toastTexts()).not.toContain('Failed to delete reservation');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('a server failure keeps the spec’s text', async () => {
    renderPage({ status: 500, body: { message: 'boom' } });
    fireEvent.click(within(await deleteStay()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to delete reservation'));
  });
});
