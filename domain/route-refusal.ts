import type { PermissionKey } from './permissions.ts';
import type { Role } from './roles.ts';
import { type GuardedRoute, isStaff, ROUTE_ACCESS, type RouteRule, type RouteUser } from './routes.ts';

// The words of a refused visit: loaded only when a visit is refused, not with every page's first
// load (the public pages' script budget, docs/decisions/011).

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
  help: 'Help',
  supportInbox: 'The support inbox',
  photography: 'Photography',
  adminPhotography: 'Photography Requests',
  agreement: 'Rental Agreement',
  adminOverview: 'The admin overview',
  clientRecord: 'A client’s page',
  today: 'Today',
  calendarSync: 'Calendar sync',
  adminAudit: 'The audit log',
};

const ROLE_PLURALS: Record<Role, string> = {
  owner: 'owners',
  admin: 'admins',
  client: 'clients',
  backoffice: 'back-office staff',
  frontoffice: 'front-office staff',
};

/** The staff permission as the invite form's checkboxes name it (domain/staff.ts PERMISSION_TEXTS). */
const PERMISSION_NAMES: Record<PermissionKey, string> = {
  canManageProperties: 'Properties',
  canManageReservations: 'Reservations',
  canManageTenants: 'Tenants',
  canManageUsers: 'Users',
  canViewReports: 'Reports',
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

/**
 * Said when a signed-in user opens a screen they may not: who it is for, and who they are (staff
 * are told which permission it needs).
 */
export function routeRefusal(route: GuardedRoute, user: RouteUser): string {
  const access: RouteRule = ROUTE_ACCESS[route];
  const allowed =
    access === 'signedIn'
      ? []
      : [
          ...access.roles.map((allowedRole) => ROLE_PLURALS[allowedRole]),
          ...(access.staff ? [`staff with the ${PERMISSION_NAMES[access.staff]} permission`] : []),
        ];
  const lacksPermission = access !== 'signedIn' && !!access.staff && isStaff(user.role);
  const who = `${ROLE_AS_SIGNED_IN[user.role]}${lacksPermission ? ' without that permission' : ''}`;
  return `${ROUTE_NAMES[route]} is for ${joinWithAnd(allowed)}. You are signed in as ${who}, so we took you to the home page.`;
}
