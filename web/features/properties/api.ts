import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '../../../domain/plans.ts';
import type { Amenity, PropertyStatus, PropertyType } from '../../../domain/property.ts';
import type { PropertyInputDraft } from '../../../domain/schemas/property.ts';
import { ApiError, api } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

export interface PropertyImage {
  id: string;
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
  position: number;
}

export interface Property {
  id: string;
  owner_id: string;
  type: PropertyType;
  category: string;
  title: string;
  description: string;
  city: string;
  location: string;
  price_per_day_cents: number;
  currency: string;
  amenities: Amenity[];
  availability_start: string | null;
  availability_end: string | null;
  is_active: boolean;
  status: PropertyStatus;
  cleaning_fee_cents: number;
  security_deposit_cents: number;
  specifications: Record<string, unknown>;
  images: PropertyImage[];
  created_at: string;
  updated_at: string;
}

export interface PropertyPage {
  items: Property[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SearchParams {
  type?: PropertyType;
  category?: string;
  city?: string;
  q?: string;
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  minPrice?: number;
  maxPrice?: number;
  amenities?: string[];
  sortBy?: 'newest' | 'price' | 'rating';
  page?: number;
  pageSize?: number;
}

export function useSearchProperties(params: SearchParams, enabled = true) {
  return useQuery({
    queryKey: ['properties', 'search', params],
    queryFn: () => api.get<PropertyPage>(`/api/properties?${toQueryString(params)}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProperty(id: string | undefined) {
  return useQuery({
    queryKey: ['properties', 'one', id],
    queryFn: () => api.get<Property>(`/api/properties/${id}`),
    enabled: !!id,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useMyProperties() {
  return useQuery({
    queryKey: ['properties', 'mine'],
    queryFn: () => api.get<Property[]>('/api/my/properties'),
  });
}

export interface SubscriptionSummary {
  planId: PlanId | null;
  planName: string | null;
  status: string | null;
  currentPeriodEnd: string | null;
  usage: { currentListings: number; bookingsThisMonth: number; usersCount: number };
  canCreateListing: { allowed: boolean; reason?: string };
  canAddBooking: { allowed: boolean; reason?: string };
}

export function useSubscriptionSummary(enabled = true) {
  return useQuery({
    queryKey: ['subscription'],
    queryFn: () => api.get<SubscriptionSummary>('/api/subscription'),
    enabled,
  });
}

export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PropertyInputDraft }) =>
      id ? api.put<Property>(`/api/properties/${id}`, input) : api.post<Property>('/api/properties', input),
    onSettled: () =>
      queryClient
        .invalidateQueries({ queryKey: ['properties'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['subscription'] })),
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/properties/${id}`),
    onSettled: () =>
      queryClient
        .invalidateQueries({ queryKey: ['properties'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['subscription'] })),
  });
}

export function deletePropertyImage(propertyId: string, imageId: string) {
  return api.delete<null>(`/api/properties/${propertyId}/images/${imageId}`);
}

/** Uploads one photo with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadPropertyImage(
  propertyId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<PropertyImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/properties/${propertyId}/images`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as { message?: string } & PropertyImage;
        } catch {
          return { message: request.statusText } as { message?: string } & PropertyImage;
        }
      })();
      if (request.status >= 200 && request.status < 300) resolve(body);
      else reject(new ApiError(request.status, body.message ?? 'Failed to upload image'));
    };
    request.onerror = () => reject(new ApiError(0, 'Failed to upload image'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
