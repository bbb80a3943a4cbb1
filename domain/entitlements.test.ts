import { describe, expect, it } from 'vitest';
import {
  entitlementsFor,
  featureIncluded,
  hasAddOn,
  PLAN_ENTITLEMENTS,
  SUPPORT_PRIORITY,
} from './entitlements.ts';
import { PLAN_IDS } from './plans.ts';

describe('what each plan includes', () => {
  it('gives analytics to Pro and Business, removes branding and adds priority support on Business only', () => {
    expect(PLAN_ENTITLEMENTS).toEqual({
      starter: { analytics: false, rentzaBranding: true, prioritySupport: false },
      pro: { analytics: true, rentzaBranding: true, prioritySupport: false },
      business: { analytics: true, rentzaBranding: false, prioritySupport: true },
    });
  });

  it.each(PLAN_IDS)('agrees with the %s plan card the Plans tab shows', (planId) => {
    const entitlements = PLAN_ENTITLEMENTS[planId];
    expect(featureIncluded(planId, 'Analytics')).toBe(entitlements.analytics);
    expect(featureIncluded(planId, 'Rentza branding on your pages')).toBe(entitlements.rentzaBranding);
    expect(featureIncluded(planId, 'Priority support')).toBe(entitlements.prioritySupport);
  });

  it('answers Business before Pro before Starter', () => {
    const order = [...PLAN_IDS].sort((a, b) => SUPPORT_PRIORITY[a] - SUPPORT_PRIORITY[b]);
    expect(order).toEqual(['business', 'pro', 'starter']);
  });
});

describe('add-ons in use', () => {
  it('knows which add-ons a business has, once each', () => {
    const entitlements = entitlementsFor('starter', ['homepage_boost', 'homepage_boost']);
    expect(entitlements.addOns).toEqual(['homepage_boost']);
    expect(hasAddOn(entitlements, 'homepage_boost')).toBe(true);
    expect(hasAddOn(entitlements, 'custom_agreement')).toBe(false);
  });
});
