import { createBrowserRouter, Navigate } from 'react-router';
import { PlannedScreen } from '../components/planned-screen.tsx';
import { RouteGuard } from './route-guard.tsx';
import { Shell } from './shell.tsx';
import { SubscriptionGuard } from './subscription-guard.tsx';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { index: true, lazy: page(() => import('../routes/home.tsx')) },
      { path: 'login', lazy: page(() => import('../routes/login.tsx')) },
      { path: 'register', lazy: page(() => import('../routes/register.tsx')) },
      { path: 'forgot-password', lazy: page(() => import('../routes/forgot-password.tsx')) },
      { path: 'reset-password', lazy: page(() => import('../routes/reset-password.tsx')) },
      { path: 'verify-email', lazy: page(() => import('../routes/verify-email.tsx')) },
      { path: 'claim-account', lazy: page(() => import('../routes/claim-account.tsx')) },
      { path: 'terms', lazy: page(() => import('../routes/terms.tsx')) },
      { path: 'dev/mailbox', lazy: page(() => import('../routes/dev-mailbox.tsx')) },
      { path: 'properties', lazy: page(() => import('../routes/properties.tsx')) },
      { path: 'property/:id', lazy: page(() => import('../routes/property-details.tsx')) },
      { path: 'payment/return', element: <PlannedScreen title="Payment received" /> },
      { path: 'payment/cancel', element: <PlannedScreen title="Payment cancelled" /> },
      { path: 'reservation', element: <Navigate to="/reservation-management" replace /> },
      {
        element: <RouteGuard route="profile" />,
        children: [{ path: 'profile', lazy: page(() => import('../routes/profile.tsx')) }],
      },
      {
        element: <RouteGuard route="reservationBooking" />,
        children: [
          { path: 'reservation/:id', lazy: page(() => import('../routes/reservation-booking.tsx')) },
        ],
      },
      {
        element: <RouteGuard route="reservationManagement" />,
        children: [
          {
            path: 'reservation-management',
            lazy: page(() => import('../routes/reservation-management.tsx')),
          },
        ],
      },
      {
        element: <RouteGuard route="myReservations" />,
        children: [{ path: 'my-reservations', lazy: page(() => import('../routes/my-reservations.tsx')) }],
      },
      {
        element: <RouteGuard route="calendar" />,
        children: [{ path: 'calendar', lazy: page(() => import('../routes/calendar.tsx')) }],
      },
      {
        element: <RouteGuard route="subscription" />,
        children: [{ path: 'subscription', element: <PlannedScreen title="Subscription Management" /> }],
      },
      {
        element: <RouteGuard route="billing" />,
        children: [
          { path: 'billing/rates', element: <PlannedScreen title="Property Rates" /> },
          { path: 'billing/stock', element: <PlannedScreen title="Stock Items" /> },
          { path: 'billing/extra-charges', element: <PlannedScreen title="Ad Hoc Charge Types" /> },
        ],
      },
      {
        element: <RouteGuard route="users" />,
        children: [{ path: 'users', element: <PlannedScreen title="Users" /> }],
      },
      {
        element: <RouteGuard route="ownerUserManagement" />,
        children: [{ path: 'owner-user-management', element: <PlannedScreen title="User Management" /> }],
      },
      {
        element: <RouteGuard route="tenantManagement" />,
        children: [{ path: 'tenant-management', element: <PlannedScreen title="My Clients" /> }],
      },
      {
        element: <RouteGuard route="propertyManagement" />,
        children: [
          {
            element: <SubscriptionGuard />,
            children: [
              { path: 'property-management', lazy: page(() => import('../routes/property-management.tsx')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
