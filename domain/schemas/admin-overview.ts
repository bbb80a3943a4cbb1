import { z } from 'zod';
import { PLAN_IDS } from '../plans.ts';

/** The admin overview's figures on the wire (GET /api/admin/overview, docs/decisions/045). */

const count = z.number().int().min(0);

export const AdminOverviewSchema = z.object({
  /** The first day (YYYY-MM-DD, Africa/Johannesburg) of the month the monthly figures count. */
  month_start: z.string(),
  sign_ups: z.object({ this_month: count, last_30_days: count }),
  /** Subscriptions whose status is active, per plan (every plan listed, zero included). */
  active_subscriptions: z.object({
    total: count,
    by_plan: z.array(z.object({ plan_id: z.enum(PLAN_IDS), count })),
  }),
  /** Subscription payments that failed since the month started (Africa/Johannesburg). */
  failed_payments_this_month: count,
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
