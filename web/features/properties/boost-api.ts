import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, lazySchema } from '../../lib/api.ts';

export type { HomepageBoosts } from '../../../domain/schemas/homepage-boost.ts';

const boostsSchema = lazySchema(
  () => import('../../../domain/schemas/homepage-boost.ts'),
  (m) => m.HomepageBoostsSchema,
);

/** The business's homepage boosts: the add-on in use, the limit and the boosted listings. */
export function useMyBoosts() {
  return useQuery({
    queryKey: ['boosts'],
    queryFn: () => api.get('/api/my/boosts', boostsSchema),
  });
}

/** Boosts a listing or removes its boost; search results (the home page's featured grid) follow. */
export function useSetBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, boosted }: { id: string; boosted: boolean }) =>
      boosted
        ? api.put(`/api/properties/${id}/boost`, {}, boostsSchema)
        : api.delete(`/api/properties/${id}/boost`, boostsSchema),
    onSuccess: (boosts) => queryClient.setQueryData(['boosts'], boosts),
    onSettled: () =>
      queryClient
        .invalidateQueries({ queryKey: ['boosts'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['properties', 'search'] })),
  });
}
