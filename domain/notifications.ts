import type { NotificationSettings } from './schemas/notification-settings.ts';

/**
 * Spec booking-core §2 has email on, SMS on, in-app off. In-app is on by default since the header's
 * bell shows real notifications (docs/decisions/042): a bell that stays empty until a switch is found
 * is not what anyone expects. SMS stays a stored preference while no provider is configured.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = Object.freeze({
  email: true,
  sms: true,
  app: true,
});

/**
 * The switches as stored in users.settings.notifications. Accounts made before the switches existed
 * have none stored, so each missing (or malformed) switch reads as its default.
 */
export function readNotificationSettings(stored: unknown): NotificationSettings {
  const given = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const pick = (key: keyof NotificationSettings) => {
    const value = given[key];
    return typeof value === 'boolean' ? value : DEFAULT_NOTIFICATION_SETTINGS[key];
  };
  return { email: pick('email'), sms: pick('sms'), app: pick('app') };
}

/** The kinds of email the server sends. */
export const MAIL_KINDS = ['verification', 'password_reset', 'invitation', 'document', 'booking'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Essential mail is never held back: without it nobody could verify an address, reset a password or
 * take up an invitation, and a document is one an owner chose to send. Booking notifications (request,
 * confirmed, cancelled, cancelled by the client) are news the recipient may switch off.
 */
const ESSENTIAL: Record<MailKind, boolean> = {
  verification: true,
  password_reset: true,
  invitation: true,
  document: true,
  booking: false,
};

export function isEssentialMail(kind: MailKind): boolean {
  return ESSENTIAL[kind];
}

/**
 * Whether to email a recipient: essential mail always; other mail unless their account's email switch
 * is off. `account` is null for an address without an account (a client record only): it always gets mail.
 */
export function shouldSendMail(kind: MailKind, account: NotificationSettings | null): boolean {
  return isEssentialMail(kind) || account === null || account.email;
}

/** Whether a user's bell gets a notification: their in-app switch (absent: the default, on). */
export function shouldNotifyInApp(account: NotificationSettings): boolean {
  return account.app;
}

export const SMS_UNAVAILABLE_MESSAGE =
  'SMS notifications cannot be switched on: Rentza has no SMS provider configured yet';

/**
 * Switching SMS on is refused while no provider can send a text; keeping a stored "on" (the spec's
 * default) or switching it off is not.
 */
export function smsSwitchRefusal(
  current: NotificationSettings,
  next: NotificationSettings,
  smsAvailable: boolean,
): string | null {
  return !smsAvailable && next.sms && !current.sms ? SMS_UNAVAILABLE_MESSAGE : null;
}
