import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Logger } from 'pino';
import { RECURRING_CHARGE_WINDOW_DAYS } from '../../../domain/billing-periods.ts';
import { PLAN_IDS, PLANS } from '../../../domain/plans.ts';
import {
  decideLifecycle,
  type LifecycleTransition,
  type RecurringCharge,
  reminderHorizon,
} from '../../../domain/subscription-lifecycle.ts';
import {
  ADD_ON_IDS,
  ADD_ONS,
  type AddOnId,
  GRACE_PERIOD_DAYS,
  monthlyCostCents,
  REMINDER_DAYS,
} from '../../../domain/subscriptions.ts';
import type { Database, Subscription } from '../../db/types.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import {
  paidSubscriptionLabel,
  subscriptionEndedMail,
  subscriptionInactiveMail,
  subscriptionPaymentDueMail,
  subscriptionRenewalReminderMail,
} from '../../platform/mail/templates.ts';
import type { OutgoingMail } from '../../platform/mail/transports.ts';
import { auditSubscription } from '../audit/subscription-audit.ts';
import { oldestOverdueStatement } from '../commission/commission-statements.ts';

/**
 * The scheduled subscription lifecycle (issue 13, docs/decisions/019): one pass over the subscriptions
 * whose period has ended, whose grace period is over or whose renewal reminder is due. Each subscription
 * is handled in its own transaction that locks its row (`FOR UPDATE SKIP LOCKED`: another server's
 * sweep, or a payment being settled, has it; the next pass sees it), decides with the pure rules of
 * domain/subscription-lifecycle.ts, applies conditional UPDATEs and enqueues the owner's email in the
 * same transaction. A reminder is a subscription_reminders row inserted ON CONFLICT DO NOTHING: the
 * email goes only with a new row. A crash mid-way rolls back that one subscription, and any number of
 * sweeps, at once or again later, send each email once.
 */

export interface LifecycleSweepOptions {
  /** Defaults to the current time; tests pass a fixed instant. */
  now?: Date;
  /** PUBLIC_URL, for the links in the emails. */
  publicUrl: string;
  /** Candidates read per query (keyset pages by id). */
  batchSize?: number;
  logger?: Pick<Logger, 'error'>;
}

export interface LifecycleSweepCounts {
  /** Free subscriptions given their next period. */
  renewed: number;
  /** Cancelled paid subscriptions moved back to Starter. */
  endedPaidPlans: number;
  markedPastDue: number;
  deactivated: number;
  reminders: number;
  /** Emails enqueued. */
  mails: number;
  /** Candidates locked by someone else this pass. */
  skipped: number;
  failed: number;
}

type Executor = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
const PAID_PLAN_IDS = PLAN_IDS.filter((id) => PLANS[id].priceCents > 0);
const PAID_ADD_ON_IDS = ADD_ON_IDS.filter((id) => ADD_ONS[id].priceCents > 0);

/** Whether the subscription s costs anything a month (a narrowing of the candidates; the domain decides). */
const isPaid = sql<SqlBool>`(s.plan_id IN (${sql.join(PAID_PLAN_IDS)}) OR EXISTS (
  SELECT 1 FROM subscription_add_ons a
  WHERE a.subscription_id = s.id AND a.removed_at IS NULL AND a.add_on_id IN (${sql.join(PAID_ADD_ON_IDS)})
))`;

/** A charge of the gateway's recurring billing for the current period of s has failed. */
const chargeFailed = sql<SqlBool>`EXISTS (
  SELECT 1 FROM payments p
  WHERE p.subscription_id = s.id AND p.kind = 'renewal' AND p.status = 'failed'
    AND p.created_at >= s.current_period_start
)`;

/** The gateway will charge s for its period end: Payment Due and reminders wait for it (domain decides). */
const chargeComing = sql<SqlBool>`(s.gateway_token IS NOT NULL AND NOT ${chargeFailed})`;

/** The ids of the subscriptions that may have something due at `now`, a page at a time. */
function findCandidates(db: Executor, now: Date, afterId: string | null, limit: number) {
  const nearestFirst = [...REMINDER_DAYS].sort((a, b) => a - b);
  // The reminder due for a period ending within the horizon: the nearest one whose window has opened.
  const dueReminderDays = sql<number>`CASE ${sql.join(
    nearestFirst.map(
      (days) =>
        sql`WHEN s.current_period_end <= ${new Date(now.getTime() + days * DAY_MS)} THEN ${days}::int`,
    ),
    sql` `,
  )} END`;
  const graceStartedBy = new Date(now.getTime() - GRACE_PERIOD_DAYS * DAY_MS);
  const chargeWindowStartedBy = new Date(now.getTime() - RECURRING_CHARGE_WINDOW_DAYS * DAY_MS);
  return db
    .selectFrom('subscriptions as s')
    .select('s.id')
    .$if(afterId !== null, (q) => q.where('s.id', '>', afterId as string))
    .where(sql<SqlBool>`(
      (s.status IN ('active', 'trialing') AND s.current_period_end <= ${now} AND (
        s.cancel_at_period_end
        OR NOT ${isPaid}
        OR s.current_period_end <= ${chargeWindowStartedBy}
        OR NOT ${chargeComing}
      ))
      OR (s.status = 'past_due' AND (
        s.cancel_at_period_end
        OR coalesce(s.past_due_since, s.current_period_end) <= ${graceStartedBy}
        OR NOT ${isPaid}
      ))
      OR (s.status IN ('active', 'trialing')
        AND NOT s.cancel_at_period_end
        AND s.current_period_end > ${now}
        AND s.current_period_end <= ${reminderHorizon(now)}
        AND ${isPaid}
        AND NOT ${chargeComing}
        AND NOT EXISTS (
          SELECT 1 FROM subscription_reminders r
          WHERE r.subscription_id = s.id
            AND r.period_end = s.current_period_end
            AND r.days_before = ${dueReminderDays}
        ))
    )`)
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

interface Owner {
  email: string;
  name: string;
}

interface SweepContext {
  now: Date;
  billingUrl: string;
  plansUrl: string;
  counts: LifecycleSweepCounts;
}

async function activeAddOns(trx: Executor, subscriptionId: string): Promise<AddOnId[]> {
  const rows = await trx
    .selectFrom('subscription_add_ons')
    .select('add_on_id')
    .where('subscription_id', '=', subscriptionId)
    .where('removed_at', 'is', null)
    .orderBy('added_at')
    .execute();
  return rows.map((row) => row.add_on_id);
}

/** Whether the gateway's charge for the current period end is coming, has failed, or there is none. */
async function recurringChargeOf(trx: Executor, row: Subscription): Promise<RecurringCharge> {
  if (row.gateway_token === null) return 'none';
  const failed = await trx
    .selectFrom('subscriptions as s')
    .select('s.id')
    .where('s.id', '=', row.id)
    .where(chargeFailed)
    .executeTakeFirst();
  return failed ? 'failed' : 'coming';
}

/** Reminders already sent for the period as stored (compared in SQL: timestamps keep microseconds). */
async function remindersSent(trx: Executor, subscriptionId: string): Promise<number[]> {
  const rows = await trx
    .selectFrom('subscription_reminders as r')
    .innerJoin('subscriptions as s', (join) =>
      join.onRef('s.id', '=', 'r.subscription_id').onRef('s.current_period_end', '=', 'r.period_end'),
    )
    .select('r.days_before')
    .where('s.id', '=', subscriptionId)
    .execute();
  return rows.map((row) => row.days_before);
}

/**
 * Applies one transition to the locked row; returns the row after it (null when the conditional UPDATE
 * matched nothing, which the row lock rules out) and the email to send, if any.
 */
async function applyTransition(
  trx: Executor,
  row: Subscription,
  transition: Exclude<LifecycleTransition, { kind: 'none' }>,
  addOns: AddOnId[],
  owner: Owner,
  context: SweepContext,
): Promise<{ row: Subscription | null; mail: OutgoingMail | null }> {
  const { now } = context;
  const planName = PLANS[row.plan_id].name;
  const cost = monthlyCostCents(row.plan_id, addOns);
  const mailBase = { to: owner.email, name: owner.name, planName, billingUrl: context.billingUrl };
  const update = trx.updateTable('subscriptions').where('id', '=', row.id);

  switch (transition.kind) {
    case 'end_paid_plan': {
      const updated = await update
        .set({
          plan_id: 'starter',
          payment_method: 'subscription',
          cancel_at_period_end: false,
          gateway_token: null,
          status: 'active',
          past_due_since: null,
          current_period_start: transition.period.start,
          current_period_end: transition.period.end,
          updated_at: sql<Date>`now()`,
        })
        .where('status', '=', row.status)
        .where('cancel_at_period_end', '=', true)
        .where('current_period_end', '<=', now)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return { row: null, mail: null };
      await trx
        .updateTable('subscription_add_ons')
        .set({ removed_at: now })
        .where('subscription_id', '=', row.id)
        .where('removed_at', 'is', null)
        .execute();
      context.counts.endedPaidPlans++;
      const wasPaid = row.plan_id !== 'starter' || cost > 0;
      const label = paidSubscriptionLabel(
        { name: planName, free: PLANS[row.plan_id].priceCents === 0 },
        ADD_ON_IDS.filter((id) => addOns.includes(id)).map((id) => ADD_ONS[id].name),
      );
      const mail = wasPaid
        ? subscriptionEndedMail({
            to: owner.email,
            name: owner.name,
            label,
            endedOn: row.current_period_end,
            plansUrl: context.plansUrl,
          })
        : null;
      return { row: updated, mail };
    }
    case 'renew': {
      const updated = await update
        .set({
          status: 'active',
          past_due_since: null,
          current_period_start: transition.period.start,
          current_period_end: transition.period.end,
          updated_at: sql<Date>`now()`,
        })
        .where('status', '=', row.status)
        .where('current_period_end', '<=', now)
        .returningAll()
        .executeTakeFirst();
      if (updated) context.counts.renewed++;
      return { row: updated ?? null, mail: null };
    }
    case 'mark_past_due': {
      const updated = await update
        .set({ status: 'past_due', past_due_since: transition.pastDueSince, updated_at: sql<Date>`now()` })
        .where('status', 'in', ['active', 'trialing'])
        .where('current_period_end', '<=', now)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return { row: null, mail: null };
      context.counts.markedPastDue++;
      const mail = subscriptionPaymentDueMail({
        ...mailBase,
        periodEnd: row.current_period_end,
        graceEndsAt: transition.graceEndsAt,
        amountCents: cost,
      });
      return { row: updated, mail };
    }
    case 'deactivate': {
      const updated = await update
        .set({ status: 'inactive', updated_at: sql<Date>`now()` })
        .where('status', '=', 'past_due')
        .returningAll()
        .executeTakeFirst();
      if (!updated) return { row: null, mail: null };
      context.counts.deactivated++;
      return {
        row: updated,
        mail: subscriptionInactiveMail({ ...mailBase, graceEndedAt: transition.graceEndedAt }),
      };
    }
    case 'remind': {
      // The period end as stored (to the microsecond), so the key matches what findCandidates compares.
      const inserted = await trx
        .insertInto('subscription_reminders')
        .columns(['subscription_id', 'period_end', 'days_before'])
        .expression((eb) =>
          eb
            .selectFrom('subscriptions')
            .select([
              'id',
              'current_period_end',
              sql<number>`${transition.daysBefore}::int`.as('days_before'),
            ])
            .where('id', '=', row.id),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('days_before')
        .executeTakeFirst();
      if (!inserted) return { row, mail: null };
      context.counts.reminders++;
      const mail = subscriptionRenewalReminderMail({
        ...mailBase,
        renewsOn: row.current_period_end,
        amountCents: cost,
      });
      return { row, mail };
    }
  }
}

/** Everything due for one subscription, in one transaction; false when another transaction holds it. */
async function sweepSubscription(db: Executor, id: string, context: SweepContext): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let row: Subscription | null | undefined = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return false;
    const initial = row;
    const owner = await trx
      .selectFrom('users')
      .select(['email', 'first_name', 'name'])
      .where('id', '=', row.owner_id)
      .executeTakeFirstOrThrow();
    const recipient = { email: owner.email, name: owner.first_name || owner.name };
    let addOns = await activeAddOns(trx, id);
    const sent = await remindersSent(trx, id);
    let recurringCharge = await recurringChargeOf(trx, row);
    const commissionOverdue = !!(await oldestOverdueStatement(trx, row.owner_id, context.now));
    // A few steps at most: e.g. Payment Due, then Inactive when the sweep had not run all grace period.
    // Only the last step's email goes: an earlier one would already be out of date ('stays online until…').
    let mail: OutgoingMail | null = null;
    for (let step = 0; step < 4 && row; step++) {
      const transition = decideLifecycle(
        {
          status: row.status,
          cancelAtPeriodEnd: row.cancel_at_period_end,
          currentPeriodEnd: row.current_period_end,
          pastDueSince: row.past_due_since,
          billingAnchor: row.billing_anchor,
          recurringCharge,
        },
        {
          monthlyCostCents: monthlyCostCents(row.plan_id, addOns),
          now: context.now,
          remindersSent: sent,
          commissionOverdue,
        },
      );
      if (transition.kind === 'none') break;
      const applied = await applyTransition(trx, row, transition, addOns, recipient, context);
      mail = applied.mail ?? mail;
      if (transition.kind === 'remind') sent.push(transition.daysBefore);
      if (transition.kind === 'end_paid_plan') {
        addOns = [];
        recurringCharge = 'none';
      }
      if (transition.kind === 'end_paid_plan' || transition.kind === 'renew') sent.length = 0;
      row = applied.row;
    }
    await auditSubscription(trx, null, initial, 'renewal job');
    if (mail) {
      await enqueueMail(trx, mail);
      context.counts.mails++;
    }
    return true;
  });
}

function emptyCounts(): LifecycleSweepCounts {
  return {
    renewed: 0,
    endedPaidPlans: 0,
    markedPastDue: 0,
    deactivated: 0,
    reminders: 0,
    mails: 0,
    skipped: 0,
    failed: 0,
  };
}

function addCounts(into: LifecycleSweepCounts, from: LifecycleSweepCounts): void {
  for (const key of Object.keys(into) as (keyof LifecycleSweepCounts)[]) into[key] += from[key];
}

/** One pass of the lifecycle at `now`; safe to run on several servers at once and to repeat. */
export async function runLifecycleSweep(
  db: Executor,
  options: LifecycleSweepOptions,
): Promise<LifecycleSweepCounts> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 200;
  const base = options.publicUrl.replace(/\/+$/, '');
  const context: SweepContext = {
    now,
    billingUrl: `${base}/subscription?tab=billing`,
    plansUrl: `${base}/subscription?tab=plans`,
    counts: emptyCounts(),
  };
  const totals = context.counts;
  let afterId: string | null = null;
  for (;;) {
    const page = await findCandidates(db, now, afterId, batchSize);
    for (const { id } of page) {
      // Counted apart and added once committed: a rolled-back subscription counts as failed only.
      const counts = emptyCounts();
      try {
        if (await sweepSubscription(db, id, { ...context, counts })) addCounts(totals, counts);
        else totals.skipped++;
      } catch (error) {
        // One broken row must not stop the others; it is tried again on the next pass.
        totals.failed++;
        options.logger?.error({ err: error, subscriptionId: id }, 'subscription lifecycle step failed');
      }
    }
    if (page.length < batchSize) break;
    afterId = page[page.length - 1]?.id ?? null;
  }
  return totals;
}
