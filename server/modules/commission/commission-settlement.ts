import type { Transaction } from 'kysely';
import { monthlyCostCents } from '../../../domain/subscriptions.ts';
import type { Database, Payment, Subscription } from '../../db/types.ts';
import { activeAddOnIds } from '../subscriptions/subscription.repository.ts';
import { oldestOverdueStatement } from './commission-statements.ts';

/**
 * A verified COMPLETE for a commission payment (called by payment-settlement with the payment and the
 * subscription locked): the statement is paid; an account that was Payment Due or Inactive only for
 * unpaid commission (a free plan, no other statement overdue) is active again. Returns the reason to
 * record when the statement had been paid already (a second checkout paid too: refunded by hand).
 */
export async function settleCommissionPayment(
  trx: Transaction<Database>,
  payment: Payment,
  subscription: Subscription,
  now: Date,
): Promise<string | null> {
  const statement = await trx
    .selectFrom('commission_statements')
    .select(['id', 'status'])
    .where('id', '=', payment.commission_statement_id as string)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (statement.status === 'paid') return 'commission statement already paid';
  await trx
    .updateTable('commission_statements')
    .set({ status: 'paid', paid_at: now, payment_id: payment.id })
    .where('id', '=', statement.id)
    .execute();
  const lapsed = subscription.status === 'past_due' || subscription.status === 'inactive';
  if (!lapsed || (await oldestOverdueStatement(trx, payment.owner_id, now))) return null;
  if (monthlyCostCents(subscription.plan_id, await activeAddOnIds(trx, subscription.id)) > 0) return null;
  await trx
    .updateTable('subscriptions')
    .set({ status: 'active', past_due_since: null, updated_at: now })
    .where('id', '=', subscription.id)
    .execute();
  return null;
}
