import type { Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, SubscriptionInvoiceSnapshot } from '../../db/types.ts';

type Trx = Transaction<Database>;

/** The next Rentza tax invoice number: one locked counter row, so numbers are consecutive within the transaction. */
export async function allocatePlatformInvoiceNumber(trx: Trx): Promise<number> {
  const { last_number: number } = await trx
    .updateTable('platform_invoice_sequence')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return number;
}

/** Rentza (the seller, from RENTZA_* settings) and the owner (the buyer) as a tax invoice fixes them. */
export async function platformInvoiceParties(
  trx: Trx,
  config: Config,
  ownerId: string,
): Promise<SubscriptionInvoiceSnapshot> {
  const buyer = await trx
    .selectFrom('users')
    .leftJoin('business_details', 'business_details.owner_id', 'users.id')
    .select([
      'users.first_name',
      'users.last_name',
      'users.email',
      'business_details.trading_name',
      'business_details.vat_number',
      'business_details.address',
    ])
    .where('users.id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return {
    seller: {
      legalName: config.RENTZA_LEGAL_NAME,
      vatNumber: config.RENTZA_VAT_NUMBER,
      address: config.RENTZA_ADDRESS,
      email: config.RENTZA_BILLING_EMAIL,
    },
    buyer: {
      name: `${buyer.first_name} ${buyer.last_name}`.trim(),
      email: buyer.email,
      businessName: buyer.trading_name ?? null,
      vatNumber: buyer.vat_number ?? null,
      address: buyer.address ?? null,
    },
  };
}
