import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, AdminUserDetail } from '../../domain/schemas/admin-users.ts';
import {
  type ApiCall,
  type ApiReply,
  isDisabled,
  mockApi,
  renderWithProviders,
  toastTexts,
} from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import UsersPage from './users.tsx';

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

const aUser = (changes: Partial<AdminUser>): AdminUser => ({
  id: 'u-lerato',
  email: 'lerato@rentza.test',
  first_name: 'Lerato',
  last_name: 'Dlamini',
  role: 'client',
  is_active: true,
  email_verified: true,
  created_at: '2026-03-01T08:00:00.000Z',
  parent_owner_id: null,
  plan: null,
  staff_count: null,
  owner_name: null,
  ...changes,
});

const ADMIN = aUser({
  id: ADMIN_ID,
  email: 'admin@rentza.test',
  first_name: 'Ayanda',
  last_name: 'Mokoena',
  role: 'admin',
});
const THANDI = aUser({
  id: 'u-thandi',
  email: 'thandi@rentza.test',
  first_name: 'Thandi',
  last_name: 'Nkosi',
  role: 'owner',
  plan: { id: 'business', status: 'active' },
  staff_count: 2,
});
const SIPHO = aUser({
  id: 'u-sipho',
  email: 'sipho@rentza.test',
  first_name: 'Sipho',
  last_name: 'Zulu',
  role: 'backoffice',
  parent_owner_id: 'u-thandi',
  owner_name: 'Thandi Nkosi',
});
const LERATO = aUser({});

const THANDI_DETAILS: AdminUserDetail = {
  ...THANDI,
  phone: '082 555 0101',
  listing_count: 4,
  staff: [
    {
      id: 'u-anele',
      first_name: 'Anele',
      last_name: 'Khumalo',
      email: 'anele@rentza.test',
      role: 'frontoffice',
      is_active: false,
    },
    {
      id: 'u-sipho',
      first_name: 'Sipho',
      last_name: 'Zulu',
      email: 'sipho@rentza.test',
      role: 'backoffice',
      is_active: true,
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Options {
  users?: AdminUser[];
  total?: number;
  list?: ApiReply;
  onPatch?: (call: ApiCall) => ApiReply;
}

function renderPage({ users = [ADMIN, THANDI, SIPHO, LERATO], total, list, onPatch }: Options = {}) {
  const api = mockApi((call) => {
    if (call.url === '/api/session')
      return { body: { user: aUserProfile({ id: ADMIN_ID, role: 'admin', first_name: 'Ayanda' }) } };
    if (call.method === 'GET' && call.url.startsWith('/api/admin/users?')) {
      const page = Number(new URL(call.url, 'http://localhost').searchParams.get('page'));
      return (
        list ?? {
          body: {
            items: users,
            total: total ?? users.length,
            total_capped: false,
            has_next: page * 20 < (total ?? users.length),
            page,
            page_size: 20,
          },
        }
      );
    }
    if (call.method === 'GET' && call.url === '/api/admin/users/u-thandi') return { body: THANDI_DETAILS };
    if (call.method === 'PATCH') return onPatch?.(call) ?? { status: 500 };
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  return { user, ...api, ...renderWithProviders(<UsersPage />, { path: '/users' }) };
}

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

const listCalls = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/admin/users?'))
    .map((call) => call.url);

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('Users', { timeout: 30_000 }, () => {
  it('is titled Users and lists everyone in a table from 768 px, with their business', async () => {
    onWideScreen();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Users · Rentza');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status', 'Business', 'Actions']);
    expect(rowOf('Thandi Nkosi').textContent).toContain('Business plan (active) · 2 staff');
    expect(rowOf('Sipho Zulu').textContent).toContain('Works for Thandi Nkosi');
    expect(screen.getByText('4 users')).toBeTruthy();
  });

  it('shows cards under 768 px and says No users found when nothing matches', async () => {
    renderPage({ users: [] });
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a skeleton while loading and an alert when loading fails', async () => {
    renderPage({ list: { status: 500, body: { message: 'boom' } } });
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load users');
  });

  it('searches, filters by role and pages, back to page 1 on a new filter', async () => {
    const { user, calls } = renderPage({ total: 45 });
    await screen.findByText('45 users');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listCalls(calls)).toContain('/api/admin/users?page=3&page_size=20'));

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'lerato');
    await waitFor(() => expect(listCalls(calls)).toContain('/api/admin/users?q=lerato&page=1&page_size=20'));

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All roles',
      'Owner',
      'Admin',
      'Client',
      'Back office',
      'Front office',
    ]);
    await user.click(screen.getByRole('option', { name: 'Owner' }));
    await waitFor(() =>
      expect(listCalls(calls)).toContain('/api/admin/users?q=lerato&role=owner&page=1&page_size=20'),
    );
  });

  it('says More than … for a search whose count is capped, and pages on one at a time while there is a next', async () => {
    const { user, calls } = renderPage({
      list: {
        body: {
          items: [THANDI, SIPHO],
          total: 40,
          total_capped: true,
          has_next: true,
          page: 2,
          page_size: 20,
        },
      },
    });
    await screen.findByText('More than 40 users');
    // Two pages counted, and the page after the one shown (its answer says page 2 has a next).
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listCalls(calls)).toContain('/api/admin/users?page=3&page_size=20'));
  });

  it('never lets the admin change their own role or deactivate themself', async () => {
    renderPage();
    await screen.findByText('Ayanda Mokoena');
    expect(isDisabled(screen.getByRole('combobox', { name: 'Role of Ayanda Mokoena' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Deactivate Ayanda Mokoena' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Deactivate Lerato Dlamini' }))).toBe(false);
  });

  it('offers staff only the staff roles, and others only client, owner and admin', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Role of Sipho Zulu' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Back office',
      'Front office',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Role of Lerato Dlamini' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Client',
        'Owner',
        'Admin',
      ]),
    );
  });

  it('changes a role and says so, or shows why not', async () => {
    let reply: ApiReply = {
      status: 400,
      body: { message: 'This owner has staff members, so they stay an owner' },
    };
    const { user, calls } = renderPage({ onPatch: () => reply });
    await user.click(await screen.findByRole('combobox', { name: 'Role of Thandi Nkosi' }));
    await user.click(await screen.findByRole('option', { name: 'Client' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('This owner has staff members, so they stay an owner'),
    );

    reply = { body: { ...THANDI_DETAILS, role: 'admin', staff: [] } };
    await user.click(screen.getByRole('combobox', { name: 'Role of Lerato Dlamini' }));
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    await waitFor(() => expect(toastTexts()).toContain('User role updated successfully'));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/users/u-thandi', { role: 'client' }],
      ['/api/admin/users/u-lerato', { role: 'owner' }],
    ]);
  });

  it('deactivates only after the confirm, and says so; Cancel changes nothing', async () => {
    const { user, calls } = renderPage({ onPatch: () => ({ body: { ...THANDI_DETAILS } }) });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Lerato Dlamini' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Lerato Dlamini?' });
    expect(dialog.textContent).toContain('They are signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Deactivate Lerato Dlamini' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate Lerato Dlamini?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(toastTexts()).toContain('User deactivated successfully'));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: '/api/admin/users/u-lerato',
      body: { is_active: false },
    });
  });

  it('activates an inactive user; a failure says Failed to update user status', async () => {
    const { user } = renderPage({ users: [aUser({ is_active: false })], onPatch: () => ({ status: 500 }) });
    await user.click(await screen.findByRole('button', { name: 'Activate Lerato Dlamini' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Lerato Dlamini?' });
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(toastTexts()).toContain('Failed to update user status'));
  });

  it("shows an owner's plan, listings and staff in the details", async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Details of Thandi Nkosi' }));
    const drawer = await screen.findByRole('dialog', { name: 'User details' });
    await waitFor(() => expect(within(drawer).getByText('Business plan (active)')).toBeTruthy());
    expect(drawer.textContent).toContain('Listings: 4');
    expect(drawer.textContent).toContain('Phone: 082 555 0101');
    const staff = within(within(drawer).getByRole('list', { name: 'Staff of Thandi Nkosi' })).getAllByRole(
      'listitem',
    );
    expect(staff.map((item) => item.textContent)).toEqual([
      'Anele KhumaloFront office · anele@rentza.testInactive',
      'Sipho ZuluBack office · sipho@rentza.test',
    ]);
  });
});
