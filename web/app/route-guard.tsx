import { Container, Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canAccessRoute, type GuardedRoute, type RouteUser } from '../../domain/routes.ts';
import { useCurrentUser } from '../features/account/api.ts';
import { notifyNotice } from '../lib/notify.ts';
import { isLeavingAccount } from './leaving-account.ts';
import { SIGNED_OUT_STATE } from './signed-in-landing.tsx';

export function PageSkeleton() {
  return (
    <Container size="md" py="xl" role="status" aria-busy="true" aria-label="Loading">
      <Stack>
        <Skeleton height={32} width="40%" />
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
        <Skeleton height={160} />
      </Stack>
    </Container>
  );
}

/** Signed-out visitors go to login with a returnUrl; a user the route's rule refuses (role, or a staff member's permission) goes home, told why. */
export function RouteGuard({ route }: { route: GuardedRoute }) {
  const location = useLocation();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSkeleton />;
  if (!user) {
    if (isLeavingAccount()) return <Navigate to="/" replace state={SIGNED_OUT_STATE} />;
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  if (!canAccessRoute(route, user)) return <RefusedVisit route={route} user={user} />;
  return <Outlet />;
}

/** Home, told why; the words load only when a visit is refused (not in every page's first load). */
function RefusedVisit({ route, user }: { route: GuardedRoute; user: RouteUser }) {
  useEffect(() => {
    void import('../../domain/route-refusal.ts').then(({ routeRefusal }) =>
      notifyNotice('sent-home', 'That page is not available to your account', routeRefusal(route, user)),
    );
  }, [route, user]);
  return <Navigate to="/" replace />;
}

/** Home, saying why: a refused or unknown address never just disappears. */
function HomeWithNotice({ title, message }: { title: string; message: string }) {
  useEffect(() => {
    notifyNotice('sent-home', title, message);
  }, [title, message]);
  return <Navigate to="/" replace />;
}

/** The spec sends any other path home. */
export function UnknownPath() {
  return (
    <HomeWithNotice
      title="Page not found"
      message="There is no page at that address, so we took you to the home page."
    />
  );
}
