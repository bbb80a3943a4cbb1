import { useQuery } from '@tanstack/react-query';
import { api, lazySchema } from '../../lib/api.ts';

/**
 * What a listing page shows about its business: a link to its public page, "Powered by Rentza". Apart
 * from api.ts, with its schema loaded on use, so the listing page's first load stays within the public
 * JS budget (docs/decisions/011).
 */
const listingBrandSchema = lazySchema(
  () => import('../../../domain/schemas/business-profile.ts'),
  (m) => m.ListingBrandSchema,
);

export function useListingBrand(propertyId: string | undefined) {
  return useQuery({
    queryKey: ['listing-brand', propertyId],
    queryFn: () => api.get(`/api/properties/${propertyId}/brand`, listingBrandSchema),
    enabled: Boolean(propertyId),
    retry: false,
  });
}
