import type { Kysely } from 'kysely';
import {
  isEssentialMail,
  type MailKind,
  readNotificationSettings,
  shouldSendMail,
  smsSwitchRefusal,
} from '../../../domain/notifications.ts';
import type {
  NotificationSettings,
  NotificationSettingsView,
} from '../../../domain/schemas/notification-settings.ts';
import type { Database, UserSettings } from '../../db/types.ts';
import { badRequest } from '../../http/errors.ts';
import { requireRole, type SessionUser } from '../../http/session.ts';
import type { OutgoingMail } from '../../platform/mail/transports.ts';
import { findSettingsByEmail, saveNotificationSettings } from './notification-settings.repository.ts';

/** Whether texts can be sent (server/config.ts isSmsAvailable: no provider, so never yet). */
const toView = (settings: UserSettings, smsAvailable: boolean): NotificationSettingsView => ({
  ...readNotificationSettings(settings.notifications),
  sms_available: smsAvailable,
});

/** Any signed-in user's own switches. */
export function getNotificationSettings(
  user: SessionUser | null,
  smsAvailable: boolean,
): NotificationSettingsView {
  return toView(requireRole(user).settings, smsAvailable);
}

/** Saves the switches; switching SMS on while no provider can send a text is refused (400). */
export async function updateNotificationSettings(
  db: Kysely<Database>,
  user: SessionUser | null,
  settings: NotificationSettings,
  smsAvailable: boolean,
): Promise<NotificationSettingsView> {
  const signedIn = requireRole(user);
  const refusal = smsSwitchRefusal(
    readNotificationSettings(signedIn.settings.notifications),
    settings,
    smsAvailable,
  );
  if (refusal) throw badRequest(refusal);
  return toView(await saveNotificationSettings(db, signedIn.id, settings), smsAvailable);
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
  return wantedMailOf(kind, mails, accounts);
}

/**
 * keepWantedMail with the accounts already read: `accounts` must hold every account registered with
 * one of the mails' addresses (lower case), as findSettingsByEmail gives them.
 */
export function wantedMailOf(
  kind: MailKind,
  mails: OutgoingMail[],
  accounts: readonly { email: string; settings: UserSettings }[],
): OutgoingMail[] {
  const byEmail = new Map(
    accounts.map((account) => [account.email, readNotificationSettings(account.settings.notifications)]),
  );
  return mails.filter((mail) => shouldSendMail(kind, byEmail.get(mail.to.toLowerCase()) ?? null));
}
