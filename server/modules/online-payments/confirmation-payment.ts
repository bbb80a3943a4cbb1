import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { createPaymentLink } from './payment-links.ts';

/** How the "booking confirmed" email asks the client to pay (decision 061). */
export interface ConfirmationPayment {
  paragraph: string;
  /** The email's button: Pay now (My Reservations, or a payment link); absent for EFT. */
  action?: { label: string; url: string };
}

export const CONFIRMATION_PAYMENT_TEXTS = {
  online: 'You can pay what is due now online through the owner’s secure PayFast checkout.',
  eft: 'Please pay by EFT using the banking details on your quote or invoice (see your documents).',
} as const;

/**
 * The owner takes payments online when their PayFast merchant is set up and verified: the same
 * conditions as ownerPayfastCredentials, read without decrypting the secrets (the email needs no key).
 */
async function ownerTakesPayfast(db: Kysely<Database>, ownerId: string): Promise<boolean> {
  const account = await db
    .selectFrom('owner_payment_accounts')
    .select('owner_id')
    .where('owner_id', '=', ownerId)
    .where('method', '=', 'payfast')
    .where('verified_at', 'is not', null)
    .where('merchant_id', 'is not', null)
    .where('merchant_key_encrypted', 'is not', null)
    .where('passphrase_encrypted', 'is not', null)
    .executeTakeFirst();
  return !!account;
}

/**
 * What the confirmation adds: with PayFast, a "Pay now" button to My Reservations for a client with
 * an account, or to a fresh payment link (created in the caller's transaction) for one without;
 * otherwise the words to pay by EFT from the documents.
 */
export async function confirmationPayment(
  db: Kysely<Database>,
  input: { reservationId: string; ownerId: string; actorId: string | null; publicUrl: string },
): Promise<ConfirmationPayment> {
  if (!(await ownerTakesPayfast(db, input.ownerId))) return { paragraph: CONFIRMATION_PAYMENT_TEXTS.eft };
  const client = await db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select('c.user_id')
    .where('r.id', '=', input.reservationId)
    .executeTakeFirstOrThrow();
  if (client.user_id)
    return {
      paragraph: CONFIRMATION_PAYMENT_TEXTS.online,
      action: { label: 'Pay now', url: `${input.publicUrl}/my-reservations` },
    };
  const link = await createPaymentLink(db, {
    reservationId: input.reservationId,
    ownerId: input.ownerId,
    createdBy: input.actorId,
    publicUrl: input.publicUrl,
  });
  return { paragraph: CONFIRMATION_PAYMENT_TEXTS.online, action: { label: 'Pay now', url: link.url } };
}
