import { Alert, Button, Container } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { useSubscriptionSummary } from '../features/properties/api.ts';
import { PageSkeleton } from './route-guard.tsx';

/** Property management needs an active subscription; otherwise the owner goes to /subscription. */
export function SubscriptionGuard() {
  const { data, isPending, isError, refetch } = useSubscriptionSummary();
  if (isPending) return <PageSkeleton />;
  if (isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title="Could not check your subscription">
          <Button size="xs" mt="xs" variant="light" onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      </Container>
    );
  }
  if (data.status !== 'active') return <Navigate to="/subscription" replace />;
  return <Outlet />;
}
