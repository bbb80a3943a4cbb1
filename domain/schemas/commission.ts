import { z } from 'zod';

/** The wire types of the commission model on the Subscription screen (issue 19, docs/decisions/032). */

export const CommissionAccrualSchema = z.object({
  id: z.string(),
  reservationId: z.string(),
  /** The booking's reference ('RZ-…'), as on its documents. */
  reference: z.string(),
  propertyTitle: z.string(),
  kind: z.enum(['charge', 'credit']),
  /** When the booking was completed (a charge) or reversed (a credit), ISO instant. */
  occurredAt: z.string(),
  /** The booking's total the commission was taken on, VAT included. */
  baseCents: z.number().int(),
  /** The commission (negative for a credit), VAT included. */
  amountCents: z.number().int(),
});
export type CommissionAccrual = z.infer<typeof CommissionAccrualSchema>;

export const CommissionStatementSchema = z.object({
  id: z.string(),
  /** The month it bills, its first day ('2026-11-01'). */
  month: z.string(),
  monthLabel: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  amountCents: z.number().int(),
  vatCents: z.number().int(),
  status: z.enum(['due', 'paid']),
  statusLabel: z.enum(['Paid', 'Due', 'Overdue']),
  paidAt: z.string().nullable(),
  downloadUrl: z.string(),
});
export type CommissionStatementView = z.infer<typeof CommissionStatementSchema>;

/** GET /api/subscription/commission */
export const CommissionOverviewSchema = z.object({
  onCommission: z.boolean(),
  ratePercent: z.number(),
  /** Accrued and not yet on a statement: this month's, and any credit carried from earlier months. */
  open: z.array(CommissionAccrualSchema),
  openTotalCents: z.number().int(),
  statements: z.array(CommissionStatementSchema),
  /** What is owed now: the statements still due. */
  dueCents: z.number().int(),
});
export type CommissionOverview = z.infer<typeof CommissionOverviewSchema>;

export const StatementParamsSchema = z.object({ id: z.uuid('Statement not found') });
