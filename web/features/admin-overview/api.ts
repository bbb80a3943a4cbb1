import { useQuery } from '@tanstack/react-query';
import { AdminOverviewSchema } from '../../../domain/schemas/admin-overview.ts';
import { api } from '../../lib/api.ts';

export type { AdminOverview } from '../../../domain/schemas/admin-overview.ts';

/** The admin overview's figures (docs/decisions/045). */
export function useAdminOverview() {
  return useQuery({
    queryKey: ['admin-overview'],
    queryFn: () => api.get('/api/admin/overview', AdminOverviewSchema),
  });
}
