import { z } from 'zod';
import {
  MAX_LISTINGS_PER_SHOOT,
  MAX_PHOTOGRAPHY_NOTES,
  MAX_PREFERRED_DATES,
  PHOTOGRAPHY_MESSAGES,
  PHOTOGRAPHY_STATUSES,
  SHOOT_TIME_MESSAGE,
  SHOOT_TIME_PATTERN,
} from '../photography.ts';

/** The wire types of professional photography (issue 20, docs/decisions/036). */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PHOTOGRAPHY_MESSAGES.invalidDate);

/** POST /api/photography/requests */
export const PhotographyRequestInputSchema = z.object({
  property_ids: z
    .array(z.uuid(PHOTOGRAPHY_MESSAGES.listingNotYours))
    .min(1, PHOTOGRAPHY_MESSAGES.listingsRequired)
    .max(MAX_LISTINGS_PER_SHOOT, PHOTOGRAPHY_MESSAGES.tooManyListings),
  preferred_dates: z
    .array(isoDate)
    .min(1, PHOTOGRAPHY_MESSAGES.datesRequired)
    .max(MAX_PREFERRED_DATES, PHOTOGRAPHY_MESSAGES.tooManyDates),
  notes: z.string().trim().max(MAX_PHOTOGRAPHY_NOTES, PHOTOGRAPHY_MESSAGES.notesTooLong).default(''),
});
export type PhotographyRequestInput = z.input<typeof PhotographyRequestInputSchema>;
export type PhotographyRequestBody = z.output<typeof PhotographyRequestInputSchema>;

/** POST /api/admin/photography/requests/:id/schedule */
export const PhotographyScheduleInputSchema = z.object({
  date: isoDate,
  time: z.string().regex(SHOOT_TIME_PATTERN, SHOOT_TIME_MESSAGE),
});
export type PhotographyScheduleInput = z.infer<typeof PhotographyScheduleInputSchema>;

export const PhotographyListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The listing's address, where the photographer goes. */
  address: z.string(),
  city: z.string(),
  /** Photos the photographer uploaded to this listing's gallery for this shoot. */
  photos_uploaded: z.number().int(),
});
export type PhotographyListing = z.infer<typeof PhotographyListingSchema>;

export const PhotographyRequestSchema = z.object({
  id: z.string(),
  status: z.enum(PHOTOGRAPHY_STATUSES),
  listings: z.array(PhotographyListingSchema),
  preferred_dates: z.array(z.string()),
  notes: z.string(),
  scheduled_date: z.string().nullable(),
  scheduled_time: z.string().nullable(),
  /** ISO instants. */
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type PhotographyRequest = z.infer<typeof PhotographyRequestSchema>;

/** GET /api/photography/requests: the business's requests and whether it may book one now. */
export const PhotographyOverviewSchema = z.object({
  add_on_active: z.boolean(),
  /** Null when a shoot can be booked now; otherwise why not (no add-on, or this month's is used). */
  refusal: z.string().nullable(),
  requests: z.array(PhotographyRequestSchema),
});
export type PhotographyOverview = z.infer<typeof PhotographyOverviewSchema>;

/** A request in the admin queue, with the business it is for. */
export const AdminPhotographyRequestSchema = PhotographyRequestSchema.extend({
  owner: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
});
export type AdminPhotographyRequest = z.infer<typeof AdminPhotographyRequestSchema>;

export const PhotographyQueueQuerySchema = z.object({
  status: z.enum(PHOTOGRAPHY_STATUSES).optional(),
});
