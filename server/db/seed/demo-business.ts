import type { Kysely } from 'kysely';
import { BusinessDetailsInputSchema } from '../../../domain/schemas/business-details.ts';
import { upsertBusinessDetails } from '../../modules/business-details/business-details.repository.ts';
import { toPlanRow } from '../../modules/online-payments/payment-terms.ts';
import type { Database } from '../types.ts';

/** What the demo owners print on their documents: Thandi is a VAT vendor, Pieter is not. */
const DETAILS = {
  owner: {
    trading_name: 'Thandi Stays (Pty) Ltd',
    address: '14 Kloof Street\nGardens\nCape Town\n8001',
    phone: '021 555 0142',
    email: 'accounts@thandistays.example.co.za',
    vat_registered: true,
    vat_number: '4123456789',
    bank_name: 'First National Bank',
    bank_account_holder: 'Thandi Stays (Pty) Ltd',
    bank_account_number: '62845519087',
    bank_branch_code: '250655',
    bank_account_type: 'Business',
    payment_terms:
      'Payment due 7 days from the invoice date. Please use the invoice number as your payment reference.',
  },
  secondOwner: {
    trading_name: 'Pieter se Huur',
    address: '3 Dorp Street\nStellenbosch\n7600',
    phone: '021 555 0199',
    email: null,
    vat_registered: false,
    vat_number: null,
    bank_name: 'Capitec Bank',
    bank_account_holder: 'P. van der Merwe',
    bank_account_number: '1402558831',
    bank_branch_code: '470010',
    bank_account_type: 'Savings',
    payment_terms: 'Payment on arrival, by EFT or card.',
  },
} as const;

export async function seedDemoBusinessDetails(
  db: Kysely<Database>,
  ids: { owner: string; secondOwner: string },
): Promise<void> {
  for (const key of ['owner', 'secondOwner'] as const)
    await upsertBusinessDetails(db, ids[key], BusinessDetailsInputSchema.parse(DETAILS[key]));
  await seedDemoPaymentPlan(db, ids.owner);
}

/**
 * Thandi asks a 30 % deposit at confirmation and the balance 14 days before the start, and her newest
 * accommodation outside Durban is instant book (decision 059). Journeys send requests to Durban's
 * listings and to her oldest accommodation (e2e thandiAccommodation), so that one never is.
 */
async function seedDemoPaymentPlan(db: Kysely<Database>, ownerId: string): Promise<void> {
  await db
    .insertInto('payment_plans')
    .values({
      ...toPlanRow({
        kind: 'deposit',
        depositType: 'percent',
        depositPercent: 30,
        depositAmountCents: 0,
        balanceDaysBefore: 14,
        securityDeposit: 'with_balance',
      }),
      owner_id: ownerId,
      property_id: null,
    })
    .execute();
  const accommodation = await db
    .selectFrom('properties')
    .select(['id', 'city'])
    .where('owner_id', '=', ownerId)
    .where('type', '=', 'accommodation')
    .where('status', '=', 'available')
    .where('archived_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const instant = accommodation
    .slice(1)
    .reverse()
    .find((listing) => listing.city !== 'Durban');
  if (instant)
    await db.updateTable('properties').set({ instant_book: true }).where('id', '=', instant.id).execute();
}
