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

/** The cities the spec offers (§9): suggestions for the city fields; owners may list anywhere else too. */
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

export const CITY_MAX_LENGTH = 60;
export const CITY_MESSAGES = {
  required: 'Please enter the city',
  tooLong: `City must be at most ${CITY_MAX_LENGTH} characters`,
  characters: 'City can only contain letters, spaces, hyphens and apostrophes',
} as const;
/** Starts with a letter; then letters, spaces, hyphens and apostrophes ("Hell's Gate", "Port-Nolloth"). */
export const CITY_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’-]*$/u;

/** A city as typed, with the spacing tidied: trimmed, and runs of whitespace made one space. */
export function normalizeCity(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** What two spellings of one city share: 'knysna', ' Knysna ' and 'KNYSNA' are the same city. */
export function cityKey(value: string): string {
  return normalizeCity(value).toLowerCase();
}

/**
 * The city suggestions: the known cities in their own spelling and the cities listings use, one
 * spelling per city (case and spacing aside; the first given wins, so pass the most used first),
 * sorted alphabetically.
 */
export function mergeCitySuggestions(listed: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const city of [...CITIES, ...listed]) {
    const name = normalizeCity(city);
    if (name && !byKey.has(cityKey(name))) byKey.set(cityKey(name), name);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en-ZA'));
}

/**
 * Where a listing is, naming the city once: the location alone when it already names the city
 * ('Sea Point, Cape Town' or 'Cape Town'), otherwise 'location, city'.
 */
export function placeLabel(location: string, city: string): string {
  const place = location.trim();
  const town = normalizeCity(city);
  if (!place) return town;
  if (!town) return place;
  const escaped = cityKey(town).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const namesCity = new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u');
  return namesCity.test(normalizeCity(place).toLowerCase()) ? place : `${place}, ${town}`;
}

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

/** Whether a live listing takes bookings; archiving is separate (a listing's `archived_at`). */
export const PROPERTY_STATUSES = ['available', 'maintenance'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/**
 * Whether a listing takes new bookings: active, available (not under maintenance) and not archived.
 * The server refuses a booking of any other (as search and the booking page never show it), and the
 * reservation editor offers only these (plus the listing a booking already has).
 */
export function isBookableListing(listing: {
  is_active: boolean;
  status: string;
  archived: boolean;
}): boolean {
  return listing.is_active && listing.status === 'available' && !listing.archived;
}

export const FEATURED_COUNT = 12;
export const SEARCH_MAX_GUESTS = 10;
/** The longest free-text search (`q`). */
export const SEARCH_TEXT_MAX_LENGTH = 100;

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
