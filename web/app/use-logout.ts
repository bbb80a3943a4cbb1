import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CURRENT_USER_KEY } from '../features/account/api.ts';
import { authApi } from '../features/auth/api.ts';
import { clearLastRoute } from '../lib/storage.ts';
import { SIGNED_OUT_STATE } from './signed-in-landing.tsx';

/** Logout clears the remembered route, ends the session and returns home (or to `to`). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (to = '/') => {
    clearLastRoute();
    try {
      await authApi.signOut();
    } finally {
      // Leave the screen before forgetting the user: a guarded screen that saw the user gone first
      // would send them to /login?returnUrl=… instead (a race a journey lost now and then).
      await navigate(to, { replace: true, state: SIGNED_OUT_STATE });
      // Signed out now, for every screen showing the user (the shell, mounted throughout, keeps its
      // query observer: clear() alone would leave it showing the old user until it re-renders).
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.clear();
    }
  };
}
