import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { KEPT_PER_USER } from './in-app-notifications.service.ts';

/** A notice on a user's bell, written `ageMs` ago. */
export const noticeAt = (userId: string, title: string, ageMs: number) => ({
  user_id: userId,
  kind: 'support_reply' as const,
  title,
  body: '',
  link: null,
  created_at: new Date(Date.now() - ageMs),
});

/** A full bell of old notices for a test: "Old 0" (a minute ago) to "Old 199" (the oldest). */
export const oldNotices = (userId: string, ageMs = 0) =>
  Array.from({ length: KEPT_PER_USER }, (_, n) => noticeAt(userId, `Old ${n}`, ageMs + (n + 1) * 60_000));

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
