import { z } from 'zod';
import { MONTH_PATTERN, periodRefusal, REPORT_MESSAGES } from '../reports.ts';
import { RESERVATION_STATUSES } from '../reservation.ts';

/** The wire types of the Reports screen (issue 20 item 6, docs/decisions/039). */

const month = z.string().regex(MONTH_PATTERN, REPORT_MESSAGES.month);

/** GET /api/reports?from=YYYY-MM&to=YYYY-MM&listing=<id>: both months or neither (the last 12 months). */
export const ReportQuerySchema = z
  .object({
    from: month.optional(),
    to: month.optional(),
    listing: z.uuid('Listing must be a listing id').optional(),
  })
  .superRefine((query, context) => {
    if (!query.from !== !query.to) {
      context.addIssue({ code: 'custom', message: 'Choose both the first and the last month', path: ['to'] });
      return;
    }
    if (query.from && query.to) {
      const refusal = periodRefusal({ from: query.from, to: query.to });
      if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['to'] });
    }
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const unit = z.enum(['night', 'day', 'hour', 'month']);
const cents = z.number().int();

export const ReportSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** The business's listings, for the listing picker (archived ones too: they have history). */
  listings: z.array(z.object({ id: z.string(), title: z.string(), unit, archived: z.boolean() })),
  /** The listing reported on, or null for all. */
  listing: z.string().nullable(),
  occupancy: z.array(
    z.object({
      listingId: z.string(),
      listing: z.string(),
      unit,
      month: z.string(),
      bookedUnits: z.number(),
      availableUnits: z.number(),
      occupancyPercent: z.number().nullable(),
    }),
  ),
  occupancyByMonth: z.array(z.object({ month: z.string(), occupancyPercent: z.number().nullable() })),
  money: z.array(z.object({ month: z.string(), billedCents: cents, receivedCents: cents })),
  totals: z.object({
    billedCents: cents,
    receivedCents: cents,
    outstandingCents: cents,
    depositsHeldCents: cents,
  }),
  statuses: z.array(z.object({ status: z.enum(RESERVATION_STATUSES), bookings: z.number().int() })),
  averageStays: z.array(z.object({ unit, bookings: z.number().int(), averageUnits: z.number() })),
  leadTime: z.object({
    bookings: z.number().int(),
    averageDays: z.number().nullable(),
    medianDays: z.number().nullable(),
  }),
  topClients: z.array(
    z.object({
      clientId: z.string(),
      client: z.string(),
      bookings: z.number().int(),
      billedCents: cents,
      receivedCents: cents,
    }),
  ),
  outstanding: z.array(
    z.object({
      reservationId: z.string(),
      reference: z.string(),
      client: z.string(),
      listing: z.string(),
      startDate: z.string(),
      status: z.enum(RESERVATION_STATUSES),
      chargesCents: cents,
      paidCents: cents,
      balanceDueCents: cents,
    }),
  ),
  deposits: z.array(
    z.object({
      reservationId: z.string(),
      reference: z.string(),
      client: z.string(),
      listing: z.string(),
      startDate: z.string(),
      receivedCents: cents,
      refundedCents: cents,
      keptCents: cents,
      heldCents: cents,
    }),
  ),
});
export type Report = z.infer<typeof ReportSchema>;
