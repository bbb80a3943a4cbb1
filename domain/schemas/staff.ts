import { z } from 'zod';
import { PERMISSION_KEYS } from '../permissions.ts';
import { STAFF_RULE_MESSAGES as M, STAFF_ROLES } from '../staff.ts';

/** Staff and invitations on the wire (/api/staff, /api/invitations). */

export const PermissionsSchema = z.object(
  Object.fromEntries(
    PERMISSION_KEYS.map((key) => [key, z.boolean({ error: `${key} must be true or false` })]),
  ) as Record<(typeof PERMISSION_KEYS)[number], z.ZodBoolean>,
  { error: 'Permissions must name all five: true or false each' },
);

const staffRole = z.enum(STAFF_ROLES, M.invalidRole);

const email = z
  .string({ error: M.missingFields })
  .trim()
  .min(1, M.missingFields)
  .pipe(z.email(M.invalidEmail))
  .transform((value) => value.toLowerCase());

const name = z.string({ error: M.missingFields }).trim().min(1, M.missingFields).max(100);

export const InviteInputSchema = z.object({
  first_name: name,
  last_name: name,
  email,
  role: staffRole,
  permissions: PermissionsSchema,
});
export type InviteInput = z.infer<typeof InviteInputSchema>;

/** Bulk invite: the people enter their names when they claim the account. */
export const BulkInviteInputSchema = z.object({
  emails: z.array(email).min(1, M.missingFields).max(50, 'Invite at most 50 people at once'),
  role: staffRole,
  permissions: PermissionsSchema,
});
export type BulkInviteInput = z.infer<typeof BulkInviteInputSchema>;

export const StaffUpdateSchema = z
  .object({
    role: staffRole.optional(),
    permissions: PermissionsSchema.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  })
  .refine(
    (body) => body.role !== undefined || body.permissions !== undefined || body.is_active !== undefined,
    M.nothingToChange,
  );
export type StaffUpdate = z.infer<typeof StaffUpdateSchema>;

export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: staffRole,
  permissions: PermissionsSchema,
  is_active: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: staffRole,
  permissions: PermissionsSchema,
  status: z.enum(['pending', 'accepted', 'revoked']),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const StaffOverviewSchema = z.object({
  staff: z.array(StaffMemberSchema),
  /** Pending invitations, newest first (expired ones too, to resend). */
  invitations: z.array(InvitationSchema),
});
export type StaffOverview = z.infer<typeof StaffOverviewSchema>;

export const BulkInviteResultSchema = z.object({
  invited: z.array(InvitationSchema),
  /** Emails left out: a pending invitation or an account already exists. */
  skipped: z.array(z.object({ email: z.string(), reason: z.string() })),
});
export type BulkInviteResult = z.infer<typeof BulkInviteResultSchema>;
