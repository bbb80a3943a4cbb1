import type { Kysely } from 'kysely';
import { formatDisplayDateTime } from '../../../domain/dates.ts';
import { DOCUMENT_SERIES, formatDocumentNumber } from '../../../domain/documents.ts';
import type { Database, User } from '../../db/types.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { mayReadDocument } from '../documents/document-access.ts';
import { buildSnapshot } from '../documents/document-content.ts';
import { nextDocumentNumber } from '../documents/documents.repository.ts';
import { loadSources, logoBytes } from '../documents/documents.service.ts';
import { type ReceiptContent, renderReceiptPdf } from '../documents/pdf/receipt-pdf.tsx';
import { findReservation } from '../reservations/reservation.repository.ts';

export const RECEIPT_NOT_FOUND = 'Receipt not found';

/** The file a receipt downloads and is attached as: Receipt-RC-000001.pdf. */
export const receiptFileName = (number: string) => `Receipt-${number}.pdf`;

export interface IssuedReceipt {
  number: string;
  content: ReceiptContent;
  client: { firstName: string; email: string };
  business: { name: string; replyTo: string; logoKey: string | null; rentzaBranding: boolean };
}

/**
 * A completed online payment's receipt, in the settlement's transaction (docs/decisions/064): the
 * business's next RC number (its counter row stays locked until the transaction ends, so numbers are
 * consecutive and never skipped), drawn as a PDF from the booking as it stands after the payment's
 * lines were written, and stored on the payment for ever. Null when the payment already has one.
 */
export async function issueReceipt(
  trx: Kysely<Database>,
  bookingPaymentId: string,
  storage: StorageDriver | undefined,
): Promise<IssuedReceipt | null> {
  const payment = await trx
    .selectFrom('booking_payments')
    .selectAll()
    .where('id', '=', bookingPaymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (payment.receipt_number) return null;
  const reservation = await findReservation(trx, payment.reservation_id);
  if (!reservation) throw new Error(`booking payment ${bookingPaymentId}: reservation not found`);
  const sources = await loadSources(trx, reservation);
  // The booking as its invoice would show it now: the business, the client and what is still due.
  const now = buildSnapshot('invoice', sources, { number: null });
  const number = formatDocumentNumber(
    DOCUMENT_SERIES.receipt,
    await nextDocumentNumber(trx, payment.owner_id, DOCUMENT_SERIES.receipt),
  );
  const content: ReceiptContent = {
    number,
    receivedAt: formatDisplayDateTime(payment.completed_at ?? new Date()),
    business: now.business,
    client: { name: now.recipient.name, email: now.recipient.email },
    booking: {
      reference: now.reservation.reference,
      propertyTitle: now.reservation.propertyTitle,
      when: now.reservation.when,
    },
    amountCents: payment.amount_cents,
    securityDepositCents: payment.security_deposit_cents,
    method: 'PayFast (online)',
    gatewayPaymentId: payment.gateway_payment_id,
    reference: payment.reference,
    balanceDueCents: now.balanceDueCents,
  };
  const logo = storage ? await logoBytes(storage, now.business.logoKey) : null;
  const pdf = await renderReceiptPdf(content, logo);
  await trx
    .updateTable('booking_payments')
    .set({ receipt_number: number, receipt_pdf: pdf, updated_at: new Date() })
    .where('id', '=', bookingPaymentId)
    .execute();
  return {
    number,
    content,
    client: { firstName: reservation.client_first_name, email: reservation.client_email },
    business: {
      name: now.business.tradingName,
      replyTo: now.business.email ?? sources.owner.email,
      logoKey: now.business.logoKey,
      rentzaBranding: sources.rentzaBranding,
    },
  };
}

/**
 * GET /api/booking-payments/:id/receipt.pdf — the client the booking is for, and its business (the
 * owner, an admin, staff with the reservations permission); anyone else is told it does not exist.
 */
export async function receiptPdf(
  db: Kysely<Database>,
  user: User | null,
  bookingPaymentId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  if (!user) throw unauthorized();
  const row = await db
    .selectFrom('booking_payments as bp')
    .innerJoin('reservations as r', 'r.id', 'bp.reservation_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select(['bp.owner_id', 'bp.receipt_number', 'bp.receipt_pdf', 'c.user_id as client_user_id'])
    .where('bp.id', '=', bookingPaymentId)
    .executeTakeFirst();
  if (!row?.receipt_number || !row.receipt_pdf || !mayReadDocument(user, row)) {
    throw notFound(RECEIPT_NOT_FOUND);
  }
  return { pdf: Buffer.from(row.receipt_pdf), fileName: receiptFileName(row.receipt_number) };
}
