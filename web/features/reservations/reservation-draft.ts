import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { MONTHLY_DEFAULTS } from '../../../domain/rental-unit.ts';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import { ApiError } from '../../lib/api.ts';
import type { Reservation } from './api.ts';
import { EMPTY_NEW_CLIENT, type NewClientValues } from './components/new-client-form.tsx';

export const NEW_CLIENT = 'new';

/** What the reservation editor edits, before it becomes an API payload. */
export interface Draft {
  propertyId: string | null;
  clientId: string | null;
  newClient: NewClientValues;
  startDate: string | null;
  endDate: string | null;
  /** Hourly listings: the times on the start date. */
  startTime: string | null;
  endTime: string | null;
  /** Monthly listings: whole months from the start date. */
  months: number | string;
  guests: number;
  specialRequests: string;
  status: ReservationStatus;
  voucherNumber: string;
  purchaseOrderNumber: string;
  // As typed (the input may hold '' or '-' mid-typing); clamped to 0 when used and on blur.
  taxPercent: number | string;
  discountPercent: number | string;
  rateOverride: number | string;
}

/** A new draft (today to tomorrow, or the calendar day chosen) or one loaded from a reservation. */
export function draftFrom(
  reservation: Reservation | undefined,
  initial?: { startDate: string; endDate: string; propertyId?: string },
): Draft {
  const today = todayInBusinessZone();
  return {
    propertyId: reservation?.property_id ?? initial?.propertyId ?? null,
    clientId: reservation?.client_id ?? null,
    newClient: EMPTY_NEW_CLIENT,
    startDate: reservation?.start_date ?? initial?.startDate ?? today,
    endDate: reservation?.end_date ?? initial?.endDate ?? addDays(today, 1),
    startTime: reservation?.start_time ?? null,
    endTime: reservation?.end_time ?? null,
    months: reservation?.price_unit === 'month' ? reservation.units : MONTHLY_DEFAULTS.months,
    guests: reservation?.guests ?? 1,
    specialRequests: reservation?.special_requests ?? '',
    status: reservation?.status ?? 'pending',
    voucherNumber: reservation?.voucher_number ?? '',
    purchaseOrderNumber: reservation?.purchase_order_number ?? '',
    taxPercent: reservation?.tax_percent ?? 0,
    discountPercent: reservation?.discount_percent ?? 0,
    rateOverride:
      reservation?.rate_override_per_day_cents != null ? reservation.rate_override_per_day_cents / 100 : '',
  };
}

/** The server's message for a refused save, else the spec's generic failure text. */
export const failureText = (error: unknown, creating: boolean) =>
  error instanceof ApiError && error.status > 0 && error.status < 500
    ? error.message
    : creating
      ? 'An unexpected error occurred while creating the reservation'
      : 'Failed to save reservation. Please check your permissions and try again.';
