import { useQuery } from '@tanstack/react-query';
import type { IsoDate } from '../../../domain/dates.ts';
import { BusinessPropertySchema } from '../../../domain/schemas/business.ts';
import { ReservationSchema } from '../../../domain/schemas/reservation.ts';
import { api } from '../../lib/api.ts';

/** The calendar shows the reservations and listings the business screens read. */
export type { BusinessProperty as CalendarProperty } from '../../../domain/schemas/business.ts';
export type { Reservation as CalendarReservation } from '../../../domain/schemas/reservation.ts';

/**
 * Under the shared 'reservations' key so that saving a reservation anywhere refreshes the calendar;
 * the server scopes the list to the caller's business.
 */
export function useCalendarReservations(range: { start: IsoDate; end: IsoDate }) {
  return useQuery({
    queryKey: ['reservations', 'calendar', range.start, range.end],
    queryFn: () =>
      api.get(
        `/api/reservations?from=${encodeURIComponent(range.start)}&to=${encodeURIComponent(range.end)}`,
        ReservationSchema.array(),
      ),
    retry: 1,
  });
}

/** The business's properties, active and inactive, by title. */
export function useCalendarProperties() {
  return useQuery({
    queryKey: ['business-properties'],
    queryFn: () => api.get('/api/business/properties', BusinessPropertySchema.array()),
    retry: 1,
  });
}
