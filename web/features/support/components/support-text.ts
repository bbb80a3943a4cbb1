import type { PlanId } from '../../../../domain/plans.ts';
import type { SupportState } from '../../../../domain/support.ts';

export const STATE_COLORS: Record<SupportState, string> = { open: 'blue', answered: 'teal', closed: 'gray' };

export const PLAN_BADGES: Record<PlanId | 'none', { label: string; color: string }> = {
  business: { label: 'Business', color: 'grape' },
  pro: { label: 'Pro', color: 'indigo' },
  starter: { label: 'Starter', color: 'gray' },
  none: { label: 'No business', color: 'gray' },
};
