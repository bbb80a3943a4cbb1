import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BusinessDetails,
  type BusinessDetailsInput,
  BusinessDetailsSchema,
} from '../../../domain/schemas/business-details.ts';
import { ApiError, api, UNEXPECTED_RESPONSE } from '../../lib/api.ts';

export type { BusinessDetails } from '../../../domain/schemas/business-details.ts';

const KEY = ['business-details'] as const;

/** The signed-in business's details (staff: their owner's); an admin names the business. */
export function useBusinessDetails(enabled = true, adminOwnerId?: string) {
  return useQuery({
    queryKey: adminOwnerId ? [...KEY, adminOwnerId] : KEY,
    queryFn: () =>
      api.get(
        adminOwnerId
          ? `/api/business/details?owner_id=${encodeURIComponent(adminOwnerId)}`
          : '/api/business/details',
        BusinessDetailsSchema,
      ),
    enabled,
  });
}

export function useSaveBusinessDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessDetailsInput) =>
      api.put('/api/business/details', input, BusinessDetailsSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      // The public profile shows the business's name and contacts (docs/decisions/038).
      return queryClient.invalidateQueries({ queryKey: ['business-profile'] });
    },
  });
}

async function uploadLogo(file: File): Promise<BusinessDetails> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/business/details/logo', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : 'Failed to upload image');
  }
  const parsed = BusinessDetailsSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(502, UNEXPECTED_RESPONSE, 'BAD_RESPONSE');
  return parsed.data;
}

export function useLogo() {
  const queryClient = useQueryClient();
  const onSuccess = (saved: BusinessDetails) => queryClient.setQueryData(KEY, saved);
  return {
    upload: useMutation({ mutationFn: uploadLogo, onSuccess }),
    remove: useMutation({
      mutationFn: () => api.delete('/api/business/details/logo', BusinessDetailsSchema),
      onSuccess,
    }),
  };
}
