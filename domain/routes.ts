import type { Role } from './roles.ts';

/** Which roles may open a guarded route; `signedIn` means any role. From the spec's route table. */
export const ROUTE_ACCESS = {
  profile: 'signedIn',
  reservationBooking: 'signedIn',
  reservationManagement: ['owner', 'admin'],
  myReservations: ['client'],
  calendar: ['owner', 'backoffice', 'frontoffice'],
  subscription: ['owner', 'admin'],
  billing: ['owner', 'admin'],
  users: ['admin'],
  ownerUserManagement: ['owner'],
  tenantManagement: ['owner'],
  propertyManagement: ['owner'],
} as const satisfies Record<string, 'signedIn' | readonly Role[]>;

export type GuardedRoute = keyof typeof ROUTE_ACCESS;

export function canAccessRoute(route: GuardedRoute, role: Role): boolean {
  const access = ROUTE_ACCESS[route];
  return access === 'signedIn' || (access as readonly Role[]).includes(role);
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

/** The role-based navigation links of the app shell. */
export function navigationLinks(role: Role): NavLink[] {
  const links: NavLink[] = [];
  if (role === 'client') links.push({ label: 'My Reservations', to: '/my-reservations' });
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
  }
  if (role === 'admin') links.push({ label: 'Users', to: '/users' });
  if (role === 'owner' || role === 'admin') {
    links.push({ label: 'Property Rates', to: '/billing/rates', section: 'Billing' });
    links.push({ label: 'Stock Items', to: '/billing/stock', section: 'Billing' });
    links.push({ label: 'Ad Hoc Charge Types', to: '/billing/extra-charges', section: 'Billing' });
  }
  return links;
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
