import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, UserProfile } from '../../../domain/schemas/user.ts';
import { api, lazySchema } from '../../lib/api.ts';

// Every screen asks for the session: its schema loads beside the request, not in the first load.
const userSchemas = () => import('../../../domain/schemas/user.ts');

/** The signed-in user: the API's user profile. */
export type CurrentUser = UserProfile;

export const CURRENT_USER_KEY = ['current-user'] as const;

/** The signed-in user, or null when signed out (a page may prefetch it: app/router.tsx). */
export function currentUserQuery() {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () =>
      (
        await api.get(
          '/api/session',
          lazySchema(userSchemas, (m) => m.SessionSchema),
        )
      ).user,
    staleTime: 60_000,
    retry: 1,
  });
}

/** The signed-in user, or null when signed out. */
export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) =>
      api.patch(
        '/api/me',
        changes,
        lazySchema(userSchemas, (m) => m.UserProfileSchema),
      ),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}
