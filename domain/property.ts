/** Property constants from the spec (§9) and the rules that read them. */
export const PROPERTY_TYPES = [
  'accommodation',
  'vehicle',
  'equipment',
  'electronics',
  'event_space',
  'storage_space',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const CATEGORIES_BY_TYPE = {
  accommodation: ['house', 'apartment', 'room', 'villa', 'cottage'],
  vehicle: ['car', 'boat', 'motorcycle', 'rv', 'jet_ski'],
  equipment: ['tools', 'machinery', 'sports_equipment', 'camping_gear'],
  electronics: ['camera', 'drone', 'gaming_console', 'audio_equipment'],
  event_space: ['venue', 'conference_room', 'studio', 'party_space'],
  storage_space: ['garage', 'storage_unit', 'locker', 'parking_space'],
} as const satisfies Record<PropertyType, readonly string[]>;

export const CITIES = [
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
] as const;
export type City = (typeof CITIES)[number];

export const AMENITIES = [
  'wifi',
  'parking',
  'pool',
  'gym',
  'security',
  'air_conditioning',
  'heating',
  'laundry',
  'pets_allowed',
] as const;
export type Amenity = (typeof AMENITIES)[number];

export const PROPERTY_STATUSES = ['available', 'maintenance', 'archived'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

export const FEATURED_COUNT = 12;
export const SEARCH_MAX_GUESTS = 10;

export const TYPE_LABELS: Record<PropertyType, string> = {
  accommodation: 'Accommodation',
  vehicle: 'Vehicle',
  equipment: 'Equipment',
  electronics: 'Electronics',
  event_space: 'Event Space',
  storage_space: 'Storage',
};

/** The Featured Properties filter buttons, in order. */
export const FEATURED_FILTERS: ReadonlyArray<{ label: string; type: PropertyType | null }> = [
  { label: 'All', type: null },
  { label: 'Accommodation', type: 'accommodation' },
  { label: 'Vehicles', type: 'vehicle' },
  { label: 'Equipment', type: 'equipment' },
  { label: 'Electronics', type: 'electronics' },
  { label: 'Event Spaces', type: 'event_space' },
  { label: 'Storage', type: 'storage_space' },
];

/** Price period labels shown beside a price (spec §9). */
export function pricePeriodLabel(type: PropertyType): string {
  switch (type) {
    case 'accommodation':
      return 'per night';
    case 'event_space':
      return 'per hour';
    case 'storage_space':
      return 'per month';
    case 'vehicle':
    case 'equipment':
    case 'electronics':
      return 'per day';
  }
}

/** The unit used in the property list: per hour for event spaces, per month for storage, per day otherwise. */
export function listPriceUnit(type: PropertyType): string {
  if (type === 'event_space') return 'per hour';
  if (type === 'storage_space') return 'per month';
  return 'per day';
}

export function isCategoryOfType(type: PropertyType, category: string): boolean {
  return (CATEGORIES_BY_TYPE[type] as readonly string[]).includes(category);
}

/** Human label for a snake_case constant: 'air_conditioning' → 'Air conditioning'. */
export function humanize(value: string): string {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The search guest rule (spec §5): applies only above 1 guest; accommodation needs bedrooms (default 1)
 * × 2 ≥ guests; other types pass unless the search is for accommodation.
 */
export function passesGuestRule(
  property: { type: PropertyType; bedrooms: number | null | undefined },
  guests: number,
  searchedType: PropertyType | null,
): boolean {
  if (guests <= 1) return true;
  if (property.type === 'accommodation') return (property.bedrooms ?? 1) * 2 >= guests;
  return searchedType !== 'accommodation';
}

/** The composed empty-result message of the search (spec §8). */
export function emptySearchMessage(criteria: {
  city?: string | null;
  type?: PropertyType | null;
  hasDates: boolean;
}): string {
  let message = 'No properties found';
  if (criteria.city) message += ` in ${criteria.city}`;
  if (criteria.type) message += ` for ${TYPE_LABELS[criteria.type]}`;
  if (criteria.hasDates) message += ' for the selected dates';
  return message;
}
