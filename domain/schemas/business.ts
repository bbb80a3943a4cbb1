import { z } from 'zod';
import { PROPERTY_STATUSES, PROPERTY_TYPES } from '../property.ts';

/** What the business screens (editor, calendar, management filters) read of a listing. */
export const BusinessPropertySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(PROPERTY_TYPES),
  price_per_day_cents: z.number(),
  cleaning_fee_cents: z.number(),
  security_deposit_cents: z.number(),
  specifications: z.record(z.string(), z.unknown()),
  owner_id: z.string(),
  /** Archived listings stay here (their reservations name them) but take no new bookings. */
  archived: z.boolean(),
  /** With `archived`, whether the listing takes new bookings (domain/property.ts isBookableListing). */
  is_active: z.boolean(),
  status: z.enum(PROPERTY_STATUSES),
});
export type BusinessProperty = z.infer<typeof BusinessPropertySchema>;

/** A business as an admin picks it (GET /api/business/owners): its owner. */
export const BusinessOwnerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type BusinessOwner = z.infer<typeof BusinessOwnerSchema>;
