import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, User, UsersTable, UserUpdate } from '../../db/types.ts';

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

/**
 * Activates or deactivates a user; deactivating also ends every session they hold, so they are
 * signed out at once. Call it inside the caller's transaction (the admin's and the owner's changes).
 */
export async function setUserActive(db: Kysely<Database>, id: string, isActive: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: isActive, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  if (!isActive) await db.deleteFrom('sessions').where('user_id', '=', id).execute();
}

/**
 * Writes a user and their email-and-password account (better-auth's "credential" provider) the way
 * better-auth would, for users created outside sign-up: invitations, demo data, test factories.
 * Call it inside the caller's transaction.
 */
export async function insertCredentialUser(
  db: Kysely<Database>,
  user: Omit<Insertable<UsersTable>, 'created_at' | 'updated_at'>,
  passwordHash: string,
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('users')
    .values({ ...user, created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('accounts')
    .values({
      id: randomUUID(),
      account_id: user.id,
      provider_id: 'credential',
      user_id: user.id,
      password: passwordHash,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
