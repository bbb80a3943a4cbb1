import { describe, expect, it } from 'vitest';
import {
  AMENITIES,
  CATEGORIES_BY_TYPE,
  CITIES,
  cityKey,
  FEATURED_COUNT,
  FEATURED_FILTERS,
  humanize,
  isBookableListing,
  isCategoryOfType,
  listPriceUnit,
  mergeCitySuggestions,
  normalizeCity,
  PROPERTY_TYPES,
  type PropertyType,
  passesGuestRule,
  placeLabel,
  pricePeriodLabel,
  SEARCH_MAX_GUESTS,
} from './property.ts';

describe('isBookableListing: what takes new bookings (the server refuses, the editor does not offer, the rest)', () => {
  it.each([
    [true, 'available', false, true],
    [false, 'available', false, false],
    [true, 'maintenance', false, false],
    [true, 'available', true, false],
    [false, 'maintenance', true, false],
  ] as const)('active %s, %s, archived %s → %s', (is_active, status, archived, bookable) => {
    expect(isBookableListing({ is_active, status, archived })).toBe(bookable);
  });
});

describe('constants (spec §9)', () => {
  it('the six property types, in order', () => {
    expect([...PROPERTY_TYPES]).toEqual([
      'accommodation',
      'vehicle',
      'equipment',
      'electronics',
      'event_space',
      'storage_space',
    ]);
  });

  it('the categories of each type', () => {
    expect(CATEGORIES_BY_TYPE).toEqual({
      accommodation: ['house', 'apartment', 'room', 'villa', 'cottage'],
      vehicle: ['car', 'boat', 'motorcycle', 'rv', 'jet_ski'],
      equipment: ['tools', 'machinery', 'sports_equipment', 'camping_gear'],
      electronics: ['camera', 'drone', 'gaming_console', 'audio_equipment'],
      event_space: ['venue', 'conference_room', 'studio', 'party_space'],
      storage_space: ['garage', 'storage_unit', 'locker', 'parking_space'],
    });
  });

  it('the ten cities offered', () => {
    expect([...CITIES]).toEqual([
      'Cape Town',
      'Johannesburg',
      'Durban',
      'Pretoria',
      'Port Elizabeth',
      'Bloemfontein',
      'East London',
      'Pietermaritzburg',
      'Rustenburg',
      'Polokwane',
    ]);
  });

  it('the nine amenities', () => {
    expect([...AMENITIES]).toEqual([
      'wifi',
      'parking',
      'pool',
      'gym',
      'security',
      'air_conditioning',
      'heating',
      'laundry',
      'pets_allowed',
    ]);
  });

  it('featured: the first 12; search guests up to 10', () => {
    expect(FEATURED_COUNT).toBe(12);
    expect(SEARCH_MAX_GUESTS).toBe(10);
  });

  it('the Featured Properties filter buttons', () => {
    expect(FEATURED_FILTERS.map((filter) => [filter.label, filter.type])).toEqual([
      ['All', null],
      ['Accommodation', 'accommodation'],
      ['Vehicles', 'vehicle'],
      ['Equipment', 'equipment'],
      ['Electronics', 'electronics'],
      ['Event Spaces', 'event_space'],
      ['Storage', 'storage_space'],
    ]);
  });
});

describe('pricePeriodLabel', () => {
  it.each([
    ['accommodation', 'per night'],
    ['vehicle', 'per day'],
    ['equipment', 'per day'],
    ['electronics', 'per day'],
    ['event_space', 'per hour'],
    ['storage_space', 'per month'],
  ] as const)('%s → %s', (type, label) => {
    expect(pricePeriodLabel(type)).toBe(label);
  });
});

describe('listPriceUnit (property list: per hour for event spaces, per month for storage, per day otherwise)', () => {
  it.each([
    ['accommodation', 'per day'],
    ['vehicle', 'per day'],
    ['equipment', 'per day'],
    ['electronics', 'per day'],
    ['event_space', 'per hour'],
    ['storage_space', 'per month'],
  ] as const)('%s → %s', (type, unit) => {
    expect(listPriceUnit(type)).toBe(unit);
  });
});

describe('isCategoryOfType', () => {
  const everyPair = PROPERTY_TYPES.flatMap((type) =>
    PROPERTY_TYPES.flatMap((owner) =>
      CATEGORIES_BY_TYPE[owner].map((category) => [type, category, owner === type] as const),
    ),
  );

  it.each(everyPair)('%s / %s → %s', (type, category, expected) => {
    expect(isCategoryOfType(type, category)).toBe(expected);
  });

  it.each(['', 'House', ' house', 'constructor', 'toString', 'length'])(
    'refuses %j for accommodation',
    (category) => {
      expect(isCategoryOfType('accommodation', category)).toBe(false);
    },
  );
});

describe('humanize', () => {
  it.each([
    ['air_conditioning', 'Air conditioning'],
    ['wifi', 'Wifi'],
    ['pets_allowed', 'Pets allowed'],
    ['event_space', 'Event space'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(humanize(value)).toBe(expected);
  });
});

describe('passesGuestRule (spec §5 result filtering)', () => {
  const accommodation = (bedrooms: number | null | undefined) => ({
    type: 'accommodation' as const,
    bedrooms,
  });
  const other = (type: PropertyType) => ({ type, bedrooms: undefined });

  it.each([
    // guests ≤ 1: the filter does not apply at all
    ['1 guest, 0 bedrooms, accommodation search', accommodation(0), 1, 'accommodation', true],
    ['1 guest, a vehicle, accommodation search', other('vehicle'), 1, 'accommodation', true],
    // accommodation: bedrooms × 2 ≥ guests
    ['2 guests, 1 bedroom', accommodation(1), 2, 'accommodation', true],
    ['3 guests, 1 bedroom', accommodation(1), 3, 'accommodation', false],
    ['4 guests, 2 bedrooms', accommodation(2), 4, 'accommodation', true],
    ['5 guests, 2 bedrooms', accommodation(2), 5, 'accommodation', false],
    ['10 guests, 5 bedrooms', accommodation(5), 10, 'accommodation', true],
    ['2 guests, 0 bedrooms (a studio)', accommodation(0), 2, 'accommodation', false],
    // bedrooms missing → 1
    ['2 guests, bedrooms unknown (counts 1)', accommodation(undefined), 2, 'accommodation', true],
    ['3 guests, bedrooms unknown (counts 1)', accommodation(undefined), 3, 'accommodation', false],
    ['3 guests, bedrooms null (counts 1)', accommodation(null), 3, 'accommodation', false],
    // the rule holds for accommodation whatever was searched
    ['3 guests, 1 bedroom, no type searched', accommodation(1), 3, null, false],
    ['4 guests, 2 bedrooms, no type searched', accommodation(2), 4, null, true],
    // other types pass unless the search is for accommodation
    ['6 guests, a vehicle, no type searched', other('vehicle'), 6, null, true],
    ['6 guests, a vehicle, vehicle search', other('vehicle'), 6, 'vehicle', true],
    ['6 guests, an event space, accommodation search', other('event_space'), 6, 'accommodation', false],
    ['2 guests, storage, accommodation search', other('storage_space'), 2, 'accommodation', false],
  ] as const)('%s → %s', (_label, property, guests, searchedType, expected) => {
    expect(passesGuestRule(property, guests, searchedType)).toBe(expected);
  });
});

describe('cities are free text: spacing tidied, one city whatever its case', () => {
  it.each([
    ['Knysna', 'Knysna'],
    ['  Port   Alfred ', 'Port Alfred'],
    ['Plettenberg\tBay', 'Plettenberg Bay'],
    ['knysna', 'knysna'],
    ['', ''],
  ])('normalizeCity(%j) → %j', (typed, stored) => {
    expect(normalizeCity(typed)).toBe(stored);
  });

  it.each([
    ['Knysna', ' knysna'],
    ['CAPE TOWN', 'cape  town'],
    ['Port Alfred', 'port alfred '],
  ])('%j and %j are the same city', (a, b) => {
    expect(cityKey(a)).toBe(cityKey(b));
  });

  it.each([
    ['Cape Town', 'Cape Towns'],
    ['Port Alfred', 'Port-Alfred'],
  ])('%j and %j are different cities', (a, b) => {
    expect(cityKey(a)).not.toBe(cityKey(b));
  });
});

describe('mergeCitySuggestions (the known cities and the cities listings use)', () => {
  it('with no listings: the ten known cities, alphabetically', () => {
    expect(mergeCitySuggestions([])).toEqual([...CITIES].sort());
  });

  it('adds the cities of listings, once each, keeping the known spelling of a known city', () => {
    expect(mergeCitySuggestions(['Knysna', 'cape town', 'KNYSNA', ' Stellenbosch ', 'knysna'])).toEqual([
      'Bloemfontein',
      'Cape Town',
      'Durban',
      'East London',
      'Johannesburg',
      'Knysna',
      'Pietermaritzburg',
      'Polokwane',
      'Port Elizabeth',
      'Pretoria',
      'Rustenburg',
      'Stellenbosch',
    ]);
  });

  it('the first spelling of a new city wins (the server passes the most used first)', () => {
    expect(mergeCitySuggestions(['george', 'George'])).toContain('george');
    expect(mergeCitySuggestions(['George', 'george'])).toContain('George');
  });

  it('skips blank cities', () => {
    expect(mergeCitySuggestions(['', '  '])).toHaveLength(CITIES.length);
  });
});

describe('placeLabel (the city named once)', () => {
  it.each([
    ['Sea Point', 'Cape Town', 'Sea Point, Cape Town'],
    ['Cape Town', 'Cape Town', 'Cape Town'],
    ['cape town', 'Cape Town', 'cape town'],
    ['Sea Point, Cape Town', 'Cape Town', 'Sea Point, Cape Town'],
    ['12 Long Street, Gardens, Cape Town', 'Cape Town', '12 Long Street, Gardens, Cape Town'],
    ['Sea Point Cape Town', 'Cape Town', 'Sea Point Cape Town'],
    ['Cape Town CBD', 'Cape Town', 'Cape Town CBD'],
    ['Thesen Islands, KNYSNA', 'Knysna', 'Thesen Islands, KNYSNA'],
    ['Durbanville', 'Durban', 'Durbanville, Durban'],
    ['Westdene', 'Bloemfontein', 'Westdene, Bloemfontein'],
    ['Old Port Road', 'Port Alfred', 'Old Port Road, Port Alfred'],
    ['  ', 'Knysna', 'Knysna'],
    ['Sea Point', '', 'Sea Point'],
  ])('%j in %j → %j', (location, city, label) => {
    expect(placeLabel(location, city)).toBe(label);
  });
});
