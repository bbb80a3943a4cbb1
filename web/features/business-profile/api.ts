import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { BusinessDetailsSchema } from '../../../domain/schemas/business-details.ts';
import {
  type BusinessProfile,
  type BusinessProfileInput,
  BusinessProfileSchema,
  PublicBusinessProfileSchema,
} from '../../../domain/schemas/business-profile.ts';
import { ApiError, api, UNEXPECTED_RESPONSE } from '../../lib/api.ts';

export type {
  BusinessProfile,
  ListingBrand,
  PublicBusinessProfile,
} from '../../../domain/schemas/business-profile.ts';

const KEY = ['business-profile'] as const;

/** The signed-in business's public page settings (owner; staff with canManageProperties). */
export function useBusinessProfile() {
  return useQuery({ queryKey: KEY, queryFn: () => api.get(KEY_URL, BusinessProfileSchema) });
}
const KEY_URL = '/api/business/profile';

export function useSaveBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessProfileInput) => api.put(KEY_URL, input, BusinessProfileSchema),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}

/**
 * Uploads one image as multipart field "file" with progress (fetch cannot report upload progress;
 * XMLHttpRequest can), and parses the answer with `schema`.
 */
function uploadWithProgress<T>(
  url: string,
  file: File,
  schema: z.ZodType<T>,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = schema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(502, UNEXPECTED_RESPONSE, 'BAD_RESPONSE'));
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

/** The cover image of the public page: upload with progress, or remove. */
export function useCover() {
  const queryClient = useQueryClient();
  const onSuccess = (saved: BusinessProfile) => queryClient.setQueryData(KEY, saved);
  return {
    upload: useMutation({
      mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
        uploadWithProgress(`${KEY_URL}/cover`, file, BusinessProfileSchema, onProgress),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.delete(`${KEY_URL}/cover`, BusinessProfileSchema),
      onSuccess,
    }),
  };
}

/** The business logo (the one its documents print): upload with progress; the page shows it too. */
export function useProfileLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadWithProgress('/api/business/details/logo', file, BusinessDetailsSchema, onProgress),
    onSuccess: (details) => {
      queryClient.setQueryData(['business-details'], details);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

/** A business's public page, /b/<slug> (404 when unknown, unpublished or without the add-on). */
export function usePublicProfile(slug: string | undefined) {
  return useQuery({
    queryKey: ['public-profile', slug],
    queryFn: () =>
      api.get(`/api/public-profiles/${encodeURIComponent(slug ?? '')}`, PublicBusinessProfileSchema),
    enabled: Boolean(slug),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}
