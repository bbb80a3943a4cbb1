import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ClientBookingsSchema,
  type ClientDetailsSchema,
  ClientPageSchema,
  ClientRecordSchema,
} from '../../../domain/schemas/clients.ts';
import { ClientRemovedSchema, ClientSchema } from '../../../domain/schemas/reservation.ts';
import { api } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

export type { ClientBooking, ClientRecord } from '../../../domain/schemas/clients.ts';
export type { Client } from '../../../domain/schemas/reservation.ts';

type ClientDetails = z.output<typeof ClientDetailsSchema>;

export { useCreateClient } from '../reservations/api.ts';

/**
 * One page of the business's clients by name, the search matched on the server (My Clients,
 * docs/decisions/069). Under ['clients'], so adding, switching or removing a client refreshes it; the
 * page on screen stays while the next one loads.
 */
export function useClientPage(query: { q?: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['clients', 'page', query],
    queryFn: () => api.get(`/api/clients?${toQueryString(query)}`, ClientPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** Changes to a client refresh every list of clients (My Clients, the booking pickers). */
function useClientChange<Variables, Result>(change: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clients'] }),
  });
}

export function useSetClientActive() {
  return useClientChange(({ id, isActive }: { id: string; isActive: boolean }) =>
    api.patch(`/api/clients/${id}`, { is_active: isActive }, ClientSchema),
  );
}

/** Removing a client also cancels their pending bookings: the reservation lists refresh too. */
export function useRemoveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/clients/${id}`, ClientRemovedSchema),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['clients'] }),
        queryClient.invalidateQueries({ queryKey: ['reservations'] }),
      ]),
  });
}

/** The client's page: the record with the business's notes. Under ['clients'], so client changes refresh it. */
export function useClientRecord(id: string) {
  return useQuery({
    queryKey: ['clients', 'record', id],
    queryFn: () => api.get(`/api/clients/${id}`, ClientRecordSchema),
  });
}

/**
 * The client's bookings with their balances. Under ['reservations'], so saving a booking or a billing
 * line in the reservation editor refreshes them.
 */
export function useClientBookings(id: string) {
  return useQuery({
    queryKey: ['reservations', 'client', id],
    queryFn: () => api.get(`/api/clients/${id}/bookings`, ClientBookingsSchema),
  });
}

export function useUpdateClient() {
  return useClientChange(({ id, details }: { id: string; details: ClientDetails }) =>
    api.patch(`/api/clients/${id}`, details, ClientSchema),
  );
}

export function useSaveClientNotes() {
  return useClientChange(({ id, notes }: { id: string; notes: string }) =>
    api.put(`/api/clients/${id}/notes`, { notes }, ClientRecordSchema),
  );
}
