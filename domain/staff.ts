import { defaultPermissions, type PermissionKey, type Permissions } from './permissions.ts';

/** An owner's staff and their invitations (spec subscriptions-staff-billing §2, §4, §5, §6, §8). */

export const STAFF_ROLES = ['frontoffice', 'backoffice'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How long an invitation's claim link works. */
export const INVITATION_DAYS = 7;

export const STAFF_TOASTS = {
  activated: 'Staff member activated successfully',
  deactivated: 'Staff member deactivated successfully',
  permissions: 'Staff member permissions updated successfully',
  role: 'Staff member role and permissions updated successfully',
  invited: 'Invitation created successfully. Staff member will receive an email to claim their account.',
  resent: 'Invitation sent again: the new link works for 7 days',
  revoked: 'Invitation deleted',
} as const;

export const STAFF_FAILURES = {
  load: 'Failed to load users and invitations',
  send: 'Failed to send invitation',
  create: 'Failed to create invitation',
  status: 'Failed to update user status',
  permissions: 'Failed to update permissions',
  role: 'Failed to update role',
} as const;

export const STAFF_RULE_MESSAGES = {
  missingFields: 'Missing required fields',
  invalidEmail: 'Invalid email format',
  invalidRole: 'Invalid role',
  duplicate: 'Invitation already sent to this email',
  hasAccount: 'This email already has a Rentza account',
  notYours: 'Only the owner, or staff allowed to manage users, can manage staff',
  notFound: 'Staff member not found',
  invitationNotFound: 'Invitation not found',
  notYourself: 'You cannot change your own role, permissions or status',
  nothingToChange: 'Please say what to change: role, permissions or is_active',
} as const;

/** What each permission lets a staff member do (spec §6), as the checkboxes explain it. */
export const PERMISSION_TEXTS: Record<PermissionKey, { label: string; description: string }> = {
  canManageProperties: {
    label: 'Properties',
    description: 'Create, edit and manage listings, amenities, pricing and availability',
  },
  canManageReservations: {
    label: 'Reservations',
    description: 'Process bookings, check-ins and check-outs, scheduling conflicts',
  },
  canManageTenants: { label: 'Tenants', description: 'Onboarding, verifying documents, communications' },
  canManageUsers: { label: 'Users', description: 'Add and manage staff accounts, roles and access' },
  canViewReports: { label: 'Reports', description: 'Financial reports, occupancy and performance metrics' },
};

/**
 * The invite form's starting permissions: front office with reports (spec §6: "the invite form starts
 * with frontoffice defaults (reservations and reports true)"); choosing a role switches to its defaults.
 */
export const INVITE_FORM_PERMISSIONS: Permissions = {
  ...defaultPermissions('frontoffice'),
  canViewReports: true,
};

/** The bulk invite's list: one email per line, or separated by commas, semicolons or spaces; lower case, once each. */
export function parseEmailList(text: string): string[] {
  const emails = text
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(emails)];
}
