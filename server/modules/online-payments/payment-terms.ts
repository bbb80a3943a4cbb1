import type { Kysely } from 'kysely';
import {
  type CancellationPolicy,
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_PLAN,
  describeCancellationPolicy,
  describePlan,
  type PaymentPlan,
  paymentTerms,
} from '../../../domain/payment-plan.ts';
import type { ListingPaymentTerms } from '../../../domain/schemas/online-payments.ts';
import type { Database, PaymentPlansTable } from '../../db/types.ts';

/**
 * How a listing is paid and what a booking agrees to when it is confirmed (issue 23, docs/decisions/059):
 * the listing's own plan over the business's, else the default; the business's cancellation policy.
 */

type PlanRow = Pick<
  PaymentPlansTable,
  | 'kind'
  | 'deposit_type'
  | 'deposit_amount_cents'
  | 'balance_days_before'
  | 'security_deposit'
  | 'property_id'
> & {
  deposit_percent: string | number;
};

export function toPaymentPlan(row: PlanRow): PaymentPlan {
  return {
    kind: row.kind,
    depositType: row.deposit_type,
    depositPercent: Number(row.deposit_percent),
    depositAmountCents: row.deposit_amount_cents,
    balanceDaysBefore: row.balance_days_before,
    securityDeposit: row.security_deposit,
  };
}

export function toPlanRow(plan: PaymentPlan) {
  return {
    kind: plan.kind,
    deposit_type: plan.depositType,
    deposit_percent: String(plan.depositPercent),
    deposit_amount_cents: plan.depositAmountCents,
    balance_days_before: plan.balanceDaysBefore,
    security_deposit: plan.securityDeposit,
  };
}

const PLAN_COLUMNS = [
  'kind',
  'deposit_type',
  'deposit_percent',
  'deposit_amount_cents',
  'balance_days_before',
  'security_deposit',
  'property_id',
] as const;

/** The business's own plan (property_id null), or null when it never chose one. */
export async function businessPlanOf(db: Kysely<Database>, ownerId: string): Promise<PaymentPlan | null> {
  const row = await db
    .selectFrom('payment_plans')
    .select(PLAN_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('property_id', 'is', null)
    .executeTakeFirst();
  return row ? toPaymentPlan(row) : null;
}

/** The listing's own plan, or null when it uses the business's. */
export async function listingPlanOf(db: Kysely<Database>, propertyId: string): Promise<PaymentPlan | null> {
  const row = await db
    .selectFrom('payment_plans')
    .select(PLAN_COLUMNS)
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  return row ? toPaymentPlan(row) : null;
}

/** The business's listings' own plans, by listing (one query for the owner's list). */
export async function listingPlansOf(
  db: Kysely<Database>,
  ownerId: string,
): Promise<Map<string, PaymentPlan>> {
  const rows = await db
    .selectFrom('payment_plans')
    .select(PLAN_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('property_id', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.property_id as string, toPaymentPlan(row)]));
}

/** The business's cancellation policy, or null when it never chose one. */
export async function cancellationPolicyOf(
  db: Kysely<Database>,
  ownerId: string,
): Promise<CancellationPolicy | null> {
  const row = await db
    .selectFrom('cancellation_policies')
    .select(['free_until_days_before', 'fee_percent'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row
    ? { freeUntilDaysBefore: row.free_until_days_before, feePercent: Number(row.fee_percent) }
    : null;
}

/** The plan and policy in force for a listing: in one query, the listing's plan before the business's. */
async function termsInForce(db: Kysely<Database>, propertyId: string) {
  const row = await db
    .selectFrom('properties as p')
    .leftJoin('payment_plans as lp', 'lp.property_id', 'p.id')
    .leftJoin('payment_plans as bp', (join) =>
      join.onRef('bp.owner_id', '=', 'p.owner_id').on('bp.property_id', 'is', null),
    )
    .leftJoin('cancellation_policies as cp', 'cp.owner_id', 'p.owner_id')
    .leftJoin('owner_payment_accounts as pa', (join) =>
      join
        .onRef('pa.owner_id', '=', 'p.owner_id')
        .on('pa.method', '=', 'payfast')
        .on('pa.verified_at', 'is not', null),
    )
    .select([
      'p.instant_book',
      'lp.kind as lp_kind',
      'lp.deposit_type as lp_deposit_type',
      'lp.deposit_percent as lp_deposit_percent',
      'lp.deposit_amount_cents as lp_deposit_amount_cents',
      'lp.balance_days_before as lp_balance_days_before',
      'lp.security_deposit as lp_security_deposit',
      'bp.kind as bp_kind',
      'bp.deposit_type as bp_deposit_type',
      'bp.deposit_percent as bp_deposit_percent',
      'bp.deposit_amount_cents as bp_deposit_amount_cents',
      'bp.balance_days_before as bp_balance_days_before',
      'bp.security_deposit as bp_security_deposit',
      'cp.free_until_days_before',
      'cp.fee_percent',
      'pa.owner_id as payfast_owner',
    ])
    .where('p.id', '=', propertyId)
    .executeTakeFirst();
  if (!row) return null;
  const planFrom = (prefix: 'lp' | 'bp'): PaymentPlan | null => {
    const kind = row[`${prefix}_kind`];
    if (!kind) return null;
    return toPaymentPlan({
      kind,
      deposit_type: row[`${prefix}_deposit_type`] as PlanRow['deposit_type'],
      deposit_percent: row[`${prefix}_deposit_percent`] as string,
      deposit_amount_cents: row[`${prefix}_deposit_amount_cents`] as number,
      balance_days_before: row[`${prefix}_balance_days_before`] as number,
      security_deposit: row[`${prefix}_security_deposit`] as PlanRow['security_deposit'],
      property_id: null,
    });
  };
  const plan = planFrom('lp') ?? planFrom('bp') ?? DEFAULT_PAYMENT_PLAN;
  const cancellation: CancellationPolicy =
    row.free_until_days_before !== null && row.fee_percent !== null
      ? { freeUntilDaysBefore: row.free_until_days_before, feePercent: Number(row.fee_percent) }
      : DEFAULT_CANCELLATION_POLICY;
  return { plan, cancellation, instantBook: row.instant_book, paysOnline: row.payfast_owner !== null };
}

/** How a client pays this listing, as the listing, the booking page and the confirmation show it. */
export async function listingPaymentTerms(
  db: Kysely<Database>,
  propertyId: string,
): Promise<ListingPaymentTerms | null> {
  const terms = await termsInForce(db, propertyId);
  if (!terms) return null;
  return {
    ...terms,
    planText: describePlan(terms.plan),
    cancellationText: describeCancellationPolicy(terms.cancellation),
  };
}

/**
 * Fixes a booking's terms when it is confirmed (in the caller's transaction): the plan and policy in
 * force today, on its total and start date. A booking keeps the terms it was first confirmed with;
 * a later change of plan never alters them (a second call does nothing).
 */
export async function fixPaymentTerms(
  trx: Kysely<Database>,
  reservationId: string,
  today: string,
): Promise<void> {
  const booking = await trx
    .selectFrom('reservations')
    .select(['property_id', 'total_price_cents', 'start_date', 'status', 'payment_terms'])
    .where('id', '=', reservationId)
    .executeTakeFirst();
  if (booking?.status !== 'confirmed' || booking.payment_terms !== null) return;
  const inForce = await termsInForce(trx, booking.property_id);
  if (!inForce) return;
  const terms = paymentTerms(inForce.plan, inForce.cancellation, {
    totalCents: booking.total_price_cents,
    startDate: booking.start_date,
    confirmedOn: today,
  });
  await trx
    .updateTable('reservations')
    .set({
      payment_terms: JSON.stringify(terms),
      deposit_due_cents: terms.depositDueCents,
      balance_due_on: terms.balanceDueOn,
    })
    .where('id', '=', reservationId)
    .execute();
}
