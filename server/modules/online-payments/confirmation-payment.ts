import type { Kysely } from 'kysely';
import { formatDisplayDate } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import { installments } from '../../../domain/payment-plan.ts';
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
  const booking = await db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select(['c.user_id', 'r.payment_terms', 'r.total_price_cents', 'r.security_deposit_cents'])
    .where('r.id', '=', input.reservationId)
    .executeTakeFirstOrThrow();
  const schedule = scheduleSentence(booking);
  const said = (text: string) => (schedule ? `${schedule} ${text}` : text);
  if (!(await ownerTakesPayfast(db, input.ownerId)))
    return { paragraph: said(CONFIRMATION_PAYMENT_TEXTS.eft) };
  if (booking.user_id)
    return {
      paragraph: said(CONFIRMATION_PAYMENT_TEXTS.online),
      action: { label: 'Pay now', url: `${input.publicUrl}/my-reservations` },
    };
  const link = await createPaymentLink(db, {
    reservationId: input.reservationId,
    ownerId: input.ownerId,
    createdBy: input.actorId,
    publicUrl: input.publicUrl,
  });
  return { paragraph: said(CONFIRMATION_PAYMENT_TEXTS.online), action: { label: 'Pay now', url: link.url } };
}

/**
 * What the client pays and when, from the terms fixed at confirmation (decision 059): "To pay:
 * R 720.00 now, then R 1 680.00 by 11 December 2026." Null before terms exist.
 */
function scheduleSentence(booking: {
  payment_terms: Parameters<typeof installments>[0] | null;
  total_price_cents: number;
  security_deposit_cents: number;
}): string | null {
  if (!booking.payment_terms) return null;
  const steps = installments(booking.payment_terms, {
    totalCents: booking.total_price_cents,
    securityDepositCents: booking.security_deposit_cents,
  }).map((step) => {
    const cents = formatRandCents(step.paymentCents + step.securityDepositCents);
    const deposit = step.securityDepositCents > 0 ? ' (security deposit included)' : '';
    return step.key === 'balance'
      ? `${cents} by ${formatDisplayDate(step.dueOn)}${deposit}`
      : `${cents} now${deposit}`;
  });
  return `To pay: ${steps.join(', then ')}.`;
}
