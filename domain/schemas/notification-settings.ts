import { z } from 'zod';

/** A user's notification switches (spec booking-core §2, the profile's Settings). */

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Notification settings saved',
  saveFailed: 'Failed to save notification settings',
  loadFailed: 'Failed to load your notification settings',
} as const;

const onOff = (label: string) => z.boolean({ error: `${label} must be on or off` });

export const NotificationSettingsSchema = z.object({
  email: onOff('Email notifications'),
  sms: onOff('SMS notifications'),
  app: onOff('In-app notifications'),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** GET and PUT /api/me/notification-settings: the switches, and whether texts can be sent at all. */
export const NotificationSettingsViewSchema = NotificationSettingsSchema.extend({
  sms_available: z.boolean(),
});
export type NotificationSettingsView = z.infer<typeof NotificationSettingsViewSchema>;
