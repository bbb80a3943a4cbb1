import { AMENITIES, CITIES, PROPERTY_TYPES, type PropertyType } from '../../../domain/property.ts';
import type { SearchParams } from './api.ts';

const isType = (value: string | null): value is PropertyType =>
  !!value && (PROPERTY_TYPES as readonly string[]).includes(value);
const positiveInt = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};
const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** Reads search criteria from the URL, ignoring anything malformed (the server validates again). */
export function readSearchParams(params: URLSearchParams): SearchParams {
  const type = params.get('type');
  const city = params.get('city');
  const sortBy = params.get('sortBy');
  return {
    type: isType(type) ? type : undefined,
    category: params.get('category') || undefined,
    city: city && (CITIES as readonly string[]).includes(city) ? city : undefined,
    q: params.get('q') || undefined,
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
