import { type Kysely, sql } from 'kysely';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import type { Database } from '../../db/types.ts';
import { enqueueMails } from '../../platform/mail/outbox.ts';
import { renderActionMail } from '../../platform/mail/templates.ts';
import type { OutgoingMail } from '../../platform/mail/transports.ts';
import { keepWantedMail } from '../notification-settings/notification-settings.service.ts';
import type { PlanRefusalReason } from './reservation-quota.ts';

const WHY: Record<PlanRefusalReason, { cause: string; remedy: string }> = {
  monthlyLimit: {
    cause: "this month's bookings on your plan are used up",
    remedy: 'Upgrade for unlimited bookings and clients can book your listings again at once.',
  },
  lapsed: {
    cause: 'your subscription is not active',
    remedy: 'Renew your subscription to take bookings again.',
  },
};

/** The owner's email: which listing lost a request, why, and what to do about it. */
export function planRefusalMail(
  owner: { name: string; email: string },
  facts: { propertyTitle: string; reason: PlanRefusalReason; publicUrl: string },
): OutgoingMail {
  const why = WHY[facts.reason];
  return renderActionMail({
    to: owner.email,
    subject: `A booking request for ${facts.propertyTitle} was refused by your plan`,
    greetingName: owner.name,
    paragraphs: [
      `A client tried to book ${facts.propertyTitle}, but ${why.cause}, so we told them the listing is not taking bookings right now.`,
      why.remedy,
    ],
    action: { label: 'Open subscription', url: `${facts.publicUrl}/subscription` },
    footnote: 'We send this at most once a day, however many requests are refused.',
  });
}

/**
 * Tells the owner that their plan refused a client's request: at most one email per owner per
 * Johannesburg day (docs/decisions/033). The day's row is written with the email in one
 * transaction, so simultaneous refusals send one; later ones that day only count. Runs after the
 * refused booking's transaction has rolled back.
 */
export async function noticePlanRefusal(
  db: Kysely<Database>,
  deps: { publicUrl: string },
  refusal: { ownerId: string; propertyTitle: string; reason: PlanRefusalReason },
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('plan_refusal_notices')
      .values({ owner_id: refusal.ownerId, day: todayInBusinessZone(now) })
      .onConflict((oc) =>
        oc.columns(['owner_id', 'day']).doUpdateSet({ refusals: sql`plan_refusal_notices.refusals + 1` }),
      )
      .returning('refusals')
      .executeTakeFirstOrThrow();
    if (row.refusals > 1) return;
    const owner = await trx
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', refusal.ownerId)
      .executeTakeFirstOrThrow();
    const mail = planRefusalMail(owner, { ...refusal, publicUrl: deps.publicUrl });
    await enqueueMails(trx, await keepWantedMail(trx, 'booking', [mail]));
  });
}
