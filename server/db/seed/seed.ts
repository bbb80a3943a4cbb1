import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { seedDemoAccounts } from './demo-accounts.ts';

/** Seeds demo data only into an empty database. Returns whether it seeded. */
export async function seedDemoData(
  db: Kysely<Database>,
  hashPassword: (password: string) => Promise<string>,
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemoAccounts(db, hashPassword);
  return true;
}
