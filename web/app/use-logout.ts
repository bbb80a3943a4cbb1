import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../features/auth/api.ts';
import { clearLastRoute } from '../lib/storage.ts';

/** Logout clears the remembered route, ends the session and returns home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    clearLastRoute();
    try {
      await authApi.signOut();
    } finally {
      queryClient.clear();
      await navigate('/', { replace: true });
    }
  };
}
