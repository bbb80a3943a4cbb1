import type { Kysely } from 'kysely';
import type { Database, User, UserUpdate } from '../../db/types.ts';

export function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function updateUser(db: Kysely<Database>, id: string, changes: UserUpdate): Promise<User> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deactivating a user also ends every session they hold. */
export async function setUserActive(db: Kysely<Database>, id: string, isActive: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ is_active: isActive, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    if (!isActive) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  });
}
