import type { Kysely } from 'kysely';
import {
  isEssentialMail,
  type MailKind,
  readNotificationSettings,
  shouldSendMail,
} from '../../../domain/notifications.ts';
import type {
  NotificationSettings,
  NotificationSettingsView,
} from '../../../domain/schemas/notification-settings.ts';
import type { Database, UserSettings } from '../../db/types.ts';
import { requireRole, type SessionUser } from '../../http/session.ts';
import type { OutgoingMail } from '../../platform/mail/transports.ts';
import { findSettingsByEmail, saveNotificationSettings } from './notification-settings.repository.ts';

/**
 * Rentza has no SMS provider (nothing in server/config.ts sends a text), so the SMS switch is only a
 * stored preference and the screen says texts are not available.
 */
const SMS_AVAILABLE = false;

const toView = (settings: UserSettings): NotificationSettingsView => ({
  ...readNotificationSettings(settings.notifications),
  sms_available: SMS_AVAILABLE,
});

/** Any signed-in user's own switches. */
export function getNotificationSettings(user: SessionUser | null): NotificationSettingsView {
  return toView(requireRole(user).settings);
}

export async function updateNotificationSettings(
  db: Kysely<Database>,
  user: SessionUser | null,
  settings: NotificationSettings,
): Promise<NotificationSettingsView> {
  const signedIn = requireRole(user);
  return toView(await saveNotificationSettings(db, signedIn.id, settings));
}

/**
 * The one place mail is held back: drops the emails of a kind whose recipient's account has
 * switched email notifications off. Essential mail and mail to an address without an account go.
 */
export async function keepWantedMail(
  db: Kysely<Database>,
  kind: MailKind,
  mails: OutgoingMail[],
): Promise<OutgoingMail[]> {
  if (isEssentialMail(kind) || mails.length === 0) return mails;
  const accounts = await findSettingsByEmail(
    db,
    mails.map((mail) => mail.to),
  );
  const byEmail = new Map(
    accounts.map((account) => [account.email, readNotificationSettings(account.settings.notifications)]),
  );
  return mails.filter((mail) => shouldSendMail(kind, byEmail.get(mail.to.toLowerCase()) ?? null));
}
