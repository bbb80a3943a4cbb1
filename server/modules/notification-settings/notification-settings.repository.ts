import { type Kysely, sql } from 'kysely';
import type { NotificationSettings } from '../../../domain/schemas/notification-settings.ts';
import type { Database, UserSettings } from '../../db/types.ts';

/** Writes only the notifications key of users.settings: the other settings stay as they are. */
export async function saveNotificationSettings(
  db: Kysely<Database>,
  userId: string,
  notifications: NotificationSettings,
): Promise<UserSettings> {
  const row = await db
    .updateTable('users')
    .set({
      settings: sql<UserSettings>`settings || ${JSON.stringify({ notifications })}::jsonb`,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .returning('settings')
    .executeTakeFirstOrThrow();
  return row.settings;
}

/** The settings of the accounts with these email addresses (addresses without an account are absent). */
export function findSettingsByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<{ email: string; settings: UserSettings }[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['email', 'settings'])
    .where(
      'email',
      'in',
      emails.map((email) => email.toLowerCase()),
    )
    .execute();
}
