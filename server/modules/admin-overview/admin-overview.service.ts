import { type Kysely, sql } from 'kysely';
import { businessMidnight } from '../../../domain/billing-periods.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { PLAN_IDS } from '../../../domain/plans.ts';
import type { AdminOverview } from '../../../domain/schemas/admin-overview.ts';
import type { Database } from '../../db/types.ts';
import { requireRole, type SessionUser } from '../../http/session.ts';

const DAY_MS = 86_400_000;

/**
 * The platform at a glance for an admin (docs/decisions/045): sign-ups this month and in the last 30
 * days, active subscriptions by plan, and subscription payments that failed this month — the month
 * of Africa/Johannesburg. Three counting statements, run together.
 */
export async function adminOverviewFor(
  db: Kysely<Database>,
  user: SessionUser | null,
  now: Date = new Date(),
): Promise<AdminOverview> {
  requireRole(user, ['admin']);
  const monthStart = `${todayInBusinessZone(now).slice(0, 7)}-01`;
  const monthStartsAt = businessMidnight(monthStart);
  const thirtyDaysAgo = new Date(now.getTime() - 30 * DAY_MS);

  const [signUps, plans, failed] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        sql<string>`count(*) filter (where created_at >= ${monthStartsAt})`.as('this_month'),
        sql<string>`count(*) filter (where created_at >= ${thirtyDaysAgo})`.as('last_30_days'),
      ])
      .where('created_at', '>=', monthStartsAt < thirtyDaysAgo ? monthStartsAt : thirtyDaysAgo)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('subscriptions')
      .select(['plan_id', sql<string>`count(*)`.as('count')])
      .where('status', '=', 'active')
      .groupBy('plan_id')
      .execute(),
    db
      .selectFrom('payments')
      .select(sql<string>`count(*)`.as('count'))
      .where('status', '=', 'failed')
      .where('created_at', '>=', monthStartsAt)
      .executeTakeFirstOrThrow(),
  ]);

  const byPlan = PLAN_IDS.map((planId) => ({
    plan_id: planId,
    count: Number(plans.find((row) => row.plan_id === planId)?.count ?? 0),
  }));
  return {
    month_start: monthStart,
    sign_ups: { this_month: Number(signUps.this_month), last_30_days: Number(signUps.last_30_days) },
    active_subscriptions: { total: byPlan.reduce((sum, plan) => sum + plan.count, 0), by_plan: byPlan },
    failed_payments_this_month: Number(failed.count),
  };
}
