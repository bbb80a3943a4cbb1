import { Alert, Button, Container, Text } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '../features/account/api.ts';
import { useListingAllowance } from '../features/properties/api.ts';
import { PageSkeleton } from './route-guard.tsx';

/**
 * Property management needs the business's subscription to be active. The owner goes to /subscription
 * otherwise; staff (who act under their owner's subscription and cannot open that screen) are told to
 * ask the owner.
 */
export function SubscriptionGuard() {
  const { data, isPending, isError, refetch } = useListingAllowance();
  const { data: user } = useCurrentUser();
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
  if (data.status === 'active') return <Outlet />;
  if (user?.role === 'owner') return <Navigate to="/subscription" replace />;
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" role="alert" title="The business’s subscription is not active">
        <Text size="sm">
          Listings can be managed again once the owner renews the subscription. Please ask the owner to renew
          it.
        </Text>
      </Alert>
    </Container>
  );
}
