import { z } from 'zod';
import { ReservationListQuerySchema, ReservationSchema } from './reservation.ts';

/** The columns Reservation Management sorts by (server-side, docs/decisions/046). */
export const RESERVATION_SORTS = [
  'reference',
  'property',
  'client',
  'start',
  'end',
  'status',
  'total',
  'balance',
] as const;
export type ReservationSort = (typeof RESERVATION_SORTS)[number];

export const RESERVATION_PAGE_SIZE_MAX = 100;

/** A whole number of at least 1 from the query string (and at most `max`), each refusal in words. */
export const positiveInt = (label: string, max?: number) => {
  const base = z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`);
  const bounded = base.min(1, `${label} must be at least 1`);
  return max ? bounded.max(max, `${label} must be at most ${max}`) : bounded;
};

/**
 * GET /api/reservations: the filters (status, listing, bookings overlapping [from, to) — `to` is
 * exclusive — and free text), plus paging and sorting. A request that names `page` gets a page
 * (`ReservationPage`); one without gets the plain list older callers read (calendar, journeys).
 */
export const ReservationPageQuerySchema = ReservationListQuerySchema.extend({
  /** The same as property_id, in the list screen's spelling. */
  propertyId: z.uuid().optional(),
  page: positiveInt('Page').optional(),
  pageSize: positiveInt('Page size', RESERVATION_PAGE_SIZE_MAX).optional(),
  sort: z.enum(RESERVATION_SORTS, `Sort must be one of ${RESERVATION_SORTS.join(', ')}`).optional(),
  order: z.enum(['asc', 'desc'], 'Order must be asc or desc').optional(),
  /** Only bookings whose balance date has passed with money still owed (docs/decisions/062). */
  overdue: z
    .enum(['true', 'false'], 'Overdue must be true or false')
    .transform((value) => value === 'true')
    .optional(),
});
export type ReservationPageQuery = z.infer<typeof ReservationPageQuerySchema>;
export type ReservationPageQueryInput = z.input<typeof ReservationPageQuerySchema>;

/**
 * A row of the list: the reservation and its balance due (the billing tab's ledger summary), with the
 * date the balance falls due (payment terms, null without them) and whether that date has passed with
 * money still owed (domain/payment-reminders.ts isBalanceOverdue).
 */
export const ReservationListItemSchema = ReservationSchema.extend({
  balance_due_cents: z.number().int(),
  balance_due_on: z.string().nullable(),
  overdue: z.boolean(),
});
export type ReservationListItem = z.infer<typeof ReservationListItemSchema>;

export const ReservationPageSchema = z.object({
  items: z.array(ReservationListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReservationPage = z.infer<typeof ReservationPageSchema>;

export const BULK_ACTIONS = ['confirm', 'cancel', 'send_quote'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const ReservationBulkSchema = z.object({
  action: z.enum(BULK_ACTIONS, 'Action must be confirm, cancel or send_quote'),
  ids: z
    .array(z.uuid('Reservation not found'))
    .min(1, 'Select at least one reservation')
    .max(RESERVATION_PAGE_SIZE_MAX, `Select at most ${RESERVATION_PAGE_SIZE_MAX} reservations`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each reservation may be selected once'),
});
export type ReservationBulk = z.infer<typeof ReservationBulkSchema>;

/** One booking's outcome: done, or refused with the reason the one-at-a-time action gives. */
export const ReservationBulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['done', 'refused']),
      message: z.string().nullable(),
    }),
  ),
});
export type ReservationBulkResult = z.infer<typeof ReservationBulkResultSchema>;

/**
 * GET /api/reservations/export.csv and /billing-lines.csv: the list's own filters and sort (the same
 * schema, without paging: an export has every matching row, docs/decisions/056).
 */
export const ReservationExportQuerySchema = ReservationPageQuerySchema.omit({ page: true, pageSize: true });
export type ReservationExportQuery = z.infer<typeof ReservationExportQuerySchema>;
export type ReservationExportQueryInput = z.input<typeof ReservationExportQuerySchema>;
