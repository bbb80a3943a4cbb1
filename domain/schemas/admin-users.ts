import { z } from 'zod';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../plans.ts';
import { isStaffRole, ROLES, type Role } from '../roles.ts';

/** The admin's users screen on the wire (GET/PATCH /api/admin/users…). */

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;
/** A search matching more users than this shows "More than 10000 users" (docs/decisions/072). */
export const ADMIN_USERS_TOTAL_CAP = 10_000;

export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  notYourself: 'You cannot change your own role or deactivate yourself',
  nothingToChange: 'Choose a role or an active state to change',
  staffStayStaff: 'A staff member can only be moved between Back office and Front office',
  staffNeedOwner: 'Staff belong to an owner: an owner invites them from their staff screen',
  ownerWithStaff: 'This owner has staff members, so they stay an owner',
} as const;

const BUSINESS_ROLES: readonly Role[] = ['client', 'owner', 'admin'];
const STAFF_ROLES: readonly Role[] = ['backoffice', 'frontoffice'];

/**
 * The roles an admin may give a user of `role` here: staff move only between the staff roles (they
 * keep their owner); anyone else among client, owner and admin (staff join an owner by invitation).
 */
export function rolesAssignableFrom(role: Role): readonly Role[] {
  return isStaffRole(role) ? STAFF_ROLES : BUSINESS_ROLES;
}

const wholeNumber = (label: string, min: number, max?: number) => {
  const number = z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`);
  const bounded = number.min(min, `${label} must be at least ${min}`);
  return max === undefined ? bounded : bounded.max(max, `${label} must be ${max} or less`);
};

export const AdminUserListQuerySchema = z.object({
  /** Part of a first name, last name, full name or email, any case. */
  q: z.string().trim().max(100, 'Search must be 100 characters or fewer').optional(),
  role: z.enum(ROLES, { error: 'Please choose a valid role' }).optional(),
  page: wholeNumber('Page', 1).default(1),
  page_size: wholeNumber('Page size', 1, ADMIN_USERS_MAX_PAGE_SIZE).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuerySchema>;

const PlanSummarySchema = z.object({
  id: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
});

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
  parent_owner_id: z.string().nullable(),
  /** Owners only: their subscription (null when they have none) and how many staff they have. */
  plan: PlanSummarySchema.nullable(),
  staff_count: z.number().nullable(),
  /** Staff only: the owner they work for. */
  owner_name: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z.object({
  items: z.array(AdminUserSchema),
  /** How many match; a search matching more than ADMIN_USERS_TOTAL_CAP is counted up to it (total_capped). */
  total: z.number(),
  total_capped: z.boolean(),
  /** Whether a page follows this one (past a capped total the pager goes on one page at a time). */
  has_next: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminStaffMemberSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
});
export type AdminStaffMember = z.infer<typeof AdminStaffMemberSchema>;

export const AdminUserDetailSchema = AdminUserSchema.extend({
  phone: z.string().nullable(),
  /** Owners only: live (not archived) listings; null for everyone else. */
  listing_count: z.number().nullable(),
  /** Owners only: their staff by name; empty for everyone else. */
  staff: z.array(AdminStaffMemberSchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUserChangeSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Please choose a valid role' }).optional(),
    is_active: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .refine((change) => change.role !== undefined || change.is_active !== undefined, {
    message: ADMIN_USER_MESSAGES.nothingToChange,
  });
export type AdminUserChange = z.infer<typeof AdminUserChangeSchema>;
