import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultPermissions, PERMISSION_KEYS, type PermissionKey, type Permissions } from './permissions.ts';
import { ROLES, type Role } from './roles.ts';
import { routeRefusal } from './route-refusal.ts';
import {
  accountLinks,
  canAccessRoute,
  type GuardedRoute,
  isSafeReturnUrl,
  landingPathAfterLogin,
  landingPathFor,
  loginReason,
  navigationLinks,
  quickActions,
  ROUTE_ACCESS,
  type RouteUser,
  registerPathFor,
  shouldRememberRoute,
} from './routes.ts';

const ALL = ROLES;
const STAFF = ['backoffice', 'frontoffice'] as const;

const NONE: Permissions = {
  canManageProperties: false,
  canManageReservations: false,
  canManageTenants: false,
  canManageUsers: false,
  canViewReports: false,
};
const only = (permission: PermissionKey): Permissions => ({ ...NONE, [permission]: true });
const ALL_GRANTED = defaultPermissions('backoffice');
/** A user of a role; non-staff carry no permissions (they are never read for them). */
const as = (role: Role, permissions: Permissions = NONE): RouteUser => ({ role, permissions });

/**
 * The route table of docs/decisions/041 (the spec's, with staff permissions reaching the screens),
 * written out independently of ROUTE_ACCESS: the roles always allowed, and the permission that lets
 * back-office or front-office staff in.
 */
const TABLE: Record<GuardedRoute, { roles: readonly Role[]; staff: PermissionKey | null }> = {
  profile: { roles: ALL, staff: null },
  reservationBooking: { roles: ALL, staff: null },
  reservationManagement: { roles: ['owner', 'admin'], staff: 'canManageReservations' },
  myReservations: { roles: ALL, staff: null },
  calendar: { roles: ['owner'], staff: 'canManageReservations' },
  subscription: { roles: ['owner', 'admin'], staff: null },
  billing: { roles: ['owner', 'admin'], staff: null },
  users: { roles: ['admin'], staff: null },
  ownerUserManagement: { roles: ['owner'], staff: 'canManageUsers' },
  tenantManagement: { roles: ['owner'], staff: 'canManageTenants' },
  propertyManagement: { roles: ['owner'], staff: 'canManageProperties' },
  reports: { roles: ['owner'], staff: 'canViewReports' },
  help: { roles: ALL, staff: null },
  supportInbox: { roles: ['admin'], staff: null },
  // Issue 20 (docs/decisions/036, 037): the business's photo shoots, the admins' queue, the agreement.
  photography: { roles: ['owner'], staff: 'canManageProperties' },
  adminPhotography: { roles: ['admin'], staff: null },
  agreement: { roles: ['owner'], staff: null },
  // Issue 21 (docs/decisions/045): the admin's overview, where they land.
  adminOverview: { roles: ['admin'], staff: null },
  // Issue 21 item 11 (docs/decisions/050): a client's page, as My Clients.
  clientRecord: { roles: ['owner'], staff: 'canManageTenants' },
  // Issue 22 item 1 (docs/decisions/055): the Today desk, as Reservation Management for the business.
  today: { roles: ['owner'], staff: 'canManageReservations' },
  // Issue 22 (docs/decisions/052): a listing's calendar sync, as Property Management.
  calendarSync: { roles: ['owner'], staff: 'canManageProperties' },
  // Issue 22 item 4 (docs/decisions/051): the audit log, for administrators.
  adminAudit: { roles: ['admin'], staff: null },
};

/** Which guarded route each link target opens. */
const ROUTE_OF_PATH: Record<string, GuardedRoute> = {
  '/profile': 'profile',
  '/reservation-management': 'reservationManagement',
  '/my-reservations': 'myReservations',
  '/calendar': 'calendar',
  '/subscription': 'subscription',
  '/billing/rates': 'billing',
  '/billing/stock': 'billing',
  '/billing/extra-charges': 'billing',
  '/users': 'users',
  '/owner-user-management': 'ownerUserManagement',
  '/tenant-management': 'tenantManagement',
  '/property-management': 'propertyManagement',
  '/reports': 'reports',
  '/help': 'help',
  '/admin/support': 'supportInbox',
  '/photography': 'photography',
  '/admin/photography': 'adminPhotography',
  '/agreement': 'agreement',
  '/admin': 'adminOverview',
  '/today': 'today',
  '/admin/audit': 'adminAudit',
};

/** Every role with no permission, with each single permission, and with all five. */
const USERS: Array<[string, RouteUser]> = ALL.flatMap((role) => [
  [`${role} with none`, as(role)] as [string, RouteUser],
  ...PERMISSION_KEYS.map((key) => [`${role} with ${key}`, as(role, only(key))] as [string, RouteUser]),
  [`${role} with all five`, as(role, ALL_GRANTED)] as [string, RouteUser],
]);

function expected(route: GuardedRoute, user: RouteUser): boolean {
  const rule = TABLE[route];
  if (rule.roles.includes(user.role)) return true;
  return (
    rule.staff !== null &&
    (user.role === 'backoffice' || user.role === 'frontoffice') &&
    user.permissions[rule.staff]
  );
}

describe('route access: every route × role × permission', () => {
  it('covers exactly the guarded routes of the table', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(Object.keys(TABLE).sort());
  });

  const matrix = (Object.keys(TABLE) as GuardedRoute[]).flatMap((route) =>
    USERS.map(([name, user]) => [route, name, user, expected(route, user)] as const),
  );
  it.each(matrix)('%s for %s', (route, _name, user, allowed) => {
    expect(canAccessRoute(route, user)).toBe(allowed);
  });

  it('a permission never lets a client or admin past an owner-only screen', () => {
    for (const role of ['client', 'admin'] as const) {
      for (const route of [
        'propertyManagement',
        'tenantManagement',
        'clientRecord',
        'ownerUserManagement',
        'reports',
      ] as const)
        expect(canAccessRoute(route, as(role, ALL_GRANTED)), `${role} ${route}`).toBe(false);
    }
  });

  it.each(STAFF)('%s with all five still never opens Subscription, Billing or Users', (role) => {
    for (const route of ['subscription', 'billing', 'users'] as const)
      expect(canAccessRoute(route, as(role, ALL_GRANTED)), route).toBe(false);
  });

  it('Reports: the owner, and staff with the reports permission', () => {
    expect(canAccessRoute('reports', as('owner'))).toBe(true);
    expect(canAccessRoute('reports', as('frontoffice', only('canViewReports')))).toBe(true);
    expect(canAccessRoute('reports', as('backoffice', { ...ALL_GRANTED, canViewReports: false }))).toBe(
      false,
    );
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

describe('landingPathFor (where each person lands, docs/decisions/045, 055)', () => {
  it.each<[string, RouteUser, string]>([
    ['an owner on Today', as('owner'), '/today'],
    ['an admin on the overview', as('admin', ALL_GRANTED), '/admin'],
    ['a client on their bookings', as('client'), '/my-reservations'],
    ...STAFF.map((role): [string, RouteUser, string] => [
      `${role} with Reservations on Today`,
      as(role, only('canManageReservations')),
      '/today',
    ]),
    ['back office with every permission on Today', as('backoffice', ALL_GRANTED), '/today'],
    [
      'staff with Properties only on Property Management',
      as('frontoffice', only('canManageProperties')),
      '/property-management',
    ],
    [
      'staff with Tenants only on Client Management',
      as('backoffice', only('canManageTenants')),
      '/tenant-management',
    ],
    [
      'staff with Users only on User Management',
      as('backoffice', only('canManageUsers')),
      '/owner-user-management',
    ],
    ['staff with Reports only on Reports', as('frontoffice', only('canViewReports')), '/reports'],
    ['staff with no permission on their own bookings', as('frontoffice'), '/my-reservations'],
  ])('puts %s', (_label, user, path) => {
    expect(landingPathFor(user)).toBe(path);
  });

  it.each(USERS)('%s: lands on a screen they may open, never the home page', (_name, user) => {
    const path = landingPathFor(user);
    expect(path).not.toBe('/');
    expect(canAccessRoute(ROUTE_OF_PATH[path] as GuardedRoute, user), path).toBe(true);
  });
});

describe('landingPathAfterLogin', () => {
  const owner = as('owner');
  it.each([
    ['the returnUrl first', { returnUrl: '/calendar', lastRoute: '/profile', user: owner }, '/calendar'],
    ['then the last route', { returnUrl: null, lastRoute: '/profile', user: owner }, '/profile'],
    ['then Today for owners', { returnUrl: null, lastRoute: null, user: owner }, '/today'],
    [
      'then their bookings for clients',
      { returnUrl: null, lastRoute: null, user: as('client') },
      '/my-reservations',
    ],
    ['then the overview for admins', { returnUrl: null, lastRoute: null, user: as('admin') }, '/admin'],
    [
      'then their working screen for staff',
      { returnUrl: null, lastRoute: null, user: as('frontoffice', only('canManageReservations')) },
      '/today',
    ],
    [
      'never another site',
      { returnUrl: '//evil.com', lastRoute: null, user: as('client') },
      '/my-reservations',
    ],
    [
      'not another site, then the last route',
      { returnUrl: 'https://evil.com', lastRoute: '/calendar', user: as('client') },
      '/calendar',
    ],
    ['not a stored login page', { returnUrl: null, lastRoute: '/login', user: owner }, '/today'],
    [
      'not a stored login-flow page with a query',
      { returnUrl: null, lastRoute: '/verify-email?email=x%40y.z', user: owner },
      '/today',
    ],
    [
      'a stored route with its query',
      { returnUrl: null, lastRoute: '/calendar?month=2026-11', user: owner },
      '/calendar?month=2026-11',
    ],
    [
      'not a stored unsafe route',
      { returnUrl: null, lastRoute: '//evil.com', user: as('client') },
      '/my-reservations',
    ],
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
  const labels = (user: RouteUser) => navigationLinks(user).map((link) => link.label);

  it('client: My Reservations only', () => {
    expect(navigationLinks(as('client'))).toEqual([{ label: 'My Reservations', to: '/my-reservations' }]);
  });

  it('owner: Today, calendar, management screens, Reports, the Billing section and the rental agreement', () => {
    const links = navigationLinks(as('owner'));
    expect(links.filter((link) => !link.section).map((link) => link.label)).toEqual([
      'Today',
      'Calendar',
      'Property Management',
      'Reservation Management',
      'Client Management',
      'User Management',
      'Reports',
      'Rental Agreement',
    ]);
    expect(links.find((link) => link.label === 'Rental Agreement')?.to).toBe('/agreement');
    expect(links.find((link) => link.label === 'Client Management')?.to).toBe('/tenant-management');
    expect(links.find((link) => link.label === 'User Management')?.to).toBe('/owner-user-management');
    expect(links.find((link) => link.label === 'Reports')?.to).toBe('/reports');
    expect(links.filter((link) => link.section)).toEqual(BILLING);
  });

  it('admin: reservation management, users, the support inbox, photography requests, the audit log and the Billing section', () => {
    const links = navigationLinks(as('admin', ALL_GRANTED));
    expect(links.filter((link) => !link.section)).toEqual([
      { label: 'Overview', to: '/admin' },
      { label: 'Reservation Management', to: '/reservation-management' },
      { label: 'Users', to: '/users' },
      { label: 'Support Inbox', to: '/admin/support' },
      { label: 'Photography Requests', to: '/admin/photography' },
      { label: 'Audit log', to: '/admin/audit' },
    ]);
    expect(links.filter((link) => link.section)).toEqual(BILLING);
  });

  it.each(STAFF)('%s: one link per permission, none without', (role) => {
    expect(labels(as(role))).toEqual([]);
    expect(labels(as(role, only('canManageReservations')))).toEqual([
      'Today',
      'Calendar',
      'Reservation Management',
    ]);
    expect(labels(as(role, only('canManageProperties')))).toEqual(['Property Management']);
    expect(labels(as(role, only('canManageTenants')))).toEqual(['Client Management']);
    expect(labels(as(role, only('canManageUsers')))).toEqual(['User Management']);
    expect(labels(as(role, only('canViewReports')))).toEqual(['Reports']);
    expect(labels(as(role, ALL_GRANTED))).toEqual([
      'Today',
      'Calendar',
      'Property Management',
      'Reservation Management',
      'Client Management',
      'User Management',
      'Reports',
    ]);
  });

  it('the seeded defaults: back office sees every staff screen, front office calendar and reservations', () => {
    expect(labels(as('backoffice', defaultPermissions('backoffice')))).toHaveLength(7);
    expect(labels(as('frontoffice', defaultPermissions('frontoffice')))).toEqual([
      'Today',
      'Calendar',
      'Reservation Management',
    ]);
  });

  it.each(USERS)('%s: links exactly the screens the user may open', (_name, user) => {
    const links = navigationLinks(user);
    for (const link of links) {
      const route = ROUTE_OF_PATH[link.to];
      expect(route, link.to).toBeDefined();
      expect(canAccessRoute(route as GuardedRoute, user), link.to).toBe(true);
    }
    const linked = new Set(links.map((link) => ROUTE_OF_PATH[link.to]));
    for (const route of Object.keys(TABLE) as GuardedRoute[]) {
      // Every signed-in user's screens live in the account menu, Subscription in the profile's tiles,
      // Photography behind Property Management's and the add-on's buttons, a client's page behind My Clients' cards,
      // a listing's calendar sync behind its card in Property Management.
      if (
        TABLE[route].roles === ALL ||
        route === 'subscription' ||
        route === 'photography' ||
        route === 'clientRecord' ||
        route === 'calendarSync'
      )
        continue;
      expect(linked.has(route), route).toBe(canAccessRoute(route, user));
    }
  });
});

describe('accountLinks', () => {
  it('everyone but a client (whose navigation has it) finds My Reservations in the account menu, everyone Help, an owner Subscription', () => {
    const help = { label: 'Help', to: '/help' };
    const mine = { label: 'My Reservations', to: '/my-reservations' };
    expect(accountLinks('client')).toEqual([
      { label: 'List Your Property', to: '/list-your-property' },
      help,
    ]);
    expect(accountLinks('owner')).toEqual([{ label: 'Subscription', to: '/subscription' }, mine, help]);
    for (const role of ALL.filter((r) => r !== 'client' && r !== 'owner'))
      expect(accountLinks(role)).toEqual([mine, help]);
  });

  it.each(ALL)('only links %s to routes that role may open', (role) => {
    for (const link of accountLinks(role).filter((link) => link.to !== '/list-your-property'))
      expect(canAccessRoute(ROUTE_OF_PATH[link.to] as GuardedRoute, as(role)), link.to).toBe(true);
  });
});

describe('quickActions', () => {
  it.each([
    ['client', NONE, ['My Reservations']],
    ['owner', NONE, ['Property Management', 'Subscription Management', 'Reservation Management']],
    ['admin', NONE, ['Subscription Management', 'Reservation Management']],
    ['backoffice', NONE, []],
    ['frontoffice', NONE, []],
    ['backoffice', ALL_GRANTED, ['Property Management', 'Reservation Management']],
    ['frontoffice', defaultPermissions('frontoffice'), ['Reservation Management']],
    ['frontoffice', only('canManageProperties'), ['Property Management']],
  ] as const)('%s with %j sees %j', (role, permissions, labels) => {
    expect(quickActions(as(role, permissions)).map((action) => action.label)).toEqual(labels);
  });

  it.each(USERS)('%s: only tiles for screens the user may open', (_name, user) => {
    for (const action of quickActions(user)) {
      expect(canAccessRoute(ROUTE_OF_PATH[action.to] as GuardedRoute, user), action.to).toBe(true);
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
    expect(routeRefusal('propertyManagement', as('client'))).toBe(
      'Property Management is for owners and staff with the Properties permission. You are signed in as a client, so we took you to the home page.',
    );
  });

  it('front-office staff without the properties permission opening Property Management', () => {
    expect(routeRefusal('propertyManagement', as('frontoffice', defaultPermissions('frontoffice')))).toBe(
      'Property Management is for owners and staff with the Properties permission. You are signed in as front-office staff without that permission, so we took you to the home page.',
    );
  });

  it('front-office staff without the reservations permission opening Reservation Management', () => {
    expect(routeRefusal('reservationManagement', as('frontoffice'))).toBe(
      'Reservation Management is for owners, admins and staff with the Reservations permission. You are signed in as front-office staff without that permission, so we took you to the home page.',
    );
  });

  it('back-office staff opening Billing, which no permission opens', () => {
    expect(routeRefusal('billing', as('backoffice', ALL_GRANTED))).toBe(
      'Billing is for owners and admins. You are signed in as back-office staff, so we took you to the home page.',
    );
  });

  it('an admin opening the calendar', () => {
    expect(routeRefusal('calendar', as('admin'))).toBe(
      'The calendar is for owners and staff with the Reservations permission. You are signed in as an admin, so we took you to the home page.',
    );
  });
});
