import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../domain/roles.ts';
import type { Reservation } from '../../domain/schemas/reservation.ts';
import type { UserProfile } from '../../domain/schemas/user.ts';
import { aBusinessProperty, aReservation, aUserProfile } from '../test/wire-fixtures.ts';
import CalendarPage from './calendar.tsx';

/** The colleague-owned editor is replaced by a stub that shows what the calendar asked it to open. */
vi.mock('../features/reservations/components/reservation-editor.tsx', () => ({
  ReservationEditor: (props: {
    opened: boolean;
    reservationId?: string | null;
    draft?: { startDate: string; endDate: string; propertyId?: string };
  }) =>
    props.opened ? (
      <div data-testid="editor">
        {props.reservationId
          ? `edit ${props.reservationId}`
          : `create ${props.draft?.startDate} ${props.draft?.endDate}${props.draft?.propertyId ? ` ${props.draft.propertyId}` : ''}`}
      </div>
    ) : null,
}));

const OWNER_ID = '3f2a9c1e-77aa-4bcd-9e0f-1234567890ab';
const user = (role: Role, extra: Partial<UserProfile> = {}) =>
  aUserProfile({
    id: role === 'owner' ? OWNER_ID : 'a1b2c3d4-0000-4000-8000-000000000000',
    role,
    parent_owner_id: role === 'frontoffice' ? OWNER_ID : null,
    permissions: {
      canManageProperties: false,
      canManageReservations: role !== 'client',
      canManageTenants: false,
      canManageUsers: false,
      canViewReports: false,
    },
    ...extra,
  });

const reservation = (
  id: string,
  propertyId: string,
  start: string,
  end: string,
  status: Reservation['status'],
) =>
  aReservation({
    id,
    property_id: propertyId,
    owner_id: OWNER_ID,
    start_date: start,
    end_date: end,
    status,
    property: {
      title: propertyId === 'p1' ? 'Sea Point Loft' : 'Karoo Farmhouse',
      type: 'accommodation',
      location: 'Cape Town',
      city: 'Cape Town',
      cover_url: null,
      archived: false,
    },
  });

const RESERVATIONS = [
  reservation('r-late', 'p2', '2026-11-21', '2026-11-22', 'pending'),
  reservation('r-early', 'p1', '2026-11-19', '2026-11-23', 'confirmed'),
  reservation('r-done', 'p1', '2026-11-05', '2026-11-07', 'completed'),
];
const PROPERTIES = [
  aBusinessProperty({ id: 'p2', title: 'Karoo Farmhouse', owner_id: OWNER_ID }),
  aBusinessProperty({ id: 'p1', title: 'Sea Point Loft', owner_id: OWNER_ID }),
];

let requests: string[] = [];
let failReservations = 0;
let served: Reservation[] = RESERVATIONS;

function serve(sessionUser: ReturnType<typeof user>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      requests.push(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (input === '/api/session') return json({ user: sessionUser });
      if (input === '/api/business/properties') return json(PROPERTIES);
      if (input.startsWith('/api/reservations?')) {
        if (failReservations > 0) {
          failReservations--;
          return json({ message: 'boom' }, 500);
        }
        return json(served);
      }
      return json({ message: 'not found' }, 404);
    }),
  );
}

function renderPage(initialPath = '/calendar') {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const router = createMemoryRouter([{ path: '/calendar', element: <CalendarPage /> }], {
    initialEntries: [initialPath],
  });
  address = () => `${router.state.location.pathname}${router.state.location.search}`;
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Day buttons by date (role queries over 35 buttons are slow in jsdom); the label is checked by the caller. */
const dayButton = (date: string, label?: RegExp) =>
  waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`);
    if (!button) throw new Error(`no day ${date}`);
    if (label) expect(button.getAttribute('aria-label')).toMatch(label);
    return button;
  });
const button = (text: string) =>
  screen.getByText(text, { selector: 'button, button *' }).closest('button') as HTMLElement;
const chooseOption = async (label: string, option: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

let address = () => '';

beforeEach(() => {
  requests = [];
  failReservations = 0;
  served = RESERVATIONS;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('calendar screen', { timeout: 30_000 }, () => {
  it('shows the month, the summary, filters by status, and moves between months', async () => {
    serve(user('owner'));
    renderPage();
    expect(await screen.findByText('November 2026', { selector: 'h2' })).toBeTruthy();
    await screen.findByText('Showing 3 of 3 reservations');
    expect(requests).toContain('/api/reservations?from=2026-11-01&to=2026-12-06');
    expect(
      await dayButton('2026-11-21', /^Saturday 21 November 2026, today, selected, 2 reservations$/),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Owner' })).toBeNull();

    await chooseOption('Status', 'Confirmed');
    await screen.findByText('Showing 1 of 3 reservations');
    expect(
      await dayButton('2026-11-21', /^Saturday 21 November 2026, today, selected, 1 reservation$/),
    ).toBeTruthy();
    await chooseOption('Property', 'Karoo Farmhouse');
    await screen.findByText('Showing 0 of 3 reservations');

    fireEvent.click(button('Next'));
    expect(await screen.findByText('December 2026', { selector: 'h2' })).toBeTruthy();
    await waitFor(() => expect(requests).toContain('/api/reservations?from=2026-11-29&to=2027-01-03'));
    fireEvent.click(button('Previous'));
    fireEvent.click(button('Previous'));
    expect(await screen.findByText('October 2026', { selector: 'h2' })).toBeTruthy();
    fireEvent.click(button('Today'));
    expect(await screen.findByText('November 2026', { selector: 'h2' })).toBeTruthy();
  });

  it('opens the first reservation of a busy day, and a one-night draft on an empty day', async () => {
    serve(user('owner'));
    renderPage();
    fireEvent.click(
      await dayButton('2026-11-21', /^Saturday 21 November 2026, today, selected, 2 reservations/),
    );
    expect((await screen.findByTestId('editor')).textContent).toBe('edit r-early');
    fireEvent.click(await dayButton('2026-11-06', /^Friday 6 November 2026, 1 reservation/));
    expect((await screen.findByTestId('editor')).textContent).toBe('edit r-done');
    fireEvent.click(await dayButton('2026-11-30', /^Monday 30 November 2026, no reservations/));
    expect((await screen.findByTestId('editor')).textContent).toBe('create 2026-11-30 2026-12-01');
  });

  it('lists the selected day’s reservations under the grid, each opening the editor', async () => {
    serve(user('owner'));
    renderPage();
    await screen.findByText('Showing 3 of 3 reservations');
    expect(screen.getByRole('heading', { name: 'Saturday 21 November 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Karoo Farmhouse/ }));
    expect((await screen.findByTestId('editor')).textContent).toBe('edit r-late');
  });

  it('refuses to create for users who may not, with the spec’s message', async () => {
    serve(user('client'));
    renderPage();
    fireEvent.click(await dayButton('2026-11-30', /^Monday 30 November 2026, no reservations/));
    expect(await screen.findByText('You do not have permission to create reservations')).toBeTruthy();
    expect(screen.queryByTestId('editor')).toBeNull();
  });

  it('gives staff an owner filter reading Owner and the first 8 characters of the id', async () => {
    serve(user('frontoffice'));
    renderPage();
    await screen.findByText('Showing 3 of 3 reservations');
    await chooseOption('Owner', 'Owner 3f2a9c1e');
    await screen.findByText('Showing 3 of 3 reservations');
    fireEvent.click(await dayButton('2026-11-30', /^Monday 30 November 2026, no reservations/));
    expect((await screen.findByTestId('editor')).textContent).toBe('create 2026-11-30 2026-12-01');
  });

  it('on a load failure: the toast, empty lists and a Retry button that loads again', async () => {
    failReservations = 2;
    serve(user('owner'));
    renderPage('/calendar?month=2026-11');
    expect(
      await screen.findByText('Failed to load calendar data', {
        selector: '.mantine-Notification-description',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 reservations')).toBeTruthy();
    expect(
      await dayButton('2026-11-21', /^Saturday 21 November 2026, today, selected, no reservations/),
    ).toBeTruthy();
    fireEvent.click(button('Retry'));
    await screen.findByText('Showing 3 of 3 reservations');
    expect(screen.queryByText('Retry')).toBeNull();
  });

  it('reads the month from the address', async () => {
    serve(user('owner'));
    renderPage('/calendar?month=2027-02');
    expect(await screen.findByText('February 2027', { selector: 'h2' })).toBeTruthy();
    await waitFor(() => expect(requests).toContain('/api/reservations?from=2027-01-31&to=2027-03-07'));
  });
});

describe('calendar screen: cancelled bookings and the timeline', { timeout: 30_000 }, () => {
  const cancelled = reservation('r-cancelled', 'p2', '2026-11-23', '2026-11-25', 'cancelled');

  it('hides cancelled bookings by default; All statuses shows them and the address remembers it', async () => {
    served = [...RESERVATIONS, cancelled];
    serve(user('owner'));
    renderPage();
    await screen.findByText('Showing 3 of 4 reservations');
    expect(await dayButton('2026-11-23', /, no reservations$/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'All except cancelled');
    await chooseOption('Status', 'All statuses');
    await screen.findByText('Showing 4 of 4 reservations');
    expect(await dayButton('2026-11-23', /, 1 reservation$/)).toBeTruthy();
    await waitFor(() => expect(address()).toBe('/calendar?month=2026-11&status=all'));
    await chooseOption('Status', 'Cancelled');
    await screen.findByText('Showing 1 of 4 reservations');
    await waitFor(() => expect(address()).toBe('/calendar?month=2026-11&status=cancelled'));
  });

  it('reads the status filter from the address', async () => {
    served = [...RESERVATIONS, cancelled];
    serve(user('owner'));
    renderPage('/calendar?month=2026-11&status=all');
    await screen.findByText('Showing 4 of 4 reservations');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'All statuses');
  });

  it('the timeline: a row per listing, bars that open the editor, free days that create, spans that move', async () => {
    served = [...RESERVATIONS, cancelled];
    serve(user('owner'));
    renderPage();
    await screen.findByText('Showing 3 of 4 reservations');
    fireEvent.click(screen.getByRole('radio', { name: 'Timeline' }));
    // Today is Saturday 21 November: the span starts on Sunday the 15th, two weeks by default.
    expect(await screen.findByText('15 Nov – 28 November 2026', { selector: 'h2' })).toBeTruthy();
    await waitFor(() => expect(requests).toContain('/api/reservations?from=2026-11-15&to=2026-11-29'));
    await waitFor(() => expect(address()).toBe('/calendar?view=timeline&start=2026-11-15&weeks=2'));
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Karoo Farmhouse',
      'Sea Point Loft',
    ]);
    const bar = await screen.findByRole('button', {
      name: 'Sea Point Loft, Lerato Dlamini, 19 November 2026 – 23 November 2026, Confirmed',
    });
    fireEvent.click(bar);
    expect((await screen.findByTestId('editor')).textContent).toBe('edit r-early');
    expect(screen.queryByRole('button', { name: /Cancelled$/ })).toBeNull();

    fireEvent.click(
      screen.getByRole('button', { name: 'New reservation: Karoo Farmhouse, Friday 27 November 2026' }),
    );
    expect((await screen.findByTestId('editor')).textContent).toBe('create 2026-11-27 2026-11-28 p2');

    fireEvent.click(screen.getByRole('radio', { name: '4 weeks' }));
    expect(await screen.findByText('15 Nov – 12 December 2026', { selector: 'h2' })).toBeTruthy();
    fireEvent.click(button('Next'));
    expect(await screen.findByText('13 December 2026 – 9 January 2027', { selector: 'h2' })).toBeTruthy();
    await waitFor(() => expect(requests).toContain('/api/reservations?from=2026-12-13&to=2027-01-10'));
    fireEvent.click(button('Today'));
    expect(await screen.findByText('15 Nov – 12 December 2026', { selector: 'h2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByText('November 2026', { selector: 'h2' })).toBeTruthy();
  });

  it('opens the timeline from the address, cancelled bars shown with status=all', async () => {
    served = [...RESERVATIONS, cancelled];
    serve(user('owner'));
    renderPage('/calendar?view=timeline&start=2026-11-25&weeks=1&status=all');
    expect(await screen.findByText('22 Nov – 28 November 2026', { selector: 'h2' })).toBeTruthy();
    expect(
      await screen.findByRole('button', {
        name: 'Karoo Farmhouse, Lerato Dlamini, 23 November 2026 – 25 November 2026, Cancelled',
      }),
    ).toBeTruthy();
  });
});
