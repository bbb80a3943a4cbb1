import { ledgerSummary } from '../../../domain/billing.ts';
import { businessDateOf, todayInBusinessZone } from '../../../domain/dates.ts';
import type { DocumentSnapshot, PaymentReceived } from '../../../domain/schemas/documents.ts';
import type { BillingLineRow } from './documents.repository.ts';

const PAYOUT_LABELS = { eft: 'EFT', cash: 'Cash', card: 'Card', payfast: 'PayFast', other: 'Other' } as const;

/**
 * The payments a booking received and the refunds it paid back, in order: an online payment by its
 * PayFast reference and completion time, a payment typed by the business by its transaction
 * reference (docs/decisions/064). Security deposit money is not a payment of the invoice: the
 * documents show the deposit held apart.
 */
export function paymentsReceived(lines: readonly BillingLineRow[]): PaymentReceived[] {
  const received: PaymentReceived[] = [];
  for (const line of lines) {
    if (line.kind !== 'payment' && line.kind !== 'refund') continue;
    const refund = line.kind === 'refund';
    received.push({
      date: businessDateOf(line.booking_payment_completed_at ?? line.created_at),
      method: refund
        ? PAYOUT_LABELS[line.payout_method ?? 'other']
        : line.payment_method === 'payfast'
          ? 'PayFast'
          : 'Manual',
      reference: line.booking_payment_reference ?? line.transaction_ref,
      amountCents: line.payment_amount_cents ?? 0,
      refund,
    });
  }
  return received;
}

/** The payments part of a document's content: the total received, the balance and the list. */
export function paymentsPart(
  totalCents: number,
  lines: readonly BillingLineRow[],
): Pick<DocumentSnapshot, 'paymentsCents' | 'balanceDueCents' | 'depositHeldCents'> & {
  paymentsReceived: PaymentReceived[];
} {
  const ledger = ledgerSummary(
    lines.map((row) => ({
      kind: row.kind,
      totalCents: row.total_cents,
      paymentAmountCents: row.payment_amount_cents,
    })),
  );
  return {
    paymentsCents: ledger.paymentsCents,
    balanceDueCents: Math.max(0, totalCents - ledger.paymentsCents),
    depositHeldCents: ledger.depositHeldCents,
    paymentsReceived: paymentsReceived(lines),
  };
}

/**
 * An issued invoice with the payments received as they stand now. Its supplies, totals, VAT and
 * number stay as issued (a payment is not content of a tax invoice: SARS asks for no new one); only
 * what was paid against it and the balance follow the ledger. Null while the payments are still
 * those the invoice was issued with, so its stored PDF is served unchanged.
 */
export function invoiceWithPaymentsNow(
  invoice: DocumentSnapshot,
  lines: readonly BillingLineRow[],
): DocumentSnapshot | null {
  if (invoice.kind !== 'invoice') return null;
  const now = paymentsPart(invoice.totals.totalCents, lines);
  const key = (list: readonly PaymentReceived[]) =>
    JSON.stringify(list.map((p) => [p.date, p.method, p.reference, p.amountCents, p.refund]));
  const unchanged =
    now.paymentsCents === invoice.paymentsCents &&
    now.depositHeldCents === invoice.depositHeldCents &&
    (invoice.paymentsReceived === undefined || key(now.paymentsReceived) === key(invoice.paymentsReceived));
  if (unchanged) return null;
  return { ...invoice, ...now, paymentsAsAt: todayInBusinessZone() };
}
