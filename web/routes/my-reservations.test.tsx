import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reservation } from '../../domain/schemas/reservation.ts';
import { currentUrl, deferred, mockApi, renderWithProviders, toastTexts } from '../test/render.tsx';
import { aReservation } from '../test/wire-fixtures.ts';
import MyReservationsPage from './my-reservations.tsx';

const TODAY = '2026-11-10';
const STAY = aReservation({ start_date: '2026-11-20', end_date: '2026-11-22' });
/** The fixture's listing, with changes. */
const listing = (changes: Partial<NonNullable<Reservation['property']>>) => ({
  ...(STAY.property as NonNullable<Reservation['property']>),
  ...changes,
});
const CANCEL_URL = `/api/reservations/${STAY.id}/cancel`;
/** What cancelling a pending request costs (GET /api/my/reservations/:id/cancellation): nothing. */
const FREE_QUOTE = {
  cancellable: true,
  refusal: null,
  policyText: 'A request the owner has not yet confirmed can be cancelled free of charge.',
  free: true,
  freeUntil: null,
  feePercent: 50,
  totalCents: 250_000,
  feeCents: 0,
  paidCents: 0,
  refundDueCents: 0,
  depositHeldCents: 0,
};

/** The page over a fake API whose list holds `reservations`; a cancel answers with `cancelReply`. */
function renderPage(
  reservations: Reservation[],
  cancelReply: (current: Reservation) => { status: number; body: unknown } = (current) => ({
    status: 200,
    body: { ...current, status: 'cancelled' },
  }),
  /** Holds the list's reloads (not the first load) until it settles. */
  reloadGate?: Promise<void>,
) {
  let list = reservations;
  let loads = 0;
  const api = mockApi(async (call) => {
    if (call.method === 'GET' && call.url.endsWith('/cancellation')) return { body: FREE_QUOTE };
    if (call.method === 'GET' && call.url === '/api/my/reservations') {
      if (loads++ > 0 && reloadGate) await reloadGate;
      return { body: list };
    }
    const current = list.find((reservation) => call.url === `/api/reservations/${reservation.id}/cancel`);
    if (call.method === 'POST' && current) {
      const reply = cancelReply(current);
      if (reply.status === 200)
        list = list.map((r) => (r.id === current.id ? (reply.body as Reservation) : r));
      return reply;
    }
    return undefined;
  });
  const rendered = renderWithProviders(<MyReservationsPage />, { path: '/my-reservations' });
  return { ...rendered, ...api };
}

const card = (title = 'Sea Point Loft') => screen.findByRole('article', { name: title });
const dialog = () => screen.findByRole('dialog', { name: 'Cancel booking' });
/** Cancel booking, once the dialog has loaded what cancelling costs (the button waits for it). */
async function confirmCancel() {
  const button = await within(await dialog()).findByRole('button', { name: 'Cancel booking' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}
const cancelPosts = (calls: Array<{ method: string; url: string }>) =>
  calls.filter((call) => call.method === 'POST' && call.url === CANCEL_URL);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T08:00:00Z`));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('My Reservations card', { timeout: 30_000 }, () => {
  it("keeps the spec's heading, shows the short reference and never the id", async () => {
    renderPage([STAY]);
    const article = await card();
    expect(screen.getByText('View and manage your bookings')).toBeTruthy();
    expect(within(article).getByText('Reservation ID: RZ-7K3M9Q')).toBeTruthy();
    expect(within(article).getByText('Pending Approval')).toBeTruthy();
    expect(document.body.textContent).not.toContain(STAY.id);
  });

  it('Booked on is the Johannesburg date: a 01:30 booking (23:30 UTC the day before) shows its own day', async () => {
    renderPage([aReservation({ created_at: '2026-11-04T23:30:00.000Z' })]);
    const article = await card();
    expect(within(article).getByText('5 November 2026')).toBeTruthy();
    expect(within(article).queryByText('4 November 2026')).toBeNull();
  });

  it('lists the signed-in user’s own bookings as a guest, from GET /api/my/reservations', async () => {
    const { calls } = renderPage([STAY]);
    await card();
    expect(calls.some((call) => call.method === 'GET' && call.url === '/api/my/reservations')).toBe(true);
    expect(calls.some((call) => call.url.startsWith('/api/reservations?'))).toBe(false);
  });

  it("the title links to the listing's page", async () => {
    const { router } = renderPage([STAY]);
    const link = within(await card()).getByRole('link', { name: 'Sea Point Loft' });
    expect(link.getAttribute('href')).toBe('/property/p1');
    fireEvent.click(link);
    await waitFor(() => expect(currentUrl(router)).toBe('/property/p1'));
  });

  it('an archived listing keeps its link and is marked Archived', async () => {
    const archived = aReservation({ property: listing({ archived: true }) });
    renderPage([archived]);
    const article = await card();
    expect(within(article).getByRole('link', { name: 'Sea Point Loft' }).getAttribute('href')).toBe(
      '/property/p1',
    );
    expect(within(article).getByText('Archived')).toBeTruthy();
  });

  it('offers Cancel reservation on pending and confirmed stays that have not started', async () => {
    renderPage([
      aReservation({ id: 'r-pending', property: listing({ title: 'Pending stay' }) }),
      aReservation({
        id: 'r-today',
        start_date: TODAY,
        end_date: '2026-11-11',
        property: listing({ title: 'Starts today' }),
      }),
      aReservation({
        id: 'r-started',
        start_date: '2026-11-09',
        end_date: '2026-11-12',
        property: listing({ title: 'Started' }),
      }),
      aReservation({
        id: 'r-confirmed',
        status: 'confirmed',
        property: listing({ title: 'Confirmed stay' }),
      }),
      aReservation({
        id: 'r-cancelled',
        status: 'cancelled',
        property: listing({ title: 'Cancelled stay' }),
      }),
    ]);
    const hasCancel = async (title: string) =>
      within(await card(title)).queryByRole('button', { name: 'Cancel reservation' }) !== null;
    expect(await hasCancel('Pending stay')).toBe(true);
    expect(await hasCancel('Starts today')).toBe(true);
    expect(await hasCancel('Started')).toBe(false);
    expect(await hasCancel('Confirmed stay')).toBe(true);
    expect(await hasCancel('Cancelled stay')).toBe(false);
  });

  it('asks first, naming the listing and dates; keeping it sends nothing', async () => {
    const { calls } = renderPage([STAY]);
    fireEvent.click(within(await card()).getByRole('button', { name: 'Cancel reservation' }));
    const modal = await dialog();
    expect(modal.textContent).toContain(
      'Are you sure you want to cancel your reservation at Sea Point Loft from 20 November 2026 to 22 November 2026?',
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelPosts(calls)).toHaveLength(0);
    expect(within(await card()).getByText('Pending Approval')).toBeTruthy();
  });

  it('confirmed: cancels, toasts, and the card shows Cancelled without the button', async () => {
    const { calls } = renderPage([STAY]);
    fireEvent.click(within(await card()).getByRole('button', { name: 'Cancel reservation' }));
    await confirmCancel();
    await waitFor(() => expect(toastTexts()).toContain('Reservation cancelled successfully'));
    const article = await card();
    await waitFor(() => expect(within(article).getByText('Cancelled')).toBeTruthy());
    expect(within(article).queryByText('Pending Approval')).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
    expect(cancelPosts(calls)).toHaveLength(1);
  });

  it('the success toast comes even when the list reloads slowly (the button is gone by then)', async () => {
    const reload = deferred<void>();
    renderPage([STAY], undefined, reload.promise);
    fireEvent.click(within(await card()).getByRole('button', { name: 'Cancel reservation' }));
    await confirmCancel();
    const article = await card();
    await waitFor(() => expect(within(article).getByText('Cancelled')).toBeTruthy());
    expect(within(article).queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
    reload.resolve();
    await waitFor(() => expect(toastTexts()).toContain('Reservation cancelled successfully'));
  });

  it("a refusal shows the server's message and the card stays pending", async () => {
    const message =
      'Only a pending reservation can be cancelled. Please contact the owner about this booking.';
    renderPage([STAY], () => ({ status: 409, body: { message, code: 'CONFLICT' } }));
    fireEvent.click(within(await card()).getByRole('button', { name: 'Cancel reservation' }));
    await confirmCancel();
    await waitFor(() => expect(toastTexts()).toContain(message));
    expect(toastTexts()).not.toContain('Reservation cancelled successfully');
    expect(within(await card()).getByText('Pending Approval')).toBeTruthy();
  });
});
