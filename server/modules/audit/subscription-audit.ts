import type { Kysely } from 'kysely';
import type { Database, Subscription } from '../../db/types.ts';
import { diffFields, hasChanges, recordAudit } from './audit.ts';

/** What a subscription's history shows (docs/decisions/051): plan, model, status, cancellation, period. */
const SUBSCRIPTION_FIELDS = [
  'plan_id',
  'payment_method',
  'status',
  'cancel_at_period_end',
  'current_period_end',
  'past_due_since',
  'payment_processor',
] as const;

/**
 * Compares the subscription as it was when the transaction locked it with the row now and writes the
 * difference, if any. `actor` null: the system (the renewal job, a PayFast ITN, a Stripe webhook).
 */
export async function auditSubscription(
  trx: Kysely<Database>,
  actor: { id: string; role?: 'owner' | 'admin' | null } | null,
  before: Subscription,
  source: string,
): Promise<void> {
  const after = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', before.id)
    .executeTakeFirst();
  if (!after) return;
  const changes = diffFields<Subscription>(before, after, SUBSCRIPTION_FIELDS);
  if (!hasChanges(changes)) return;
  const action =
    'plan_id' in changes
      ? 'plan_changed'
      : changes.cancel_at_period_end?.after === true || changes.status?.after === 'cancelled'
        ? 'cancelled'
        : 'status_changed' in changes || 'status' in changes
          ? 'status_changed'
          : 'updated';
  await recordAudit(trx, {
    actor,
    ownerId: before.owner_id,
    entityType: 'subscription',
    entityId: before.id,
    action,
    changes,
    summary: `Subscription ${action.replace('_', ' ')} (${source})`,
  });
}
