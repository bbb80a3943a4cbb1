import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import type { Database } from '../types.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoBusinessDetails } from './demo-business.ts';
import { seedDemoLedger } from './demo-ledger.ts';
import { seedDemoListings } from './demo-listings.ts';
import { seedDemoPaymentAccount } from './demo-payment-account.ts';
import { seedDemoInvitation } from './demo-people.ts';
import { seedDemoReservations } from './demo-reservations.ts';
import { seedDemoSubscriptions } from './demo-subscriptions.ts';

/** Seeds demo data only into an empty database. Returns whether it seeded. */
export async function seedDemoData(
  db: Kysely<Database>,
  storage: StorageDriver,
  hashPassword: (password: string) => Promise<string>,
  config: Config,
): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const ids = await seedDemoAccounts(db, hashPassword);
  await seedDemoListings(db, storage, { owner: ids.owner, secondOwner: ids.secondOwner });
  await seedDemoBilling(db, { owner: ids.owner, secondOwner: ids.secondOwner });
  await seedDemoBusinessDetails(db, { owner: ids.owner, secondOwner: ids.secondOwner });
  await seedDemoReservations(db, { owner: ids.owner, client: ids.client });
  await seedDemoLedger(db, storage, { owner: ids.owner });
  await seedDemoInvitation(db, { owner: ids.owner });
  await seedDemoSubscriptions(db, config, { owner: ids.owner, secondOwner: ids.secondOwner });
  await seedDemoPaymentAccount(db, config, { owner: ids.owner });
  return true;
}
