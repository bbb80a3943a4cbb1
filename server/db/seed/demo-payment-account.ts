import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { credentialsKey, encryptSecret } from '../../modules/online-payments/credentials.ts';
import { SANDBOX_MERCHANT } from '../../platform/payments/payfast-gateway.ts';
import type { Database } from '../types.ts';

/**
 * Thandi takes online payments through PayFast's public sandbox merchant (the simulator and PayFast's
 * sandbox both know it), stored as an owner's own merchant is: encrypted, verified. Pieter has not set
 * up online payments, so his clients pay by EFT.
 */
export async function seedDemoPaymentAccount(
  db: Kysely<Database>,
  config: Pick<Config, 'PAYMENT_CREDENTIALS_KEY'>,
  owners: { owner: string },
): Promise<void> {
  const key = credentialsKey(config);
  await db
    .insertInto('owner_payment_accounts')
    .values({
      owner_id: owners.owner,
      method: 'payfast',
      merchant_id: SANDBOX_MERCHANT.id,
      merchant_key_encrypted: encryptSecret(SANDBOX_MERCHANT.key, key),
      passphrase_encrypted: encryptSecret(SANDBOX_MERCHANT.passphrase, key),
      verified_at: new Date(),
    })
    .execute();
}
