import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_PAGE_SIZE } from '../../domain/schemas/clients.ts';
import type { Client } from '../../domain/schemas/reservation.ts';
import { type ApiCall, currentUrl, mockApi, renderWithProviders } from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import TenantManagementPage from './tenant-management.tsx';

const OWNER_ID = 'a0000000-0000-4000-8000-000000000001';

const aClient = (n: number): Client => ({
  id: `c${String(n).padStart(4, '0')}`,
  owner_id: OWNER_ID,
  first_name: `Client${n}`,
  last_name: 'Mokoena',
  email: `client${n}@example.co.za`,
  phone: null,
  region: null,
  is_active: true,
  registered: n % 2 === 0,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server's answer for `total` clients: the asked page of them, and how many there are. */
function renderPage(total: number, path = '/tenant-management') {
  const api = mockApi((call) => {
    if (call.url === '/api/session') return { body: { user: aUserProfile({ id: OWNER_ID, role: 'owner' }) } };
    if (call.method === 'GET' && call.url.startsWith('/api/clients?')) {
      const query = new URL(call.url, 'http://localhost').searchParams;
      const page = Number(query.get('page'));
      const pageSize = Number(query.get('pageSize'));
      const matching = query.get('q') ? 0 : total;
      const items = Array.from(
        { length: Math.max(0, Math.min(pageSize, matching - (page - 1) * pageSize)) },
        (_, index) => aClient((page - 1) * pageSize + index + 1),
      );
      return { body: { items, total: matching, page, pageSize } };
    }
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  return {
    user,
    ...api,
    ...renderWithProviders(<TenantManagementPage />, { path, route: '/tenant-management' }),
  };
}

const listCalls = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/clients?'))
    .map((call) => call.url);

describe('My Clients', { timeout: 30_000 }, () => {
  it('asks the server for one page of cards and pages with a labelled pager, the page in the address', async () => {
    const { user, calls, router } = renderPage(CLIENT_PAGE_SIZE * 2 + 5);
    expect(
      await screen.findByText(`Clients 1–${CLIENT_PAGE_SIZE} of ${CLIENT_PAGE_SIZE * 2 + 5}`),
    ).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(CLIENT_PAGE_SIZE);
    expect(listCalls(calls)).toEqual([`/api/clients?page=1&pageSize=${CLIENT_PAGE_SIZE}`]);
    const pager = screen.getByRole('navigation', { name: 'Pages of clients' });
    expect(pager).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(listCalls(calls)).toContain(`/api/clients?page=3&pageSize=${CLIENT_PAGE_SIZE}`);
    expect(currentUrl(router)).toBe('/tenant-management?page=3');
    expect(screen.getByRole('article', { name: `Client${CLIENT_PAGE_SIZE * 2 + 1} Mokoena` })).toBeTruthy();
  });

  it('opens the page the address names, and a search starts again at page 1 on the server', async () => {
    const { user, calls, router } = renderPage(CLIENT_PAGE_SIZE * 3, '/tenant-management?page=2');
    expect(
      await screen.findByText(
        `Clients ${CLIENT_PAGE_SIZE + 1}–${CLIENT_PAGE_SIZE * 2} of ${CLIENT_PAGE_SIZE * 3}`,
      ),
    ).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search clients' }), 'zz');
    expect(await screen.findByText('No clients match “zz”.')).toBeTruthy();
    expect(listCalls(calls)).toContain(`/api/clients?q=zz&page=1&pageSize=${CLIENT_PAGE_SIZE}`);
    expect(currentUrl(router)).toBe('/tenant-management');
    expect(screen.queryByRole('navigation', { name: 'Pages of clients' })).toBeNull();
  });

  it('says No Clients Yet when the business has none, and shows no pager for one page', async () => {
    renderPage(0);
    expect(await screen.findByRole('heading', { name: 'No Clients Yet' })).toBeTruthy();
    expect(screen.getByText('Start by adding your first client.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages of clients' })).toBeNull();
  });
});
