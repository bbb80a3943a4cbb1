import { PLANS } from '../../../../domain/plans.ts';
import type { AdminUser } from '../../../../domain/schemas/admin-users.ts';
import { refusalOr } from '../../../lib/api.ts';

export const fullName = (user: Pick<AdminUser, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`;

/** 'Business plan (active)', 'Pro plan (past due)'; 'No plan' for an owner without a subscription. */
export function planText(plan: AdminUser['plan']): string {
  if (!plan) return 'No plan';
  return `${PLANS[plan.id].name} plan (${plan.status.replace('_', ' ')})`;
}

/** What a row says about the user's business: an owner's plan and team, a staff member's owner. */
export function businessText(user: AdminUser): string {
  if (user.role === 'owner') {
    const staff = user.staff_count ?? 0;
    return `${planText(user.plan)} · ${staff} staff`;
  }
  if (user.owner_name) return `Works for ${user.owner_name}`;
  return '—';
}

/**
 * Why a change failed: the server's own words for a refusal (e.g. 'This owner has staff members, so
 * they stay an owner'), otherwise `fallback` (the spec's 'Failed to update role', 'Failed to update
 * user status').
 */
export const changeFailureText = refusalOr;
