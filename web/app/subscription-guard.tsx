import { Navigate, Outlet } from 'react-router';
import { useSubscriptionSummary } from '../features/properties/api.ts';
import { PageSkeleton } from './route-guard.tsx';

/** Property management needs an active subscription; otherwise the owner goes to /subscription. */
export function SubscriptionGuard() {
  const { data, isPending, isError } = useSubscriptionSummary();
  if (isPending) return <PageSkeleton />;
  if (isError || data.status !== 'active') return <Navigate to="/subscription" replace />;
  return <Outlet />;
}
