import type { Kysely } from 'kysely';
import type { BillingHistoryEntry } from '../../../domain/schemas/subscription.ts';
import { formatPlatformInvoiceNumber } from '../../../domain/subscription-invoices.ts';
import type { Database } from '../../db/types.ts';

const STATUS = { complete: 'paid', pending: 'pending', failed: 'failed' } as const;

/**
 * The owner's subscription payments as they happened at the gateway (never made up): paid ones with
 * their numbered Rentza tax invoice, failed and still-pending ones without. Payments the owner
 * abandoned at the gateway's page are not billing history.
 */
export async function billingHistory(db: Kysely<Database>, ownerId: string): Promise<BillingHistoryEntry[]> {
  const rows = await db
    .selectFrom('payments')
    .leftJoin('subscription_invoices', 'subscription_invoices.payment_id', 'payments.id')
    .select([
      'payments.id',
      'payments.created_at',
      'payments.completed_at',
      'payments.description',
      'payments.amount_cents',
      'payments.status',
      'subscription_invoices.id as invoice_id',
      'subscription_invoices.number as invoice_number',
    ])
    .where('payments.owner_id', '=', ownerId)
    .where('payments.status', '!=', 'cancelled')
    .orderBy('payments.created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    date: (row.completed_at ?? row.created_at).toISOString(),
    description: row.description,
    amountCents: row.amount_cents,
    status: STATUS[row.status as keyof typeof STATUS],
    invoiceNumber: row.invoice_number ? formatPlatformInvoiceNumber(row.invoice_number) : null,
    downloadUrl: row.invoice_id ? `/api/subscription/invoices/${row.invoice_id}/pdf` : null,
  }));
}
