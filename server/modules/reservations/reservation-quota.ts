import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { BOOKING_QUOTA_MESSAGES, MAX_OPEN_REQUESTS_PER_LISTING } from '../../../domain/booking-quota.ts';
import { canPerformAction, PLANS } from '../../../domain/plans.ts';
import { isListedStatus } from '../../../domain/subscription-lifecycle.ts';
import type { Database, Subscription } from '../../db/types.ts';
import { AppError, conflict, forbidden } from '../../http/errors.ts';
import { findSubscription, measureUsage } from '../subscriptions/subscription.repository.ts';
import { NO_ACTIVE_SUBSCRIPTION } from '../subscriptions/subscription.service.ts';

/** What a new, accepted or restored booking must fit: the owner's plan and month, the client's open requests. */

/**
 * The owner's subscription when the caller read it already in this transaction (null: none); the
 * checks below read it themselves when it is not given.
 */
export type KnownSubscription = Pick<Subscription, 'id' | 'plan_id' | 'status'> | null;

/** Why the owner's plan refused a client's request: it has lapsed, or this month's bookings are used up. */
export type PlanRefusalReason = 'lapsed' | 'monthlyLimit';

/**
 * A client's request refused by the owner's plan: the client reads that the listing is not taking
 * bookings (never the owner's upgrade text), and the owner is emailed (plan-refusal-notice.ts).
 */
export class PlanRefusal extends AppError {
  constructor(readonly reason: PlanRefusalReason) {
    super(409, BOOKING_QUOTA_MESSAGES.notTakingBookings, 'CONFLICT');
  }
}

/**
 * The business adds bookings on an active plan. A client books what search shows: a listing whose
 * owner's subscription is active or Payment Due (grace), not inactive, cancelled or missing (issue 13).
 */
export async function assertTakingBookings(
  trx: Kysely<Database>,
  ownerId: string,
  actsForBusiness: boolean,
  known?: KnownSubscription,
) {
  const subscription = known === undefined ? await findSubscription(trx, ownerId) : known;
  if (!subscription || !isListedStatus(subscription.status))
    throw actsForBusiness ? forbidden(NO_ACTIVE_SUBSCRIPTION) : new PlanRefusal('lapsed');
  if (actsForBusiness && subscription.status !== 'active') throw forbidden(NO_ACTIVE_SUBSCRIPTION);
  return subscription;
}

/**
 * The business takes a booking on (makes it, accepts a client's request, restores a cancelled one):
 * it takes one of the month's places (docs/decisions/022). Counting this month's bookings and writing
 * the booking happen under a lock on the owner's plan when it is capped.
 */
export async function lockMonthlyPlace(trx: Kysely<Database>, ownerId: string, known?: KnownSubscription) {
  const subscription = await assertTakingBookings(trx, ownerId, true, known);
  if (PLANS[subscription.plan_id].limits.maxBookingsPerMonth === -1) return;
  await trx.selectFrom('subscriptions').select('id').where('id', '=', subscription.id).forUpdate().execute();
  const check = canPerformAction(subscription.plan_id, await measureUsage(trx, ownerId), 'add_booking');
  if (!check.allowed) throw forbidden(check.reason ?? NO_ACTIVE_SUBSCRIPTION);
}

/**
 * A client's request: the listing must be taking bookings, and the owner's month must have a place
 * left (docs/decisions/033). A request the owner could not accept this month is refused at once
 * rather than left waiting; it still takes no place of its own until accepted (decision 022), so
 * clients cannot fill the month. Read without the plan's lock: a request is no booking yet.
 */
export async function assertTakingRequests(
  trx: Kysely<Database>,
  ownerId: string,
  known?: KnownSubscription,
) {
  const subscription = await assertTakingBookings(trx, ownerId, false, known);
  // An uncapped plan has a place whatever the month's count.
  if (PLANS[subscription.plan_id].limits.maxBookingsPerMonth === -1) return;
  if (!canPerformAction(subscription.plan_id, await measureUsage(trx, ownerId), 'add_booking').allowed)
    throw new PlanRefusal('monthlyLimit');
}

/**
 * A client's request takes no place in the owner's month until accepted; instead a client may have
 * only MAX_OPEN_REQUESTS_PER_LISTING requests waiting per listing. This is the condition the request's
 * insert carries (insertRowIf in server/db/insert-with.ts), so the count costs no round trip of its own: the statement
 * inserts nothing past the limit. The booking's first statement holds the client record's row (its
 * upsert locks it), and the insert's snapshot is taken after that, so it sees every request of the
 * client's that committed meanwhile: the client's concurrent requests count one after another.
 */
export function roomForRequest(clientId: string, propertyId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(
    SELECT count(*) FROM reservations
    WHERE client_id = ${clientId} AND property_id = ${propertyId} AND status = 'pending' AND counted_at IS NULL
  ) < ${sql.lit(MAX_OPEN_REQUESTS_PER_LISTING)}`;
}

/** The refusal of a request past the client's open requests for the listing. */
export const tooManyOpenRequests = () => conflict(BOOKING_QUOTA_MESSAGES.tooManyRequests);

/**
 * A client's booking of an instant-book listing (decision 059): confirmed at once, it takes one of the
 * month's places under the plan's lock, as the owner accepting it would. A full month refuses it the way
 * a request is refused (PlanRefusal). While the owner's plan is in its grace period the business could not
 * accept a request either, so the booking is a request for the owner to confirm: returns false then.
 */
export async function lockPlaceForInstantBooking(
  trx: Kysely<Database>,
  ownerId: string,
  known?: KnownSubscription,
): Promise<boolean> {
  const subscription = await assertTakingBookings(trx, ownerId, false, known);
  if (subscription.status !== 'active') {
    await assertTakingRequests(trx, ownerId, subscription);
    return false;
  }
  if (PLANS[subscription.plan_id].limits.maxBookingsPerMonth === -1) return true;
  await trx.selectFrom('subscriptions').select('id').where('id', '=', subscription.id).forUpdate().execute();
  if (!canPerformAction(subscription.plan_id, await measureUsage(trx, ownerId), 'add_booking').allowed)
    throw new PlanRefusal('monthlyLimit');
  return true;
}
