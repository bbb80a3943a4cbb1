import { type Kysely, sql } from 'kysely';

/**
 * Subscription periods on the gateway's calendar (issue 19, docs/decisions/030): `billing_anchor`, the
 * first day of a subscription's billing-date series (Africa/Johannesburg), from which every period end
 * is computed (domain/billing-periods.ts). Existing rows: the day their first paid subscription was
 * settled (the day PayFast's monthly billing_date was set from), else the day their period ends. A new
 * row's first free period ends at Johannesburg midnight a calendar month later, not after 30 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE subscriptions ADD COLUMN billing_anchor date`.execute(db);
  await sql`
    UPDATE subscriptions s SET billing_anchor = coalesce(
      (SELECT (p.completed_at AT TIME ZONE 'Africa/Johannesburg')::date
         FROM payments p
        WHERE p.subscription_id = s.id AND p.kind = 'subscription' AND p.status = 'complete'
          AND p.completed_at IS NOT NULL
        ORDER BY p.completed_at DESC
        LIMIT 1),
      (s.current_period_end AT TIME ZONE 'Africa/Johannesburg')::date)`.execute(db);
  await sql`
    ALTER TABLE subscriptions
      ALTER COLUMN billing_anchor SET NOT NULL,
      ALTER COLUMN billing_anchor SET DEFAULT (now() AT TIME ZONE 'Africa/Johannesburg')::date,
      ALTER COLUMN current_period_end SET DEFAULT
        ((now() AT TIME ZONE 'Africa/Johannesburg')::date + interval '1 month') AT TIME ZONE 'Africa/Johannesburg'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE subscriptions
      ALTER COLUMN current_period_end SET DEFAULT now() + interval '30 days',
      DROP COLUMN billing_anchor`.execute(db);
}
