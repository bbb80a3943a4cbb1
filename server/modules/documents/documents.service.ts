import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  DOCUMENT_MESSAGES,
  documentFileName,
  documentRefusal,
  invoiceWarnings,
  type RequestedKind,
} from '../../../domain/documents.ts';
import type {
  DocumentSnapshot,
  DocumentSummary,
  ReservationDocuments,
} from '../../../domain/schemas/documents.ts';
import { recipientDetailsRequired, vatRateOn } from '../../../domain/vat.ts';
import type { Database, User } from '../../db/types.ts';
import { conflict, notFound, unauthorized } from '../../http/errors.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { findAgreementById } from '../agreements/agreement.repository.ts';
import { findBusinessDetails, findOwner } from '../business-details/business-details.repository.ts';
import type { ReservationRow } from '../reservations/reservation.repository.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';
import { mayReadDocument, reservationForDocuments } from './document-access.ts';
import {
  buildSnapshot,
  type DocumentSources,
  documentLines,
  recipientOf,
  sameInvoiceContent,
} from './document-content.ts';
import {
  type DocumentSummaryRow,
  findClientBilling,
  findDocumentPdf,
  findOpenInvoice,
  listActiveLines,
  listClientDocuments,
  listNumberedDocuments,
  listVatRates,
  storeDocumentPdf,
} from './documents.repository.ts';
import { invoiceWithPaymentsNow } from './payments-received.ts';
import { renderDocumentPdf } from './pdf/document-pdf.tsx';

export interface DocumentDeps {
  db: Kysely<Database>;
  storage: StorageDriver;
  publicUrl: string;
  pokeMail: () => void;
}

export interface PdfFile {
  pdf: Buffer;
  fileName: string;
}

export async function loadSources(
  db: Kysely<Database>,
  reservation: ReservationRow,
): Promise<DocumentSources> {
  const owner = await findOwner(db, reservation.owner_id);
  if (!owner) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
  return {
    reservation,
    owner,
    client: await findClientBilling(db, reservation.client_id),
    lines: await listActiveLines(db, reservation.id),
    business: (await findBusinessDetails(db, reservation.owner_id)) ?? null,
    vatRates: await listVatRates(db),
    agreement: reservation.agreement_id
      ? ((await findAgreementById(db, reservation.agreement_id)) ?? null)
      : null,
    rentzaBranding: (await entitlementsOf(db, reservation.owner_id)).rentzaBranding,
  };
}

export function toDocumentSummary(row: DocumentSummaryRow): DocumentSummary {
  const { snapshot } = row;
  return {
    id: row.id,
    reservation_id: row.reservation_id,
    kind: row.kind,
    title: snapshot.title,
    number: snapshot.number,
    issue_date: row.issue_date,
    total_cents: row.total_cents,
    tax_cents: row.tax_cents,
    replaces_number: snapshot.replacesNumber,
    credits_number: snapshot.creditsNumber,
    credited_by_number: row.credited_by_snapshot?.number ?? null,
    pdf_url: `/api/documents/${row.id}/pdf`,
    file_name: documentFileName(row.kind, snapshot.number ?? snapshot.reservation.reference),
  };
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The business's logo for a PDF, when it has one and its file is still there. */
export async function logoBytes(storage: StorageDriver, logoKey: string | null): Promise<Buffer | null> {
  const stored = logoKey ? await storage.get(logoKey) : null;
  return stored ? readAll(stored.body) : null;
}

/** Lays a snapshot out as a PDF, with the business's logo when it has one (and its file is still there). */
export async function drawPdf(storage: StorageDriver, snapshot: DocumentSnapshot): Promise<Buffer> {
  return renderDocumentPdf(snapshot, await logoBytes(storage, snapshot.business.logoKey));
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A stored document's PDF: drawn from its frozen snapshot the first time it is needed and kept, so
 * every later download is the same file.
 */
export async function documentPdf(
  deps: Pick<DocumentDeps, 'db' | 'storage'>,
  document: { id: string; snapshot: DocumentSnapshot; pdf: Buffer | Uint8Array | null },
): Promise<Buffer> {
  if (document.pdf) return Buffer.from(document.pdf);
  const pdf = await drawPdf(deps.storage, document.snapshot);
  await storeDocumentPdf(deps.db, document.id, pdf, sha256(pdf));
  const stored = await findDocumentPdf(deps.db, document.id);
  return stored?.pdf ? Buffer.from(stored.pdf) : pdf;
}

/**
 * GET /api/documents/:id/pdf — the business, or the client of the reservation. An invoice whose
 * booking received payments since it was issued is drawn afresh with them (not stored: the issued
 * file stays as it was); otherwise the stored file.
 */
export async function storedPdf(deps: DocumentDeps, user: User | null, id: string): Promise<PdfFile> {
  if (!user) throw unauthorized();
  const document = await findDocumentPdf(deps.db, id);
  if (!document || !mayReadDocument(user, document)) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
  // An open invoice shows the payments received as they stand now (docs/decisions/064); a credited
  // one stays as it was.
  const withPayments =
    document.kind === 'invoice' && !document.credited_by_id
      ? invoiceWithPaymentsNow(document.snapshot, await listActiveLines(deps.db, document.reservation_id))
      : null;
  return {
    pdf: withPayments ? await drawPdf(deps.storage, withPayments) : await documentPdf(deps, document),
    fileName: documentFileName(
      document.kind,
      document.snapshot.number ?? document.snapshot.reservation.reference,
    ),
  };
}

/** A confirmation or quote drawn from the reservation as it is now (not numbered, not stored). */
export async function livePdf(
  deps: DocumentDeps,
  user: User | null,
  reservationId: string,
  kind: Exclude<RequestedKind, 'invoice'>,
): Promise<PdfFile> {
  const reservation = await reservationForDocuments(deps.db, user, reservationId, 'read');
  const refusal = documentRefusal(kind, reservation.status);
  if (refusal) throw conflict(refusal);
  const snapshot = buildSnapshot(kind, await loadSources(deps.db, reservation), { number: null });
  return {
    pdf: await drawPdf(deps.storage, snapshot),
    fileName: documentFileName(kind, reservation.reference),
  };
}

/** What the business's Documents dialog shows: what the status allows, the invoice's state, warnings. */
export async function reservationDocuments(
  deps: DocumentDeps,
  user: User | null,
  reservationId: string,
): Promise<ReservationDocuments> {
  const reservation = await reservationForDocuments(deps.db, user, reservationId, 'manage');
  const sources = await loadSources(deps.db, reservation);
  const current = buildSnapshot('invoice', sources, { number: null });
  const open = await findOpenInvoice(deps.db, reservationId);
  const documents = await listNumberedDocuments(deps.db, reservationId);
  const recipient = recipientOf(sources);
  const vatRegistered = current.business.vatRegistered;
  return {
    reservation_id: reservation.id,
    reference: reservation.reference,
    status: reservation.status,
    refusals: {
      confirmation: documentRefusal('confirmation', reservation.status),
      quote: documentRefusal('quote', reservation.status),
      invoice: documentRefusal('invoice', reservation.status),
    },
    business: {
      ready: sources.business !== null,
      trading_name: current.business.tradingName,
      vat_registered: vatRegistered,
    },
    client: {
      name: recipient.name,
      first_name: reservation.client_first_name,
      email: recipient.email,
      address: recipient.address,
      vat_number: recipient.vatNumber,
    },
    invoice: {
      total_cents: current.totals.totalCents,
      current: open ? toDocumentSummary(open) : null,
      up_to_date: open ? sameInvoiceContent(open.snapshot, current) : false,
      warnings: invoiceWarnings({
        vatRegistered,
        vatRatePercent: vatRateOn(current.issueDate, sources.vatRates),
        lines: documentLines(sources).lines,
      }),
      recipient_details_required: recipientDetailsRequired({
        vatRegistered,
        totalCents: current.totals.totalCents,
      }),
    },
    links: {
      confirmation: `/api/reservations/${reservation.id}/documents/confirmation.pdf`,
      quote: `/api/reservations/${reservation.id}/documents/quote.pdf`,
    },
    documents: documents.map(toDocumentSummary),
  };
}

/**
 * My Reservations: the issued invoices and credit notes of the user's own bookings as a guest (a
 * client's, or an owner's, staff member's or admin's booking of someone else's listing).
 */
export async function myDocuments(deps: DocumentDeps, user: User | null): Promise<DocumentSummary[]> {
  if (!user) throw unauthorized();
  return (await listClientDocuments(deps.db, user.id)).map(toDocumentSummary);
}
