import type { PaymentMethod, PayoutMethod, TransactionKind } from './billing.ts';
import { KIND_LABELS, PAYMENT_METHOD_LABELS, PAYOUT_METHOD_LABELS } from './billing-lines.ts';
import { type CsvCell, csvDate, csvDateTime, csvRand } from './csv.ts';
import type { Cents } from './money.ts';
import type { PropertyType } from './property.ts';
import { priceUnitFor, unitCount } from './rental-unit.ts';
import { statusLabel } from './reservation.ts';

/**
 * The CSV exports of Reservation Management, billing lines and My Clients (issue 22 item 6,
 * docs/decisions/056): their header rows and each row's cells. Dates en-ZA short ('2026/11/25'),
 * an hourly booking's start and end with their times; money as rand with a decimal point in columns
 * named '(R)' (domain/csv.ts csvRand).
 */

export const RESERVATION_CSV_HEADER = [
  'Reference',
  'Listing',
  'Client',
  'Client email',
  'Start',
  'End',
  'Quantity',
  'Unit',
  'Status',
  'Total (R)',
  'Balance due (R)',
  'Balance due on',
  'Overdue',
] as const;

export interface ReservationCsvRow {
  reference: string;
  listing: string | null;
  clientFirstName: string;
  clientLastName: string;
  clientEmail: string;
  propertyType: PropertyType | null;
  status: string;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  totalCents: Cents;
  balanceDueCents: Cents;
  /** When the balance falls due (payment terms), and whether that date passed with it still owed. */
  balanceDueOn: string | null;
  overdue: boolean;
}

/**
 * A booking as Reservation Management lists it: the stored end (check-out, return) as the list shows
 * it; an hourly booking's day with its start and end times; how many of its unit it is charged for.
 */
export function reservationCsvCells(row: ReservationCsvRow): CsvCell[] {
  const hourly = row.startTime && row.endTime;
  const unit = row.propertyType ? priceUnitFor(row.propertyType) : null;
  const period = {
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime,
    endTime: row.endTime,
  };
  // A day booking of an hourly listing (before listings were booked by the hour) counts its days.
  const shownUnit = unit === 'hour' && !hourly ? 'day' : unit;
  return [
    row.reference,
    row.listing ?? 'Property Details Unavailable',
    `${row.clientFirstName} ${row.clientLastName}`.trim(),
    row.clientEmail,
    hourly ? csvDateTime(row.startDate, row.startTime as string) : csvDate(row.startDate),
    hourly ? csvDateTime(row.startDate, row.endTime as string) : csvDate(row.endDate),
    shownUnit ? unitCount(shownUnit, period) : '',
    shownUnit ?? '',
    statusLabel(row.status),
    csvRand(row.totalCents),
    csvRand(row.balanceDueCents),
    row.balanceDueOn ? csvDate(row.balanceDueOn) : '',
    row.overdue ? 'Yes' : '',
  ];
}

export const BILLING_LINE_CSV_HEADER = [
  'Reservation reference',
  'Date',
  'Type',
  'Description',
  'Quantity',
  'Unit',
  'Unit price (R)',
  'Discount (%)',
  'VAT (%)',
  'VAT (R)',
  'Amount (R)',
] as const;

export interface BillingLineCsvRow {
  reference: string;
  /** When the line was recorded, as its Johannesburg date (YYYY-MM-DD). */
  date: string;
  kind: TransactionKind;
  paymentMethod: PaymentMethod | null;
  /** How a refund or deposit refund was paid out. */
  payoutMethod?: PayoutMethod | null;
  description: string;
  transactionRef: string | null;
  quantity: number;
  unit: string | null;
  unitPriceCents: Cents;
  discountPercent: number;
  taxPercent: number;
  taxCents: Cents;
  totalCents: Cents;
  paymentAmountCents: Cents | null;
}

/**
 * A billing line as the Transactions tab shows it: the type is its Kind label (a payment with its
 * method), a payment's reference after its description, and the amount is the line's total or, for
 * a payment or deposit movement, the amount moved; quantity, price and VAT are a charge's only. A
 * refund is money back to the client: a negative payment, with how it was paid out.
 */
export function billingLineCsvCells(row: BillingLineCsvRow): CsvCell[] {
  const movement = row.paymentAmountCents !== null;
  const method = row.paymentMethod
    ? PAYMENT_METHOD_LABELS[row.paymentMethod]
    : row.payoutMethod
      ? PAYOUT_METHOD_LABELS[row.payoutMethod]
      : null;
  const amount = row.paymentAmountCents ?? row.totalCents;
  return [
    row.reference,
    csvDate(row.date),
    method ? `${KIND_LABELS[row.kind]} (${method})` : KIND_LABELS[row.kind],
    row.transactionRef ? `${row.description} · ${row.transactionRef}` : row.description,
    movement ? '' : row.quantity,
    row.unit ?? '',
    movement ? '' : csvRand(row.unitPriceCents),
    movement ? '' : row.discountPercent,
    movement ? '' : row.taxPercent,
    movement ? '' : csvRand(row.taxCents),
    csvRand(row.kind === 'refund' ? -amount : amount),
  ];
}

export const CLIENT_CSV_HEADER = [
  'Name',
  'Email',
  'Phone',
  'Status',
  'Registered',
  'Bookings',
  'Billed (R)',
  'Received (R)',
  'Balance due (R)',
] as const;

export interface ClientCsvRow {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  isActive: boolean;
  registered: boolean;
  bookings: number;
  billedCents: Cents;
  receivedCents: Cents;
  balanceDueCents: Cents;
}

/** A client as My Clients shows them, with the totals of their page (decision 050). */
export function clientCsvCells(row: ClientCsvRow): CsvCell[] {
  return [
    `${row.firstName} ${row.lastName}`.trim(),
    row.email,
    row.phone ?? '',
    row.isActive ? 'Active' : 'Inactive',
    row.registered ? 'Registered' : 'Not Registered',
    row.bookings,
    csvRand(row.billedCents),
    csvRand(row.receivedCents),
    csvRand(row.balanceDueCents),
  ];
}
