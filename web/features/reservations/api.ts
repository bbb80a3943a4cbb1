import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PropertyType } from '../../../domain/property.ts';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import type { ClientCreate } from '../../../domain/schemas/reservation.ts';
import { api } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

export interface Reservation {
  id: string;
  property_id: string;
  owner_id: string;
  client_id: string;
  start_date: string;
  end_date: string;
  nights: number;
  status: ReservationStatus;
  total_price_cents: number;
  security_deposit_cents: number;
  guests: number;
  special_requests: string | null;
  voucher_number: string | null;
  purchase_order_number: string | null;
  tax_percent: number;
  discount_percent: number;
  rate_override_per_day_cents: number | null;
  created_at: string;
  updated_at: string;
  property: {
    title: string;
    type: PropertyType;
    location: string;
    city: string;
    cover_url: string | null;
  } | null;
  client: { first_name: string; last_name: string; email: string };
}

export interface Client {
  id: string;
  owner_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  is_active: boolean;
  registered: boolean;
}

export interface BusinessProperty {
  id: string;
  title: string;
  type: PropertyType;
  price_per_day_cents: number;
  cleaning_fee_cents: number;
  security_deposit_cents: number;
  specifications: Record<string, unknown>;
  owner_id: string;
}

export interface ReservationFilters {
  status?: ReservationStatus;
  property_id?: string;
  q?: string;
  from?: string;
  to?: string;
}

export interface ReservationPayload {
  property_id: string;
  client_id?: string | null;
  new_client?: ClientCreate | null;
  start_date: string;
  end_date: string;
  guests: number;
  special_requests?: string | null;
  voucher_number?: string | null;
  purchase_order_number?: string | null;
  tax_percent?: number;
  discount_percent?: number;
  rate_override_per_day_cents?: number | null;
  status?: ReservationStatus;
}

export const RESERVATIONS_KEY = ['reservations'] as const;

export function useReservations(filters: ReservationFilters = {}, enabled = true) {
  return useQuery({
    queryKey: [...RESERVATIONS_KEY, 'list', filters],
    queryFn: () => api.get<Reservation[]>(`/api/reservations?${toQueryString(filters)}`),
    enabled,
  });
}

export function useReservation(id: string | null | undefined) {
  return useQuery({
    queryKey: [...RESERVATIONS_KEY, 'one', id],
    queryFn: () => api.get<Reservation>(`/api/reservations/${id}`),
    enabled: !!id,
  });
}

export function useClients(enabled = true) {
  return useQuery({ queryKey: ['clients'], queryFn: () => api.get<Client[]>('/api/clients'), enabled });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientCreate) => api.post<Client>('/api/clients', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clients'] }),
  });
}

export function useBusinessProperties(enabled = true) {
  return useQuery({
    queryKey: ['business-properties'],
    queryFn: () => api.get<BusinessProperty[]>('/api/business/properties'),
    enabled,
  });
}

export function useAvailability(propertyId: string | undefined) {
  return useQuery({
    queryKey: ['availability', propertyId],
    queryFn: () => api.get<{ from: string; dates: string[] }>(`/api/properties/${propertyId}/availability`),
    enabled: !!propertyId,
  });
}

export function useSaveReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: string | null; payload: ReservationPayload }) =>
      id
        ? api.patch<Reservation>(`/api/reservations/${id}`, payload)
        : api.post<Reservation>('/api/reservations', payload),
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
