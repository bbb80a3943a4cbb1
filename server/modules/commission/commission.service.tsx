import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  COMMISSION_MESSAGES,
  monthEnd,
  monthLabel,
  statementDescription,
  statementStatusLabel,
} from '../../../domain/commission.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import type { CommissionOverview } from '../../../domain/schemas/commission.ts';
import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import {
  formatPlatformInvoiceNumber,
  platformInvoiceFileName,
} from '../../../domain/subscription-invoices.ts';
import { COMMISSION_PLAN, newPaymentId } from '../../../domain/subscriptions.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, User } from '../../db/types.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { GatewayError } from '../../platform/payments/gateway.ts';
import { gatewayFor } from '../../platform/payments/payments.ts';
import { renderPlatformInvoicePdf } from '../subscriptions/invoice-pdf.tsx';
import { findSubscription, insertPendingPayment } from '../subscriptions/subscription.repository.ts';
import { openAccrualsQuery } from './commission.repository.ts';
import { CommissionSchedule } from './commission-invoice-schedule.tsx';

/**
 * What an owner sees and does about commission (docs/decisions/032): accruals not yet billed, past
 * statements with their tax invoices, and paying a statement through a once-off PayFast checkout.
 * The routes let only owners in; a statement of another owner is "not found".
 */

const statementUrl = (id: string) => `/api/subscription/commission/statements/${id}/pdf`;

export async function commissionOverview(
  db: Kysely<Database>,
  owner: User,
  now: Date = new Date(),
): Promise<CommissionOverview> {
  const [subscription, open, statements] = await Promise.all([
    findSubscription(db, owner.id),
    openAccrualsQuery(db, owner.id).execute(),
    db
      .selectFrom('commission_statements')
      .select([
        'id',
        'month',
        'number',
        'issue_date',
        'due_date',
        'amount_cents',
        'vat_cents',
        'status',
        'paid_at',
      ])
      .where('owner_id', '=', owner.id)
      .orderBy('month', 'desc')
      .limit(120)
      .execute(),
  ]);
  const today = todayInBusinessZone(now);
  const openTotalCents = open.reduce((sum, row) => sum + row.amount_cents, 0);
  return {
    onCommission: subscription?.payment_method === 'commission',
    ratePercent: Math.round(Number(subscription?.commission_rate ?? 0.1) * 1000) / 10,
    open: open.map((row) => ({
      id: row.id,
      reservationId: row.reservation_id,
      reference: row.reference,
      propertyTitle: row.title ?? 'Property Details Unavailable',
      kind: row.kind,
      occurredAt: row.occurred_at.toISOString(),
      baseCents: row.base_cents,
      amountCents: row.amount_cents,
    })),
    openTotalCents,
    statements: statements.map((row) => ({
      id: row.id,
      month: row.month,
      monthLabel: monthLabel(row.month),
      invoiceNumber: formatPlatformInvoiceNumber(row.number),
      issueDate: row.issue_date,
      dueDate: row.due_date,
      amountCents: row.amount_cents,
      vatCents: row.vat_cents,
      status: row.status,
      statusLabel: statementStatusLabel({ status: row.status, dueDate: row.due_date }, today),
      paidAt: row.paid_at?.toISOString() ?? null,
      downloadUrl: statementUrl(row.id),
    })),
    dueCents: statements
      .filter((row) => row.status === 'due')
      .reduce((sum, row) => sum + row.amount_cents, 0),
  };
}

async function ownStatement(db: Kysely<Database>, owner: User, id: string) {
  const statement = await db
    .selectFrom('commission_statements')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', owner.id)
    .executeTakeFirst();
  if (!statement) throw notFound(COMMISSION_MESSAGES.notFound);
  return statement;
}

/** Pay a statement: a pending 'commission' payment and a once-off PayFast checkout for its amount. */
export async function startStatementPayment(deps: AppDeps, owner: User, id: string): Promise<PaymentStart> {
  return deps.db.transaction().execute(async (trx) => {
    const subscription = await findSubscription(trx, owner.id, { forUpdate: true });
    const statement = await ownStatement(trx, owner, id);
    if (!subscription) throw notFound(COMMISSION_MESSAGES.notFound);
    if (statement.status === 'paid') throw conflict(COMMISSION_MESSAGES.alreadyPaid);
    const reference = newPaymentId('commission', new Date(), randomBytes(6).toString('hex'));
    const description = `Commission statement ${monthLabel(statement.month)} (${formatPlatformInvoiceNumber(statement.number)})`;
    await insertPendingPayment(trx, {
      ownerId: owner.id,
      subscriptionId: subscription.id,
      gateway: 'payfast',
      reference,
      kind: 'commission',
      planId: COMMISSION_PLAN,
      addOns: [],
      description,
      amountCents: statement.amount_cents,
      commissionStatementId: statement.id,
    });
    const base = deps.config.PUBLIC_URL;
    try {
      return await gatewayFor(deps.payments, 'payfast').createCheckout({
        reference,
        amountCents: statement.amount_cents,
        itemName: description,
        itemDescription: statementDescription(statement.month, statement.snapshot.ratePercent / 100),
        customer: { firstName: owner.first_name, lastName: owner.last_name, email: owner.email },
        returnUrl: `${base}/payment/return?ref=${reference}`,
        cancelUrl: `${base}/payment/cancel?ref=${reference}`,
        notifyUrl: deps.payments.payfastSettings.notifyUrl,
      });
    } catch (error) {
      if (error instanceof GatewayError) throw new AppError(502, 'Payment failed', 'GATEWAY_ERROR');
      throw error;
    }
  });
}

/** The statement's Rentza tax invoice (VAT included in the commission), with the bookings it bills. */
export async function statementPdf(
  db: Kysely<Database>,
  owner: User,
  id: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const statement = await ownStatement(db, owner, id);
  const pdf = await renderPlatformInvoicePdf(
    {
      number: statement.number,
      invoiceDate: statement.issue_date,
      description: statementDescription(statement.month, statement.snapshot.ratePercent / 100),
      planId: COMMISSION_PLAN,
      amountCents: statement.amount_cents,
      vatCents: statement.vat_cents,
      vatRatePercent: Number(statement.vat_rate_percent),
      periodStart: statement.month,
      periodEnd: monthEnd(statement.month),
      status: statement.status === 'paid' ? 'paid' : 'pending',
      snapshot: statement.snapshot,
      subject: { label: 'Commission statement', title: monthLabel(statement.month) },
    },
    <CommissionSchedule snapshot={statement.snapshot} />,
  );
  return { fileName: platformInvoiceFileName(statement.number), pdf };
}
