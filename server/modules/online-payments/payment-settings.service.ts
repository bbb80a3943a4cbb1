import type { Kysely } from 'kysely';
import { businessIdOf, canManagePropertiesOf } from '../../../domain/access.ts';
import {
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_PLAN,
  describeCancellationPolicy,
  describePlan,
} from '../../../domain/payment-plan.ts';
import type { PaymentSettings } from '../../../domain/schemas/online-payments.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { businessPlanOf, cancellationPolicyOf, toPlanRow } from './payment-terms.ts';

export const PAYMENT_SETTINGS_MESSAGES = {
  notAllowed: 'Only the business owner, or staff who manage its listings, can change how bookings are paid',
} as const;

/** The business whose payment settings a user manages: its owner, or staff with the listings permission. */
function requireSettingsManager(user: User | null): string {
  if (!user) throw unauthorized();
  const ownerId = businessIdOf(user);
  if (!ownerId || !canManagePropertiesOf(user, ownerId))
    throw forbidden(PAYMENT_SETTINGS_MESSAGES.notAllowed);
  return ownerId;
}

async function settingsOf(db: Kysely<Database>, ownerId: string): Promise<PaymentSettings> {
  const [plan, cancellation] = await Promise.all([
    businessPlanOf(db, ownerId),
    cancellationPolicyOf(db, ownerId),
  ]);
  return { plan: plan ?? DEFAULT_PAYMENT_PLAN, cancellation: cancellation ?? DEFAULT_CANCELLATION_POLICY };
}

/** The business's payment plan and cancellation policy (the defaults until it chooses). */
export function getPaymentSettings(db: Kysely<Database>, user: User | null): Promise<PaymentSettings> {
  return settingsOf(db, requireSettingsManager(user));
}

/**
 * Saves the business's plan and policy. Bookings already confirmed keep the terms they were
 * confirmed with (reservations.payment_terms); the new ones apply to confirmations from now on.
 */
export async function savePaymentSettings(
  db: Kysely<Database>,
  user: User | null,
  input: PaymentSettings,
): Promise<PaymentSettings> {
  const ownerId = requireSettingsManager(user);
  await db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx, ownerId);
    const planRow = toPlanRow(input.plan);
    const existing = await trx
      .selectFrom('payment_plans')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('property_id', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (existing)
      await trx
        .updateTable('payment_plans')
        .set({ ...planRow, updated_at: new Date() })
        .where('id', '=', existing.id)
        .execute();
    else
      await trx
        .insertInto('payment_plans')
        .values({ ...planRow, owner_id: ownerId, property_id: null })
        .execute();
    const policy = {
      free_until_days_before: input.cancellation.freeUntilDaysBefore,
      fee_percent: String(input.cancellation.feePercent),
    };
    await trx
      .insertInto('cancellation_policies')
      .values({ ...policy, owner_id: ownerId })
      .onConflict((oc) => oc.column('owner_id').doUpdateSet({ ...policy, updated_at: new Date() }))
      .execute();
    await recordAudit(trx, {
      actor: user,
      ownerId,
      entityType: 'payment_settings',
      entityId: ownerId,
      action: 'updated',
      changes: {
        plan: { before: describePlan(before.plan), after: describePlan(input.plan) },
        cancellation: {
          before: describeCancellationPolicy(before.cancellation),
          after: describeCancellationPolicy(input.cancellation),
        },
      },
      summary: 'Payment plan and cancellation policy saved',
    });
  });
  return settingsOf(db, ownerId);
}
