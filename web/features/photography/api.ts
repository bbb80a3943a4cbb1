import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotographyStatus } from '../../../domain/photography.ts';
import type {
  PhotographyRequestInput,
  PhotographyScheduleInput,
} from '../../../domain/schemas/photography.ts';
import { api, lazySchema } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';
import { uploadPropertyImage } from '../properties/api.ts';

export type {
  AdminPhotographyRequest,
  PhotographyOverview,
  PhotographyRequest,
} from '../../../domain/schemas/photography.ts';

const schemas = () => import('../../../domain/schemas/photography.ts');
const overviewSchema = lazySchema(schemas, (m) => m.PhotographyOverviewSchema);
const requestSchema = lazySchema(schemas, (m) => m.PhotographyRequestSchema);
const adminRequestSchema = lazySchema(schemas, (m) => m.AdminPhotographyRequestSchema);
const queueSchema = lazySchema(schemas, (m) => m.AdminPhotographyRequestSchema.array());

const OWN_KEY = ['photography', 'own'];
const QUEUE_KEY = ['photography', 'queue'];

/** The business's shoots and whether one can be booked now. */
export function useMyPhotography() {
  return useQuery({
    queryKey: OWN_KEY,
    queryFn: () => api.get('/api/photography/requests', overviewSchema),
    retry: false,
  });
}

export function useRequestShoot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PhotographyRequestInput) =>
      api.post('/api/photography/requests', input, requestSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_KEY }),
  });
}

export function useCancelShoot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/photography/requests/${id}/cancel`, {}, requestSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_KEY }),
  });
}

/** The admin queue, by status when given. */
export function usePhotographyQueue(status: PhotographyStatus | null) {
  return useQuery({
    queryKey: [...QUEUE_KEY, status],
    queryFn: () =>
      api.get(`/api/admin/photography/requests${status ? `?${toQueryString({ status })}` : ''}`, queueSchema),
  });
}

export function useScheduleShoot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PhotographyScheduleInput }) =>
      api.post(`/api/admin/photography/requests/${id}/schedule`, input, adminRequestSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

export function useCompleteShoot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/admin/photography/requests/${id}/complete`, {}, adminRequestSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

/** One photo of a shoot into the listing's gallery, with upload progress (the listing photos' pipeline). */
export function uploadShootPhoto(
  requestId: string,
  propertyId: string,
  file: File,
  onProgress: (percent: number) => void,
) {
  return uploadPropertyImage(
    propertyId,
    file,
    onProgress,
    `/api/admin/photography/requests/${requestId}/photos?${toQueryString({ property_id: propertyId })}`,
  );
}

export const refreshQueue = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
