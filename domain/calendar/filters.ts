import { RESERVATION_STATUSES } from '../reservation.ts';
import type { CalendarReservationLike } from './day-reservations.ts';

/** The calendar's filters (property, status, and owner for staff) and its summary line. */

export const ownerLabel = (ownerId: string) => `Owner ${ownerId.slice(0, 8)}`;

export const STATUS_FILTER_VALUES = ['all', ...RESERVATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTER_VALUES)[number];

export interface CalendarFilters {
  propertyId: string | null;
  status: StatusFilter;
  ownerId: string | null;
}

export const NO_FILTERS: CalendarFilters = { propertyId: null, status: 'all', ownerId: null };

export function filterReservations<T extends CalendarReservationLike>(
  reservations: readonly T[],
  filters: CalendarFilters,
): T[] {
  return reservations.filter(
    (reservation) =>
      (!filters.propertyId || reservation.property_id === filters.propertyId) &&
      (filters.status === 'all' || reservation.status === filters.status) &&
      (!filters.ownerId || reservation.owner_id === filters.ownerId),
  );
}

export const summaryText = (shown: number, total: number) => `Showing ${shown} of ${total} reservations`;

/** The owners a staff member can filter by: their own business first, then any other owner in the data. */
export function ownerOptions(parentOwnerId: string | null, ownerIds: Iterable<string>): string[] {
  const unique = new Set<string>();
  if (parentOwnerId) unique.add(parentOwnerId);
  for (const id of ownerIds) unique.add(id);
  return [...unique];
}
