import { useQuery } from '@tanstack/react-query';
import type { IsoDate } from '../../../domain/dates.ts';
import type { PropertyType } from '../../../domain/property.ts';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import { api } from '../../lib/api.ts';

/** What the calendar reads of a reservation (GET /api/reservations returns more). */
export interface CalendarReservation {
  id: string;
  property_id: string;
  owner_id: string;
  client_id: string;
  start_date: IsoDate;
  end_date: IsoDate;
  status: ReservationStatus;
  guests: number;
  property: { title: string; type: PropertyType } | null;
  client: { first_name: string; last_name: string; email: string };
}

export interface CalendarProperty {
  id: string;
  title: string;
  type: PropertyType;
  owner_id: string;
}

/**
 * Under the shared 'reservations' key so that saving a reservation anywhere refreshes the calendar;
 * the server scopes the list to the caller's business.
 */
export function useCalendarReservations(range: { start: IsoDate; end: IsoDate }) {
  return useQuery({
    queryKey: ['reservations', 'calendar', range.start, range.end],
    queryFn: () =>
      api.get<CalendarReservation[]>(
        `/api/reservations?from=${encodeURIComponent(range.start)}&to=${encodeURIComponent(range.end)}`,
      ),
    retry: 1,
  });
}

/** The business's properties, active and inactive, by title. */
export function useCalendarProperties() {
  return useQuery({
    queryKey: ['business-properties'],
    queryFn: () => api.get<CalendarProperty[]>('/api/business/properties'),
    retry: 1,
  });
}
