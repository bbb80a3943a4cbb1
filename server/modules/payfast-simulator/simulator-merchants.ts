import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { SANDBOX_MERCHANT } from '../../platform/payments/payfast-gateway.ts';
import { apiSignature } from '../../platform/payments/payfast-signature.ts';

/** A merchant as the PayFast simulator knows it (as PayFast knows each merchant's key and passphrase). */
export interface SimulatorMerchant {
  merchantId: string;
  merchantKey: string;
  passphrase: string;
}

/**
 * The merchant a checkout, ITN or API call names, in simulator mode: PayFast's public sandbox merchant
 * (PAYFAST.md) or one registered on the simulator's merchants page. Null: PayFast would not know it.
 */
export async function simulatorMerchant(
  db: Kysely<Database>,
  merchantId: string,
): Promise<SimulatorMerchant | null> {
  if (merchantId === SANDBOX_MERCHANT.id)
    return {
      merchantId: SANDBOX_MERCHANT.id,
      merchantKey: SANDBOX_MERCHANT.key,
      passphrase: SANDBOX_MERCHANT.passphrase,
    };
  const row = await db
    .selectFrom('payfast_simulator_merchants')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row
    ? { merchantId: row.merchant_id, merchantKey: row.merchant_key, passphrase: row.passphrase }
    : null;
}

/** The signature PayFast expects on an API call: over the merchant-id, version and timestamp headers and the body. */
export function expectedApiSignature(
  headers: Record<string, string | string[] | undefined>,
  body: Record<string, string | number>,
  passphrase: string,
): string {
  return apiSignature(
    {
      'merchant-id': String(headers['merchant-id'] ?? ''),
      version: String(headers.version ?? ''),
      timestamp: String(headers.timestamp ?? ''),
      ...body,
    },
    passphrase,
  );
}
