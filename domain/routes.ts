import type { Role } from './roles.ts';

/** Which roles may open a guarded route; `signedIn` means any role. From the spec's route table. */
export const ROUTE_ACCESS = {
  profile: 'signedIn',
  reservationBooking: 'signedIn',
  reservationManagement: ['owner', 'admin'],
  // Anyone's own bookings as a guest: a client's, or an owner's, staff's or admin's of someone else's listing.
  myReservations: 'signedIn',
  calendar: ['owner', 'backoffice', 'frontoffice'],
  subscription: ['owner', 'admin'],
  billing: ['owner', 'admin'],
  users: ['admin'],
  ownerUserManagement: ['owner'],
  tenantManagement: ['owner'],
  propertyManagement: ['owner'],
  reports: ['owner'],
} as const satisfies Record<string, 'signedIn' | readonly Role[]>;

export type GuardedRoute = keyof typeof ROUTE_ACCESS;

export function canAccessRoute(route: GuardedRoute, role: Role): boolean {
  const access = ROUTE_ACCESS[route];
  return access === 'signedIn' || (access as readonly Role[]).includes(role);
}

/** What each guarded screen is called, for the message of a refused visit. */
const ROUTE_NAMES: Record<GuardedRoute, string> = {
  profile: 'My Profile',
  reservationBooking: 'Booking',
  reservationManagement: 'Reservation Management',
  myReservations: 'My Reservations',
  calendar: 'The calendar',
  subscription: 'Subscription Management',
  billing: 'Billing',
  users: 'Users',
  ownerUserManagement: 'User Management',
  tenantManagement: 'Client Management',
  propertyManagement: 'Property Management',
  reports: 'Reports',
};

const ROLE_PLURALS: Record<Role, string> = {
  owner: 'owners',
  admin: 'admins',
  client: 'clients',
  backoffice: 'back-office staff',
  frontoffice: 'front-office staff',
};

function joinWithAnd(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const ROLE_AS_SIGNED_IN: Record<Role, string> = {
  owner: 'an owner',
  admin: 'an admin',
  client: 'a client',
  backoffice: 'back-office staff',
  frontoffice: 'front-office staff',
};

/** Said when a signed-in user opens a screen their role may not: who it is for, and who they are. */
export function routeRefusal(route: GuardedRoute, role: Role): string {
  const access = ROUTE_ACCESS[route];
  const allowed = access === 'signedIn' ? [] : access.map((allowedRole) => ROLE_PLURALS[allowedRole]);
  return `${ROUTE_NAMES[route]} is for ${joinWithAnd(allowed)}. You are signed in as ${ROLE_AS_SIGNED_IN[role]}, so we took you to the home page.`;
}

/**
 * Routes never remembered as "last visited": the spec's four, plus /reset-password, whose link
 * carries a single-use token and is useless to land on after the next login.
 */
const UNREMEMBERED = ['/login', '/register', '/forgot-password', '/verify-email', '/reset-password'];

/** Takes a pathname or a stored route with its query and hash ("/verify-email?email=…"). */
export function shouldRememberRoute(route: string): boolean {
  const pathname = route.split(/[?#]/, 1)[0] ?? route;
  return !UNREMEMBERED.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * Only same-site paths are followed after login, never another origin. Browsers drop tabs and line
 * breaks from URLs and read "\\" as "/", so "/\t/evil.com" and "/\\evil.com" would leave the site too.
 */
export function isSafeReturnUrl(url: string | null | undefined): url is string {
  return !!url && url.startsWith('/') && !url.startsWith('//') && !/[\t\n\r\\]/.test(url);
}

export interface LoginReason {
  title: string;
  detail: string;
}

const BOOKING_REASON: LoginReason = {
  title: 'Sign in or create an account to book this',
  detail: 'Log in below. New to Rentza? Register, confirm your email, then log in to book.',
};
const LISTING_REASON: LoginReason = {
  title: 'Sign in with an owner account to list your property',
  detail: 'Log in below. New to Rentza? Register and choose “List My Property” to start listing.',
};
const SIGNED_IN_REASON: LoginReason = {
  title: 'Please log in to continue',
  detail: 'That page needs you to be signed in. You will be taken back to it after logging in.',
};

/** Why the login page was opened, from the guarded route a visitor was sent from (none: no reason). */
export function loginReason(returnUrl: string | null): LoginReason | null {
  if (!isSafeReturnUrl(returnUrl)) return null;
  const pathname = returnUrl.split(/[?#]/, 1)[0] ?? returnUrl;
  if (pathname.startsWith('/reservation/')) return BOOKING_REASON;
  if (pathname === '/property-management') return LISTING_REASON;
  return SIGNED_IN_REASON;
}

/** The login page's Register link: owners-to-be start with "I want to list" chosen. */
export function registerPathFor(returnUrl: string | null): string {
  return loginReason(returnUrl) === LISTING_REASON ? '/register?role=owner' : '/register';
}

export function landingPathAfterLogin(options: {
  returnUrl: string | null;
  lastRoute: string | null;
  role: Role;
}): string {
  if (isSafeReturnUrl(options.returnUrl)) return options.returnUrl;
  if (isSafeReturnUrl(options.lastRoute) && shouldRememberRoute(options.lastRoute)) return options.lastRoute;
  return options.role === 'owner' ? '/property-management' : '/';
}

export interface NavLink {
  label: string;
  to: string;
  section?: 'Billing';
}

const MY_RESERVATIONS: NavLink = { label: 'My Reservations', to: '/my-reservations' };

/** The role-based navigation links of the app shell. */
export function navigationLinks(role: Role): NavLink[] {
  const links: NavLink[] = [];
  if (role === 'client') links.push(MY_RESERVATIONS);
  if (role === 'owner' || role === 'backoffice' || role === 'frontoffice') {
    links.push({ label: 'Calendar', to: '/calendar' });
  }
  if (role === 'owner') links.push({ label: 'Property Management', to: '/property-management' });
  if (role === 'owner' || role === 'admin') {
    links.push({ label: 'Reservation Management', to: '/reservation-management' });
  }
  if (role === 'owner') {
    links.push({ label: 'Client Management', to: '/tenant-management' });
    links.push({ label: 'User Management', to: '/owner-user-management' });
    links.push({ label: 'Reports', to: '/reports' });
  }
  if (role === 'admin') links.push({ label: 'Users', to: '/users' });
  if (role === 'owner' || role === 'admin') {
    links.push({ label: 'Property Rates', to: '/billing/rates', section: 'Billing' });
    links.push({ label: 'Stock Items', to: '/billing/stock', section: 'Billing' });
    links.push({ label: 'Ad Hoc Charge Types', to: '/billing/extra-charges', section: 'Billing' });
  }
  return links;
}

/**
 * The account menu's links besides My Profile: My Reservations for everyone but clients (whose
 * navigation has it), for the listings they booked as a guest.
 */
export function accountLinks(role: Role): NavLink[] {
  return role === 'client' ? [] : [MY_RESERVATIONS];
}

export interface QuickAction {
  label: string;
  to: string;
}

/** Profile screen Quick Action tiles. */
export function quickActions(role: Role): QuickAction[] {
  const actions: QuickAction[] = [];
  if (role === 'client') actions.push({ label: 'My Reservations', to: '/my-reservations' });
  if (role === 'owner') actions.push({ label: 'Property Management', to: '/property-management' });
  if (role === 'owner' || role === 'admin') {
    actions.push({ label: 'Subscription Management', to: '/subscription' });
    actions.push({ label: 'Reservation Management', to: '/reservation-management' });
  }
  return actions;
}
