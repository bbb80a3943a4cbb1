import type { PermissionKey, Permissions } from './permissions.ts';
import type { Role } from './roles.ts';

export interface Actor {
  id: string;
  role: Role;
  parent_owner_id: string | null;
  permissions: Permissions;
}

/** The business a user works for: an owner's own id, staff's parent owner, nobody else's. */
export function businessIdOf(actor: Actor): string | null {
  if (actor.role === 'owner') return actor.id;
  if (actor.role === 'backoffice' || actor.role === 'frontoffice') return actor.parent_owner_id;
  return null;
}

/**
 * The one shape of every staff rule (spec §6): the business's owner, or its back-office or
 * front-office staff holding the permission.
 */
function isOwnerOrStaffWith(actor: Actor, ownerId: string, permission: PermissionKey): boolean {
  if (actor.role === 'owner') return actor.id === ownerId;
  if (actor.role === 'backoffice' || actor.role === 'frontoffice')
    return actor.parent_owner_id === ownerId && actor.permissions[permission];
  return false;
}

/** Owners, admins and staff with the reservations permission manage a business's reservations. */
export function canManageReservationsOf(actor: Actor, ownerId: string): boolean {
  return actor.role === 'admin' || isOwnerOrStaffWith(actor, ownerId, 'canManageReservations');
}

/** The business's own owner, or an admin acting for any business. */
function isOwnerOrAdminOf(actor: Actor, ownerId: string): boolean {
  return actor.role === 'admin' || (actor.role === 'owner' && actor.id === ownerId);
}

/** Deleting a reservation: staff may edit but never delete (spec §6: the owner or an admin). */
export const canDeleteReservationOf = isOwnerOrAdminOf;

/**
 * Managing a business's clients (adding one, also while booking; activating, deactivating,
 * removing): its owner, an admin acting for it, or its staff with the tenants permission (issue 12:
 * the server enforces each permission where staff act; docs/decisions/018).
 */
export function canCreateClientsOf(actor: Actor, ownerId: string): boolean {
  return actor.role === 'admin' || isOwnerOrStaffWith(actor, ownerId, 'canManageTenants');
}

/**
 * Reading a business's client list: whoever books for it (reservations permission) or manages its
 * clients (tenants permission: My Clients, docs/decisions/041), and admins.
 */
export function canListClientsOf(actor: Actor, ownerId: string): boolean {
  return canManageReservationsOf(actor, ownerId) || canCreateClientsOf(actor, ownerId);
}

/**
 * The business whose clients a request is about: an admin names it (they belong to none), anyone
 * else works for their own and may not name another.
 */
export function clientBusinessOf(actor: Actor, requestedOwnerId: string | undefined): string | null {
  if (actor.role === 'admin') return requestedOwnerId ?? null;
  const own = businessIdOf(actor);
  if (requestedOwnerId && requestedOwnerId !== own) return null;
  return own;
}

/** Billing setup (rate periods, stock items, ad hoc charge types): the business's owner, or an admin. */
export const canManageBillingSetupOf = isOwnerOrAdminOf;

/**
 * Reading a business's catalogues and rate periods, e.g. to bill a reservation: whoever manages its
 * reservations (the owner, an admin, staff with the reservations permission).
 */
export const canReadBillingSetupOf = canManageReservationsOf;

/** A business's listings: its owner, or its staff with the properties permission (spec §6). */
export function canManagePropertiesOf(actor: Actor, ownerId: string): boolean {
  return isOwnerOrStaffWith(actor, ownerId, 'canManageProperties');
}

/** A business's staff and invitations: its owner, or its staff with the users permission. */
export function canManageStaffOf(actor: Actor, ownerId: string): boolean {
  return isOwnerOrStaffWith(actor, ownerId, 'canManageUsers');
}
