import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_PICKER_SIZE } from '../../../domain/booking-page.ts';
import type { Role } from '../../../domain/roles.ts';
import type {
  ClientCreate,
  Reservation,
  ReservationCreateInput,
  ReservationListQueryInput,
  ReservationUpdateInput,
} from '../../../domain/schemas/reservation.ts';
import type { ReservationBulk, ReservationPageQueryInput } from '../../../domain/schemas/reservation-list.ts';

export type { BusinessProperty } from '../../../domain/schemas/business.ts';
export type { Client, Reservation } from '../../../domain/schemas/reservation.ts';
export type {
  ReservationBulkResult,
  ReservationListItem,
  ReservationSort,
} from '../../../domain/schemas/reservation-list.ts';

import { api, lazySchema } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

// The booking page and the listing's calendar use this module: its schemas (and zod) load beside the
// first request, not with the page's code (docs/decisions/073).
const reservationSchemas = () => import('../../../domain/schemas/reservation.ts');
const listSchemas = () => import('../../../domain/schemas/reservation-list.ts');
const reservationSchema = lazySchema(reservationSchemas, (m) => m.ReservationSchema);
const reservationListSchema = lazySchema(reservationSchemas, (m) => m.ReservationSchema.array());
const clientSchema = lazySchema(reservationSchemas, (m) => m.ClientSchema);
const clientPageSchema = lazySchema(
  () => import('../../../domain/schemas/clients.ts'),
  (m) => m.ClientPageSchema,
);
const availabilitySchema = lazySchema(reservationSchemas, (m) => m.AvailabilitySchema);
const dayTimesSchema = lazySchema(reservationSchemas, (m) => m.DayTimesSchema);
const reservationPageSchema = lazySchema(listSchemas, (m) => m.ReservationPageSchema);
const bulkResultSchema = lazySchema(listSchemas, (m) => m.ReservationBulkResultSchema);
const businessPropertiesSchema = lazySchema(
  () => import('../../../domain/schemas/business.ts'),
  (m) => m.BusinessPropertySchema.array(),
);

export type ReservationFilters = ReservationListQueryInput;
/** The editor's and booking page's save: a booking, or changes to one (with its status). */
export type ReservationPayload = ReservationCreateInput & Pick<ReservationUpdateInput, 'status'>;

export const RESERVATIONS_KEY = ['reservations'] as const;

export function useReservations(filters: ReservationFilters = {}, enabled = true) {
  return useQuery({
    queryKey: [...RESERVATIONS_KEY, 'list', filters],
    queryFn: () => api.get(`/api/reservations?${toQueryString(filters)}`, reservationListSchema),
    enabled,
  });
}

/** Reservation Management's page: sorted, filtered and paged by the server (docs/decisions/046). */
export function useReservationPage(query: ReservationPageQueryInput & { page: number }) {
  return useQuery({
    queryKey: [...RESERVATIONS_KEY, 'page', query],
    queryFn: () => api.get(`/api/reservations?${toQueryString(query)}`, reservationPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** Confirm, cancel or email a quote for several bookings; the answer lists each one's outcome. */
export function useBulkReservations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReservationBulk) => api.post('/api/reservations/bulk', input, bulkResultSchema),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
        queryClient.invalidateQueries({ queryKey: ['documents'] }),
      ]),
  });
}

/** My Reservations: the user's own bookings as a guest, whatever their role. */
export function useMyReservations() {
  return useQuery({
    queryKey: [...RESERVATIONS_KEY, 'list', 'mine'],
    queryFn: () => api.get('/api/my/reservations', reservationListSchema),
  });
}

export function useReservation(id: string | null | undefined) {
  return useQuery({
    queryKey: [...RESERVATIONS_KEY, 'one', id],
    queryFn: () => api.get(`/api/reservations/${id}`, reservationSchema),
    enabled: !!id,
  });
}

/**
 * The business a clients request names: an admin names the listing's owner (they belong to no
 * business); owners and staff name none, and the server uses their own.
 */
export const clientsBusinessParam = (role: Role, ownerId: string | null | undefined) =>
  role === 'admin' ? (ownerId ?? undefined) : undefined;

/**
 * The first CLIENT_PICKER_SIZE of a business's clients matching `q` by name or email, and how many
 * match, searched by the server (the booking pickers, docs/decisions/072; see clientsBusinessParam);
 * an admin's search waits until a business is known. The previous answer stays while the next loads.
 */
export function useClientSearch(role: Role, ownerId: string | undefined, q: string, enabled = true) {
  const query = { owner_id: ownerId, q: q || undefined, page: 1, pageSize: CLIENT_PICKER_SIZE };
  return useQuery({
    queryKey: ['clients', 'search', query],
    queryFn: () => api.get(`/api/clients?${toQueryString(query)}`, clientPageSchema),
    enabled: enabled && (role !== 'admin' || !!ownerId),
    placeholderData: keepPreviousData,
  });
}

export function useCreateClient(ownerId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientCreate) =>
      api.post('/api/clients', { ...input, owner_id: ownerId }, clientSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clients'] }),
  });
}

export function useBusinessProperties(enabled = true) {
  return useQuery({
    queryKey: ['business-properties'],
    queryFn: () => api.get('/api/business/properties', businessPropertiesSchema),
    enabled,
  });
}

export function useAvailability(propertyId: string | undefined) {
  return useQuery({
    queryKey: ['availability', propertyId],
    queryFn: () => api.get(`/api/properties/${propertyId}/availability`, availabilitySchema),
    enabled: !!propertyId,
  });
}

/** An hourly listing's bookable hours, minimum and taken times on one day (the booking page's slot picker). */
/**
 * An hourly listing's bookable hours and taken times on one day (under 'availability', so saving a
 * reservation refreshes it).
 */
export function useDayTimes(propertyId: string | null | undefined, date: string | null, enabled = true) {
  return useQuery({
    queryKey: ['availability', propertyId, 'times', date],
    queryFn: () =>
      api.get(
        `/api/properties/${propertyId}/availability/times?date=${encodeURIComponent(date ?? '')}`,
        dayTimesSchema,
      ),
    enabled: enabled && !!propertyId && !!date,
  });
}

export function useSaveReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: string | null; payload: ReservationPayload }) =>
      id
        ? api.patch(`/api/reservations/${id}`, payload, reservationSchema)
        : api.post('/api/reservations', payload, reservationSchema),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
        queryClient.invalidateQueries({ queryKey: ['properties'] }),
      ]),
  });
}

export function useDeleteReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/reservations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY }),
  });
}

/** A client cancels their own pending reservation; the card shows the answer at once, then lists refresh. */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/reservations/${id}/cancel`, undefined, reservationSchema),
    onSuccess: (cancelled) => {
      queryClient.setQueriesData<Reservation[]>({ queryKey: [...RESERVATIONS_KEY, 'list'] }, (list) =>
        list?.map((reservation) => (reservation.id === cancelled.id ? cancelled : reservation)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['availability', cancelled.property_id] }),
      ]);
    },
  });
}
