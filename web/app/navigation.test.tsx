import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../domain/permissions.ts';
import type { Role } from '../../domain/roles.ts';
import type { CurrentUser } from '../features/account/api.ts';
import { mockApi, renderWithProviders } from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import { markLeavingAccount } from './leaving-account.ts';
import MobileMenu from './mobile-menu.tsx';
import { RouteGuard } from './route-guard.tsx';
import { Shell } from './shell.tsx';

/** What each role and permission set may use (issue 20 item 8, docs/decisions/041). */

afterEach(() => vi.unstubAllGlobals());

const NONE: Permissions = {
  canManageProperties: false,
  canManageReservations: false,
  canManageTenants: false,
  canManageUsers: false,
  canViewReports: false,
};
const person = (role: Role, permissions?: Partial<Permissions>): CurrentUser =>
  aUserProfile({ role, ...(permissions ? { permissions: { ...NONE, ...permissions } } : {}) });

const ALL_STAFF_SCREENS = [
  'Today',
  'Calendar',
  'Property Management',
  'Reservation Management',
  'Client Management',
  'User Management',
  'Reports',
];

function mobileLabels(user: CurrentUser): string[] {
  renderWithProviders(<MobileMenu user={user} opened onClose={() => {}} />);
  const nav = screen.getByRole('navigation', { name: 'Mobile' });
  const labels = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
  // Search first, then the role's links, then the account's (My Profile, My Reservations).
  return labels.slice(1, labels.indexOf('My Profile'));
}

describe('mobile menu: exactly the screens each may use', () => {
  it.each([
    [
      'front office, reservations only (the default)',
      person('frontoffice'),
      ['Today', 'Calendar', 'Reservation Management'],
    ],
    ['back office, all five (the default)', person('backoffice'), ALL_STAFF_SCREENS],
    ['staff with no permission', person('backoffice', {}), []],
    ['staff with properties', person('frontoffice', { canManageProperties: true }), ['Property Management']],
    ['staff with tenants', person('frontoffice', { canManageTenants: true }), ['Client Management']],
    ['staff with users', person('backoffice', { canManageUsers: true }), ['User Management']],
    ['staff with reports', person('frontoffice', { canViewReports: true }), ['Reports']],
    [
      'an owner',
      person('owner'),
      [...ALL_STAFF_SCREENS, 'Rental Agreement', 'Property Rates', 'Stock Items', 'Ad Hoc Charge Types'],
    ],
    ['a client', person('client'), ['My Reservations']],
  ] as const)('%s', (_name, user, expected) => {
    expect(mobileLabels(user)).toEqual(expected);
  });
});

function renderShell(user: CurrentUser) {
  mockApi((call) => (call.url === '/api/session' ? { body: { user } } : { body: [] }));
  return renderWithProviders(<Shell />, { route: '/', path: '/' });
}

describe('desktop navigation', () => {
  it('front office sees Today, Calendar and Reservation Management, and no Manage menu', async () => {
    renderShell(person('frontoffice'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Search for Rentals', 'Today', 'Calendar', 'Reservation Management']),
    );
    expect(within(nav).queryByRole('button', { name: 'Manage' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Rates and catalogues' })).toBeNull();
  });

  it('back office finds the five management screens in the Manage menu, and no Billing', async () => {
    renderShell(person('backoffice'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Manage' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Property Management',
      'Reservation Management',
      'Client Management',
      'User Management',
      'Reports',
    ]);
    expect(within(nav).queryByRole('button', { name: 'Rates and catalogues' })).toBeNull();
  });
});

function Screen() {
  return <p>Property Management screen</p>;
}

function renderGuarded(user: CurrentUser) {
  mockApi((call) => (call.url === '/api/session' ? { body: { user } } : undefined));
  return renderWithProviders(<Outlet />, {
    path: '/property-management',
    route: '/',
    routes: [
      {
        element: <RouteGuard route="propertyManagement" />,
        children: [{ path: 'property-management', element: <Screen /> }],
      },
    ],
  });
}

describe('route guard: a staff member’s permission opens the screen', () => {
  it('back office with the properties permission opens Property Management', async () => {
    renderGuarded(person('backoffice'));
    expect(await screen.findByText('Property Management screen')).toBeTruthy();
  });

  it('front office without it is sent home, told why', async () => {
    const { router } = renderGuarded(person('frontoffice'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Property Management screen')).toBeNull();
  });
});

describe('route guard: nobody signed in', () => {
  function renderSignedOut() {
    mockApi((call) => (call.url === '/api/session' ? { body: { user: null } } : undefined));
    return renderWithProviders(<Outlet />, {
      path: '/property-management',
      route: '/',
      routes: [
        {
          element: <RouteGuard route="propertyManagement" />,
          children: [{ path: 'property-management', element: <Screen /> }],
        },
      ],
    });
  }

  afterEach(() => markLeavingAccount(false));

  it('a visitor goes to login, to come back here', async () => {
    const { router } = renderSignedOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnUrl=%2Fproperty-management');
  });

  it('while their account is being deleted (sessions already gone), they go home, not to login', async () => {
    markLeavingAccount(true);
    const { router } = renderSignedOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
  });
});
