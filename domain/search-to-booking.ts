import type { PropertyType } from './property.ts';

export { verificationCallbackUrl, withReturnUrl } from './return-url.ts';

/**
 * What a person chose in a search that the listing and its booking page keep (docs/decisions/043):
 * the days and the number of guests, carried as URL query parameters.
 */
export interface StayChoice {
  checkIn: string | null;
  checkOut: string | null;
  guests: number | null;
}

export const NO_CHOICE: StayChoice = { checkIn: null, checkOut: null, guests: null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDate = (value: string | null): value is string =>
  !!value &&
  ISO_DATE.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  // A real calendar day: 2027-02-31 would roll over into March.
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Reads the carried choice, dropping whatever is malformed: an end needs a start before it. */
export function readStayChoice(params: URLSearchParams): StayChoice {
  const checkIn = params.get('checkIn');
  const checkOut = params.get('checkOut');
  const guests = Number(params.get('guests'));
  const start = isIsoDate(checkIn) ? checkIn : null;
  return {
    checkIn: start,
    checkOut: start && isIsoDate(checkOut) && checkOut > start ? checkOut : null,
    guests: Number.isInteger(guests) && guests >= 1 && guests <= 1000 ? guests : null,
  };
}

/** The query string ("?checkIn=…&checkOut=…&guests=…", or "") that carries a choice to the next page. */
export function stayQuery(choice: Partial<StayChoice>): string {
  const params = new URLSearchParams();
  if (choice.checkIn) params.set('checkIn', choice.checkIn);
  if (choice.checkIn && choice.checkOut) params.set('checkOut', choice.checkOut);
  if (choice.guests && choice.guests > 1) params.set('guests', String(choice.guests));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The words a search's date fields use: a stay checks in, storage moves in, a venue has an event date. */
export interface SearchDateWords {
  start: string;
  end: string | null;
}

export function searchDateWords(type: PropertyType): SearchDateWords {
  if (type === 'storage_space') return { start: 'Move-in', end: 'Move-out' };
  if (type === 'event_space') return { start: 'Event date', end: null };
  return { start: 'Check-in', end: 'Check-out' };
}

/**
 * The area of a listing's location, without its street address (docs/decisions/043): the parts that
 * carry no house or unit number ("12 Long Street, Sea Point, Cape Town" → "Sea Point, Cape Town"),
 * or the city when every part does.
 */
export function areaOf(location: string, city: string): string {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const area = parts.filter((part) => !/\d/.test(part));
  return area.length > 0 ? area.join(', ') : city;
}
