import type { Property as PropertyDto } from '../../../domain/schemas/property-view.ts';
import { areaOf } from '../../../domain/search-to-booking.ts';
import type { Property, PropertyImage } from '../../db/types.ts';

export const imageUrl = (key: string) => `/api/images/${key}`;

export function toImageDto(image: PropertyImage) {
  return {
    id: image.id,
    url: imageUrl(image.display_key),
    thumbnail_url: imageUrl(image.thumbnail_key),
    width: image.width,
    height: image.height,
    position: image.position,
  };
}

export function toPropertyDto(property: Property, images: PropertyImage[]): PropertyDto {
  return {
    id: property.id,
    owner_id: property.owner_id,
    type: property.type,
    category: property.category,
    title: property.title,
    description: property.description,
    city: property.city,
    location: property.location,
    price_per_day_cents: property.price_per_day_cents,
    currency: property.currency,
    amenities: property.amenities as PropertyDto['amenities'],
    availability_start: property.availability_start,
    availability_end: property.availability_end,
    is_active: property.is_active,
    status: property.status,
    cleaning_fee_cents: property.cleaning_fee_cents,
    security_deposit_cents: property.security_deposit_cents,
    specifications: property.specifications as unknown as Record<string, unknown>,
    images: images.filter((image) => image.property_id === property.id).map(toImageDto),
    archived_at: property.archived_at ? new Date(property.archived_at).toISOString() : null,
    created_at: new Date(property.created_at).toISOString(),
    updated_at: new Date(property.updated_at).toISOString(),
  };
}

/** A listing as the public sees it: the area it is in, never its street address (docs/decisions/043). */
export function toPublicPropertyDto(property: Property, images: PropertyImage[]): PropertyDto {
  const dto = toPropertyDto(property, images);
  return { ...dto, location: areaOf(property.location, property.city) };
}
