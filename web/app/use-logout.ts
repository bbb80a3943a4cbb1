import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CURRENT_USER_KEY } from '../features/account/api.ts';
import { authApi } from '../features/auth/api.ts';
import { clearLastRoute } from '../lib/storage.ts';
import { markLeavingAccount } from './leaving-account.ts';
import { SIGNED_OUT_STATE } from './signed-in-landing.tsx';

/**
 * Logout clears the remembered route, ends the session and returns home (or to `to`). With
 * `sessionEnded` (the account was just deleted, its sessions with it) it leaves the screen first:
 * any request now finds nobody signed in, and a guarded screen that saw that before we left would
 * send the person to /login?returnUrl=… instead of home.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Leave the screen before forgetting the user: a guarded screen that saw the user gone first
  // would send them to /login?returnUrl=… instead (a race a journey lost now and then).
  const leave = async (to: string) => {
    await navigate(to, { replace: true, state: SIGNED_OUT_STATE });
    // Signed out now, for every screen showing the user (the shell, mounted throughout, keeps its
    // query observer: clear() alone would leave it showing the old user until it re-renders).
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    queryClient.clear();
  };
  return async (to = '/', { sessionEnded = false } = {}) => {
    clearLastRoute();
    if (sessionEnded) {
      // Cleared once `to` has rendered (NavigationEffects), not here: see leaving-account.ts.
      markLeavingAccount(window.location.pathname !== to, to);
      await leave(to);
      // Only the browser's cookie is left to clear; the server has nothing to end.
      await authApi.signOut().catch(() => undefined);
      return;
    }
    try {
      await authApi.signOut();
    } finally {
      await leave(to);
    }
  };
}
