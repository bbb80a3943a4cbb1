import { type Expression, type Kysely, sql } from 'kysely';
import { readNotificationSettings, shouldNotifyInApp } from '../../../domain/notifications.ts';
import {
  IN_APP_NOTIFICATIONS_PAGE_SIZE,
  type InAppNotification,
  type InAppNotificationKind,
  type InAppNotificationList,
  IN_APP_NOTIFICATION_MESSAGES as M,
  type UnreadCount,
} from '../../../domain/schemas/in-app-notifications.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/errors.ts';
import { requireRole, type SessionUser } from '../../http/session.ts';

type Db = Kysely<Database>;

/** Retention (docs/decisions/042): a user keeps their newest 200 notifications, none older than 90 days. */
export const KEPT_PER_USER = 200;
export const KEPT_DAYS = 90;

export interface NewInAppNotification {
  kind: InAppNotificationKind;
  title: string;
  body: string;
  /** A same-site path to the thing the notification is about, or null. */
  link: string | null;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Puts a notification on each user's bell, in the caller's transaction (so it exists exactly when the
 * change that caused it does). Users whose in-app switch is off, inactive accounts and unknown ids get
 * nothing. The bells' retention is a sweep of its own (sweepBells). Returns the ids of the users
 * notified.
 */
export async function notifyUsers(
  trx: Db,
  userIds: readonly (string | null | undefined)[],
  notification: NewInAppNotification,
): Promise<string[]> {
  const wanted = [...new Set(userIds.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return [];
  const recipients = wantingInApp(await activeAccounts(trx, wanted));
  if (recipients.length === 0) return [];
  await notificationInsert(trx, recipients, notification).execute();
  return recipients;
}

/** The active accounts among some user ids (at least one), with their notification switches. */
export function activeAccounts(trx: Db, userIds: readonly string[]) {
  return trx
    .selectFrom('users')
    .select(['id', 'settings'])
    .where('id', 'in', userIds)
    .where('is_active', '=', true)
    .execute();
}

/** The ids of the accounts whose in-app switch is on (the caller has kept only active accounts). */
export function wantingInApp(accounts: readonly { id: string; settings: { notifications?: unknown } }[]) {
  return accounts
    .filter((account) => shouldNotifyInApp(readNotificationSettings(account.settings.notifications)))
    .map((account) => account.id);
}

/** The notification's rows for some recipients (at least one), not yet written. */
export function notificationInsert(
  trx: Db,
  recipients: readonly string[],
  notification: NewInAppNotification,
) {
  return trx.insertInto('in_app_notifications').values(
    recipients.map((userId) => ({
      user_id: userId,
      kind: notification.kind,
      title: clip(notification.title, 200),
      body: clip(notification.body, 1000),
      link: notification.link,
    })),
  );
}

/** How many notifications one statement of a sweep deletes at most. */
export const SWEEP_BATCH = 5_000;

/**
 * The bells' retention (docs/decisions/042, 084): each user notified in the last `lookbackSeconds`
 * loses their notifications past the newest 200, and everyone loses those older than 90 days. A
 * notice's own write deletes nothing: a business taking many bookings would otherwise trim its bell
 * on every one (decision 082).
 *
 * The users notified since are found by time (index on created_at), and each one's rows past the
 * kept ones by walking their bell's index from the newest; the rows are locked and deleted by key, at
 * most SWEEP_BATCH a statement until none are left. Rows another sweep is deleting are skipped, not
 * waited for (every server process sweeps, docs/decisions/079). Resolves with the count deleted.
 */
export async function sweepBells(db: Db, lookbackSeconds: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM in_app_notifications
      WHERE id = ANY (ARRAY(
        SELECT id FROM in_app_notifications
        WHERE id = ANY (ARRAY(
          (SELECT past.id
            FROM (SELECT DISTINCT user_id FROM in_app_notifications
                  WHERE created_at >= now() - make_interval(secs => ${lookbackSeconds})) AS recipient
            CROSS JOIN LATERAL (
              SELECT id FROM in_app_notifications
              WHERE user_id = recipient.user_id
              ORDER BY created_at DESC, id DESC
              OFFSET ${KEPT_PER_USER}
            ) past)
          UNION ALL
          (SELECT id FROM in_app_notifications
            WHERE created_at < now() - make_interval(days => ${KEPT_DAYS}))
          LIMIT ${SWEEP_BATCH}
        ))
        FOR UPDATE SKIP LOCKED
      ))`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < SWEEP_BATCH) return deleted;
  }
}

/** One user's notification (the hook other modules use, e.g. a support reply); see notifyUsers. */
export async function notifyUser(
  trx: Db,
  notification: NewInAppNotification & { userId: string },
): Promise<boolean> {
  const { userId, ...rest } = notification;
  return (await notifyUsers(trx, [userId], rest)).length > 0;
}

/** The owner and their active staff holding the reservations permission (spec §6). */
export async function reservationManagersOf(trx: Db, ownerId: string): Promise<string[]> {
  const staff = await staffManagingReservations(trx, ownerId).select('id').execute();
  return [ownerId, ...staff.map((member) => member.id)];
}

/** The owner's active staff holding the reservations permission, as a query to select from. */
export function staffManagingReservations(db: Db, ownerId: string | Expression<string>) {
  return db
    .selectFrom('users')
    .where('parent_owner_id', '=', ownerId)
    .where('role', 'in', ['backoffice', 'frontoffice'])
    .where('is_active', '=', true)
    .where(sql<boolean>`(permissions->>'canManageReservations')::boolean IS TRUE`);
}

async function unreadOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('in_app_notifications')
    .select((eb) => eb.fn.countAll<string>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

export async function unreadCount(db: Db, user: SessionUser | null): Promise<UnreadCount> {
  return { unread: await unreadOf(db, requireRole(user).id) };
}

/** The signed-in user's own notifications, newest first, a page at a time. */
export async function listNotifications(
  db: Db,
  user: SessionUser | null,
  page: number,
): Promise<InAppNotificationList> {
  const me = requireRole(user);
  const rows = await db
    .selectFrom('in_app_notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', me.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(IN_APP_NOTIFICATIONS_PAGE_SIZE + 1)
    .offset((page - 1) * IN_APP_NOTIFICATIONS_PAGE_SIZE)
    .execute();
  const items: InAppNotification[] = rows.slice(0, IN_APP_NOTIFICATIONS_PAGE_SIZE).map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.read_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  }));
  return {
    items,
    page,
    page_size: IN_APP_NOTIFICATIONS_PAGE_SIZE,
    has_more: rows.length > IN_APP_NOTIFICATIONS_PAGE_SIZE,
    unread: await unreadOf(db, me.id),
  };
}

/** Marks one of the user's own notifications read; anyone else's is not found. */
export async function markRead(db: Db, user: SessionUser | null, id: string): Promise<UnreadCount> {
  const me = requireRole(user);
  const marked = await db
    .updateTable('in_app_notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', me.id)
    .returning('id')
    .executeTakeFirst();
  if (!marked) throw notFound(M.notFound);
  return { unread: await unreadOf(db, me.id) };
}

export async function markAllRead(db: Db, user: SessionUser | null): Promise<UnreadCount> {
  const me = requireRole(user);
  await db
    .updateTable('in_app_notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', me.id)
    .where('read_at', 'is', null)
    .execute();
  return { unread: 0 };
}
