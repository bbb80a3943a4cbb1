import { Navigate, Outlet, useLocation } from 'react-router';
import { landingPathFor } from '../../domain/routes.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { readLastRoute } from '../lib/storage.ts';
import { PageSkeleton } from './route-guard.tsx';

/** What a navigation made by logging out carries, so home shows itself instead of the landing. */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

/** What a link that means home itself carries ("Back to Featured Properties"): shown to everyone. */
export const SHOW_HOME_STATE = { showHome: true } as const;

function asksForHome(state: unknown): boolean {
  const marks = state as { signedOut?: boolean; showHome?: boolean } | null;
  return marks?.signedOut === true || marks?.showHome === true;
}

/**
 * The home page is the marketing hero for visitors; a signed-in person opening `/` lands on their
 * own screen instead (docs/decisions/045). A search (`/?type=…`) stays a search for everyone.
 */
export function SignedInLanding() {
  const { search, state } = useLocation();
  const { data: user, isPending } = useCurrentUser();
  // Just signed out (home, even while the user is still being forgotten), or a link to home itself.
  if (search || asksForHome(state)) return <Outlet />;
  // While the session loads, a visitor already sees home (the page painted before the app started:
  // a skeleton would flash over it); only someone who was signed in here waits, never shown the hero.
  if (isPending) return readLastRoute() ? <PageSkeleton /> : <Outlet />;
  return user ? <Navigate to={landingPathFor(user)} replace /> : <Outlet />;
}
