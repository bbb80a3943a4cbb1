import type { Kysely } from 'kysely';
import { documentMail } from '../../../domain/document-mail.ts';
import { documentRefusal } from '../../../domain/documents.ts';
import { bookedWhen } from '../../../domain/owner-units.ts';
import type { DocumentSend, DocumentSendResult, DocumentSummary } from '../../../domain/schemas/documents.ts';
import type { Database, User } from '../../db/types.ts';
import { conflict } from '../../http/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { renderActionMail } from '../../platform/mail/templates.ts';
import { recordAudit } from '../audit/audit.ts';
import { imageUrl } from '../properties/property.schemas.ts';
import type { ReservationRow } from '../reservations/reservation.repository.ts';
import { toReservationDto } from '../reservations/reservation.schemas.ts';
import { reservationForDocuments } from './document-access.ts';
import { buildSnapshot, type DocumentSources } from './document-content.ts';
import { insertDocument } from './documents.repository.ts';
import { type DocumentDeps, drawPdf, loadSources, sha256, toDocumentSummary } from './documents.service.ts';
import { issueInvoice } from './invoice-issue.ts';

/** The email that carries a document: to the client, replies to the business (its email, else the owner's). */
function documentEmail(
  deps: DocumentDeps,
  reservation: ReservationRow,
  sources: DocumentSources,
  document: DocumentSummary,
) {
  const dto = toReservationDto(reservation);
  const businessName =
    sources.business?.trading_name ?? `${sources.owner.first_name} ${sources.owner.last_name}`;
  const link = `${deps.publicUrl}/my-reservations`;
  const words = documentMail({
    kind: document.kind === 'credit_note' ? 'invoice' : document.kind,
    title: document.title,
    number: document.number,
    reference: dto.reference,
    propertyTitle: dto.property?.title ?? 'your booking',
    when: bookedWhen(dto),
    clientFirstName: dto.client.first_name,
    businessName,
    link,
    attached: true,
  });
  return {
    ...renderActionMail({
      to: dto.client.email,
      subject: words.subject,
      greetingName: dto.client.first_name,
      paragraphs: [...words.paragraphs, words.signOff],
      action: { label: 'Open My Reservations', url: link },
      brand: {
        name: businessName,
        logoUrl: sources.business?.logo_key
          ? `${deps.publicUrl}${imageUrl(sources.business.logo_key)}`
          : null,
        poweredByRentza: sources.rentzaBranding,
      },
    }),
    replyTo: sources.business?.email ?? sources.owner.email,
  };
}

/**
 * Emails a document to the client as a PDF attachment, through the outbox (retried until sent). An
 * invoice is issued first (or the open one reused); a quote or confirmation is drawn now and kept,
 * so the attachment a retry sends is the one the business sent.
 */
export async function sendDocument(
  deps: DocumentDeps,
  user: User | null,
  reservationId: string,
  input: DocumentSend,
): Promise<DocumentSendResult> {
  const reservation = await reservationForDocuments(deps.db, user, reservationId, 'manage');
  const refusal = documentRefusal(input.kind, reservation.status);
  if (refusal) throw conflict(refusal);
  if (input.kind === 'invoice') {
    const { document } = await issueInvoice(deps, user, reservationId, input);
    const sources = await loadSources(deps.db, reservation);
    await deps.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, documentEmail(deps, reservation, sources, document), [
        { documentId: document.id, fileName: document.file_name },
      ]);
      await auditSent(trx, user, reservation, document);
    });
    deps.pokeMail();
    return { sent_to: reservation.client_email, document };
  }
  const sources = await loadSources(deps.db, reservation);
  const snapshot = buildSnapshot(input.kind, sources, { number: null });
  const pdf = await drawPdf(deps.storage, snapshot);
  const document = await deps.db.transaction().execute(async (trx) => {
    const row = await insertDocument(trx, {
      owner_id: reservation.owner_id,
      reservation_id: reservation.id,
      kind: input.kind,
      series: null,
      number: null,
      issue_date: snapshot.issueDate,
      replaces_id: null,
      credits_id: null,
      total_cents: snapshot.totals.totalCents,
      tax_cents: snapshot.totals.taxCents,
      snapshot: JSON.stringify(snapshot),
      pdf,
      pdf_sha256: sha256(pdf),
      created_by: user?.id ?? null,
    });
    const summary = toDocumentSummary(row);
    await enqueueMail(trx, documentEmail(deps, reservation, sources, summary), [
      { documentId: summary.id, fileName: summary.file_name },
    ]);
    await auditSent(trx, user, reservation, summary);
    return summary;
  });
  deps.pokeMail();
  return { sent_to: reservation.client_email, document };
}

/** A document emailed to the client, in the transaction that queues the mail (docs/decisions/051). */
async function auditSent(
  trx: Kysely<Database>,
  user: User | null,
  reservation: { id: string; owner_id: string; reference: string },
  document: DocumentSummary,
) {
  await recordAudit(trx, {
    actor: user,
    ownerId: reservation.owner_id,
    entityType: 'document',
    entityId: document.id,
    reservationId: reservation.id,
    action: 'sent',
    changes: {
      kind: { before: null, after: document.kind },
      number: { before: null, after: document.number },
    },
    summary: `${document.kind} ${document.number ?? ''} emailed for ${reservation.reference}`.replace(
      '  ',
      ' ',
    ),
  });
}
