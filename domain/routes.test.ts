import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import {
  accountLinks,
  canAccessRoute,
  type GuardedRoute,
  isSafeReturnUrl,
  landingPathAfterLogin,
  loginReason,
  navigationLinks,
  quickActions,
  ROUTE_ACCESS,
  registerPathFor,
  routeRefusal,
  shouldRememberRoute,
} from './routes.ts';

const ALL = ROLES;

/** The spec's route table, written out independently of ROUTE_ACCESS (tenant = client, staff stored names). */
const SPEC_ACCESS: Record<GuardedRoute, readonly Role[]> = {
  profile: ALL,
  reservationBooking: ALL,
  reservationManagement: ['owner', 'admin'],
  myReservations: ALL,
  calendar: ['owner', 'backoffice', 'frontoffice'],
  subscription: ['owner', 'admin'],
  billing: ['owner', 'admin'],
  users: ['admin'],
  ownerUserManagement: ['owner'],
  tenantManagement: ['owner'],
  propertyManagement: ['owner'],
  reports: ['owner'],
};

/** Which guarded route each link target opens. */
const ROUTE_OF_PATH: Record<string, GuardedRoute> = {
  '/profile': 'profile',
  '/reservation-management': 'reservationManagement',
  '/my-reservations': 'myReservations',
  '/calendar': 'calendar',
  '/reports': 'reports',
  '/subscription': 'subscription',
  '/billing/rates': 'billing',
  '/billing/stock': 'billing',
  '/billing/extra-charges': 'billing',
  '/users': 'users',
  '/owner-user-management': 'ownerUserManagement',
  '/tenant-management': 'tenantManagement',
  '/property-management': 'propertyManagement',
};

describe('route access', () => {
  it('covers exactly the guarded routes of the spec', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(Object.keys(SPEC_ACCESS).sort());
  });

  const matrix = (Object.keys(SPEC_ACCESS) as GuardedRoute[]).flatMap((route) =>
    ALL.map((role) => [route, role, SPEC_ACCESS[route].includes(role)] as const),
  );
  it.each(matrix)('%s for %s: %s', (route, role, allowed) => {
    expect(canAccessRoute(route, role)).toBe(allowed);
  });
});

describe('shouldRememberRoute', () => {
  it.each([
    '/login',
    '/register',
    '/forgot-password',
    '/verify-email',
    '/verify-email/sent',
    '/reset-password',
    '/reset-password?token=abc',
    '/verify-email?email=x%40y.z',
    '/login#top',
  ])('does not remember %s', (path) => {
    expect(shouldRememberRoute(path)).toBe(false);
  });

  it.each([
    '/',
    '/calendar',
    '/property/42',
    '/reservation-management',
    '/profile',
    '/loginhelp',
    '/calendar?month=2026-11',
    '/search?next=/login',
  ])('remembers %s', (path) => {
    expect(shouldRememberRoute(path)).toBe(true);
  });
});

describe('isSafeReturnUrl', () => {
  it.each(['/', '/calendar', '/property/42?start=2026-12-01', '/search#results', '/a//b'])(
    'follows %s',
    (url) => {
      expect(isSafeReturnUrl(url)).toBe(true);
    },
  );

  it.each([
    '//evil.com',
    '//evil.com/login',
    '/\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    'https://evil.com',
    'http://localhost:3000/calendar',
    'javascript:alert(1)',
    'evil.com',
    ' /calendar',
    '',
    null,
    undefined,
  ])('refuses %j', (url) => {
    expect(isSafeReturnUrl(url)).toBe(false);
  });

  it('property: whatever it accepts stays on our origin when a browser resolves it', () => {
    const origin = 'https://rentza.co.za';
    const unit = fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      ' ',
      ':',
      '.',
      '@',
      '?',
      '#',
      '%',
      'e',
      'v',
      '2',
      'F',
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (url) => {
        if (isSafeReturnUrl(url)) expect(new URL(url, `${origin}/login`).origin).toBe(origin);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('landingPathAfterLogin', () => {
  it.each([
    ['the returnUrl first', { returnUrl: '/calendar', lastRoute: '/profile', role: 'owner' }, '/calendar'],
    ['then the last route', { returnUrl: null, lastRoute: '/profile', role: 'owner' }, '/profile'],
    [
      'then property management for owners',
      { returnUrl: null, lastRoute: null, role: 'owner' },
      '/property-management',
    ],
    ['then home for clients', { returnUrl: null, lastRoute: null, role: 'client' }, '/'],
    ['then home for admins', { returnUrl: null, lastRoute: null, role: 'admin' }, '/'],
    ['then home for staff', { returnUrl: null, lastRoute: null, role: 'frontoffice' }, '/'],
    ['never another site', { returnUrl: '//evil.com', lastRoute: null, role: 'client' }, '/'],
    [
      'not another site, then the last route',
      { returnUrl: 'https://evil.com', lastRoute: '/calendar', role: 'client' },
      '/calendar',
    ],
    [
      'not a stored login page',
      { returnUrl: null, lastRoute: '/login', role: 'owner' },
      '/property-management',
    ],
    [
      'not a stored login-flow page with a query',
      { returnUrl: null, lastRoute: '/verify-email?email=x%40y.z', role: 'owner' },
      '/property-management',
    ],
    [
      'a stored route with its query',
      { returnUrl: null, lastRoute: '/calendar?month=2026-11', role: 'owner' },
      '/calendar?month=2026-11',
    ],
    ['not a stored unsafe route', { returnUrl: null, lastRoute: '//evil.com', role: 'client' }, '/'],
  ] as const)('takes %s', (_label, options, expected) => {
    expect(landingPathAfterLogin(options)).toBe(expected);
  });
});

describe('navigationLinks', () => {
  const BILLING = [
    { label: 'Property Rates', to: '/billing/rates', section: 'Billing' },
    { label: 'Stock Items', to: '/billing/stock', section: 'Billing' },
    { label: 'Ad Hoc Charge Types', to: '/billing/extra-charges', section: 'Billing' },
  ];

  it('client: My Reservations only', () => {
    expect(navigationLinks('client')).toEqual([{ label: 'My Reservations', to: '/my-reservations' }]);
  });

  it.each(['backoffice', 'frontoffice'] as const)('%s: Calendar only', (role) => {
    expect(navigationLinks(role)).toEqual([{ label: 'Calendar', to: '/calendar' }]);
  });

  it('owner: calendar, management screens and the Billing section', () => {
    const links = navigationLinks('owner');
    expect(links.filter((link) => !link.section).map((link) => link.label)).toEqual([
      'Calendar',
      'Property Management',
      'Reservation Management',
      'Client Management',
      'User Management',
      'Reports',
    ]);
    expect(links.find((link) => link.label === 'Client Management')?.to).toBe('/tenant-management');
    expect(links.find((link) => link.label === 'User Management')?.to).toBe('/owner-user-management');
    expect(links.filter((link) => link.section)).toEqual(BILLING);
  });

  it('admin: reservation management, users and the Billing section', () => {
    const links = navigationLinks('admin');
    expect(links.filter((link) => !link.section)).toEqual([
      { label: 'Reservation Management', to: '/reservation-management' },
      { label: 'Users', to: '/users' },
    ]);
    expect(links.filter((link) => link.section)).toEqual(BILLING);
  });

  it.each(ALL)('only links %s to routes that role may open', (role) => {
    for (const link of navigationLinks(role)) {
      const route = ROUTE_OF_PATH[link.to];
      expect(route, link.to).toBeDefined();
      expect(canAccessRoute(route as GuardedRoute, role), link.to).toBe(true);
    }
  });
});

describe('accountLinks', () => {
  it('everyone but a client (whose navigation has it) finds My Reservations in the account menu', () => {
    expect(accountLinks('client')).toEqual([]);
    for (const role of ALL.filter((r) => r !== 'client'))
      expect(accountLinks(role)).toEqual([{ label: 'My Reservations', to: '/my-reservations' }]);
  });

  it.each(ALL)('only links %s to routes that role may open', (role) => {
    for (const link of accountLinks(role))
      expect(canAccessRoute(ROUTE_OF_PATH[link.to] as GuardedRoute, role), link.to).toBe(true);
  });
});

describe('quickActions', () => {
  it.each([
    ['client', ['My Reservations']],
    ['owner', ['Property Management', 'Subscription Management', 'Reservation Management']],
    ['admin', ['Subscription Management', 'Reservation Management']],
    ['backoffice', []],
    ['frontoffice', []],
  ] as const)('%s sees %j', (role, labels) => {
    expect(quickActions(role).map((action) => action.label)).toEqual(labels);
  });

  it.each(ALL)('only offers %s routes that role may open', (role) => {
    for (const action of quickActions(role)) {
      expect(canAccessRoute(ROUTE_OF_PATH[action.to] as GuardedRoute, role), action.to).toBe(true);
    }
  });
});

describe('loginReason and registerPathFor: the login page says why it was opened', () => {
  it('Book Now: sign in or create an account to book', () => {
    expect(loginReason('/reservation/abc?x=1')?.title).toBe('Sign in or create an account to book this');
    expect(registerPathFor('/reservation/abc')).toBe('/register');
  });

  it('List Your Property: an owner account, and Register starts as an owner', () => {
    expect(loginReason('/property-management')?.title).toBe(
      'Sign in with an owner account to list your property',
    );
    expect(registerPathFor('/property-management')).toBe('/register?role=owner');
  });

  it('any other guarded page: please log in to continue', () => {
    expect(loginReason('/profile')?.title).toBe('Please log in to continue');
  });

  it.each([null, '', 'https://evil.example/reservation/x', '//evil.example'])(
    'no reason for %j (no return, or one that is never followed)',
    (returnUrl) => {
      expect(loginReason(returnUrl)).toBeNull();
      expect(registerPathFor(returnUrl)).toBe('/register');
    },
  );
});

describe('routeRefusal: a refused screen says who it is for and who the user is', () => {
  it('a client opening Property Management', () => {
    expect(routeRefusal('propertyManagement', 'client')).toBe(
      'Property Management is for owners. You are signed in as a client, so we took you to the home page.',
    );
  });

  it('front-office staff opening Reservation Management', () => {
    expect(routeRefusal('reservationManagement', 'frontoffice')).toBe(
      'Reservation Management is for owners and admins. You are signed in as front-office staff, so we took you to the home page.',
    );
  });

  it('an admin opening the calendar, which three roles share', () => {
    expect(routeRefusal('calendar', 'admin')).toBe(
      'The calendar is for owners, back-office staff and front-office staff. You are signed in as an admin, so we took you to the home page.',
    );
  });
});
