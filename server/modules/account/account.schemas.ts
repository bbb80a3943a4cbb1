import { z } from 'zod';
import type { UserProfile } from '../../../domain/schemas/user.ts';
import type { User } from '../../db/types.ts';

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
