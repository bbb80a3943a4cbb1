import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { KEPT_PER_USER } from './in-app-notifications.service.ts';

/** A full bell of old notices for a test: "Old 0" (a minute ago) to "Old 199" (the oldest). */
export const oldNotices = (userId: string) =>
  Array.from({ length: KEPT_PER_USER }, (_, n) => ({
    user_id: userId,
    kind: 'support_reply' as const,
    title: `Old ${n}`,
    body: '',
    link: null,
    created_at: new Date(Date.now() - (n + 1) * 60_000),
  }));

/** The titles on a user's bell, newest first. */
export async function bellTitles(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('in_app_notifications')
    .select('title')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.title);
}
