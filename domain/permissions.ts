import type { Role } from './roles.ts';

export const PERMISSION_KEYS = [
  'canManageProperties',
  'canManageReservations',
  'canManageTenants',
  'canManageUsers',
  'canViewReports',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type Permissions = Record<PermissionKey, boolean>;

const NONE: Permissions = {
  canManageProperties: false,
  canManageReservations: false,
  canManageTenants: false,
  canManageUsers: false,
  canViewReports: false,
};

/** Default staff permissions: back office everything, front office reservations only. */
export function defaultPermissions(role: Role): Permissions {
  if (role === 'backoffice') {
    return {
      canManageProperties: true,
      canManageReservations: true,
      canManageTenants: true,
      canManageUsers: true,
      canViewReports: true,
    };
  }
  if (role === 'frontoffice') return { ...NONE, canManageReservations: true };
  return { ...NONE };
}

/** The business a user acts for: an owner's own id, a staff member's parent owner. */
export function businessOwnerId(user: {
  id: string;
  role: Role;
  parentOwnerId: string | null;
}): string | null {
  if (user.role === 'owner') return user.id;
  if (user.role === 'backoffice' || user.role === 'frontoffice') return user.parentOwnerId;
  return null;
}
