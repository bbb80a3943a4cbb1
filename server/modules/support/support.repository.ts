import { type Kysely, sql } from 'kysely';
import { SUPPORT_PRIORITY } from '../../../domain/entitlements.ts';
import { PLAN_IDS, type PlanId } from '../../../domain/plans.ts';
import { type SupportState, supportPriority } from '../../../domain/support.ts';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

/**
 * The plan a sender is served by, in SQL (domain/support.ts supportPlanOf): an owner's own, a staff
 * member's owner's, Starter for a business without a subscription row; null for clients and admins.
 */
const SENDER_PLAN = sql<PlanId | null>`CASE WHEN u.role IN ('owner', 'backoffice', 'frontoffice') THEN coalesce(s.plan_id, 'starter') END`;

/** SUPPORT_PRIORITY as a SQL CASE over the sender's plan, so the database pages in the inbox's order. */
const SENDER_PRIORITY = sql<number>`CASE ${SENDER_PLAN} ${sql.join(
  PLAN_IDS.map((plan) => sql`WHEN ${sql.lit(plan)} THEN ${sql.lit(SUPPORT_PRIORITY[plan])}`),
  sql` `,
)} ELSE ${sql.lit(supportPriority(null))} END`;

/** Requests with their sender and the sender's business subscription (one statement). */
const withSender = (db: Executor) =>
  db
    .selectFrom('support_requests as r')
    .innerJoin('users as u', 'u.id', 'r.sender_id')
    .leftJoin('subscriptions as s', (join) =>
      join.on(
        's.owner_id',
        '=',
        sql<string>`CASE WHEN u.role = 'owner' THEN u.id WHEN u.role IN ('backoffice', 'frontoffice') THEN u.parent_owner_id END`,
      ),
    );

const summaryColumns = [
  'r.id',
  'r.subject',
  'r.state',
  'r.booking_reference',
  'r.created_at',
  'r.last_message_at',
] as const;

/** A booking of the user's by its reference: theirs as a guest, or their business's (owner or staff). */
export function findOwnBooking(
  db: Executor,
  reference: string,
  who: { userId: string; businessOwnerId: string | null },
) {
  return db
    .selectFrom('reservations as res')
    .leftJoin('clients as c', 'c.id', 'res.client_id')
    .select('res.id')
    .where('res.reference', '=', reference)
    .where((eb) =>
      eb.or([
        eb('c.user_id', '=', who.userId),
        ...(who.businessOwnerId ? [eb('res.owner_id', '=', who.businessOwnerId)] : []),
      ]),
    )
    .executeTakeFirst();
}

/** Holds the sender's row until the transaction ends, so two requests at once cannot both pass the bound. */
export async function lockSender(db: Executor, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export function countNotClosed(db: Executor, senderId: string): Promise<number> {
  return db
    .selectFrom('support_requests')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('sender_id', '=', senderId)
    .where('state', '!=', 'closed')
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
}

export function insertRequest(
  db: Executor,
  values: { senderId: string; subject: string; reservationId: string | null; reference: string | null },
) {
  return db
    .insertInto('support_requests')
    .values({
      sender_id: values.senderId,
      subject: values.subject,
      reservation_id: values.reservationId,
      booking_reference: values.reference,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertMessage(
  db: Executor,
  values: { requestId: string; authorId: string; fromAdmin: boolean; body: string },
): Promise<void> {
  await db
    .insertInto('support_messages')
    .values({
      request_id: values.requestId,
      author_id: values.authorId,
      from_admin: values.fromAdmin,
      body: values.body,
    })
    .execute();
}

export function countMessages(db: Executor, requestId: string): Promise<number> {
  return db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
}

/** A new state; a message written now also moves the thread's last activity. */
export async function setState(
  db: Executor,
  id: string,
  state: SupportState,
  options: { messageWritten: boolean },
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('support_requests')
    .set({ state, updated_at: now, ...(options.messageWritten ? { last_message_at: now } : {}) })
    .where('id', '=', id)
    .execute();
}

/** The sender's requests, the latest activity first. */
export function listRequestsOf(db: Executor, senderId: string) {
  return db
    .selectFrom('support_requests as r')
    .select((eb) => [
      ...summaryColumns,
      eb
        .selectFrom('support_messages as m')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('m.request_id', '=', 'r.id')
        .as('message_count'),
    ])
    .where('r.sender_id', '=', senderId)
    .orderBy('r.last_message_at', 'desc')
    .orderBy('r.id')
    .execute();
}

const senderColumns = [
  'u.id as sender_id',
  'u.first_name as sender_first_name',
  'u.last_name as sender_last_name',
  'u.email as sender_email',
  'u.role as sender_role',
] as const;

/** One request with its sender and their plan; for the row lock when `forUpdate`. */
export function findRequest(db: Executor, id: string) {
  return withSender(db)
    .select((eb) => [
      ...summaryColumns,
      ...senderColumns,
      SENDER_PLAN.as('sender_plan'),
      eb
        .selectFrom('support_messages as m')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('m.request_id', '=', 'r.id')
        .as('message_count'),
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** Locks one request's row for a change of its thread or state. */
export async function lockRequest(db: Executor, id: string): Promise<{ sender_id: string } | undefined> {
  return db
    .selectFrom('support_requests')
    .select('sender_id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function listMessages(db: Executor, requestId: string) {
  return db
    .selectFrom('support_messages as m')
    .leftJoin('users as a', 'a.id', 'm.author_id')
    .select(['m.id', 'm.body', 'm.from_admin', 'm.created_at', 'a.first_name', 'a.last_name'])
    .where('m.request_id', '=', requestId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
}

const inbox = (db: Executor, state: SupportState | undefined) => {
  const query = withSender(db);
  return state ? query.where('r.state', '=', state) : query;
};

export function countInbox(db: Executor, state: SupportState | undefined): Promise<number> {
  return inbox(db, state)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
}

/** The inbox: Business senders first, then Pro, then the rest (SUPPORT_PRIORITY); each oldest first. */
export function listInbox(db: Executor, state: SupportState | undefined, offset: number, limit: number) {
  return inbox(db, state)
    .select((eb) => [
      ...summaryColumns,
      ...senderColumns,
      SENDER_PLAN.as('sender_plan'),
      eb
        .selectFrom('support_messages as m')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('m.request_id', '=', 'r.id')
        .as('message_count'),
    ])
    .orderBy(SENDER_PRIORITY)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .offset(offset)
    .limit(limit)
    .execute();
}
