import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { Role } from '../../../domain/roles.ts';
import { insertCredentialUser } from '../../modules/account/user.repository.ts';
import { ensureStarterSubscription } from '../../modules/subscriptions/subscription.repository.ts';
import type { Database } from '../types.ts';

export interface DemoAccount {
  key: 'admin' | 'owner' | 'secondOwner' | 'client' | 'backoffice' | 'frontoffice';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    email: 'admin@rentza.test',
    password: 'Admin#2026',
    firstName: 'Ayanda',
    lastName: 'Mokoena',
    role: 'admin',
    phone: null,
  },
  {
    key: 'owner',
    email: 'thandi@rentza.test',
    password: 'Owner#2026',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    role: 'owner',
    phone: '082 555 0101',
  },
  {
    key: 'secondOwner',
    email: 'pieter@rentza.test',
    password: 'Owner#2026',
    firstName: 'Pieter',
    lastName: 'van der Merwe',
    role: 'owner',
    phone: '083 555 0202',
  },
  {
    key: 'client',
    email: 'lerato@rentza.test',
    password: 'Client#2026',
    firstName: 'Lerato',
    lastName: 'Dlamini',
    role: 'client',
    phone: '084 555 0303',
  },
  {
    key: 'backoffice',
    email: 'sipho@rentza.test',
    password: 'Staff#2026',
    firstName: 'Sipho',
    lastName: 'Zulu',
    role: 'backoffice',
    phone: null,
  },
  {
    key: 'frontoffice',
    email: 'anele@rentza.test',
    password: 'Staff#2026',
    firstName: 'Anele',
    lastName: 'Khumalo',
    role: 'frontoffice',
    phone: null,
  },
];

/** Creates the demo accounts (verified, with known passwords); staff belong to the first owner. */
export async function seedDemoAccounts(
  db: Kysely<Database>,
  hashPassword: (password: string) => Promise<string>,
): Promise<Record<DemoAccount['key'], string>> {
  const ids = Object.fromEntries(DEMO_ACCOUNTS.map((account) => [account.key, randomUUID()])) as Record<
    DemoAccount['key'],
    string
  >;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  await db.transaction().execute(async (trx) => {
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const id = ids[account.key];
      const _now = new Date();
      const isStaff = account.role === 'backoffice' || account.role === 'frontoffice';
      await insertCredentialUser(
        trx,
        {
          id,
          email: account.email,
          name: `${account.firstName} ${account.lastName}`,
          first_name: account.firstName,
          last_name: account.lastName,
          phone: account.phone,
          role: account.role,
          email_verified: true,
          image: null,
          parent_owner_id: isStaff ? ids.owner : null,
          permissions: defaultPermissions(account.role),
        },
        hashes[index] ?? '',
      );
      if (account.role === 'owner') await ensureStarterSubscription(trx, id);
    }
  });
  return ids;
}
