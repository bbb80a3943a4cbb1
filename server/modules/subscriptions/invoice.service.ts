import type { Kysely } from 'kysely';
import { MESSAGES } from '../../../domain/errors.ts';
import { platformInvoiceFileName } from '../../../domain/subscription-invoices.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { renderPlatformInvoicePdf } from './invoice-pdf.tsx';

export const INVOICE_NOT_FOUND = 'Invoice not found';

/**
 * A Rentza tax invoice's PDF: for the owner it was issued to, or an admin. Another owner's invoice is
 * "not found" (its existence is not revealed); staff and clients are refused outright.
 */
export async function subscriptionInvoicePdf(
  db: Kysely<Database>,
  user: User | null,
  id: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  if (!user) throw unauthorized();
  if (user.role !== 'owner' && user.role !== 'admin') throw forbidden(MESSAGES.forbidden);
  const row = await db
    .selectFrom('subscription_invoices')
    .selectAll()
    .where('id', '=', id)
    .$if(user.role === 'owner', (q) => q.where('owner_id', '=', user.id))
    .executeTakeFirst();
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  const pdf = await renderPlatformInvoicePdf({
    number: row.number,
    invoiceDate: row.invoice_date,
    description: row.description,
    planId: row.plan_id,
    amountCents: row.amount_cents,
    vatCents: row.vat_cents,
    vatRatePercent: Number(row.vat_rate_percent),
    periodStart: row.period_start,
    periodEnd: row.period_end,
    status: row.status,
    snapshot: row.snapshot,
  });
  return { fileName: platformInvoiceFileName(row.number), pdf };
}
