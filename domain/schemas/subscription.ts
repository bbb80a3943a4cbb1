import { z } from 'zod';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '../plans.ts';

const PlanCheckSchema = z.object({ allowed: z.boolean(), reason: z.string().optional() });

/** The owner's plan, status, usage and what the plan allows next (GET /api/subscription). */
export const SubscriptionSummarySchema = z.object({
  planId: z.enum(PLAN_IDS).nullable(),
  planName: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  currentPeriodEnd: z.string().nullable(),
  usage: z.object({
    currentListings: z.number(),
    bookingsThisMonth: z.number(),
    usersCount: z.number(),
  }),
  canCreateListing: PlanCheckSchema,
  canAddBooking: PlanCheckSchema,
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;
