import { z } from 'zod';
import { AMENITIES, PROPERTY_STATUSES, PROPERTY_TYPES } from '../../../domain/property.ts';
import type { Property, PropertyImage } from '../../db/types.ts';

export const PropertyImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number(),
  height: z.number(),
  position: z.number(),
});

export const PropertySchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  type: z.enum(PROPERTY_TYPES),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  city: z.string(),
  location: z.string(),
  price_per_day_cents: z.number(),
  currency: z.string(),
  amenities: z.array(z.enum(AMENITIES)),
  availability_start: z.string().nullable(),
  availability_end: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(PROPERTY_STATUSES),
  cleaning_fee_cents: z.number(),
  security_deposit_cents: z.number(),
  specifications: z.record(z.string(), z.unknown()),
  images: z.array(PropertyImageSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PropertyDto = z.infer<typeof PropertySchema>;

export const PropertyPageSchema = z.object({
  items: z.array(PropertySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

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
    created_at: new Date(property.created_at).toISOString(),
    updated_at: new Date(property.updated_at).toISOString(),
  };
}
