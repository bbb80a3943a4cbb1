import { z } from 'zod';

/** In-app notifications: what the header's bell lists (docs/decisions/042). */

export const IN_APP_NOTIFICATION_KINDS = [
  'booking_request',
  'booking_confirmed',
  'booking_cancelled',
  'booking_withdrawn',
  'payment_recorded',
  'support_reply',
  'balance_overdue',
] as const;
export type InAppNotificationKind = (typeof IN_APP_NOTIFICATION_KINDS)[number];

/** The newest notifications a page of the list holds; the bell shows the first page. */
export const IN_APP_NOTIFICATIONS_PAGE_SIZE = 20;

export const IN_APP_NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  badPage: 'Page must be a whole number from 1',
  loadFailed: 'Failed to load your notifications',
  markFailed: 'Failed to mark the notifications as read',
  allRead: 'All notifications marked as read',
} as const;

export const InAppNotificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(IN_APP_NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A same-site path ("/reservation-management?reservation=…"), or null when there is nothing to open. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.iso.datetime(),
});
export type InAppNotification = z.infer<typeof InAppNotificationSchema>;

export const InAppNotificationListQuerySchema = z.object({
  page: z.coerce
    .number({ error: IN_APP_NOTIFICATION_MESSAGES.badPage })
    .int(IN_APP_NOTIFICATION_MESSAGES.badPage)
    .min(1, IN_APP_NOTIFICATION_MESSAGES.badPage)
    .max(1000, IN_APP_NOTIFICATION_MESSAGES.badPage)
    .default(1),
});

export const InAppNotificationListSchema = z.object({
  items: z.array(InAppNotificationSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Whether a further page exists. */
  has_more: z.boolean(),
  unread: z.number().int(),
});
export type InAppNotificationList = z.infer<typeof InAppNotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const InAppNotificationParamsSchema = z.object({ id: z.uuid(IN_APP_NOTIFICATION_MESSAGES.notFound) });

/** "Notifications, 3 unread": the bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
}

/** The count on the bell's badge: 99+ past 99. */
export function badgeCount(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
