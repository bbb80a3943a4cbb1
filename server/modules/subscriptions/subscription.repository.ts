import { type Kysely, sql } from 'kysely';
import { BUSINESS_TIME_ZONE } from '../../../domain/dates.ts';
import type { PlanId, PlanUsage } from '../../../domain/plans.ts';
import type { BillingState } from '../../../domain/subscription-proration.ts';
import type { AddOnId, PaymentKind } from '../../../domain/subscriptions.ts';
import type { Database, PaymentGateway, Subscription } from '../../db/types.ts';

type Executor = Kysely<Database>;

/** Every owner gets the free Starter plan when their account is created. */
export async function ensureStarterSubscription(db: Executor, ownerId: string): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({ owner_id: ownerId })
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
}

export function findSubscription(
  db: Executor,
  ownerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Subscription | undefined> {
  const query = db.selectFrom('subscriptions').selectAll().where('owner_id', '=', ownerId);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export interface AddOnRow {
  add_on_id: AddOnId;
  removed_at: Date | null;
  billed_from: Date | null;
}

/** The add-ons in use at `at`: continuing ones and those whose removal takes effect later (decision 031). */
export async function addOnRows(
  db: Executor,
  subscriptionId: string,
  at: Date = new Date(),
): Promise<AddOnRow[]> {
  return db
    .selectFrom('subscription_add_ons')
    .select(['add_on_id', 'removed_at', 'billed_from'])
    .where('subscription_id', '=', subscriptionId)
    .where((eb) => eb.or([eb('removed_at', 'is', null), eb('removed_at', '>', at)]))
    .orderBy('added_at')
    .execute();
}

/** The add-ons the owner can use now. */
export async function activeAddOnIds(
  db: Executor,
  subscriptionId: string,
  at: Date = new Date(),
): Promise<AddOnId[]> {
  return (await addOnRows(db, subscriptionId, at)).map((row) => row.add_on_id);
}

/** The add-ons that continue past the period end: every next charge includes them. */
export async function continuingAddOnIds(db: Executor, subscriptionId: string): Promise<AddOnId[]> {
  const rows = await db
    .selectFrom('subscription_add_ons')
    .select('add_on_id')
    .where('subscription_id', '=', subscriptionId)
    .where('removed_at', 'is', null)
    .orderBy('added_at')
    .execute();
  return rows.map((row) => row.add_on_id);
}

/** A subscription's billing facts as the proration rules read them (domain/subscription-proration.ts). */
export async function billingStateOf(
  db: Executor,
  subscription: Subscription,
  now: Date,
): Promise<BillingState & { rows: AddOnRow[] }> {
  const rows = await addOnRows(db, subscription.id, now);
  const periodStart = new Date(subscription.current_period_start);
  const continuing = rows.filter((row) => row.removed_at === null);
  return {
    planId: subscription.plan_id,
    paymentMethod: subscription.payment_method,
    status: subscription.status,
    periodStart,
    periodEnd: new Date(subscription.current_period_end),
    hasRecurringBilling: subscription.gateway_token !== null,
    continuingAddOns: continuing.map((row) => row.add_on_id),
    paidAddOns: continuing
      .filter((row) => row.billed_from === null || row.billed_from <= periodStart)
      .map((row) => row.add_on_id),
    rows,
  };
}

/**
 * Live (not archived) listings, bookings this month and team size of a business. A booking counts towards the month
 * (Africa/Johannesburg) the business took it on in — made it, or accepted the client's request — unless it has been
 * cancelled; a client's request still waiting does not count (docs/decisions/008, 022).
 */
export async function measureUsage(db: Executor, ownerId: string, at: Date = new Date()): Promise<PlanUsage> {
  const row = await sql<{ listings: number; bookings: number; users: number }>`
    WITH month AS (
      SELECT date_trunc('month', ${at.toISOString()}::timestamptz AT TIME ZONE ${BUSINESS_TIME_ZONE}) AS start
    )
    SELECT
      (SELECT count(*)::int FROM properties WHERE owner_id = ${ownerId} AND archived_at IS NULL) AS listings,
      (SELECT count(*)::int FROM reservations, month
         WHERE owner_id = ${ownerId}
           AND status <> 'cancelled'
           AND counted_at >= month.start AT TIME ZONE ${BUSINESS_TIME_ZONE}
           AND counted_at < (month.start + interval '1 month') AT TIME ZONE ${BUSINESS_TIME_ZONE}) AS bookings,
      -- The team: the owner, their staff, and invitations still waiting to be claimed.
      (SELECT count(*)::int FROM users WHERE id = ${ownerId} OR parent_owner_id = ${ownerId})
        + (SELECT count(*)::int FROM invitations
             WHERE owner_id = ${ownerId} AND status = 'pending' AND expires_at > now()) AS users
  `.execute(db);
  const usage = row.rows[0];
  return {
    currentListings: usage?.listings ?? 0,
    bookingsThisMonth: usage?.bookings ?? 0,
    usersCount: usage?.users ?? 0,
  };
}

export interface NewPayment {
  ownerId: string;
  subscriptionId: string;
  gateway: PaymentGateway;
  /** Our id, sent to the gateway: PAY_…, SUB_… or UPDATE_… */
  reference: string;
  kind: Exclude<PaymentKind, 'renewal'>;
  planId: PlanId;
  /** The active add-ons the amount includes. */
  addOns: readonly AddOnId[];
  description: string;
  amountCents: number;
  /** The statement a 'commission' payment pays. */
  commissionStatementId?: string;
}

/** A payment we start, recorded pending before the gateway is called so its notification always finds it. */
export async function insertPendingPayment(db: Executor, payment: NewPayment): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      owner_id: payment.ownerId,
      subscription_id: payment.subscriptionId,
      gateway: payment.gateway,
      reference: payment.reference,
      kind: payment.kind,
      plan_id: payment.planId,
      add_on_ids: [...payment.addOns],
      description: payment.description,
      amount_cents: payment.amountCents,
      commission_statement_id: payment.commissionStatementId ?? null,
    })
    .execute();
}
