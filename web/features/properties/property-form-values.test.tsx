import { describe, expect, it } from 'vitest';
import { PropertyInputSchema } from '../../../domain/schemas/property.ts';
import type { Property } from './api.ts';
import {
  emptyPropertyForm,
  formFromProperty,
  type PropertyFormValues,
  toPropertyInput,
  validatePropertyForm,
  withType,
} from './property-form-values.ts';

/*
 * Pure functions, but named .test.tsx: the "web" Vitest project only collects web/**\/*.test.tsx
 * and the "unit" project only domain/ and server/, so a .test.ts here would never run.
 */

const filled = (changes: Partial<PropertyFormValues> = {}): PropertyFormValues => ({
  ...emptyPropertyForm(),
  title: 'Sea Point Loft',
  description: 'A bright loft a block from the promenade.',
  city: 'Cape Town',
  location: '12 Beach Road, Sea Point',
  price: 1250,
  ...changes,
});

const vehicle = (changes: Record<string, unknown> = {}): PropertyFormValues => {
  const values = withType(filled(), 'vehicle');
  return {
    ...values,
    specifications: { ...values.specifications, make: 'Toyota', model: 'Corolla', ...changes },
  } as PropertyFormValues;
};

describe('validatePropertyForm', () => {
  it('accepts a complete form', () => {
    expect(validatePropertyForm(filled())).toEqual({});
    expect(validatePropertyForm(vehicle())).toEqual({});
  });

  it('requires the spec’s fields, reported under the form’s names', () => {
    const errors = validatePropertyForm({ ...emptyPropertyForm() });
    expect(errors).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      location: 'Location is required',
      city: 'Please enter the city',
      price: 'Price is required',
    });
    expect(errors).not.toHaveProperty('price_per_day_cents');
  });

  it('a city is typed freely: any town, its spacing tidied; digits or a blank are refused', () => {
    expect(validatePropertyForm(filled({ city: 'Knysna' }))).toEqual({});
    expect(validatePropertyForm(filled({ city: "  Hell's   Gate " }))).toEqual({});
    expect(toPropertyInput(filled({ city: '  Port   Alfred ' })).city).toBe('Port Alfred');
    expect(validatePropertyForm(filled({ city: '  ' }))).toEqual({ city: 'Please enter the city' });
    expect(validatePropertyForm(filled({ city: 'Knysna 6570' }))).toEqual({
      city: 'City can only contain letters, spaces, hyphens and apostrophes',
    });
  });

  it('maps the server’s cents fields onto price, cleaning fee and deposit', () => {
    expect(validatePropertyForm(filled({ price: -1 }))).toEqual({ price: 'Price cannot be negative' });
    expect(validatePropertyForm(filled({ price: '' }))).toEqual({ price: 'Price is required' });
    expect(validatePropertyForm(filled({ price: 0 }))).toEqual({});
    expect(validatePropertyForm(filled({ cleaningFee: -50 }))).toEqual({
      cleaningFee: 'Cleaning fee cannot be negative',
    });
    expect(validatePropertyForm(filled({ securityDeposit: -0.01 }))).toEqual({
      securityDeposit: 'Security deposit cannot be negative',
    });
    // Emptied optional money fields count as 0, not as errors.
    expect(validatePropertyForm(filled({ cleaningFee: '', securityDeposit: '' }))).toEqual({});
  });

  it('puts specification errors on the nested field: vehicle year 1950 to 2030', () => {
    expect(validatePropertyForm(vehicle({ year: 1949 }))).toEqual({
      'specifications.year': 'Year must be between 1950 and 2030',
    });
    expect(validatePropertyForm(vehicle({ year: 2031 }))).toEqual({
      'specifications.year': 'Year must be between 1950 and 2030',
    });
    expect(validatePropertyForm(vehicle({ year: 1950 }))).toEqual({});
    expect(validatePropertyForm(vehicle({ year: 2030 }))).toEqual({});
    expect(validatePropertyForm(vehicle({ year: '' }))).toEqual({
      'specifications.year': 'Year is required',
    });
    expect(validatePropertyForm(vehicle({ make: ' ', seatingCapacity: 0 }))).toEqual({
      'specifications.make': 'Make is required',
      'specifications.seatingCapacity': 'Seating capacity must be at least 1',
    });
  });

  it('checks each type’s own required specifications', () => {
    const accommodation = filled();
    expect(
      validatePropertyForm({
        ...accommodation,
        specifications: { ...accommodation.specifications, maxGuests: 0, bedrooms: -1 },
      } as PropertyFormValues),
    ).toEqual({
      'specifications.bedrooms': 'Bedrooms must be at least 0',
      'specifications.maxGuests': 'Max guests must be at least 1',
    });
    expect(validatePropertyForm(withType(filled(), 'equipment'))).toEqual({
      'specifications.brand': 'Brand is required',
      'specifications.model': 'Model is required',
    });
  });
});

describe('withType', () => {
  it('switches the type and resets category and specifications to that type’s defaults', () => {
    const start = filled({ category: 'villa', amenities: ['wifi', 'pool'] });
    const next = withType(
      {
        ...start,
        specifications: { ...start.specifications, bedrooms: 4 },
      } as PropertyFormValues,
      'vehicle',
    );
    expect(next.type).toBe('vehicle');
    expect(next.category).toBe('car');
    expect(next.specifications).toEqual({
      type: 'vehicle',
      make: '',
      model: '',
      year: 2020,
      seatingCapacity: 4,
      transmission: 'manual',
    });
    // Everything that is not type-specific is kept.
    expect(next).toMatchObject({
      title: start.title,
      description: start.description,
      city: start.city,
      location: start.location,
      price: start.price,
      amenities: ['wifi', 'pool'],
    });
    expect(withType(next, 'storage_space')).toMatchObject({
      category: 'garage',
      specifications: { type: 'storage_space', accessHours: { start: '00:00', end: '23:59' } },
    });
    expect(withType(next, 'accommodation')).toMatchObject({
      category: 'house',
      specifications: { type: 'accommodation', bedrooms: 1 },
    });
  });
});

describe('toPropertyInput', () => {
  it('converts rand to integer cents and the result passes the server schema', () => {
    const input = toPropertyInput(filled({ price: 1250.5, cleaningFee: 300, securityDeposit: 99.99 }));
    expect(input).toMatchObject({
      price_per_day_cents: 125050,
      cleaning_fee_cents: 30000,
      security_deposit_cents: 9999,
      city: 'Cape Town',
    });
    expect(input).not.toHaveProperty('price');
    expect(PropertyInputSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [2.675, 268],
    [4.015, 402],
    [8.345, 835],
    [1250.005, 125001],
    [1234.564, 123456],
  ])('rounds R %d half up to %i cents', (rand, cents) => {
    expect(toPropertyInput(filled({ price: rand })).price_per_day_cents).toBe(cents);
  });

  it('sends an empty price as not-a-number (so the schema refuses it) and empty fees as 0', () => {
    const input = toPropertyInput(filled({ price: '', cleaningFee: '', securityDeposit: '' }));
    expect(input.price_per_day_cents).toBeNaN();
    expect(input.cleaning_fee_cents).toBe(0);
    expect(input.security_deposit_cents).toBe(0);
  });
});

describe('status and the availability window', () => {
  const stored = {
    ...toPropertyInput(filled({ price: 900 })),
    id: 'p1',
    owner_id: 'o1',
    currency: 'ZAR',
    amenities: [],
    cleaning_fee_cents: 0,
    security_deposit_cents: 0,
    is_active: true,
    status: 'maintenance',
    availability_start: '2031-01-01',
    availability_end: '2031-06-30',
    images: [],
    archived_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  } as unknown as Property;

  it('a new listing starts available with no window', () => {
    expect(toPropertyInput(filled())).toMatchObject({
      status: 'available',
      availability_start: null,
      availability_end: null,
    });
  });

  it('an edited listing sends back the status and window it has (a save never resets them)', () => {
    expect(toPropertyInput(formFromProperty(stored))).toMatchObject({
      status: 'maintenance',
      availability_start: '2031-01-01',
      availability_end: '2031-06-30',
    });
  });

  it('an end on or before the start is reported on the end field', () => {
    expect(
      validatePropertyForm(filled({ availabilityStart: '2031-02-01', availabilityEnd: '2031-02-01' })),
    ).toEqual({ availabilityEnd: 'Availability end must be after its start' });
  });
});
