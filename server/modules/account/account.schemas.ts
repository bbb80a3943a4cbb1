import { z } from 'zod';
import { PERMISSION_KEYS } from '../../../domain/permissions.ts';
import { ROLES } from '../../../domain/roles.ts';
import type { User } from '../../db/types.ts';

export const UserProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  region: z.string(),
  culture: z.string(),
  settings: z.object({
    currency: z.string(),
    dateFormat: z.string(),
    timeFormat: z.string(),
    language: z.string(),
  }),
  is_active: z.boolean(),
  parent_owner_id: z.string().nullable(),
  permissions: z.object(
    Object.fromEntries(PERMISSION_KEYS.map((key) => [key, z.boolean()])) as Record<
      (typeof PERMISSION_KEYS)[number],
      z.ZodBoolean
    >,
  ),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export function toUserProfile(user: User): UserProfile {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    role: user.role,
    region: user.region,
    culture: user.culture,
    settings: user.settings,
    is_active: user.is_active,
    parent_owner_id: user.parent_owner_id,
    permissions: user.permissions,
    created_at: new Date(user.created_at).toISOString(),
  };
}

export const ErrorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  /** Per-field messages of a 400 for an invalid body or query. */
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
