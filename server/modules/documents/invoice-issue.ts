import type { Kysely } from 'kysely';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { DOCUMENT_MESSAGES, documentRefusal, formatDocumentNumber } from '../../../domain/documents.ts';
import type {
  DocumentSnapshot,
  InvoiceIssue,
  InvoiceIssueResult,
} from '../../../domain/schemas/documents.ts';
import { RECIPIENT_ADDRESS_MESSAGE, recipientDetailsRequired } from '../../../domain/vat.ts';
import { retryOnDeadlock } from '../../db/deadlock-retry.ts';
import type { Database, User } from '../../db/types.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { findReservation, lockReservation } from '../reservations/reservation.repository.ts';
import { RESERVATION_MESSAGES } from '../reservations/reservation.service.ts';
import { reservationForDocuments } from './document-access.ts';
import { buildSnapshot, creditNoteSnapshot, sameInvoiceContent } from './document-content.ts';
import {
  type DocumentSummaryRow,
  findOpenInvoice,
  insertDocument,
  nextDocumentNumber,
  updateClientBilling,
} from './documents.repository.ts';
import { type DocumentDeps, documentPdf, loadSources, toDocumentSummary } from './documents.service.ts';

export const RECIPIENT_DETAILS_REQUIRED = 'RECIPIENT_DETAILS_REQUIRED';

/** The circumstances a credit note states. */
export const CREDIT_REASONS = {
  cancelled: 'The reservation was cancelled.',
  replaced: (number: string) => `The reservation changed: this invoice is replaced by ${number}.`,
} as const;

/** Reverses an invoice with the business's next credit note, in the caller's transaction. */
async function issueCreditNote(
  trx: Kysely<Database>,
  invoice: DocumentSummaryRow,
  userId: string | null,
  reason: string,
) {
  const number = await nextDocumentNumber(trx, invoice.owner_id, 'CN');
  const issueDate = todayInBusinessZone();
  const snapshot = creditNoteSnapshot(invoice.snapshot, {
    number: formatDocumentNumber('CN', number),
    issueDate,
    reason,
  });
  const credit = await insertDocument(trx, {
    owner_id: invoice.owner_id,
    reservation_id: invoice.reservation_id,
    kind: 'credit_note',
    series: 'CN',
    number,
    issue_date: issueDate,
    replaces_id: null,
    credits_id: invoice.id,
    total_cents: invoice.total_cents,
    tax_cents: invoice.tax_cents,
    snapshot: JSON.stringify(snapshot),
    created_by: userId,
  });
  await auditIssued(trx, credit, userId);
  return credit;
}

/** A numbered document issued, in its transaction (docs/decisions/051). */
async function auditIssued(trx: Kysely<Database>, document: DocumentSummaryRow, userId: string | null) {
  await recordAudit(trx, {
    actor: userId ? { id: userId } : null,
    ownerId: document.owner_id,
    entityType: 'document',
    entityId: document.id,
    reservationId: document.reservation_id,
    action: 'issued',
    changes: {
      kind: { before: null, after: document.kind },
      number: { before: null, after: document.snapshot.number ?? null },
      total_cents: { before: null, after: document.total_cents },
    },
    summary: `${document.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${document.snapshot.number ?? ''} issued`,
  });
}

/**
 * Cancelling a reservation reverses its open invoice with a numbered credit note, in the same
 * transaction as the status change (its PDF is drawn from the frozen snapshot when first needed).
 * A client's cancellation that leaves a fee (docs/decisions/063) then gets a new tax invoice for the
 * fee, drawn from the booking's lines as they now stand (the fee line), when it had an invoice.
 */
export async function creditInvoiceOnCancel(
  trx: Kysely<Database>,
  reservationId: string,
  userId: string | null,
  options: { invoiceFee?: boolean } = {},
): Promise<void> {
  const open = await findOpenInvoice(trx, reservationId);
  if (!open) return;
  await issueCreditNote(trx, open, userId, CREDIT_REASONS.cancelled);
  if (!options.invoiceFee) return;
  const reservation = await findReservation(trx, reservationId);
  const sources = reservation ? await loadSources(trx, reservation) : null;
  if (!reservation || !sources?.business) return;
  const number = await nextDocumentNumber(trx, reservation.owner_id, 'INV');
  const snapshot: DocumentSnapshot = {
    ...buildSnapshot('invoice', sources, { number: null }),
    number: formatDocumentNumber('INV', number),
    replacesNumber: null,
  };
  const document = await insertDocument(trx, {
    owner_id: reservation.owner_id,
    reservation_id: reservation.id,
    kind: 'invoice',
    series: 'INV',
    number,
    issue_date: snapshot.issueDate,
    replaces_id: null,
    credits_id: null,
    total_cents: snapshot.totals.totalCents,
    tax_cents: snapshot.totals.taxCents,
    snapshot: JSON.stringify(snapshot),
    created_by: userId,
  });
  await auditIssued(trx, document, userId);
}

/**
 * Issues the reservation's invoice, or returns the open one while it still matches. A changed
 * reservation gets a new invoice that replaces the old one, and the old one is reversed by a credit
 * note, so the business's documents always add up to what is owed. Numbers are taken inside the
 * transaction that writes the documents (documents.repository.ts nextDocumentNumber).
 */
export async function issueInvoice(
  deps: DocumentDeps,
  user: User | null,
  reservationId: string,
  input: InvoiceIssue,
): Promise<InvoiceIssueResult> {
  const actor = user;
  await reservationForDocuments(deps.db, actor, reservationId, 'manage');
  const result = await retryOnDeadlock(() =>
    deps.db.transaction().execute(async (trx) => {
      await lockReservation(trx, reservationId);
      const reservation = await findReservation(trx, reservationId);
      if (!reservation) throw notFound(RESERVATION_MESSAGES.notFound);
      const refusal = documentRefusal('invoice', reservation.status);
      if (refusal) throw conflict(refusal);
      await updateClientBilling(trx, reservation.client_id, {
        address: input.recipient_address,
        vat_number: input.recipient_vat_number,
      });
      const sources = await loadSources(trx, reservation);
      if (!sources.business) throw conflict(DOCUMENT_MESSAGES.businessDetailsMissing);
      const current = buildSnapshot('invoice', sources, { number: null });
      const vatRegistered = current.business.vatRegistered;
      if (
        recipientDetailsRequired({ vatRegistered, totalCents: current.totals.totalCents }) &&
        !current.recipient.address
      )
        throw new AppError(400, RECIPIENT_ADDRESS_MESSAGE, RECIPIENT_DETAILS_REQUIRED);

      const open = await findOpenInvoice(trx, reservationId);
      if (open && sameInvoiceContent(open.snapshot, current))
        return { issued: false, document: open, credit: null };
      const number = await nextDocumentNumber(trx, reservation.owner_id, 'INV');
      const newNumber = formatDocumentNumber('INV', number);
      const credit = open
        ? await issueCreditNote(trx, open, actor?.id ?? null, CREDIT_REASONS.replaced(newNumber))
        : null;
      const snapshot: DocumentSnapshot = {
        ...current,
        number: newNumber,
        replacesNumber: open?.snapshot.number ?? null,
      };
      const document = await insertDocument(trx, {
        owner_id: reservation.owner_id,
        reservation_id: reservation.id,
        kind: 'invoice',
        series: 'INV',
        number,
        issue_date: snapshot.issueDate,
        replaces_id: open?.id ?? null,
        credits_id: null,
        total_cents: snapshot.totals.totalCents,
        tax_cents: snapshot.totals.taxCents,
        snapshot: JSON.stringify(snapshot),
        created_by: actor?.id ?? null,
      });
      await auditIssued(trx, document, actor?.id ?? null);
      return { issued: true, document, credit };
    }),
  );
  // Drawn after commit, so the counter is not held while the PDFs are laid out.
  if (result.issued) {
    for (const document of [result.document, result.credit]) {
      if (document) await documentPdf(deps, { ...document, pdf: null });
    }
  }
  return {
    issued: result.issued,
    document: toDocumentSummary(result.document),
    credit_note: result.credit ? toDocumentSummary(result.credit) : null,
  };
}
