import { type Kysely, sql } from 'kysely';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETED_FIRST_NAME,
  DELETED_LAST_NAME,
  DELETED_NAME,
  deletedEmail,
} from '../../../domain/account-deletion.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { monthlyCostCents } from '../../../domain/subscriptions.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { accountDeletedMail } from '../../platform/mail/templates.ts';
import { continuingAddOnIds } from '../subscriptions/subscription.repository.ts';
import { setUserActive } from './user.repository.ts';

/** The stored password hash must match: a session alone (a borrowed device) cannot delete an account. */
async function checkPassword(deps: AppDeps, userId: string, password: string): Promise<void> {
  const account = await deps.db
    .selectFrom('accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .executeTakeFirst();
  const context = await deps.auth.$context;
  const valid = account?.password
    ? await context.password.verify({ hash: account.password, password })
    : false;
  if (!valid) throw badRequest(ACCOUNT_DELETION_MESSAGES.wrongPassword);
}

/** Bookings still to come or under way, as the client (pending or confirmed, ending after today). */
async function hasUpcomingBookings(
  trx: Kysely<Database>,
  where: { clientUserId?: string; ownerId?: string },
) {
  let query = trx
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select('r.id')
    .where('r.status', 'in', ['pending', 'confirmed'])
    .where('r.end_date', '>', todayInBusinessZone());
  if (where.clientUserId) query = query.where('c.user_id', '=', where.clientUserId);
  if (where.ownerId) query = query.where('r.owner_id', '=', where.ownerId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** A paid plan (or add-ons) still renewing: the owner must cancel it on Subscription Management first. */
async function hasLiveSubscription(trx: Kysely<Database>, ownerId: string): Promise<boolean> {
  const subscription = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .forUpdate()
    .executeTakeFirst();
  if (!subscription || subscription.cancel_at_period_end) return false;
  if (!['active', 'trialing', 'past_due'].includes(subscription.status)) return false;
  return monthlyCostCents(subscription.plan_id, await continuingAddOnIds(trx, subscription.id)) > 0;
}

/** An owner leaves: listings out of search, staff signed out for good, invitations revoked, plan ended. */
async function closeBusiness(trx: Kysely<Database>, ownerId: string, now: Date): Promise<void> {
  await trx
    .updateTable('properties')
    .set({ is_active: false, archived_at: now, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('archived_at', 'is', null)
    .execute();
  await trx
    .deleteFrom('property_boosts')
    .where('property_id', 'in', trx.selectFrom('properties').select('id').where('owner_id', '=', ownerId))
    .execute();
  const staff = await trx.selectFrom('users').select('id').where('parent_owner_id', '=', ownerId).execute();
  for (const member of staff) await setUserActive(trx, member.id, false);
  await trx
    .updateTable('invitations')
    .set({ status: 'revoked' })
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'pending')
    .execute();
  await trx
    .updateTable('business_profiles')
    .set({ published: false, updated_at: now })
    .where('owner_id', '=', ownerId)
    .execute();
  await trx
    .updateTable('subscriptions')
    .set({ status: 'cancelled', cancel_at_period_end: false, gateway_token: null, updated_at: now })
    .where('owner_id', '=', ownerId)
    .execute();
}

/**
 * POPIA erasure (docs/decisions/054), in one transaction: the users row stays (money and tax history
 * refer to it) but is anonymised; sign-in (sessions, password) and the person's own messages go; the
 * client records businesses keep are anonymised so bookings stay for the owner; issued documents are
 * never touched (their snapshots and PDFs keep the names printed on them, five-year retention).
 */
export async function deleteAccount(deps: AppDeps, user: User, password: string): Promise<void> {
  await checkPassword(deps, user.id, password);
  const originalEmail = user.email;
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.role === 'owner') {
      if (await hasLiveSubscription(trx, user.id)) throw conflict(ACCOUNT_DELETION_MESSAGES.liveSubscription);
      if (await hasUpcomingBookings(trx, { ownerId: user.id }))
        throw conflict(ACCOUNT_DELETION_MESSAGES.businessUpcomingBookings);
    }
    if (await hasUpcomingBookings(trx, { clientUserId: user.id }))
      throw conflict(ACCOUNT_DELETION_MESSAGES.upcomingBookings);

    if (locked.role === 'owner') await closeBusiness(trx, user.id, now);

    // The businesses' records of them as a client: kept for the bookings, anonymised and unlinked.
    const clients = await trx.selectFrom('clients').select('id').where('user_id', '=', user.id).execute();
    for (const client of clients) {
      await trx
        .updateTable('clients')
        .set({
          first_name: DELETED_FIRST_NAME,
          last_name: DELETED_LAST_NAME,
          email: deletedEmail(client.id),
          phone: null,
          region: null,
          address: null,
          vat_number: null,
          notes: '',
          notes_updated_at: null,
          user_id: null,
          is_active: false,
          updated_at: now,
        })
        .where('id', '=', client.id)
        .execute();
    }

    await trx
      .updateTable('invitations')
      .set({
        email: deletedEmail(user.id),
        first_name: DELETED_FIRST_NAME,
        last_name: DELETED_LAST_NAME,
        phone: null,
      })
      .where((eb) => eb.or([eb('invited_user_id', '=', user.id), eb('email', '=', originalEmail)]))
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('accounts').where('user_id', '=', user.id).execute();
    await sql`DELETE FROM verifications WHERE value = ${user.id} OR identifier = ${originalEmail}`.execute(
      trx,
    );
    await trx.deleteFrom('in_app_notifications').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('support_requests').where('sender_id', '=', user.id).execute();
    await trx
      .deleteFrom('email_outbox')
      .where('to_address', '=', originalEmail)
      .where('status', '=', 'sent')
      .execute();
    await trx.deleteFrom('dev_mailbox').where('to_address', '=', originalEmail).execute();
    const { notifications: _, ...settings } = locked.settings;
    await trx
      .updateTable('users')
      .set({
        name: DELETED_NAME,
        first_name: DELETED_FIRST_NAME,
        last_name: DELETED_LAST_NAME,
        email: deletedEmail(user.id),
        email_verified: false,
        phone: null,
        image: null,
        settings,
        is_active: false,
        deleted_at: now,
        updated_at: now,
      })
      .where('id', '=', user.id)
      .execute();
    await enqueueMail(
      trx,
      accountDeletedMail(originalEmail, locked.first_name, `${deps.config.PUBLIC_URL}/privacy`),
    );
  });
  deps.pokeMail();
}
