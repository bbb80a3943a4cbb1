import { z } from 'zod';
import { AMENITIES, PROPERTY_STATUSES, PROPERTY_TYPES } from '../property.ts';
import { ListingPaymentTermsSchema, PaymentPlanSchema } from './online-payments.ts';

/** A listing photo as the API returns it: display and thumbnail URLs, size and position. */
export const PropertyImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number(),
  height: z.number(),
  position: z.number(),
});

export type PropertyImage = z.infer<typeof PropertyImageSchema>;

/** A listing as the API returns it (search, details, management). */
export const PropertySchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  type: z.enum(PROPERTY_TYPES),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  city: z.string(),
  location: z.string(),
  price_per_day_cents: z.number(),
  currency: z.string(),
  amenities: z.array(z.enum(AMENITIES)),
  availability_start: z.string().nullable(),
  availability_end: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(PROPERTY_STATUSES),
  cleaning_fee_cents: z.number(),
  security_deposit_cents: z.number(),
  specifications: z.record(z.string(), z.unknown()),
  images: z.array(PropertyImageSchema),
  /** When the listing was archived (hidden from search and new bookings), or null while it is live. */
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Property = z.infer<typeof PropertySchema>;

/**
 * The owner's view: also whether reservations refer to it (deleting it then archives it instead), and
 * how it is booked and paid (decision 059): instant book, and its own plan (null: the business's).
 */
export const OwnedPropertySchema = PropertySchema.extend({
  has_reservations: z.boolean(),
  instantBook: z.boolean(),
  paymentPlan: PaymentPlanSchema.nullable(),
});
export type OwnedProperty = z.infer<typeof OwnedPropertySchema>;

/**
 * A listing in search results: `featured` while its owner boosts it under the Homepage boost add-on;
 * `total_cents`, when the search has dates and the listing is priced by the night or day, the one total
 * those dates would cost (domain/booking-total.ts, docs/decisions/043).
 */
export const SearchedPropertySchema = PropertySchema.extend({
  featured: z.boolean(),
  total_cents: z.number().optional(),
});
export type SearchedProperty = z.infer<typeof SearchedPropertySchema>;

/** One page of search results, boosted listings first. */
export const PropertyPageSchema = z.object({
  items: z.array(SearchedPropertySchema),
  /** Every match, counted up to a cap (500): past it totalCapped is true and total is the cap. */
  total: z.number(),
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** The next page's `after`; null on the last page (docs/decisions/068). */
  nextCursor: z.string().nullable(),
});
export type PropertyPage = z.infer<typeof PropertyPageSchema>;

/**
 * GET /api/properties/:id (decision 059): the listing with how a client pays it, and the listing's own
 * plan (null: it uses the business's).
 */
export const ListingDetailSchema = PropertySchema.extend({
  paymentTerms: ListingPaymentTermsSchema,
  paymentPlan: PaymentPlanSchema.nullable(),
});
export type ListingDetail = z.infer<typeof ListingDetailSchema>;
