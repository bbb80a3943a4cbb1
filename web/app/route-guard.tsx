import { Container, Skeleton, Stack } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canAccessRoute, type GuardedRoute } from '../../domain/routes.ts';
import { useCurrentUser } from '../features/account/api.ts';

export function PageSkeleton() {
  return (
    <Container size="md" py="xl" aria-busy="true" aria-label="Loading">
      <Stack>
        <Skeleton height={32} width="40%" />
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
        <Skeleton height={160} />
      </Stack>
    </Container>
  );
}

/** Signed-out visitors go to login with a returnUrl; a role outside the route's list goes home. */
export function RouteGuard({ route }: { route: GuardedRoute }) {
  const location = useLocation();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSkeleton />;
  if (!user) {
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  if (!canAccessRoute(route, user.role)) return <Navigate to="/" replace />;
  return <Outlet />;
}
