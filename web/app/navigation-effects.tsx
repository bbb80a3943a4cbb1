import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { shouldRememberRoute } from '../../domain/routes.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { saveLastRoute } from '../lib/storage.ts';
import { arrivedAt } from './leaving-account.ts';

/**
 * Scrolls to the top 100 ms after each navigation and remembers the last visited route of a
 * signed-in user (so the home page visited after logout does not become the next landing page).
 */
export function NavigationEffects() {
  const { pathname, search, state } = useLocation();
  // A search that scrolls to its own results (home, docs/decisions/043) is not sent back to the top.
  const keepsScroll = (state as { scroll?: string } | null)?.scroll === 'results';
  const { data: user } = useCurrentUser();
  const signedIn = !!user;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every navigation by design.
  useEffect(() => {
    if (keepsScroll) return;
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), 100);
    return () => clearTimeout(timer);
  }, [pathname, search]);
  useEffect(() => {
    if (signedIn && shouldRememberRoute(pathname)) saveLastRoute(`${pathname}${search}`);
  }, [signedIn, pathname, search]);
  useEffect(() => arrivedAt(pathname), [pathname]);
  return null;
}
