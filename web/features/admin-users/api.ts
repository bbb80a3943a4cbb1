import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminUserChange,
  AdminUserDetailSchema,
  type AdminUserListQuery,
  AdminUserPageSchema,
} from '../../../domain/schemas/admin-users.ts';
import { api } from '../../lib/api.ts';
import { toQueryString } from '../../lib/query-string.ts';

export type { AdminStaffMember, AdminUser, AdminUserDetail } from '../../../domain/schemas/admin-users.ts';

const USERS_KEY = 'admin-users';

/** A page of users; the page shown stays while the next one loads (no flash of the skeleton). */
export function useAdminUsers(query: AdminUserListQuery) {
  return useQuery({
    queryKey: [USERS_KEY, 'list', query],
    queryFn: () => api.get(`/api/admin/users?${toQueryString(query)}`, AdminUserPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** One user with an owner's plan and staff; nothing is asked while no user is chosen. */
export function useAdminUser(id: string | null) {
  return useQuery({
    queryKey: [USERS_KEY, 'detail', id],
    queryFn: () => api.get(`/api/admin/users/${id}`, AdminUserDetailSchema),
    enabled: !!id,
  });
}

/** Changes a user's role or active flag; the list and details refresh. */
export function useChangeAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminUserChange }) =>
      api.patch(`/api/admin/users/${id}`, change, AdminUserDetailSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_KEY] }),
  });
}
