import { PLANS, type PlanId } from './plans.ts';
import type { AddOnId } from './subscriptions.ts';

/**
 * What a business may use, from its plan (second spec §9: Pro and Business include analytics, Business
 * removes Rentza branding and adds priority support) and the add-ons in use. The server decides with it;
 * the web app reads the same rules to show or hide what the business has.
 */
export interface PlanEntitlements {
  analytics: boolean;
  /** "Powered by Rentza" on the business's public pages, documents and emails. */
  rentzaBranding: boolean;
  prioritySupport: boolean;
}

export const PLAN_ENTITLEMENTS: Record<PlanId, PlanEntitlements> = {
  starter: { analytics: false, rentzaBranding: true, prioritySupport: false },
  pro: { analytics: true, rentzaBranding: true, prioritySupport: false },
  business: { analytics: true, rentzaBranding: false, prioritySupport: true },
};

export interface Entitlements extends PlanEntitlements {
  planId: PlanId;
  addOns: readonly AddOnId[];
}

export function entitlementsFor(planId: PlanId, addOns: readonly AddOnId[]): Entitlements {
  return { planId, addOns: [...new Set(addOns)], ...PLAN_ENTITLEMENTS[planId] };
}

export function hasAddOn(entitlements: Pick<Entitlements, 'addOns'>, addOnId: AddOnId): boolean {
  return entitlements.addOns.includes(addOnId);
}

/** The order support requests are answered in: Business first, then Pro, then the rest (issue 20). */
export const SUPPORT_PRIORITY: Record<PlanId, number> = { business: 0, pro: 1, starter: 2 };

/** The plan's feature list says the same as its entitlements (the Plans tab sells what the product does). */
export function featureIncluded(planId: PlanId, featureName: string): boolean {
  return PLANS[planId].features.some((feature) => feature.name === featureName && feature.included);
}
