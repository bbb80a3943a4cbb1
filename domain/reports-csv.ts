import { monthLabel } from './commission.ts';
import { csvRand, toCsv } from './csv.ts';
import { formatDisplayDate } from './dates.ts';
import type { Month, ReportFigures } from './reports.ts';
import { statusLabel } from './reservation.ts';

/**
 * The Reports screen's tables as CSV (docs/decisions/039): built in the browser from the figures the
 * screen shows, so a download always says what the table says. en-ZA: months 'November 2026', dates
 * '25 November 2026', amounts in rand with a decimal point and no grouping ('1234.50', the point as
 * on South African invoices, issue 11; no grouping so a spreadsheet reads a number), percentages
 * with one decimal. A header row; fields quoted when they hold a comma, a quote or a line break
 * (the shared serializer, domain/csv.ts).
 */

export const REPORT_TABLES = [
  'occupancy',
  'money',
  'statuses',
  'stays',
  'leadTime',
  'topClients',
  'outstanding',
  'deposits',
] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export { csvRand, toCsv };

export const csvMonth = (month: Month) => monthLabel(`${month}-01`);

export function reportCsv(figures: ReportFigures, table: ReportTable): string {
  switch (table) {
    case 'occupancy':
      return toCsv(
        ['Listing', 'Month', 'Unit', 'Booked units', 'Available units', 'Occupancy (%)'],
        figures.occupancy.map((row) => [
          row.listing,
          csvMonth(row.month),
          row.unit,
          row.bookedUnits,
          row.availableUnits,
          row.occupancyPercent === null ? '' : row.occupancyPercent.toFixed(1),
        ]),
      );
    case 'money':
      return toCsv(
        ['Month', 'Billed (R)', 'Received (R)'],
        figures.money.map((row) => [
          csvMonth(row.month),
          csvRand(row.billedCents),
          csvRand(row.receivedCents),
        ]),
      );
    case 'statuses':
      return toCsv(
        ['Status', 'Bookings'],
        figures.statuses.map((row) => [statusLabel(row.status), row.bookings]),
      );
    case 'stays':
      return toCsv(
        ['Unit', 'Bookings', 'Average stay (units)'],
        figures.averageStays.map((row) => [row.unit, row.bookings, row.averageUnits.toFixed(1)]),
      );
    case 'leadTime':
      return toCsv(
        ['Bookings', 'Average lead time (days)', 'Median lead time (days)'],
        [
          [
            figures.leadTime.bookings,
            figures.leadTime.averageDays?.toFixed(1) ?? '',
            figures.leadTime.medianDays?.toFixed(1) ?? '',
          ],
        ],
      );
    case 'topClients':
      return toCsv(
        ['Client', 'Bookings', 'Billed (R)', 'Received (R)'],
        figures.topClients.map((row) => [
          row.client,
          row.bookings,
          csvRand(row.billedCents),
          csvRand(row.receivedCents),
        ]),
      );
    case 'outstanding':
      return toCsv(
        [
          'Reference',
          'Client',
          'Listing',
          'Start date',
          'Status',
          'Charges (R)',
          'Paid (R)',
          'Balance due (R)',
        ],
        figures.outstanding.map((row) => [
          row.reference,
          row.client,
          row.listing,
          formatDisplayDate(row.startDate),
          statusLabel(row.status),
          csvRand(row.chargesCents),
          csvRand(row.paidCents),
          csvRand(row.balanceDueCents),
        ]),
      );
    case 'deposits':
      return toCsv(
        [
          'Reference',
          'Client',
          'Listing',
          'Start date',
          'Received (R)',
          'Refunded (R)',
          'Kept (R)',
          'Held (R)',
        ],
        figures.deposits.map((row) => [
          row.reference,
          row.client,
          row.listing,
          formatDisplayDate(row.startDate),
          csvRand(row.receivedCents),
          csvRand(row.refundedCents),
          csvRand(row.keptCents),
          csvRand(row.heldCents),
        ]),
      );
  }
}
