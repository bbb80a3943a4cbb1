import type { AuditChanges } from '../../../domain/schemas/audit.ts';
import { diffFields } from './audit.ts';

/** What a reservation's history shows of it (docs/decisions/051); the guest's requests are personal. */
const RESERVATION_FIELDS = [
  'status',
  'property_id',
  'client_id',
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'guests',
  'total_price_cents',
  'security_deposit_cents',
  'discount_percent',
  'rate_override_per_day_cents',
  'voucher_number',
  'purchase_order_number',
  'special_requests',
] as const;
const PERSONAL = ['special_requests'] as const;

type ReservationLike = Partial<Record<(typeof RESERVATION_FIELDS)[number], unknown>>;

/** Numbers stored as numeric come back as strings ("10.00"); times as "09:00:00". */
function normalise(row: ReservationLike | null): ReservationLike | null {
  if (!row) return null;
  const out: ReservationLike = {};
  for (const field of RESERVATION_FIELDS) {
    let value = row[field];
    if (field === 'discount_percent' && value !== null && value !== undefined) value = Number(value);
    if ((field === 'start_time' || field === 'end_time') && typeof value === 'string')
      value = value.slice(0, 5);
    out[field] = value ?? null;
  }
  return out;
}

export function reservationChanges(
  before: ReservationLike | null,
  after: ReservationLike | null,
): AuditChanges {
  return diffFields(normalise(before), normalise(after), RESERVATION_FIELDS, PERSONAL);
}
