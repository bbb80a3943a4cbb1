import { Navigate, Outlet, useLocation } from 'react-router';
import { landingPathFor } from '../../domain/routes.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { PageSkeleton } from './route-guard.tsx';

/**
 * The home page is the marketing hero for visitors; a signed-in person opening `/` lands on their
 * own screen instead (docs/decisions/045). A search (`/?type=…`) stays a search for everyone.
 */
export function SignedInLanding() {
  const { search } = useLocation();
  const { data: user, isPending } = useCurrentUser();
  if (search) return <Outlet />;
  if (isPending) return <PageSkeleton />;
  return user ? <Navigate to={landingPathFor(user)} replace /> : <Outlet />;
}
