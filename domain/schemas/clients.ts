import { z } from 'zod';
import { CLIENT_NOTES_MAX, CLIENT_RECORD_MESSAGES } from '../clients.ts';
import { PROPERTY_TYPES } from '../property.ts';
import { RESERVATION_STATUSES } from '../reservation.ts';
import { ClientCreateSchema, ClientSchema } from './reservation.ts';
import { positiveInt } from './reservation-list.ts';
import { optionalPhone } from './user.ts';

/**
 * A client's page (issue 21 item 11, docs/decisions/050): the record with the business's private
 * notes, the client's bookings with the business and what they add up to.
 */

/** The Edit dialog: names and email required (spec §5 as for Add), phone and region optional. */
export const ClientDetailsSchema = z.object({
  first_name: ClientCreateSchema.shape.first_name,
  last_name: ClientCreateSchema.shape.last_name,
  email: ClientCreateSchema.shape.email,
  phone: optionalPhone,
  region: z
    .string()
    .trim()
    .max(100, 'Region must be 100 characters or fewer')
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ClientDetailsInput = z.input<typeof ClientDetailsSchema>;

/** Activate or Deactivate, or Edit the details (PATCH /api/clients/:id): whatever is sent changes. */
export const ClientUpdateSchema = ClientDetailsSchema.extend({
  is_active: z.boolean({ error: 'Please say whether the client is active (is_active: true or false)' }),
})
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: CLIENT_RECORD_MESSAGES.nothingToChange,
  });
export type ClientUpdate = z.infer<typeof ClientUpdateSchema>;

/** The business's private notes about a client (PUT /api/clients/:id/notes). */
export const ClientNotesUpdateSchema = z.object({
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(CLIENT_NOTES_MAX, `Notes must be ${CLIENT_NOTES_MAX} characters or fewer`),
});

/** GET /api/clients/:id: the record as My Clients shows it, plus the notes and when it was added. */
export const ClientRecordSchema = ClientSchema.extend({
  notes: z.string(),
  /** When the notes were last saved (an instant), or null when never. */
  notes_updated_at: z.string().nullable(),
  created_at: z.string(),
});
export type ClientRecord = z.infer<typeof ClientRecordSchema>;

/** One of the client's bookings with the business, with its ledger figures (domain/billing ledgerSummary). */
export const ClientBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  start_date: z.string(),
  /** Exclusive. */
  end_date: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  property: z
    .object({ id: z.string(), title: z.string(), type: z.enum(PROPERTY_TYPES), archived: z.boolean() })
    .nullable(),
  total_price_cents: z.number().int(),
  billed_cents: z.number().int(),
  received_cents: z.number().int(),
  balance_due_cents: z.number().int(),
  credit_cents: z.number().int(),
});
export type ClientBooking = z.infer<typeof ClientBookingSchema>;

/** GET /api/clients/:id/bookings: newest stay first, and the sums of the rows. */
export const ClientBookingsSchema = z.object({
  bookings: z.array(ClientBookingSchema),
  totals: z.object({
    billed_cents: z.number().int(),
    received_cents: z.number().int(),
    balance_due_cents: z.number().int(),
  }),
});
export type ClientBookings = z.infer<typeof ClientBookingsSchema>;

/** My Clients' page size (three columns of cards, eight rows) and the most a caller may ask for. */
export const CLIENT_PAGE_SIZE = 24;
export const CLIENT_PAGE_SIZE_MAX = 100;

/**
 * GET /api/clients: one page of a business's clients by name (page 1 and CLIENT_PAGE_SIZE unless
 * asked) and how many match, `q` matching first name, last name, full name or email: My Clients
 * (docs/decisions/069) and the booking pickers (docs/decisions/072). There is no unpaged list.
 */
export const ClientListQuerySchema = z.object({
  owner_id: z.uuid('Please choose a valid business').optional(),
  q: z.string().max(200, 'Search must be 200 characters or fewer').optional(),
  page: positiveInt('Page').default(1),
  pageSize: positiveInt('Page size', CLIENT_PAGE_SIZE_MAX).default(CLIENT_PAGE_SIZE),
});
export type ClientListQuery = z.infer<typeof ClientListQuerySchema>;

export const ClientPageSchema = z.object({
  items: z.array(ClientSchema),
  /** How many clients match the search (all of the business's when there is none). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ClientPage = z.infer<typeof ClientPageSchema>;
