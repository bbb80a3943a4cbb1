import { z } from 'zod';
import { dateOutsideWindowMessage, isValidIsoDate, isWithinDateWindow } from '../dates.ts';
import { amountTooHigh, MAX_AMOUNT_CENTS } from '../money.ts';
import {
  AMENITIES,
  CATEGORIES_BY_TYPE,
  CITY_MAX_LENGTH,
  CITY_MESSAGES,
  CITY_PATTERN,
  isCategoryOfType,
  normalizeCity,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type PropertyType,
  SEARCH_MAX_GUESTS,
  SEARCH_TEXT_MAX_LENGTH,
} from '../property.ts';
import { HOURLY_DEFAULTS, hoursBetween, isOnSlot, minutesOf } from '../rental-unit.ts';
import { PaymentPlanSchema } from './online-payments.ts';

const required = (label: string) => ({ error: `${label} is required` });
const text = (label: string, max = 120) =>
  z.string(required(label)).trim().min(1, `${label} is required`).max(max);
const optionalText = (max = 120) => z.string().trim().max(max).optional();
/**
 * Every specification number has a ceiling far above any real listing (docs/decisions/025): a
 * number the search's arithmetic or the database cannot hold is refused here, not found there.
 */
const groupDigits = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const SPEC_MAX = { rooms: 1_000, people: 100_000, measure: 1_000_000 } as const;
const intMin = (label: string, min: number, max: number = SPEC_MAX.people) =>
  z
    .number(required(label))
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${groupDigits(max)}`);
const numberMin = (label: string, min: number, max: number = SPEC_MAX.measure) =>
  z
    .number(required(label))
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${groupDigits(max)}`);
const CONDITIONS = ['new', 'excellent', 'good', 'fair'] as const;
const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const AccommodationSpecsSchema = z.object({
  type: z.literal('accommodation'),
  bedrooms: intMin('Bedrooms', 0, SPEC_MAX.rooms),
  bathrooms: intMin('Bathrooms', 0, SPEC_MAX.rooms),
  furnished: z.boolean().default(false),
  maxOccupants: intMin('Max occupants', 1),
  maxGuests: intMin('Max guests', 1),
  squareFootage: numberMin('Square footage', 0).optional(),
});

export const VehicleSpecsSchema = z.object({
  type: z.literal('vehicle'),
  make: text('Make'),
  model: text('Model'),
  year: z
    .number(required('Year'))
    .int('Year must be a whole number')
    .min(1950, 'Year must be between 1950 and 2030')
    .max(2030, 'Year must be between 1950 and 2030'),
  mileage: numberMin('Mileage', 0).optional(),
  fuelType: z.enum(['petrol', 'diesel', 'electric', 'hybrid', 'other']).optional(),
  transmission: z
    .enum(['automatic', 'manual'], { error: 'Transmission must be automatic or manual' })
    .optional(),
  seatingCapacity: intMin('Seating capacity', 1),
});

export const EquipmentSpecsSchema = z.object({
  type: z.literal('equipment'),
  brand: text('Brand'),
  model: text('Model'),
  condition: z.enum(CONDITIONS, { error: 'Condition must be new, excellent, good or fair' }),
  powerType: optionalText(),
  weight: numberMin('Weight', 0).optional(),
  dimensions: z
    .object({ length: numberMin('Length', 0), width: numberMin('Width', 0), height: numberMin('Height', 0) })
    .optional(),
});

export const ElectronicsSpecsSchema = z.object({
  type: z.literal('electronics'),
  brand: text('Brand'),
  model: text('Model'),
  condition: z.enum(CONDITIONS, { error: 'Condition must be new, excellent, good or fair' }),
  technicalSpecifications: optionalText(1000),
  includedAccessories: z.array(z.string().trim().min(1).max(80)).max(30).default([]),
});

const slotTime = (label: string) =>
  z.string(required(label)).refine(isOnSlot, `${label} must be on the hour or the half hour (HH:MM)`);

export const EventSpaceSpecsSchema = z
  .object({
    type: z.literal('event_space'),
    capacity: intMin('Capacity', 1),
    indoorArea: numberMin('Indoor area', 0),
    outdoorArea: numberMin('Outdoor area', 0).optional(),
    layouts: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
    amenities: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
    /** When it can be booked, every day (booked by the hour: domain/rental-unit.ts). */
    bookableHours: z
      .object({ start: slotTime('Bookable from'), end: slotTime('Bookable until') })
      .default({ ...HOURLY_DEFAULTS.bookableHours }),
    minimumHours: z
      .number(required('Minimum hours'))
      .min(0.5, 'Minimum hours must be at least 0.5')
      .max(24, 'Minimum hours must be at most 24')
      .refine((hours) => Number.isInteger(hours * 2), 'Minimum hours must be whole or half hours')
      .default(HOURLY_DEFAULTS.minimumHours),
  })
  .refine((specs) => minutesOf(specs.bookableHours.end) > minutesOf(specs.bookableHours.start), {
    message: 'Bookable until must be after bookable from',
    path: ['bookableHours', 'end'],
  })
  .refine((specs) => hoursBetween(specs.bookableHours.start, specs.bookableHours.end) >= specs.minimumHours, {
    message: 'Minimum hours cannot be longer than the bookable hours',
    path: ['minimumHours'],
  });

export const StorageSpecsSchema = z.object({
  type: z.literal('storage_space'),
  width: numberMin('Width', 0),
  length: numberMin('Length', 0),
  height: numberMin('Height', 0),
  climateControlled: z.boolean().default(false),
  securityFeatures: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  accessHours: z
    .object({
      start: z.string().regex(HOUR_PATTERN, 'Access hours must be HH:mm'),
      end: z.string().regex(HOUR_PATTERN, 'Access hours must be HH:mm'),
    })
    .default({ start: '00:00', end: '23:59' }),
});

/** Type-specific specifications, one schema per property type. */
export const SpecificationsSchema = z.discriminatedUnion('type', [
  AccommodationSpecsSchema,
  VehicleSpecsSchema,
  EquipmentSpecsSchema,
  ElectronicsSpecsSchema,
  EventSpaceSpecsSchema,
  StorageSpecsSchema,
]);
export type Specifications = z.infer<typeof SpecificationsSchema>;
export type SpecificationsInput = z.input<typeof SpecificationsSchema>;

/** A city anywhere in the country, stored as typed with its spacing tidied (' Port   Alfred' → 'Port Alfred'). */
export const CitySchema = z
  .string({ error: CITY_MESSAGES.required })
  .overwrite(normalizeCity)
  .min(1, CITY_MESSAGES.required)
  .max(CITY_MAX_LENGTH, CITY_MESSAGES.tooLong)
  .regex(CITY_PATTERN, CITY_MESSAGES.characters);

/** The suggestions for the city fields (GET /api/properties/cities). */
export const CitySuggestionsSchema = z.array(z.string());

const cents = (label: string) =>
  z
    .number(required(label))
    .int(`${label} must be in whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_AMOUNT_CENTS, amountTooHigh(label));
const isoDate = z
  .string()
  .refine(isValidIsoDate, 'Dates must be YYYY-MM-DD')
  .refine(isWithinDateWindow, dateOutsideWindowMessage('Dates'));

/** Every field of a listing, without defaults (create adds them; an update keeps what it does not send). */
const listingFields = {
  type: z.enum(PROPERTY_TYPES, required('Type')),
  category: z.string(required('Category')).min(1, 'Category is required'),
  title: text('Title', 120),
  description: text('Description', 5000),
  city: CitySchema,
  location: text('Location', 200),
  price_per_day_cents: cents('Price'),
  currency: z.literal('ZAR'),
  amenities: z.array(z.enum(AMENITIES)).max(AMENITIES.length),
  availability_start: isoDate.nullable(),
  availability_end: isoDate.nullable(),
  is_active: z.boolean(),
  status: z.enum(PROPERTY_STATUSES, { error: 'Status must be available or maintenance' }),
  cleaning_fee_cents: cents('Cleaning fee'),
  security_deposit_cents: cents('Security deposit'),
  specifications: SpecificationsSchema,
  /** A client's booking is confirmed at once, without the owner accepting it (decision 059). */
  instantBook: z.boolean(),
  /** The listing's own payment plan; null uses the business's (decision 059). */
  paymentPlan: PaymentPlanSchema.nullable(),
};

export const AVAILABILITY_WINDOW_MESSAGE = 'Availability end must be after its start';

function checkListing(
  property: {
    type: PropertyType;
    category: string;
    specifications: { type: PropertyType };
    availability_start?: string | null;
    availability_end?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (!isCategoryOfType(property.type, property.category)) {
    ctx.addIssue({
      code: 'custom',
      path: ['category'],
      message: `Category must be one of: ${CATEGORIES_BY_TYPE[property.type].join(', ')}`,
    });
  }
  if (property.specifications.type !== property.type) {
    ctx.addIssue({
      code: 'custom',
      path: ['specifications', 'type'],
      message: 'Specifications must match the type',
    });
  }
  if (
    property.availability_start &&
    property.availability_end &&
    property.availability_end <= property.availability_start
  ) {
    ctx.addIssue({ code: 'custom', path: ['availability_end'], message: AVAILABILITY_WINDOW_MESSAGE });
  }
}

export const PropertyInputSchema = z
  .object({
    ...listingFields,
    currency: listingFields.currency.default('ZAR'),
    amenities: listingFields.amenities.default([]),
    availability_start: listingFields.availability_start.default(null),
    availability_end: listingFields.availability_end.default(null),
    is_active: listingFields.is_active.default(true),
    status: listingFields.status.default('available'),
    cleaning_fee_cents: listingFields.cleaning_fee_cents.default(0),
    security_deposit_cents: listingFields.security_deposit_cents.default(0),
    instantBook: listingFields.instantBook.default(false),
    paymentPlan: listingFields.paymentPlan.default(null),
  })
  .superRefine(checkListing);
export type PropertyInput = z.infer<typeof PropertyInputSchema>;
export type PropertyInputDraft = z.input<typeof PropertyInputSchema>;

/**
 * An update: the core of the listing as on create, and the rest only when sent. A field left out keeps
 * its stored value (a save never resets the status, the availability window, fees or visibility).
 */
export const PropertyUpdateSchema = z
  .object(listingFields)
  .partial({
    currency: true,
    amenities: true,
    availability_start: true,
    availability_end: true,
    is_active: true,
    status: true,
    cleaning_fee_cents: true,
    security_deposit_cents: true,
    instantBook: true,
    paymentPlan: true,
  })
  .superRefine(checkListing);
export type PropertyUpdate = z.infer<typeof PropertyUpdateSchema>;

/** Defaults for a new property: accommodation, category house, ZAR, active (spec §4). */
export function defaultSpecifications(type: PropertyType): SpecificationsInput {
  switch (type) {
    case 'accommodation':
      return { type, bedrooms: 1, bathrooms: 1, furnished: false, maxOccupants: 2, maxGuests: 2 };
    case 'vehicle':
      return { type, make: '', model: '', year: 2020, seatingCapacity: 4, transmission: 'manual' };
    case 'equipment':
      return { type, brand: '', model: '', condition: 'good' };
    case 'electronics':
      return { type, brand: '', model: '', condition: 'good', includedAccessories: [] };
    case 'event_space':
      return {
        type,
        capacity: 50,
        indoorArea: 100,
        layouts: [],
        amenities: [],
        bookableHours: { ...HOURLY_DEFAULTS.bookableHours },
        minimumHours: HOURLY_DEFAULTS.minimumHours,
      };
    case 'storage_space':
      return {
        type,
        width: 3,
        length: 3,
        height: 2.5,
        climateControlled: false,
        securityFeatures: [],
        accessHours: { start: '00:00', end: '23:59' },
      };
  }
}

const optionalInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

/** A search's `after` that is not the nextCursor of a page of the same search (its sort included). */
export const SEARCH_CURSOR_INVALID = 'Invalid cursor: pass the nextCursor of a page of the same search';

export const PropertySearchSchema = z
  .object({
    type: z.enum(PROPERTY_TYPES).optional(),
    category: z.string().max(40).optional(),
    /** Matched case-insensitively against the listing's city; blank means any city. */
    city: z
      .string()
      .overwrite(normalizeCity)
      .max(CITY_MAX_LENGTH, CITY_MESSAGES.tooLong)
      .transform((city) => city || undefined)
      .optional(),
    // Control characters become spaces: the search text joins fields with one (server migration 008).
    q: z
      .string()
      .overwrite((q) => q.replace(/\p{Cc}/gu, ' ').trim())
      .max(SEARCH_TEXT_MAX_LENGTH)
      .optional(),
    checkIn: isoDate.optional(),
    checkOut: isoDate.optional(),
    guests: z.coerce
      .number()
      .int('Guests must be a whole number')
      .min(1, 'Guests must be at least 1')
      .max(SEARCH_MAX_GUESTS, `Guests cannot be more than ${SEARCH_MAX_GUESTS}`)
      .optional(),
    minPrice: optionalInt(0, MAX_AMOUNT_CENTS),
    maxPrice: optionalInt(0, MAX_AMOUNT_CENTS),
    amenities: z
      .union([z.enum(AMENITIES), z.array(z.enum(AMENITIES))])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
    sortBy: z.enum(['newest', 'price', 'rating']).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(48).default(12),
    /**
     * A page's nextCursor (docs/decisions/068): this page starts right after the listing it names,
     * as fast on page 400 as on page 2; `page` is then only the caller's numbering, echoed back.
     */
    after: z
      .string()
      .max(200, SEARCH_CURSOR_INVALID)
      .regex(/^[A-Za-z0-9_-]+$/, SEARCH_CURSOR_INVALID)
      .optional(),
  })
  .superRefine((search, ctx) => {
    if ((search.checkIn && !search.checkOut) || (!search.checkIn && search.checkOut)) {
      ctx.addIssue({
        code: 'custom',
        path: ['checkOut'],
        message: 'Please choose both check-in and check-out dates',
      });
    }
    if (search.checkIn && search.checkOut && search.checkOut <= search.checkIn) {
      ctx.addIssue({
        code: 'custom',
        path: ['checkOut'],
        message: 'Check-out date must be after check-in date',
      });
    }
    if (search.minPrice !== undefined && search.maxPrice !== undefined && search.maxPrice < search.minPrice) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxPrice'],
        message: 'Maximum price must be at least the minimum price',
      });
    }
  });
export type PropertySearch = z.infer<typeof PropertySearchSchema>;

/** Kept in ../property.ts (no zod), so the search screens can use it without loading zod. */
export { validateSearchDates } from '../property.ts';
