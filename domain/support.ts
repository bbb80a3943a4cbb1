import { SUPPORT_PRIORITY } from './entitlements.ts';
import type { PlanId } from './plans.ts';
import type { Role } from './roles.ts';

/**
 * Support requests (issue 20 item 7): a signed-in user asks, an admin answers from an inbox ordered by
 * the sender's business plan (Business first, then Pro, then the rest) and then by age, oldest first.
 * docs/decisions/040-support-requests.md.
 */

export const SUPPORT_STATES = ['open', 'answered', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

export const SUPPORT_BOUNDS = {
  subjectMax: 120,
  messageMax: 5000,
  /** Requests not closed that one user may have at once: enough for real questions, not a flood. */
  openRequestsMax: 10,
  /** Messages in one thread (the sender's and the admins'), so a thread stays readable and bounded. */
  threadMessagesMax: 100,
} as const;

/**
 * The plan a sender is served by: an owner's own, a staff member's owner's. Clients and admins have
 * no business, so they are served with "the rest" (null).
 */
export function supportPlanOf(role: Role, businessPlan: PlanId | null): PlanId | null {
  if (role === 'owner' || role === 'backoffice' || role === 'frontoffice') return businessPlan ?? 'starter';
  return null;
}

/** Lower is answered first: Business 0, Pro 1, Starter and everyone without a business 2. */
export function supportPriority(plan: PlanId | null): number {
  return plan ? SUPPORT_PRIORITY[plan] : Math.max(...Object.values(SUPPORT_PRIORITY));
}

export interface InboxOrderable {
  id: string;
  plan: PlanId | null;
  created_at: string;
}

/** The inbox order: by plan priority, then oldest first, then by id so equal times keep one order. */
export function compareSupportRequests(a: InboxOrderable, b: InboxOrderable): number {
  return (
    supportPriority(a.plan) - supportPriority(b.plan) ||
    Date.parse(a.created_at) - Date.parse(b.created_at) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export type SupportEvent = 'senderMessage' | 'adminReply' | 'close';

/**
 * A request's state after an event: the sender writing (a follow-up, or a reply to a closed request)
 * opens it again; an admin's reply answers it; an admin closes it.
 */
export function supportStateAfter(event: SupportEvent): SupportState {
  if (event === 'adminReply') return 'answered';
  if (event === 'close') return 'closed';
  return 'open';
}

/** Whether a user may start another request while `notClosed` of theirs are open or answered. */
export function canOpenAnotherRequest(notClosed: number): boolean {
  return notClosed < SUPPORT_BOUNDS.openRequestsMax;
}

/** How long a request has waited, for the inbox ("just now", "5 min", "3 h", "2 days"). */
export function formatSupportAge(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

export const SUPPORT_STATE_LABELS: Record<SupportState, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};
