import type { PermissionKey, Permissions } from './permissions.ts';
import { isSafeReturnUrl } from './return-url.ts';
import type { Role } from './roles.ts';

/**
 * Who may open a guarded route: `signedIn` means any role; otherwise the listed roles, and staff
 * (back office, front office) holding `staff`'s permission (issue 20, docs/decisions/041). From the
 * spec's route table, as the permissions now reach the screens.
 */
export type RouteRule = 'signedIn' | { roles: readonly Role[]; staff?: PermissionKey };

export const ROUTE_ACCESS = {
  profile: 'signedIn',
  reservationBooking: 'signedIn',
  reservationManagement: { roles: ['owner', 'admin'], staff: 'canManageReservations' },
  // Anyone's own bookings as a guest: a client's, or an owner's, staff's or admin's of someone else's listing.
  myReservations: 'signedIn',
  calendar: { roles: ['owner'], staff: 'canManageReservations' },
  subscription: { roles: ['owner', 'admin'] },
  billing: { roles: ['owner', 'admin'] },
  users: { roles: ['admin'] },
  ownerUserManagement: { roles: ['owner'], staff: 'canManageUsers' },
  tenantManagement: { roles: ['owner'], staff: 'canManageTenants' },
  propertyManagement: { roles: ['owner'], staff: 'canManageProperties' },
  reports: { roles: ['owner'], staff: 'canViewReports' },
  help: 'signedIn',
  supportInbox: { roles: ['admin'] },
  // The business's shoots: its owner, or its staff with Properties (docs/decisions/036).
  photography: { roles: ['owner'], staff: 'canManageProperties' },
  adminPhotography: { roles: ['admin'] },
  // The business's rental agreement (custom_agreement add-on): its owner writes it (docs/decisions/037).
  agreement: { roles: ['owner'] },
  // The platform's figures at a glance: where an admin lands (docs/decisions/045).
  adminOverview: { roles: ['admin'] },
  // A client's page (issue 21 item 11, docs/decisions/050): as My Clients.
  clientRecord: { roles: ['owner'], staff: 'canManageTenants' },
  // The Today desk (issue 22 item 1, docs/decisions/055): where the business's day starts.
  today: { roles: ['owner'], staff: 'canManageReservations' },
  // A listing's calendar sync (issue 22, docs/decisions/052): as Property Management.
  calendarSync: { roles: ['owner'], staff: 'canManageProperties' },
  // The whole audit log (issue 22 item 4, docs/decisions/051): administrators only.
  adminAudit: { roles: ['admin'] },
} as const satisfies Record<string, RouteRule>;

export type GuardedRoute = keyof typeof ROUTE_ACCESS;

/** The signed-in user as the route rules read them (the session's role and permissions). */
export interface RouteUser {
  role: Role;
  permissions: Permissions;
}

export const isStaff = (role: Role) => role === 'backoffice' || role === 'frontoffice';

export function canAccessRoute(route: GuardedRoute, user: RouteUser): boolean {
  const access: RouteRule = ROUTE_ACCESS[route];
  if (access === 'signedIn') return true;
  if (access.roles.includes(user.role)) return true;
  return !!access.staff && isStaff(user.role) && user.permissions[access.staff];
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

/** Kept here for its callers; it lives in return-url.ts so light pages need not load this module. */
export { isSafeReturnUrl };

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

/** Today first (docs/decisions/055), then Reservation Management: the screens the business works in every day. */
const WORKING_SCREENS: ReadonlyArray<{ to: string; route: GuardedRoute }> = [
  { to: '/today', route: 'today' },
  { to: '/reservation-management', route: 'reservationManagement' },
  { to: '/calendar', route: 'calendar' },
  { to: '/property-management', route: 'propertyManagement' },
  { to: '/tenant-management', route: 'tenantManagement' },
  { to: '/owner-user-management', route: 'ownerUserManagement' },
  { to: '/reports', route: 'reports' },
];

/**
 * Where a signed-in person lands (docs/decisions/045, 055): admins on their overview; owners and staff on
 * Today, their working screen (staff without Reservations on the first screen their permissions open, or
 * their own bookings when none does); clients on their own bookings (My Reservations), whose
 * header has the Search.
 */
export function landingPathFor(user: RouteUser): string {
  if (user.role === 'admin') return '/admin';
  if (user.role === 'client') return '/my-reservations';
  return WORKING_SCREENS.find((screen) => canAccessRoute(screen.route, user))?.to ?? '/my-reservations';
}

/** After login (spec booking-core §2): the returnUrl, else the last saved route, else the landing. */
export function landingPathAfterLogin(options: {
  returnUrl: string | null;
  lastRoute: string | null;
  user: RouteUser;
}): string {
  if (isSafeReturnUrl(options.returnUrl)) return options.returnUrl;
  if (isSafeReturnUrl(options.lastRoute) && shouldRememberRoute(options.lastRoute)) return options.lastRoute;
  return landingPathFor(options.user);
}

export interface NavLink {
  label: string;
  to: string;
  section?: 'Billing';
}

const MY_RESERVATIONS: NavLink = { label: 'My Reservations', to: '/my-reservations' };

/** The app shell's links in their order, each with the guarded route it opens. */
const NAVIGATION: ReadonlyArray<NavLink & { route: GuardedRoute }> = [
  // The business's desk, first for owners and staff with Reservations (docs/decisions/055).
  { label: 'Today', to: '/today', route: 'today' },
  { label: 'Overview', to: '/admin', route: 'adminOverview' },
  { label: 'Calendar', to: '/calendar', route: 'calendar' },
  { label: 'Property Management', to: '/property-management', route: 'propertyManagement' },
  { label: 'Reservation Management', to: '/reservation-management', route: 'reservationManagement' },
  { label: 'Client Management', to: '/tenant-management', route: 'tenantManagement' },
  { label: 'User Management', to: '/owner-user-management', route: 'ownerUserManagement' },
  { label: 'Reports', to: '/reports', route: 'reports' },
  { label: 'Users', to: '/users', route: 'users' },
  { label: 'Support Inbox', to: '/admin/support', route: 'supportInbox' },
  { label: 'Photography Requests', to: '/admin/photography', route: 'adminPhotography' },
  { label: 'Property Rates', to: '/billing/rates', section: 'Billing', route: 'billing' },
  { label: 'Stock Items', to: '/billing/stock', section: 'Billing', route: 'billing' },
  { label: 'Ad Hoc Charge Types', to: '/billing/extra-charges', section: 'Billing', route: 'billing' },
  { label: 'Rental Agreement', to: '/agreement', route: 'agreement' },
  { label: 'Audit log', to: '/admin/audit', route: 'adminAudit' },
];

const withoutRoute = ({ route: _route, ...link }: NavLink & { route: GuardedRoute }): NavLink => link;

/**
 * The navigation links of the app shell: exactly the screens the user may open (a staff member's
 * follow their permissions), plus My Reservations for clients.
 */
export function navigationLinks(user: RouteUser): NavLink[] {
  const links = NAVIGATION.filter((link) => canAccessRoute(link.route, user)).map(withoutRoute);
  return user.role === 'client' ? [MY_RESERVATIONS, ...links] : links;
}

const HELP: NavLink = { label: 'Help', to: '/help' };
const SUBSCRIPTION: NavLink = { label: 'Subscription', to: '/subscription' };
const LIST_YOUR_PROPERTY: NavLink = { label: 'List Your Property', to: '/list-your-property' };

/**
 * The account menu's links besides My Profile: a client's List Your Property; an owner's
 * Subscription; My Reservations for everyone
 * but clients (whose navigation has it), for the listings they booked as a guest; Help (support
 * requests) for everyone.
 */
export function accountLinks(role: Role): NavLink[] {
  // A signed-in client never sees the home page's hero (docs/decisions/045): its List Your Property
  // link lives here for them.
  if (role === 'client') return [LIST_YOUR_PROPERTY, HELP];
  return role === 'owner' ? [SUBSCRIPTION, MY_RESERVATIONS, HELP] : [MY_RESERVATIONS, HELP];
}

/** What the header's Billing section is called: what it holds (the spec's three billing screens). */
export const BILLING_MENU_LABEL = 'Rates and catalogues';

export interface QuickAction {
  label: string;
  to: string;
}

const QUICK_ACTIONS: ReadonlyArray<QuickAction & { route: GuardedRoute }> = [
  { label: 'Property Management', to: '/property-management', route: 'propertyManagement' },
  { label: 'Subscription Management', to: '/subscription', route: 'subscription' },
  { label: 'Reservation Management', to: '/reservation-management', route: 'reservationManagement' },
];

/** Profile screen Quick Action tiles (spec §2), each shown to whoever may open its screen. */
export function quickActions(user: RouteUser): QuickAction[] {
  const actions = QUICK_ACTIONS.filter((action) => canAccessRoute(action.route, user)).map(
    ({ label, to }) => ({ label, to }),
  );
  return user.role === 'client'
    ? [{ label: 'My Reservations', to: '/my-reservations' }, ...actions]
    : actions;
}
