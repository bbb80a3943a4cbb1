import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';

/**
 * Owners' PayFast secrets at rest (docs/decisions/057): AES-256-GCM under PAYMENT_CREDENTIALS_KEY,
 * stored as "v1.<iv>.<tag>.<ciphertext>" (base64url). They are decrypted only to sign a checkout or
 * check a notification, and never sent to a browser or a log.
 */

/** Development and tests only: production refuses to start without PAYMENT_CREDENTIALS_KEY. */
const DEVELOPMENT_KEY = createHash('sha256').update('rentza development payment credentials').digest();

export function credentialsKey(config: Pick<Config, 'PAYMENT_CREDENTIALS_KEY'>): Buffer {
  return config.PAYMENT_CREDENTIALS_KEY
    ? Buffer.from(config.PAYMENT_CREDENTIALS_KEY, 'base64')
    : DEVELOPMENT_KEY;
}

export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(stored: string, key: Buffer): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined)
    throw new Error('Unreadable stored secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** An owner's PayFast merchant, decrypted, for signing and verifying. */
export interface OwnerPayfast {
  merchantId: string;
  merchantKey: string;
  passphrase: string;
}

/**
 * The owner's verified PayFast merchant, or null when the owner takes EFT only, never set one up, or
 * has not had it verified (then no online payment can start).
 */
export async function ownerPayfastCredentials(
  db: Kysely<Database>,
  config: Pick<Config, 'PAYMENT_CREDENTIALS_KEY'>,
  ownerId: string,
): Promise<OwnerPayfast | null> {
  const account = await db
    .selectFrom('owner_payment_accounts')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (
    account?.method !== 'payfast' ||
    !account.verified_at ||
    !account.merchant_id ||
    !account.merchant_key_encrypted ||
    !account.passphrase_encrypted
  )
    return null;
  const key = credentialsKey(config);
  return {
    merchantId: account.merchant_id,
    merchantKey: decryptSecret(account.merchant_key_encrypted, key),
    passphrase: decryptSecret(account.passphrase_encrypted, key),
  };
}
