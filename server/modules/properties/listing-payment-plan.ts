import type { Kysely } from 'kysely';
import { describePlan, type PaymentPlan } from '../../../domain/payment-plan.ts';
import type { Database, Property, User } from '../../db/types.ts';
import { recordAudit } from '../audit/audit.ts';
import { listingPlanOf, toPlanRow } from '../online-payments/payment-terms.ts';

const BUSINESS_PLAN = 'The business’s plan';

/**
 * Gives a listing its own payment plan, or (null) hands it back to the business's by deleting its row
 * (decision 059). An edit of the plan is audited on the listing; on create the listing's own entry says it.
 */
export async function setListingPlan(
  trx: Kysely<Database>,
  property: Pick<Property, 'id' | 'owner_id' | 'title'>,
  plan: PaymentPlan | null,
  actor?: User,
): Promise<void> {
  const before = await listingPlanOf(trx, property.id);
  if (plan === null) await trx.deleteFrom('payment_plans').where('property_id', '=', property.id).execute();
  else if (before)
    await trx
      .updateTable('payment_plans')
      .set({ ...toPlanRow(plan), updated_at: new Date() })
      .where('property_id', '=', property.id)
      .execute();
  else
    await trx
      .insertInto('payment_plans')
      .values({ ...toPlanRow(plan), owner_id: property.owner_id, property_id: property.id })
      .execute();
  const from = before ? describePlan(before) : BUSINESS_PLAN;
  const to = plan ? describePlan(plan) : BUSINESS_PLAN;
  if (!actor || from === to) return;
  await recordAudit(trx, {
    actor,
    ownerId: property.owner_id,
    entityType: 'property',
    entityId: property.id,
    action: 'updated',
    changes: { payment_plan: { before: from, after: to } },
    summary: `Listing "${property.title}" payment plan changed`,
  });
}
