import { z } from 'zod';
import { SLUG_MESSAGES, slugProblem } from '../business-profile.ts';
import { PropertySchema } from './property-view.ts';

/** A business's public page, /b/<slug> (issue 20 item 4, docs/decisions/038). */

export const BUSINESS_PROFILE_MESSAGES = {
  saved: 'Public profile saved',
  saveFailed: 'Failed to save your public profile',
  coverSaved: 'Cover image saved',
  coverRemoved: 'Cover image removed',
  description: 'Must be 2000 characters or fewer',
  needsAddOn:
    'Your public profile needs the Branded profile add-on. Add it from Subscription Management to publish your page.',
  saveDetailsFirst: 'Please save your business details (trading name and address) before your public profile',
  saveProfileFirst: 'Please save your public profile before adding a cover image',
  notFound: 'Business not found',
  notAllowed: 'Only the business owner, or staff who manage properties, can change the public profile',
} as const;

export const BusinessProfileInputSchema = z.object({
  slug: z
    .string({ error: SLUG_MESSAGES.length })
    .trim()
    .toLowerCase()
    .superRefine((slug, ctx) => {
      const problem = slugProblem(slug);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  description: z.string().trim().max(2000, BUSINESS_PROFILE_MESSAGES.description).default(''),
  show_email: z.boolean().default(true),
  show_phone: z.boolean().default(true),
  published: z.boolean().default(false),
});
export type BusinessProfileInput = z.input<typeof BusinessProfileInputSchema>;
export type BusinessProfileValues = z.output<typeof BusinessProfileInputSchema>;

/** The editor's view: what is saved (or, never saved, a suggested slug), and whether the page is live. */
export const BusinessProfileSchema = z.object({
  owner_id: z.uuid(),
  business_name: z.string(),
  slug: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  show_email: z.boolean(),
  show_phone: z.boolean(),
  published: z.boolean(),
  /** The Branded profile add-on is in use: without it the page answers 404 and cannot be published. */
  add_on: z.boolean(),
  /** Published with the add-on in use: /b/<slug> shows the page. */
  live: z.boolean(),
  /** The business details are saved (the page shows their name and contacts). */
  details_saved: z.boolean(),
  /** null while the profile was never saved (slug is then a suggestion). */
  updated_at: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

export const PublicBusinessProfileSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Starter and Pro businesses' pages carry "Powered by Rentza" (domain/entitlements.ts). */
  powered_by_rentza: z.boolean(),
  listings: z.array(PropertySchema),
});
export type PublicBusinessProfile = z.infer<typeof PublicBusinessProfileSchema>;

/** What a listing page shows about its business: its public page when live, and the plan's branding. */
export const ListingBrandSchema = z.object({
  business: z.object({ name: z.string(), slug: z.string() }).nullable(),
  powered_by_rentza: z.boolean(),
});
export type ListingBrand = z.infer<typeof ListingBrandSchema>;

export const SlugParamsSchema = z.object({ slug: z.string().max(100) });
