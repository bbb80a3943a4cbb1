import { RESERVATION_STATUSES } from '../reservation.ts';
import type { CalendarReservationLike } from './day-reservations.ts';

/** The calendar's filters (property, status, and owner for staff) and its summary line. */

export const ownerLabel = (ownerId: string) => `Owner ${ownerId.slice(0, 8)}`;

/** 'active' (the default) is every status but cancelled; 'all' brings the cancelled ones back. */
export const STATUS_FILTER_VALUES = ['active', 'all', ...RESERVATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTER_VALUES)[number];
export const DEFAULT_STATUS_FILTER: StatusFilter = 'active';

export function statusFilterLabel(value: StatusFilter): string {
  if (value === 'active') return 'All except cancelled';
  if (value === 'all') return 'All statuses';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** ?status= in the address: a known value, or the default (which the address leaves out). */
export function statusFilterFromParam(value: string | null): StatusFilter {
  return (STATUS_FILTER_VALUES as readonly string[]).includes(value ?? '')
    ? (value as StatusFilter)
    : DEFAULT_STATUS_FILTER;
}

export interface CalendarFilters {
  propertyId: string | null;
  status: StatusFilter;
  ownerId: string | null;
}

export const DEFAULT_FILTERS: CalendarFilters = {
  propertyId: null,
  status: DEFAULT_STATUS_FILTER,
  ownerId: null,
};

const statusMatches = (status: string, filter: StatusFilter) =>
  filter === 'all' || (filter === 'active' ? status !== 'cancelled' : status === filter);

export function filterReservations<T extends CalendarReservationLike>(
  reservations: readonly T[],
  filters: CalendarFilters,
): T[] {
  return reservations.filter(
    (reservation) =>
      (!filters.propertyId || reservation.property_id === filters.propertyId) &&
      statusMatches(reservation.status, filters.status) &&
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
