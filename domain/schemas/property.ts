import { z } from 'zod';
import { isValidIsoDate } from '../dates.ts';
import {
  AMENITIES,
  CATEGORIES_BY_TYPE,
  CITIES,
  isCategoryOfType,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type PropertyType,
  SEARCH_MAX_GUESTS,
} from '../property.ts';

const required = (label: string) => ({ error: `${label} is required` });
const text = (label: string, max = 120) =>
  z.string(required(label)).trim().min(1, `${label} is required`).max(max);
const optionalText = (max = 120) => z.string().trim().max(max).optional();
const intMin = (label: string, min: number) =>
  z
    .number(required(label))
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`);
const numberMin = (label: string, min: number) =>
  z.number(required(label)).min(min, `${label} must be at least ${min}`);
const CONDITIONS = ['new', 'excellent', 'good', 'fair'] as const;
const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const AccommodationSpecsSchema = z.object({
  type: z.literal('accommodation'),
  bedrooms: intMin('Bedrooms', 0),
  bathrooms: intMin('Bathrooms', 0),
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

export const EventSpaceSpecsSchema = z.object({
  type: z.literal('event_space'),
  capacity: intMin('Capacity', 1),
  indoorArea: numberMin('Indoor area', 0),
  outdoorArea: numberMin('Outdoor area', 0).optional(),
  layouts: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  amenities: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
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

const cents = (label: string) =>
  z.number(required(label)).int(`${label} must be in whole cents`).min(0, `${label} cannot be negative`);
const isoDate = z.string().refine(isValidIsoDate, 'Dates must be YYYY-MM-DD');

export const PropertyInputSchema = z
  .object({
    type: z.enum(PROPERTY_TYPES, required('Type')),
    category: z.string(required('Category')).min(1, 'Category is required'),
    title: text('Title', 120),
    description: text('Description', 5000),
    city: z.enum(CITIES, { error: 'Please choose one of the listed cities' }),
    location: text('Location', 200),
    price_per_day_cents: cents('Price').max(100_000_000, 'Price is too high'),
    currency: z.literal('ZAR').default('ZAR'),
    amenities: z.array(z.enum(AMENITIES)).max(AMENITIES.length).default([]),
    availability_start: isoDate.nullable().default(null),
    availability_end: isoDate.nullable().default(null),
    is_active: z.boolean().default(true),
    status: z.enum(PROPERTY_STATUSES).default('available'),
    cleaning_fee_cents: cents('Cleaning fee').default(0),
    security_deposit_cents: cents('Security deposit').default(0),
    specifications: SpecificationsSchema,
  })
  .superRefine((property, ctx) => {
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
      ctx.addIssue({
        code: 'custom',
        path: ['availability_end'],
        message: 'Availability end must be after its start',
      });
    }
  });
export type PropertyInput = z.infer<typeof PropertyInputSchema>;
export type PropertyInputDraft = z.input<typeof PropertyInputSchema>;

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
      return { type, capacity: 50, indoorArea: 100, layouts: [], amenities: [] };
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

export const PropertySearchSchema = z
  .object({
    type: z.enum(PROPERTY_TYPES).optional(),
    category: z.string().max(40).optional(),
    city: z.enum(CITIES, { error: 'Please choose one of the listed cities' }).optional(),
    q: z.string().trim().max(100).optional(),
    checkIn: isoDate.optional(),
    checkOut: isoDate.optional(),
    guests: z.coerce
      .number()
      .int('Guests must be a whole number')
      .min(1, 'Guests must be at least 1')
      .max(SEARCH_MAX_GUESTS, `Guests cannot be more than ${SEARCH_MAX_GUESTS}`)
      .optional(),
    minPrice: optionalInt(0, 100_000_000),
    maxPrice: optionalInt(0, 100_000_000),
    amenities: z
      .union([z.enum(AMENITIES), z.array(z.enum(AMENITIES))])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
    sortBy: z.enum(['newest', 'price', 'rating']).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(48).default(12),
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

/** Extra checks the home search form makes against "today" (Africa/Johannesburg). */
export function validateSearchDates(
  checkIn: string | null,
  checkOut: string | null,
  today: string,
): string | null {
  if (checkIn && checkIn < today) return 'Check-in date cannot be in the past';
  if (checkIn && checkOut && checkOut <= checkIn) return 'Check-out date must be after check-in date';
  return null;
}
