import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permissions } from '../../../domain/permissions.ts';
import type { Role } from '../../../domain/roles.ts';
import type { ProfileUpdate } from '../../../domain/schemas/user.ts';
import { api } from '../../lib/api.ts';

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: Role;
  region: string;
  culture: string;
  settings: { currency: string; dateFormat: string; timeFormat: string; language: string };
  is_active: boolean;
  parent_owner_id: string | null;
  permissions: Permissions;
  created_at: string;
}

export const CURRENT_USER_KEY = ['current-user'] as const;

/** The signed-in user, or null when signed out. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => (await api.get<{ user: CurrentUser | null }>('/api/session')).user,
    staleTime: 60_000,
    retry: 1,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => api.patch<CurrentUser>('/api/me', changes),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}
