import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RatePeriod } from '../../../domain/billing.ts';
import { CITIES, type PropertyType } from '../../../domain/property.ts';
import type { Rate } from '../../../domain/schemas/billing.ts';
import type { PropertyInputDraft } from '../../../domain/schemas/property.ts';
import type { PropertyImage } from '../../../domain/schemas/property-view.ts';
import { ApiError, api, lazySchema, UNEXPECTED_RESPONSE } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

export type {
  ListingDetail,
  OwnedProperty,
  Property,
  PropertyImage,
  PropertyPage,
} from '../../../domain/schemas/property-view.ts';

/** Search criteria as the screens hold them (read from the address bar; the server validates them). */
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

/**
 * The nextCursor of each results page seen, by criteria and the page it leads to: the next page (and
 * one seen before) is then asked for after it, which the server answers as fast on page 400 as on
 * page 2; a page reached otherwise (a typed address, a jump) is asked for by its number
 * (docs/decisions/068). The address bar keeps the page number either way.
 */
const pageCursors = new Map<string, string>();
const PAGE_CURSORS_KEPT = 500;
const cursorKey = ({ page: _page, ...criteria }: SearchParams, page: number) =>
  `${toQueryString(criteria)}#${page}`;
function rememberCursor(key: string, cursor: string) {
  pageCursors.delete(key);
  pageCursors.set(key, cursor);
  const oldest = pageCursors.keys().next().value;
  if (pageCursors.size > PAGE_CURSORS_KEPT && oldest !== undefined) pageCursors.delete(oldest);
}

// The public search and listing screens use this module: its schemas load beside the first request.
const viewSchemas = () => import('../../../domain/schemas/property-view.ts');
const propertyPageSchema = lazySchema(viewSchemas, (m) => m.PropertyPageSchema);
const propertySchema = lazySchema(viewSchemas, (m) => m.PropertySchema);
const listingDetailSchema = lazySchema(viewSchemas, (m) => m.ListingDetailSchema);
const nullablePropertySchema = lazySchema(viewSchemas, (m) => m.PropertySchema.nullable());
const rateListSchema = lazySchema(
  () => import('../../../domain/schemas/billing.ts'),
  (m) => m.RateSchema.array(),
);
const ownedPropertiesSchema = lazySchema(viewSchemas, (m) => m.OwnedPropertySchema.array());

export function useSearchProperties(params: SearchParams, enabled = true) {
  return useQuery({
    queryKey: ['properties', 'search', params],
    queryFn: async () => {
      const page = params.page ?? 1;
      const after = page > 1 ? pageCursors.get(cursorKey(params, page)) : undefined;
      const result = await api.get(
        `/api/properties?${toQueryString({ ...params, after })}`,
        propertyPageSchema,
      );
      if (result.nextCursor) rememberCursor(cursorKey(params, page + 1), result.nextCursor);
      return result;
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

// Plain code-unit order is alphabetical for these names (domain/property.test.ts checks it): a
// locale-aware compare would load collation data while the home page's first render waits (~100 ms
// on a slow phone).
const KNOWN_CITIES = [...CITIES].sort();
const citySuggestionsSchema = lazySchema(
  () => import('../../../domain/schemas/property.ts'),
  (m) => m.CitySuggestionsSchema,
);

/**
 * Suggestions for the city fields: the known cities and those listings use. Until they arrive (or if
 * they cannot be had) the known cities; the fields take any city either way.
 */
export function useCitySuggestions(): string[] {
  const { data } = useQuery({
    queryKey: ['properties', 'cities'],
    queryFn: () => api.get('/api/properties/cities', citySuggestionsSchema),
    staleTime: 5 * 60_000,
  });
  return data ?? KNOWN_CITIES;
}

/** One listing; also prefetched by the router before /property/:id first renders. */
export function propertyQuery(id: string | undefined) {
  return queryOptions({
    queryKey: ['properties', 'one', id],
    queryFn: () => api.get(`/api/properties/${id}`, listingDetailSchema),
    enabled: !!id,
    // The listing and booking routes fetch it before the first render (router.tsx), whose queries
    // wait until the page has painted: fresh for a minute, it is not fetched, parsed and drawn a
    // second time when they resume (docs/decisions/073). Saving a listing or a booking invalidates it.
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useProperty(id: string | undefined) {
  return useQuery(propertyQuery(id));
}

/**
 * A listing's rate periods (public: they are prices), for the one total (domain/booking-total.ts)
 * the booking summary and the reservation editor show before the server stores it.
 */
export function usePropertyRates(propertyId: string | null | undefined) {
  return useQuery({
    queryKey: ['properties', 'rates', propertyId],
    queryFn: () => api.get(`/api/properties/${propertyId}/rates`, rateListSchema),
    enabled: !!propertyId,
  });
}

/** The rate periods as the price calculator reads them. */
export const ratePeriodsOf = (rates: readonly Rate[] | undefined): RatePeriod[] =>
  (rates ?? []).map((rate) => ({
    startDate: rate.start_date,
    endDate: rate.end_date,
    rateCents: rate.rate_cents,
  }));

export function useMyProperties() {
  return useQuery({
    queryKey: ['properties', 'mine'],
    queryFn: () => api.get('/api/my/properties', ownedPropertiesSchema),
  });
}

export type { ListingAllowance } from '../../../domain/schemas/subscription.ts';

const listingAllowanceSchema = lazySchema(
  () => import('../../../domain/schemas/subscription.ts'),
  (m) => m.ListingAllowanceSchema,
);

/**
 * Whether the business's subscription lets its listings be managed and one more be created: the
 * owner's own, or a staff member's owner's (the server derives the business from the session).
 */
export function useListingAllowance() {
  return useQuery({
    queryKey: ['subscription', 'listing-allowance'],
    queryFn: () => api.get('/api/my/properties/allowance', listingAllowanceSchema),
  });
}

export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PropertyInputDraft }) =>
      id
        ? api.put(`/api/properties/${id}`, input, propertySchema)
        : api.post('/api/properties', input, propertySchema),
    onSettled: () => refreshListings(queryClient),
  });
}

/** Deletes a listing; the server answers with the archived listing instead when reservations refer to it. */
export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/properties/${id}`, nullablePropertySchema),
    onSettled: () => refreshListings(queryClient),
  });
}

export function useRestoreProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/properties/${id}/restore`, undefined, propertySchema),
    onSettled: () => refreshListings(queryClient),
  });
}

/** Listings, the plan usage they count in, and the reservations that name them. */
function refreshListings(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient
    .invalidateQueries({ queryKey: ['properties'] })
    .then(() => queryClient.invalidateQueries({ queryKey: ['subscription'] }))
    .then(() => queryClient.invalidateQueries({ queryKey: ['reservations'] }))
    .then(() => queryClient.invalidateQueries({ queryKey: ['business-properties'] }));
}

export function deletePropertyImage(propertyId: string, imageId: string) {
  return api.delete<null>(`/api/properties/${propertyId}/images/${imageId}`);
}

/** Uploads one photo with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadPropertyImage(
  propertyId: string,
  file: File,
  onProgress: (percent: number) => void,
  /** Where to send it: the listing's own gallery, or e.g. a photography shoot's upload (same pipeline). */
  url = `/api/properties/${propertyId}/images`,
): Promise<PropertyImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body: unknown = (() => {
        try {
          return JSON.parse(request.responseText);
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300) {
        viewSchemas().then(
          ({ PropertyImageSchema }) => {
            const image = PropertyImageSchema.safeParse(body);
            if (image.success) resolve(image.data);
            else reject(new ApiError(502, UNEXPECTED_RESPONSE, 'BAD_RESPONSE'));
          },
          () => reject(new ApiError(0, 'Failed to upload image')),
        );
        return;
      }
      const message = (body as { message?: unknown } | null)?.message;
      reject(new ApiError(request.status, typeof message === 'string' ? message : 'Failed to upload image'));
    };
    request.onerror = () => reject(new ApiError(0, 'Failed to upload image'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
