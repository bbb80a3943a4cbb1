import { z } from 'zod';
import { PROPERTY_TYPES } from '../../../domain/property.ts';
import { countNights, RESERVATION_STATUSES } from '../../../domain/reservation.ts';
import { imageUrl } from '../properties/property.schemas.ts';
import type { ReservationRow } from './reservation.repository.ts';

export const ReservationSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  owner_id: z.string(),
  client_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number(),
  status: z.enum(RESERVATION_STATUSES),
  total_price_cents: z.number(),
  security_deposit_cents: z.number(),
  guests: z.number(),
  special_requests: z.string().nullable(),
  voucher_number: z.string().nullable(),
  purchase_order_number: z.string().nullable(),
  tax_percent: z.number(),
  discount_percent: z.number(),
  rate_override_per_day_cents: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  property: z
    .object({
      title: z.string(),
      type: z.enum(PROPERTY_TYPES),
      location: z.string(),
      city: z.string(),
      cover_url: z.string().nullable(),
    })
    .nullable(),
  client: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
});
export type ReservationDto = z.infer<typeof ReservationSchema>;

export function toReservationDto(row: ReservationRow): ReservationDto {
  return {
    id: row.id,
    property_id: row.property_id,
    owner_id: row.owner_id,
    client_id: row.client_id,
    start_date: row.start_date,
    end_date: row.end_date,
    nights: countNights(row.start_date, row.end_date),
    status: row.status,
    total_price_cents: row.total_price_cents,
    security_deposit_cents: row.security_deposit_cents,
    guests: row.guests,
    special_requests: row.special_requests,
    voucher_number: row.voucher_number,
    purchase_order_number: row.purchase_order_number,
    tax_percent: Number(row.tax_percent),
    discount_percent: Number(row.discount_percent),
    rate_override_per_day_cents: row.rate_override_per_day_cents,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    property:
      row.property_title && row.property_type
        ? {
            title: row.property_title,
            type: row.property_type,
            location: row.property_location ?? '',
            city: row.property_city ?? '',
            cover_url: row.property_cover_key ? imageUrl(row.property_cover_key) : null,
          }
        : null,
    client: { first_name: row.client_first_name, last_name: row.client_last_name, email: row.client_email },
  };
}
