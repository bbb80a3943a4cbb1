import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CATEGORIES_BY_TYPE, PROPERTY_TYPES, type PropertyType } from '../property.ts';
import {
  defaultSpecifications,
  PropertyInputSchema,
  PropertySearchSchema,
  PropertyUpdateSchema,
  SpecificationsSchema,
  validateSearchDates,
} from './property.ts';

type Issues = Record<string, string>;

/** The first message per path ('' for the root), or null when the value is accepted. */
function issuesOf(schema: z.ZodType, value: unknown): Issues | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issues: Issues = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    issues[key] ??= issue.message;
  }
  return issues;
}

const VALID_SPECS = {
  accommodation: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
  vehicle: {
    type: 'vehicle',
    make: 'Toyota',
    model: 'Corolla',
    year: 2020,
    seatingCapacity: 5,
    transmission: 'manual',
  },
  equipment: { type: 'equipment', brand: 'Makita', model: 'HR2470', condition: 'good' },
  electronics: { type: 'electronics', brand: 'Canon', model: 'EOS R6', condition: 'excellent' },
  event_space: { type: 'event_space', capacity: 120, indoorArea: 300 },
  storage_space: { type: 'storage_space', width: 3, length: 6, height: 2.5 },
} satisfies Record<PropertyType, Record<string, unknown>>;

const specs = (type: PropertyType, overrides: Record<string, unknown> = {}) => ({
  ...VALID_SPECS[type],
  ...overrides,
});
const without = (value: Record<string, unknown>, key: string) => {
  const { [key]: _removed, ...rest } = value;
  return rest;
};

function property(overrides: Record<string, unknown> = {}) {
  return {
    type: 'accommodation',
    category: 'house',
    title: 'Sea Point flat',
    description: 'Two bedrooms, sea views.',
    city: 'Cape Town',
    location: 'Sea Point, Cape Town',
    price_per_day_cents: 95000,
    specifications: specs('accommodation'),
    ...overrides,
  };
}

describe('SpecificationsSchema: a valid example of each type is accepted', () => {
  it.each(PROPERTY_TYPES)('%s', (type) => {
    expect(issuesOf(SpecificationsSchema, VALID_SPECS[type])).toBeNull();
  });

  it('refuses an unknown type', () => {
    expect(issuesOf(SpecificationsSchema, { type: 'castle', towers: 4 })).not.toBeNull();
  });
});

describe('accommodation specifications', () => {
  it.each([
    ['bedrooms', 0],
    ['bathrooms', 0],
    ['maxOccupants', 1],
    ['maxGuests', 1],
  ])('accepts %s = %i (its minimum)', (field, value) => {
    expect(issuesOf(SpecificationsSchema, specs('accommodation', { [field]: value }))).toBeNull();
  });

  it.each([
    ['bedrooms', -1, 'Bedrooms must be at least 0'],
    ['bathrooms', -1, 'Bathrooms must be at least 0'],
    ['maxOccupants', 0, 'Max occupants must be at least 1'],
    ['maxGuests', 0, 'Max guests must be at least 1'],
    ['bedrooms', 1.5, 'Bedrooms must be a whole number'],
    ['maxGuests', 2.5, 'Max guests must be a whole number'],
  ])('refuses %s = %d: %s', (field, value, message) => {
    expect(issuesOf(SpecificationsSchema, specs('accommodation', { [field]: value }))).toEqual({
      [field]: message,
    });
  });

  it.each([
    ['bedrooms', 'Bedrooms is required'],
    ['bathrooms', 'Bathrooms is required'],
    ['maxOccupants', 'Max occupants is required'],
    ['maxGuests', 'Max guests is required'],
  ])('requires %s: %s', (field, message) => {
    expect(issuesOf(SpecificationsSchema, without(specs('accommodation'), field))).toEqual({
      [field]: message,
    });
  });

  it('furnished defaults to false; squareFootage is optional but not negative', () => {
    expect(SpecificationsSchema.parse(specs('accommodation'))).toMatchObject({ furnished: false });
    expect(issuesOf(SpecificationsSchema, specs('accommodation', { squareFootage: -5 }))).toEqual({
      squareFootage: 'Square footage must be at least 0',
    });
  });
});

describe('vehicle specifications', () => {
  it.each([1950, 1987, 2030])('accepts year %i', (year) => {
    expect(issuesOf(SpecificationsSchema, specs('vehicle', { year }))).toBeNull();
  });

  it.each([1949, 2031, 0])('refuses year %i', (year) => {
    expect(issuesOf(SpecificationsSchema, specs('vehicle', { year }))).toEqual({
      year: 'Year must be between 1950 and 2030',
    });
  });

  it('refuses a fractional year', () => {
    expect(issuesOf(SpecificationsSchema, specs('vehicle', { year: 2020.5 }))).toEqual({
      year: 'Year must be a whole number',
    });
  });

  it('accepts seatingCapacity 1 and refuses 0', () => {
    expect(issuesOf(SpecificationsSchema, specs('vehicle', { seatingCapacity: 1 }))).toBeNull();
    expect(issuesOf(SpecificationsSchema, specs('vehicle', { seatingCapacity: 0 }))).toEqual({
      seatingCapacity: 'Seating capacity must be at least 1',
    });
  });

  it.each(['automatic', 'manual'])('accepts transmission %s', (transmission) => {
    expect(issuesOf(SpecificationsSchema, specs('vehicle', { transmission }))).toBeNull();
  });

  it.each(['cvt', 'Automatic', ''])('refuses transmission %j', (transmission) => {
    expect(issuesOf(SpecificationsSchema, specs('vehicle', { transmission }))).toEqual({
      transmission: 'Transmission must be automatic or manual',
    });
  });

  it.each([
    ['make', 'Make is required'],
    ['model', 'Model is required'],
    ['year', 'Year is required'],
    ['seatingCapacity', 'Seating capacity is required'],
  ])('requires %s: %s', (field, message) => {
    expect(issuesOf(SpecificationsSchema, without(specs('vehicle'), field))).toEqual({ [field]: message });
  });

  it.each(['', '   '])('refuses a blank make %j', (make) => {
    expect(issuesOf(SpecificationsSchema, specs('vehicle', { make }))).toEqual({ make: 'Make is required' });
  });
});

describe.each(['equipment', 'electronics'] as const)('%s specifications', (type) => {
  it.each(['new', 'excellent', 'good', 'fair'])('accepts condition %s', (condition) => {
    expect(issuesOf(SpecificationsSchema, specs(type, { condition }))).toBeNull();
  });

  it.each(['poor', 'Good', ''])('refuses condition %j', (condition) => {
    expect(issuesOf(SpecificationsSchema, specs(type, { condition }))).toEqual({
      condition: 'Condition must be new, excellent, good or fair',
    });
  });

  it.each([
    ['brand', 'Brand is required'],
    ['model', 'Model is required'],
    ['condition', 'Condition must be new, excellent, good or fair'],
  ])('requires %s: %s', (field, message) => {
    expect(issuesOf(SpecificationsSchema, without(specs(type), field))).toEqual({ [field]: message });
  });
});

describe('event_space specifications', () => {
  it('accepts capacity 1 and indoorArea 0', () => {
    expect(issuesOf(SpecificationsSchema, specs('event_space', { capacity: 1, indoorArea: 0 }))).toBeNull();
  });

  it.each([
    ['capacity', 0, 'Capacity must be at least 1'],
    ['indoorArea', -1, 'Indoor area must be at least 0'],
    ['outdoorArea', -1, 'Outdoor area must be at least 0'],
  ])('refuses %s = %i: %s', (field, value, message) => {
    expect(issuesOf(SpecificationsSchema, specs('event_space', { [field]: value }))).toEqual({
      [field]: message,
    });
  });

  it.each([
    ['capacity', 'Capacity is required'],
    ['indoorArea', 'Indoor area is required'],
  ])('requires %s: %s', (field, message) => {
    expect(issuesOf(SpecificationsSchema, without(specs('event_space'), field))).toEqual({
      [field]: message,
    });
  });
});

describe('storage_space specifications', () => {
  it.each([
    ['width', 'Width is required'],
    ['length', 'Length is required'],
    ['height', 'Height is required'],
  ])('requires %s: %s', (field, message) => {
    expect(issuesOf(SpecificationsSchema, without(specs('storage_space'), field))).toEqual({
      [field]: message,
    });
  });

  it('access hours default to 00:00–23:59', () => {
    expect(SpecificationsSchema.parse(specs('storage_space'))).toMatchObject({
      accessHours: { start: '00:00', end: '23:59' },
      climateControlled: false,
      securityFeatures: [],
    });
  });

  it('keeps given access hours and refuses ones that are not HH:mm', () => {
    expect(
      SpecificationsSchema.parse(specs('storage_space', { accessHours: { start: '06:30', end: '18:00' } })),
    ).toMatchObject({ accessHours: { start: '06:30', end: '18:00' } });
    expect(
      issuesOf(
        SpecificationsSchema,
        specs('storage_space', { accessHours: { start: '24:00', end: '18:00' } }),
      ),
    ).toEqual({
      'accessHours.start': 'Access hours must be HH:mm',
    });
    expect(
      issuesOf(SpecificationsSchema, specs('storage_space', { accessHours: { start: '06:00', end: '6pm' } })),
    ).toEqual({
      'accessHours.end': 'Access hours must be HH:mm',
    });
  });
});

describe('PropertyInputSchema', () => {
  it('accepts a complete property and fills the defaults (ZAR, active, available)', () => {
    expect(PropertyInputSchema.parse(property())).toMatchObject({
      currency: 'ZAR',
      is_active: true,
      status: 'available',
      amenities: [],
      availability_start: null,
      availability_end: null,
      cleaning_fee_cents: 0,
      security_deposit_cents: 0,
    });
  });

  it.each(
    PROPERTY_TYPES.flatMap((type) => CATEGORIES_BY_TYPE[type].map((category) => [type, category] as const)),
  )('accepts %s / %s', (type, category) => {
    expect(
      issuesOf(PropertyInputSchema, property({ type, category, specifications: specs(type) })),
    ).toBeNull();
  });

  it.each([
    ['type', 'Type is required'],
    ['category', 'Category is required'],
    ['title', 'Title is required'],
    ['description', 'Description is required'],
    ['location', 'Location is required'],
    ['price_per_day_cents', 'Price is required'],
  ])('requires %s: %s', (field, message) => {
    expect(issuesOf(PropertyInputSchema, without(property(), field))).toMatchObject({ [field]: message });
  });

  it.each([
    ['title', '   ', 'Title is required'],
    ['description', '', 'Description is required'],
    ['location', ' ', 'Location is required'],
    ['category', '', 'Category is required'],
  ])('refuses a blank %s', (field, value, message) => {
    expect(issuesOf(PropertyInputSchema, property({ [field]: value }))).toEqual({ [field]: message });
  });

  it('price: 0 is accepted; negative and fractional cents are refused', () => {
    expect(issuesOf(PropertyInputSchema, property({ price_per_day_cents: 0 }))).toBeNull();
    expect(issuesOf(PropertyInputSchema, property({ price_per_day_cents: -1 }))).toEqual({
      price_per_day_cents: 'Price cannot be negative',
    });
    expect(issuesOf(PropertyInputSchema, property({ price_per_day_cents: 99.5 }))).toEqual({
      price_per_day_cents: 'Price must be in whole cents',
    });
  });

  it.each([
    ['accommodation', 'car'],
    ['vehicle', 'house'],
    ['storage_space', 'venue'],
  ] as const)('refuses a category of another type: %s / %s', (type, category) => {
    expect(issuesOf(PropertyInputSchema, property({ type, category, specifications: specs(type) }))).toEqual({
      category: `Category must be one of: ${CATEGORIES_BY_TYPE[type].join(', ')}`,
    });
  });

  it('spells the allowed categories out', () => {
    expect(issuesOf(PropertyInputSchema, property({ category: 'castle' }))).toEqual({
      category: 'Category must be one of: house, apartment, room, villa, cottage',
    });
  });

  it('refuses specifications of another type', () => {
    expect(issuesOf(PropertyInputSchema, property({ specifications: specs('vehicle') }))).toEqual({
      'specifications.type': 'Specifications must match the type',
    });
  });

  it('carries the specification rules through with their path', () => {
    expect(
      issuesOf(
        PropertyInputSchema,
        property({ type: 'vehicle', category: 'car', specifications: specs('vehicle', { year: 1949 }) }),
      ),
    ).toEqual({ 'specifications.year': 'Year must be between 1950 and 2030' });
  });

  it.each([
    ['Cape Town', 'Cape Town'],
    ['Knysna', 'Knysna'],
    ['knysna', 'knysna'],
    ['  Port   Alfred ', 'Port Alfred'],
    ['Stellenbosch\t', 'Stellenbosch'],
    ["Hell's Gate", "Hell's Gate"],
    ['Hell’s Gate', 'Hell’s Gate'],
    ['Port-Nolloth', 'Port-Nolloth'],
    ['Mbombela', 'Mbombela'],
    ['Pelgrimsrus', 'Pelgrimsrus'],
    ['Évora', 'Évora'],
    ['a'.repeat(60), 'a'.repeat(60)],
  ])('a city is free text, stored as typed with its spacing tidied: %j → %j', (city, stored) => {
    expect(PropertyInputSchema.parse(property({ city })).city).toBe(stored);
  });

  it.each([
    ['', 'Please enter the city'],
    ['   ', 'Please enter the city'],
    [undefined, 'Please enter the city'],
    [42, 'Please enter the city'],
    ['a'.repeat(61), 'City must be at most 60 characters'],
    ['Cape Town 8001', 'City can only contain letters, spaces, hyphens and apostrophes'],
    ['<script>', 'City can only contain letters, spaces, hyphens and apostrophes'],
    ['-Knysna', 'City can only contain letters, spaces, hyphens and apostrophes'],
    ['St. Lucia', 'City can only contain letters, spaces, hyphens and apostrophes'],
  ])('refuses the city %j: %s', (city, message) => {
    expect(issuesOf(PropertyInputSchema, property({ city }))).toEqual({ city: message });
  });

  it('an update holds the city to the same rule', () => {
    expect(PropertyUpdateSchema.parse(property({ city: ' George ' })).city).toBe('George');
    expect(issuesOf(PropertyUpdateSchema, property({ city: '' }))).toEqual({
      city: 'Please enter the city',
    });
  });

  it('accepts listed amenities and refuses others', () => {
    expect(PropertyInputSchema.parse(property({ amenities: ['wifi', 'pool'] })).amenities).toEqual([
      'wifi',
      'pool',
    ]);
    expect(issuesOf(PropertyInputSchema, property({ amenities: ['wifi', 'helipad'] }))).toHaveProperty([
      'amenities.1',
    ]);
  });

  it('only ZAR', () => {
    expect(issuesOf(PropertyInputSchema, property({ currency: 'USD' }))).toHaveProperty(['currency']);
  });

  it('availability window: valid dates, end after start', () => {
    expect(
      issuesOf(
        PropertyInputSchema,
        property({ availability_start: '2026-01-01', availability_end: '2026-04-01' }),
      ),
    ).toBeNull();
    expect(
      issuesOf(
        PropertyInputSchema,
        property({ availability_start: '2026-04-01', availability_end: '2026-04-01' }),
      ),
    ).toEqual({ availability_end: 'Availability end must be after its start' });
    expect(
      issuesOf(
        PropertyInputSchema,
        property({ availability_start: '2026-04-01', availability_end: '2026-03-01' }),
      ),
    ).toEqual({ availability_end: 'Availability end must be after its start' });
    expect(issuesOf(PropertyInputSchema, property({ availability_start: '2026-02-30' }))).toEqual({
      availability_start: 'Dates must be YYYY-MM-DD',
    });
  });
});

describe('defaultSpecifications (the form’s starting values)', () => {
  it.each(PROPERTY_TYPES)('%s: specifications of that type', (type) => {
    expect(defaultSpecifications(type).type).toBe(type);
  });

  it.each(['accommodation', 'event_space', 'storage_space'] as const)('%s: valid as they are', (type) => {
    expect(issuesOf(SpecificationsSchema, defaultSpecifications(type))).toBeNull();
  });

  it('storage: access hours 00:00 to 23:59', () => {
    expect(defaultSpecifications('storage_space')).toMatchObject({
      accessHours: { start: '00:00', end: '23:59' },
    });
  });
});

describe('PropertySearchSchema (query strings)', () => {
  it('defaults: newest first, page 1 of 12', () => {
    expect(PropertySearchSchema.parse({})).toEqual({ sortBy: 'newest', page: 1, pageSize: 12 });
  });

  it('coerces numbers and wraps a single amenity in a list', () => {
    expect(
      PropertySearchSchema.parse({
        guests: '4',
        minPrice: '100',
        maxPrice: '200',
        amenities: 'wifi',
        page: '2',
        pageSize: '24',
      }),
    ).toMatchObject({ guests: 4, minPrice: 100, maxPrice: 200, amenities: ['wifi'], page: 2, pageSize: 24 });
    expect(PropertySearchSchema.parse({ amenities: ['wifi', 'pool'] }).amenities).toEqual(['wifi', 'pool']);
  });

  it('trims the text', () => {
    expect(PropertySearchSchema.parse({ q: '  sea point ' }).q).toBe('sea point');
  });

  it('control characters in the text become spaces', () => {
    expect(PropertySearchSchema.parse({ q: 'sea\u001fpoint\n' }).q).toBe('sea point');
  });

  it.each(['1', '10'])('accepts %s guests', (guests) => {
    expect(issuesOf(PropertySearchSchema, { guests })).toBeNull();
  });

  it.each([
    ['0', 'Guests must be at least 1'],
    ['11', 'Guests cannot be more than 10'],
    ['2.5', 'Guests must be a whole number'],
  ])('refuses %s guests: %s', (guests, message) => {
    expect(issuesOf(PropertySearchSchema, { guests })).toEqual({ guests: message });
  });

  it.each(['price', 'rating', 'newest'])('accepts sortBy=%s', (sortBy) => {
    expect(issuesOf(PropertySearchSchema, { sortBy })).toBeNull();
  });

  it.each([
    ['Knysna', 'Knysna'],
    ['  knysna ', 'knysna'],
    ['Port   Alfred', 'Port Alfred'],
    ['', undefined],
    ['   ', undefined],
  ])('the city is any city, spacing tidied (matched case-insensitively): %j → %j', (city, searched) => {
    expect(PropertySearchSchema.parse({ city }).city).toBe(searched);
  });

  it('refuses a city longer than a city can be', () => {
    expect(issuesOf(PropertySearchSchema, { city: 'a'.repeat(61) })).toEqual({
      city: 'City must be at most 60 characters',
    });
  });

  it('refuses an unknown sort, type or amenity, and a page size over 48', () => {
    expect(issuesOf(PropertySearchSchema, { sortBy: 'stars' })).toHaveProperty(['sortBy']);
    expect(issuesOf(PropertySearchSchema, { type: 'castle' })).toHaveProperty(['type']);
    expect(issuesOf(PropertySearchSchema, { amenities: 'helipad' })).not.toBeNull();
    expect(issuesOf(PropertySearchSchema, { pageSize: '49' })).toHaveProperty(['pageSize']);
    expect(issuesOf(PropertySearchSchema, { pageSize: '48' })).toBeNull();
  });

  it('dates: both or neither, check-out after check-in', () => {
    expect(issuesOf(PropertySearchSchema, { checkIn: '2030-01-10', checkOut: '2030-01-11' })).toBeNull();
    expect(issuesOf(PropertySearchSchema, { checkIn: '2030-01-10', checkOut: '2030-01-10' })).toEqual({
      checkOut: 'Check-out date must be after check-in date',
    });
    expect(issuesOf(PropertySearchSchema, { checkIn: '2030-01-10', checkOut: '2030-01-09' })).toEqual({
      checkOut: 'Check-out date must be after check-in date',
    });
    expect(issuesOf(PropertySearchSchema, { checkIn: '2030-01-10' })).toEqual({
      checkOut: 'Please choose both check-in and check-out dates',
    });
    expect(issuesOf(PropertySearchSchema, { checkOut: '2030-01-10' })).toEqual({
      checkOut: 'Please choose both check-in and check-out dates',
    });
    expect(issuesOf(PropertySearchSchema, { checkIn: '2030-02-30', checkOut: '2030-03-02' })).toEqual({
      checkIn: 'Dates must be YYYY-MM-DD',
    });
  });

  it('price range: the maximum may equal the minimum, not be below it', () => {
    expect(issuesOf(PropertySearchSchema, { minPrice: '500', maxPrice: '500' })).toBeNull();
    expect(issuesOf(PropertySearchSchema, { minPrice: '500', maxPrice: '499' })).toEqual({
      maxPrice: 'Maximum price must be at least the minimum price',
    });
  });
});

describe('validateSearchDates (the home form, against today in Johannesburg)', () => {
  const today = '2026-07-15';

  it.each([
    ['no dates', null, null, null],
    ['check-in today', '2026-07-15', '2026-07-16', null],
    ['check-in later', '2026-08-01', '2026-08-05', null],
    ['check-in yesterday', '2026-07-14', '2026-07-16', 'Check-in date cannot be in the past'],
    ['check-out equal to check-in', '2026-07-20', '2026-07-20', 'Check-out date must be after check-in date'],
    ['check-out before check-in', '2026-07-20', '2026-07-19', 'Check-out date must be after check-in date'],
    ['only check-in, today', '2026-07-15', null, null],
  ])('%s → %s', (_label, checkIn, checkOut, expected) => {
    expect(validateSearchDates(checkIn, checkOut, today)).toBe(expected);
  });
});
