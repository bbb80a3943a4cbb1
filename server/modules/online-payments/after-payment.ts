import type { Kysely } from 'kysely';
import { formatRandCents } from '../../../domain/money.ts';
import type { Database } from '../../db/types.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { renderActionMail } from '../../platform/mail/templates.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { imageUrl } from '../properties/property.schemas.ts';
import { issueReceipt, receiptFileName } from './receipts.ts';

/**
 * What follows a completed online payment, in the settlement's transaction, after its billing lines
 * are written: the payment gets its receipt (numbered, drawn and stored, docs/decisions/064) and the
 * client is emailed it. Called once per booking payment (the settlement applies each pf_payment_id
 * once); a second call for the same payment does nothing. `storage` gives the receipt the business's
 * logo, as its documents have.
 */
export async function afterBookingPaymentSettled(
  trx: Kysely<Database>,
  bookingPaymentId: string,
  context: { publicUrl: string; storage?: StorageDriver },
): Promise<void> {
  const receipt = await issueReceipt(trx, bookingPaymentId, context.storage);
  if (!receipt) return;
  const { content, business } = receipt;
  const deposit =
    content.securityDepositCents > 0
      ? ` It includes the refundable security deposit of ${formatRandCents(content.securityDepositCents)}.`
      : '';
  const balance =
    content.balanceDueCents > 0
      ? `The balance still due is ${formatRandCents(content.balanceDueCents)}.`
      : 'Nothing more is due for this booking.';
  await enqueueMail(
    trx,
    {
      ...renderActionMail({
        to: receipt.client.email,
        subject: `Payment received for ${content.booking.reference} — receipt ${receipt.number}`,
        greetingName: receipt.client.firstName,
        paragraphs: [
          `${business.name} received your payment of ${formatRandCents(content.amountCents)} through PayFast for ${content.booking.propertyTitle}, ${content.booking.when} (booking ${content.booking.reference}).${deposit}`,
          `Your receipt ${receipt.number} is attached (payment reference ${content.reference}). ${balance}`,
        ],
        action: { label: 'View my reservations', url: `${context.publicUrl}/my-reservations` },
        brand: {
          name: business.name,
          logoUrl: business.logoKey ? `${context.publicUrl}${imageUrl(business.logoKey)}` : null,
          poweredByRentza: business.rentzaBranding,
        },
      }),
      replyTo: business.replyTo,
    },
    [{ bookingPaymentId, fileName: receiptFileName(receipt.number) }],
  );
}
