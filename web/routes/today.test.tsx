import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import type { Today, TodayBooking } from '../../domain/schemas/today.ts';
import { mockApi, renderWithProviders, toastTexts } from '../test/render.tsx';
import { aReservation } from '../test/wire-fixtures.ts';
import TodayPage from './today.tsx';

/** As the page shows it, after Testing Library's whitespace normalising. */
const rand = (cents: number) => formatRandCents(cents).replace(/\s/g, ' ');

const aBooking = (changes: Partial<TodayBooking> = {}): TodayBooking => ({
  id: 'r1',
  reference: 'RZ-7K3M9Q',
  status: 'pending',
  start_date: '2026-12-10',
  end_date: '2026-12-12',
  start_time: null,
  end_time: null,
  price_unit: 'night',
  duration: '2 nights',
  guests: 2,
  property: { id: 'p1', title: 'Sea Point Loft', type: 'accommodation', archived: false },
  client: { first_name: 'Lerato', last_name: 'Dlamini', email: 'lerato@example.co.za' },
  total_price_cents: 250_000,
  balance_due_cents: 250_000,
  deposit_held_cents: 0,
  created_at: '2026-11-01T08:00:00.000Z',
  balance_due_on: null,
  overdue: false,
  ...changes,
});

const week = Array.from({ length: 7 }, (_, index) => ({
  date: `2026-12-${String(10 + index)}`,
  arrivals: 0,
  departures: 0,
  in_use: 0,
}));

const aDesk = (changes: Partial<Today> = {}): Today => ({
  date: '2026-12-10',
  days: [
    { date: '2026-12-10', arrivals: [], departures: [] },
    { date: '2026-12-11', arrivals: [], departures: [] },
  ],
  pending: { items: [], total: 0 },
  balances: { items: [], total: 0, total_due_cents: 0 },
  deposits: { items: [], total: 0, total_held_cents: 0 },
  week,
  ...changes,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Today desk', () => {
  it('says what is empty in each section', async () => {
    mockApi((call) => (call.url === '/api/today' ? { body: aDesk() } : undefined));
    renderWithProviders(<TodayPage />);
    expect(await screen.findByText('No requests waiting')).toBeTruthy();
    for (const empty of [
      'No arrivals today',
      'No departures today',
      'No arrivals tomorrow',
      'No departures tomorrow',
      'No balances due',
      'No deposits held after a stay',
    ])
      expect(screen.getByText(empty)).toBeTruthy();
  });

  it('balances due: an overdue one first with a red Overdue badge and its date, the next with its due date', async () => {
    const overdue = aBooking({
      id: 'r4',
      reference: 'RZ-LATE01',
      status: 'confirmed',
      balance_due_cents: 70_000,
      balance_due_on: '2026-12-01',
      overdue: true,
    });
    const soon = aBooking({
      id: 'r5',
      reference: 'RZ-SOON01',
      status: 'confirmed',
      balance_due_cents: 40_000,
      balance_due_on: '2026-12-14',
    });
    mockApi((call) =>
      call.url === '/api/today'
        ? { body: aDesk({ balances: { items: [overdue, soon], total: 2, total_due_cents: 110_000 } }) }
        : undefined,
    );
    renderWithProviders(<TodayPage />);
    const section = await screen.findByRole('region', { name: 'Balances due' });
    const text = section.textContent ?? '';
    expect(text.indexOf('RZ-LATE01')).toBeLessThan(text.indexOf('RZ-SOON01'));
    const badges = within(section).getAllByText('Overdue');
    expect(badges).toHaveLength(1);
    expect(within(section).getByText('Due 1 Dec')).toBeTruthy();
    expect(within(section).getByText('Due 14 Dec')).toBeTruthy();
  });

  it('shows an hourly event with its time, a deposit held, and each row opens the editor', async () => {
    const event = aBooking({
      id: 'r2',
      reference: 'RZ-EVENT1',
      status: 'confirmed',
      price_unit: 'hour',
      start_time: '14:00',
      end_time: '18:00',
      duration: '4 hours',
    });
    const held = aBooking({
      id: 'r3',
      reference: 'RZ-DEPOS1',
      status: 'completed',
      deposit_held_cents: 150_000,
    });
    mockApi((call) =>
      call.url === '/api/today'
        ? {
            body: aDesk({
              days: [
                {
                  date: '2026-12-10',
                  arrivals: [{ movement: 'arrival', label: 'Event starts', time: '14:00', booking: event }],
                  departures: [],
                },
                { date: '2026-12-11', arrivals: [], departures: [] },
              ],
              deposits: { items: [held], total: 1, total_held_cents: 150_000 },
            }),
          }
        : undefined,
    );
    renderWithProviders(<TodayPage />);
    const arrivals = await screen.findByRole('region', { name: 'Arrivals today' });
    expect(within(arrivals).getByText('Event starts 14:00')).toBeTruthy();
    expect(within(arrivals).getByRole('link', { name: 'RZ-EVENT1' }).getAttribute('href')).toBe(
      '/reservation-management?reservation=r2',
    );
    const deposits = screen.getByRole('region', { name: 'Deposits held' });
    expect(within(deposits).getByText(`${rand(150_000)} held`)).toBeTruthy();
  });

  it('approves a request with the editor’s status change and says so', async () => {
    let desk = aDesk({ pending: { items: [aBooking()], total: 1 } });
    const api = mockApi((call) => {
      if (call.url === '/api/today') return { body: desk };
      if (call.method === 'PATCH' && call.url === '/api/reservations/r1') {
        desk = aDesk();
        return { body: aReservation({ id: 'r1', status: 'confirmed' }) };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<TodayPage />);
    await user.click(await screen.findByRole('button', { name: 'Approve RZ-7K3M9Q' }));
    await waitFor(() => expect(toastTexts()).toContain('Reservation RZ-7K3M9Q confirmed'));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'confirmed' });
    expect(await screen.findByText('No requests waiting')).toBeTruthy();
  });

  it('declines only after the confirmation', async () => {
    const api = mockApi((call) => {
      if (call.url === '/api/today') return { body: aDesk({ pending: { items: [aBooking()], total: 1 } }) };
      if (call.method === 'PATCH') return { body: aReservation({ id: 'r1', status: 'cancelled' }) };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<TodayPage />);
    await user.click(await screen.findByRole('button', { name: 'Decline RZ-7K3M9Q' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline request RZ-7K3M9Q' });
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(toastTexts()).toContain('Reservation RZ-7K3M9Q declined'));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'cancelled' });
  });
});
