/** Roles as stored. The spec's aliases (tenant, back_office, front_office) are normalised on input. */
export const ROLES = ['owner', 'admin', 'client', 'backoffice', 'frontoffice'] as const;
export type Role = (typeof ROLES)[number];

export const SIGN_UP_ROLES = ['client', 'owner'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

const ROLE_ALIASES: Record<string, Role> = {
  tenant: 'client',
  back_office: 'backoffice',
  front_office: 'frontoffice',
};

/** A user without a role is a client (the spec's "tenant"). */
export function normalizeRole(role: string | null | undefined): Role {
  if (!role) return 'client';
  const alias = Object.hasOwn(ROLE_ALIASES, role) ? ROLE_ALIASES[role] : undefined; // not "constructor" etc.
  if (alias) return alias;
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : 'client';
}

export function isStaffRole(role: Role): boolean {
  return role === 'backoffice' || role === 'frontoffice';
}

/**
 * Shown to users, in the spec's words: first letter capitalised (profile), staff roles as the staff
 * screen names them ("back office", "front office"). The spec's aliases read as the role they store.
 */
const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  client: 'Client',
  backoffice: 'Back office',
  frontoffice: 'Front office',
};

export function formatRoleLabel(role: string): string {
  return role ? ROLE_LABELS[normalizeRole(role)] : '';
}
