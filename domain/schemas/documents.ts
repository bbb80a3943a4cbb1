import { z } from 'zod';
import { DOCUMENT_KINDS, REQUESTED_KINDS } from '../documents.ts';
import { RESERVATION_STATUSES } from '../reservation.ts';
import { isValidVatNumber, normalizeVatNumber, VAT_NUMBER_MESSAGE } from '../vat.ts';
import { BANK_ACCOUNT_TYPES } from './business-details.ts';

/**
 * A document's frozen content: everything it prints. An issued invoice or credit note keeps this
 * for ever (with its PDF); a confirmation or quote is drawn from it afresh each time.
 */
const LineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unitPriceCents: z.number().int(),
  discountPercent: z.number(),
  taxPercent: z.number(),
  subTotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});

/** One payment received (or refunded) on a booking, as an invoice lists it (docs/decisions/064). */
const PaymentReceivedSchema = z.object({
  /** YYYY-MM-DD, Africa/Johannesburg. */
  date: z.string(),
  /** 'PayFast', 'Manual'; a refund: how it was paid out ('EFT', 'Cash' …). */
  method: z.string(),
  reference: z.string().nullable(),
  amountCents: z.number().int(),
  refund: z.boolean(),
});
export type PaymentReceived = z.infer<typeof PaymentReceivedSchema>;

export const DocumentSnapshotSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  number: z.string().nullable(),
  issueDate: z.string(),
  /** The invoice this one replaces, or the invoice a credit note reverses. */
  replacesNumber: z.string().nullable(),
  creditsNumber: z.string().nullable(),
  /** Why a credit note was issued (VAT Act s21(3) asks for the circumstances). */
  creditReason: z.string().nullable().optional(),
  business: z.object({
    tradingName: z.string(),
    address: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    vatRegistered: z.boolean(),
    vatNumber: z.string().nullable(),
    logoKey: z.string().nullable(),
    bank: z
      .object({
        name: z.string().nullable(),
        accountHolder: z.string().nullable(),
        accountNumber: z.string().nullable(),
        branchCode: z.string().nullable(),
        accountType: z.enum(BANK_ACCOUNT_TYPES).nullable(),
      })
      .nullable(),
    paymentTerms: z.string().nullable(),
  }),
  /**
   * "Powered by Rentza" under the document: the business's plan when it was drawn (Starter and Pro;
   * docs/decisions/038). Absent in documents drawn before it existed, which printed none.
   */
  poweredByRentza: z.boolean().optional(),
  recipient: z.object({
    name: z.string(),
    email: z.string(),
    address: z.string().nullable(),
    vatNumber: z.string().nullable(),
  }),
  reservation: z.object({
    reference: z.string(),
    status: z.enum(RESERVATION_STATUSES),
    statusLabel: z.string(),
    propertyTitle: z.string(),
    propertyLocation: z.string().nullable(),
    /** "23 November 2026 – 26 November 2026", or a day and its hours. */
    when: z.string(),
    duration: z.string(),
    guests: z.number().int(),
    voucherNumber: z.string().nullable(),
    purchaseOrderNumber: z.string().nullable(),
  }),
  lines: z.array(LineSchema),
  /** True when the reservation had no billing lines and one line stands for the booking. */
  bookingLineOnly: z.boolean(),
  totals: z.object({
    subTotalCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    vatByRate: z.array(
      z.object({ ratePercent: z.number(), taxableCents: z.number().int(), taxCents: z.number().int() }),
    ),
  }),
  /** The VAT rate in force on the issue date (vat_rates), for a VAT vendor; null otherwise. */
  vatRatePercent: z.number().nullable(),
  /**
   * True for documents drawn since prices include VAT (docs/decisions/029): unit prices are VAT
   * inclusive. Absent on documents issued before, whose unit prices excluded it (they stay as issued).
   */
  pricesIncludeVat: z.boolean().optional(),
  paymentsCents: z.number().int(),
  balanceDueCents: z.number().int(),
  depositHeldCents: z.number().int(),
  /**
   * A booking confirmation's rental agreement: the version the client accepted (docs/decisions/037),
   * printed after the confirmation. Absent under Rentza's standard terms and on other documents.
   */
  agreement: z
    .object({
      businessName: z.string(),
      version: z.number().int(),
      acceptedAt: z.string(),
      body: z.string(),
    })
    .nullable()
    .optional(),
  /**
   * Each payment received and refund made, in order (docs/decisions/064). Absent on documents drawn
   * before, which print the total only.
   */
  paymentsReceived: z.array(PaymentReceivedSchema).optional(),
  /**
   * An issued invoice downloaded after more payments came in: the date its payments are shown as at
   * (its supplies, totals and VAT stay as issued). Absent or null: as at the issue date.
   */
  paymentsAsAt: z.string().nullable().optional(),
});
export type DocumentSnapshot = z.infer<typeof DocumentSnapshotSchema>;

/** An issued (or sent) document as lists show it. */
export const DocumentSummarySchema = z.object({
  id: z.string(),
  reservation_id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  number: z.string().nullable(),
  issue_date: z.string(),
  total_cents: z.number().int(),
  tax_cents: z.number().int(),
  replaces_number: z.string().nullable(),
  credits_number: z.string().nullable(),
  /** Set on an invoice once a credit note reverses it. */
  credited_by_number: z.string().nullable(),
  pdf_url: z.string(),
  file_name: z.string(),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** What the business sees before printing, emailing or sending a reservation's documents. */
export const ReservationDocumentsSchema = z.object({
  reservation_id: z.string(),
  reference: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  /** Null when the status allows the document; otherwise why not. */
  refusals: z.object({
    confirmation: z.string().nullable(),
    quote: z.string().nullable(),
    invoice: z.string().nullable(),
  }),
  business: z.object({
    ready: z.boolean(),
    trading_name: z.string(),
    vat_registered: z.boolean(),
  }),
  client: z.object({
    name: z.string(),
    first_name: z.string(),
    email: z.string(),
    address: z.string().nullable(),
    vat_number: z.string().nullable(),
  }),
  invoice: z.object({
    total_cents: z.number().int(),
    /** The latest invoice not yet credited, if any. */
    current: DocumentSummarySchema.nullable(),
    /** Whether that invoice still matches the reservation's lines and totals. */
    up_to_date: z.boolean(),
    warnings: z.array(z.string()),
    /** A tax invoice over R 5 000 names the client's address (and VAT number, if any). */
    recipient_details_required: z.boolean(),
  }),
  links: z.object({ confirmation: z.string(), quote: z.string() }),
  documents: z.array(DocumentSummarySchema),
});
export type ReservationDocuments = z.infer<typeof ReservationDocumentsSchema>;

const optionalAddress = z
  .string()
  .trim()
  .max(500, 'Must be 500 characters or fewer')
  .optional()
  .transform((value) => value || undefined);

/** Issuing an invoice may add the client's address and VAT number (kept on the client record). */
export const InvoiceIssueSchema = z.object({
  recipient_address: optionalAddress,
  recipient_vat_number: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isValidVatNumber(value), VAT_NUMBER_MESSAGE)
    .transform((value) => (value ? normalizeVatNumber(value) : undefined)),
});
export type InvoiceIssue = z.infer<typeof InvoiceIssueSchema>;
export type InvoiceIssueInput = z.input<typeof InvoiceIssueSchema>;

export const InvoiceIssueResultSchema = z.object({
  /** False when the latest invoice still matched and was returned as it was. */
  issued: z.boolean(),
  document: DocumentSummarySchema,
  /** The credit note that reversed the invoice this one replaces. */
  credit_note: DocumentSummarySchema.nullable(),
});
export type InvoiceIssueResult = z.infer<typeof InvoiceIssueResultSchema>;

export const DocumentSendSchema = InvoiceIssueSchema.extend({ kind: z.enum(REQUESTED_KINDS) });
export type DocumentSend = z.infer<typeof DocumentSendSchema>;
export type DocumentSendInput = z.input<typeof DocumentSendSchema>;

export const DocumentSendResultSchema = z.object({ sent_to: z.string(), document: DocumentSummarySchema });
export type DocumentSendResult = z.infer<typeof DocumentSendResultSchema>;
