/** Subscription plans (second spec §9). Prices in cents; -1 means unlimited. */
export const PLAN_IDS = ['starter', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  maxListings: number;
  maxBookingsPerMonth: number;
  maxUsers: number;
}

export interface PlanFeature {
  name: string;
  included: boolean;
  /** The feature's limit when it has one (-1 unlimited). */
  limit?: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  priceCents: number;
  isPopular: boolean;
  isCustom: boolean;
  limits: PlanLimits;
  features: PlanFeature[];
}

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    description: 'List one property and take your first bookings, free.',
    priceCents: 0,
    isPopular: false,
    isCustom: false,
    limits: { maxListings: 1, maxBookingsPerMonth: 5, maxUsers: 1 },
    features: [
      { name: 'Listings', included: true, limit: 1 },
      { name: 'Bookings per month', included: true, limit: 5 },
      { name: 'Team members', included: true, limit: 1 },
      { name: 'Rentza branding on your pages', included: true },
      { name: 'Analytics', included: false },
      { name: 'Standard support', included: true },
      { name: 'Priority support', included: false },
      { name: 'API access', included: false },
      { name: 'White-label', included: false },
    ],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    description: 'For a growing rental business: up to 10 listings and unlimited bookings.',
    priceCents: 29900,
    isPopular: true,
    isCustom: false,
    limits: { maxListings: 10, maxBookingsPerMonth: -1, maxUsers: 1 },
    features: [
      { name: 'Listings', included: true, limit: 10 },
      { name: 'Bookings per month', included: true, limit: -1 },
      { name: 'Team members', included: true, limit: 1 },
      { name: 'Rentza branding on your pages', included: true },
      { name: 'Analytics', included: true },
      { name: 'Standard support', included: true },
      { name: 'Priority support', included: false },
      { name: 'API access', included: false },
      { name: 'White-label', included: false },
    ],
  },
  business: {
    id: 'business',
    name: 'Business',
    description: 'Unlimited listings, bookings and staff, without Rentza branding.',
    priceCents: 69900,
    isPopular: false,
    isCustom: false,
    limits: { maxListings: -1, maxBookingsPerMonth: -1, maxUsers: -1 },
    features: [
      { name: 'Listings', included: true, limit: -1 },
      { name: 'Bookings per month', included: true, limit: -1 },
      { name: 'Team members', included: true, limit: -1 },
      { name: 'Rentza branding on your pages', included: false },
      { name: 'Analytics', included: true },
      { name: 'Standard support', included: true },
      { name: 'Priority support', included: true },
      { name: 'API access', included: false },
      { name: 'White-label', included: false },
    ],
  },
};

export type PlanAction = 'create_listing' | 'add_booking' | 'add_user';

export interface PlanUsage {
  currentListings: number;
  bookingsThisMonth: number;
  usersCount: number;
}

export interface ActionCheck {
  allowed: boolean;
  reason?: string;
}

const within = (used: number, limit: number) => limit === -1 || used < limit;

/** Whether the plan allows one more of the action, with the spec's reason when it does not. */
export function canPerformAction(planId: PlanId, usage: PlanUsage, action: PlanAction): ActionCheck {
  const { limits } = PLANS[planId];
  switch (action) {
    case 'create_listing':
      return within(usage.currentListings, limits.maxListings)
        ? { allowed: true }
        : {
            allowed: false,
            reason: `You've reached your limit of ${limits.maxListings} listings. Upgrade to add more.`,
          };
    case 'add_booking':
      return within(usage.bookingsThisMonth, limits.maxBookingsPerMonth)
        ? { allowed: true }
        : {
            allowed: false,
            reason: `You've reached your monthly limit of ${limits.maxBookingsPerMonth} bookings. Upgrade for unlimited bookings.`,
          };
    case 'add_user':
      return within(usage.usersCount, limits.maxUsers)
        ? { allowed: true }
        : { allowed: false, reason: "You've reached your user limit. Upgrade to add more team members." };
  }
}

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'cancelled', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
