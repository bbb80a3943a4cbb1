import { describeDuration, priceUnitFor, unitCount } from '../../../domain/rental-unit.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { imageUrl } from '../properties/property.schemas.ts';
import { shortTime } from './booked-period.ts';
import type { ReservationRow } from './reservation.repository.ts';

/** A stored reservation with its listing and client, as the API returns it. */
export function toReservationDto(row: ReservationRow): Reservation {
  const unit = priceUnitFor(row.property_type ?? 'accommodation');
  const period = {
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: shortTime(row.start_time),
    endTime: shortTime(row.end_time),
  };
  return {
    id: row.id,
    reference: row.reference,
    property_id: row.property_id,
    owner_id: row.owner_id,
    client_id: row.client_id,
    start_date: row.start_date,
    end_date: row.end_date,
    start_time: period.startTime,
    end_time: period.endTime,
    price_unit: unit,
    units: unitCount(unit, period),
    duration: describeDuration(unit, period),
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
    booked_rates: row.booked_rates ?? null,
    agreement:
      row.agreement_version != null && row.agreement_accepted_at
        ? { version: row.agreement_version, accepted_at: new Date(row.agreement_accepted_at).toISOString() }
        : null,
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
            archived: row.property_archived_at !== null,
          }
        : null,
    client: { first_name: row.client_first_name, last_name: row.client_last_name, email: row.client_email },
  };
}
