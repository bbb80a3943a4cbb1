import {
  AMENITIES,
  CITY_MAX_LENGTH,
  normalizeCity,
  PROPERTY_TYPES,
  type PropertyType,
  SEARCH_TEXT_MAX_LENGTH,
} from '../../../domain/property.ts';
import type { SearchParams } from './api.ts';

const isType = (value: string | null): value is PropertyType =>
  !!value && (PROPERTY_TYPES as readonly string[]).includes(value);
const positiveInt = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};
const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
/** Any city, its spacing tidied; one longer than a city can be is ignored. */
const cityOf = (value: string | null) => {
  const city = normalizeCity(value ?? '');
  return city && city.length <= CITY_MAX_LENGTH ? city : undefined;
};
const textOf = (value: string | null) => {
  const text = value?.trim();
  return text && text.length <= SEARCH_TEXT_MAX_LENGTH ? text : undefined;
};

/** Reads search criteria from the URL, ignoring anything malformed (the server validates again). */
export function readSearchParams(params: URLSearchParams): SearchParams {
  const type = params.get('type');
  const sortBy = params.get('sortBy');
  return {
    type: isType(type) ? type : undefined,
    category: params.get('category') || undefined,
    city: cityOf(params.get('city')),
    q: textOf(params.get('q')),
    checkIn: isoDate(params.get('checkIn')),
    checkOut: isoDate(params.get('checkOut')),
    guests: positiveInt(params.get('guests')),
    minPrice: positiveInt(params.get('minPrice')),
    maxPrice: positiveInt(params.get('maxPrice')),
    amenities: params.getAll('amenities').filter((a) => (AMENITIES as readonly string[]).includes(a)),
    sortBy: sortBy === 'price' || sortBy === 'rating' ? sortBy : undefined,
    page: positiveInt(params.get('page')),
  };
}
