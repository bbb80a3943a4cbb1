import { type Kysely, sql } from 'kysely';
import { CHARGE_KINDS } from '../../../domain/billing.ts';
import type { DocumentSeries } from '../../../domain/documents.ts';
import type { VatRate } from '../../../domain/vat.ts';
import type { Database, DocumentsTable } from '../../db/types.ts';

type Executor = Kysely<Database>;

/**
 * A reservation's billing lines that count: not voided, in the order they were added; with how and
 * when money came in (an online payment's reference and completion time), for the payments received.
 */
export function listActiveLines(db: Executor, reservationId: string) {
  return db
    .selectFrom('reservation_transactions as rt')
    .leftJoin('booking_payments as bp', 'bp.id', 'rt.booking_payment_id')
    .select([
      'rt.kind',
      'rt.description',
      'rt.quantity',
      'rt.unit',
      'rt.unit_price_cents',
      'rt.tax_percent',
      'rt.discount_percent',
      'rt.sub_total_cents',
      'rt.tax_cents',
      'rt.total_cents',
      'rt.payment_amount_cents',
      'rt.payment_method',
      'rt.payout_method',
      'rt.transaction_ref',
      'rt.created_at',
      'bp.reference as booking_payment_reference',
      'bp.completed_at as booking_payment_completed_at',
    ])
    .where('rt.reservation_id', '=', reservationId)
    .where('rt.voided_at', 'is', null)
    .orderBy('rt.created_at')
    .orderBy('rt.id')
    .execute();
}
export type BillingLineRow = Awaited<ReturnType<typeof listActiveLines>>[number];
export const isChargeRow = (row: BillingLineRow) => CHARGE_KINDS.includes(row.kind);

export async function listVatRates(db: Executor): Promise<VatRate[]> {
  const rows = await db.selectFrom('vat_rates').selectAll().orderBy('effective_from').execute();
  return rows.map((row) => ({ effectiveFrom: row.effective_from, ratePercent: Number(row.rate_percent) }));
}

export function findClientBilling(db: Executor, clientId: string) {
  return db
    .selectFrom('clients')
    .select(['address', 'vat_number'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
}

export async function updateClientBilling(
  db: Executor,
  clientId: string,
  values: { address?: string; vat_number?: string },
): Promise<void> {
  if (values.address === undefined && values.vat_number === undefined) return;
  await db
    .updateTable('clients')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', clientId)
    .execute();
}

/**
 * The business's next number in a series. The counter row stays locked until the caller's
 * transaction ends, so concurrent issuers queue: consecutive numbers, never reused, no gaps.
 */
export async function nextDocumentNumber(trx: Executor, ownerId: string, series: DocumentSeries) {
  const row = await trx
    .insertInto('document_sequences')
    .values({ owner_id: ownerId, series, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['owner_id', 'series'])
        .doUpdateSet({ last_number: sql`document_sequences.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export type NewDocument = Omit<DocumentsTable, 'id' | 'created_at' | 'snapshot' | 'pdf' | 'pdf_sha256'> & {
  snapshot: string;
  pdf?: Buffer | null;
  pdf_sha256?: string | null;
};

const SUMMARY_COLUMNS = [
  'd.id',
  'd.owner_id',
  'd.reservation_id',
  'd.kind',
  'd.series',
  'd.number',
  'd.issue_date',
  'd.replaces_id',
  'd.credits_id',
  'd.total_cents',
  'd.tax_cents',
  'd.snapshot',
  'd.created_at',
] as const;

function summaries(db: Executor) {
  return db
    .selectFrom('documents as d')
    .leftJoin('documents as credit', 'credit.credits_id', 'd.id')
    .select(SUMMARY_COLUMNS)
    .select(['credit.id as credited_by_id', 'credit.snapshot as credited_by_snapshot']);
}
export type DocumentSummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

export async function insertDocument(trx: Executor, values: NewDocument): Promise<DocumentSummaryRow> {
  const { id } = await trx.insertInto('documents').values(values).returning('id').executeTakeFirstOrThrow();
  return summaries(trx).where('d.id', '=', id).executeTakeFirstOrThrow();
}

/** Stores a document's PDF once; a document whose PDF is stored never changes (the trigger refuses it). */
export async function storeDocumentPdf(db: Executor, id: string, pdf: Buffer, sha256: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({ pdf, pdf_sha256: sha256 })
    .where('id', '=', id)
    .where('pdf', 'is', null)
    .execute();
}

export function findDocumentPdf(db: Executor, id: string) {
  return db
    .selectFrom('documents as d')
    .innerJoin('reservations as r', 'r.id', 'd.reservation_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .leftJoin('documents as credit', 'credit.credits_id', 'd.id')
    .select([
      'd.id',
      'd.owner_id',
      'd.reservation_id',
      'credit.id as credited_by_id',
      'd.kind',
      'd.number',
      'd.snapshot',
      'd.pdf',
      'c.user_id as client_user_id',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Issued invoices and credit notes of a reservation, newest first. */
export function listNumberedDocuments(db: Executor, reservationId: string) {
  return summaries(db)
    .where('d.reservation_id', '=', reservationId)
    .where('d.number', 'is not', null)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.number', 'desc')
    .execute();
}

/** The latest invoice of a reservation that no credit note has reversed. */
export function findOpenInvoice(db: Executor, reservationId: string) {
  return summaries(db)
    .where('d.reservation_id', '=', reservationId)
    .where('d.kind', '=', 'invoice')
    .where('credit.id', 'is', null)
    .orderBy('d.number', 'desc')
    .executeTakeFirst();
}

/** The issued invoices and credit notes of a client's own reservations, newest first. */
export function listClientDocuments(db: Executor, userId: string) {
  return summaries(db)
    .innerJoin('reservations as r', 'r.id', 'd.reservation_id')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .where('c.user_id', '=', userId)
    .where('d.number', 'is not', null)
    .orderBy('d.created_at', 'desc')
    .limit(500)
    .execute();
}
