import type { Permissions } from './permissions.ts';
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

/** Owners, admins and staff with the reservations permission manage a business's reservations. */
export function canManageReservationsOf(actor: Actor, ownerId: string): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'owner') return actor.id === ownerId;
  if (actor.role === 'backoffice' || actor.role === 'frontoffice') {
    return actor.parent_owner_id === ownerId && actor.permissions.canManageReservations;
  }
  return false;
}
