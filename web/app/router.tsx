import { type ComponentType, type ReactElement, use } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { currentUserQuery } from '../features/account/api.ts';
import { queryClient } from './query-client.ts';
import { RouteGuard, UnknownPath } from './route-guard.tsx';
import { Shell } from './shell.tsx';
import { SignedInLanding } from './signed-in-landing.tsx';

type Params = Record<string, string | undefined>;
const preloaders = new WeakMap<ReactElement, (params: Params) => Promise<unknown>>();

/**
 * A screen whose code loads when it is first shown (the shell's Suspense shows a skeleton meanwhile,
 * or the page being left stays until it has loaded). Declarative routes (useRoutes) rather than a data
 * router: the app uses no loaders or actions, and createBrowserRouter alone adds ~17 kB gzip to every
 * page's first load (docs/decisions/011). preloadRoute loads the first page before the first render.
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  prefetch?: (params: Params) => Promise<unknown>,
): ReactElement {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        loading = null; // the next render tries again
        throw error;
      },
    );
    return loading;
  };
  function Screen() {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded /> : null;
  }
  const element = <Screen />;
  preloaders.set(element, (params) => Promise.all([preload(), prefetch?.(params)]));
  return element;
}

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        element: <SignedInLanding />,
        children: [{ index: true, element: page(() => import('../routes/home.tsx')) }],
      },
      { path: 'login', element: page(() => import('../routes/login.tsx')) },
      { path: 'register', element: page(() => import('../routes/register.tsx')) },
      { path: 'forgot-password', element: page(() => import('../routes/forgot-password.tsx')) },
      { path: 'reset-password', element: page(() => import('../routes/reset-password.tsx')) },
      { path: 'verify-email', element: page(() => import('../routes/verify-email.tsx')) },
      { path: 'claim-account', element: page(() => import('../routes/claim-account.tsx')) },
      { path: 'terms', element: page(() => import('../routes/terms.tsx')) },
      { path: 'privacy', element: page(() => import('../routes/privacy.tsx')) },
      { path: 'dev/mailbox', element: page(() => import('../routes/dev-mailbox.tsx')) },
      { path: 'properties', element: page(() => import('../routes/properties.tsx')) },
      {
        path: 'property/:id',
        element: page(
          () => import('../routes/property-details.tsx'),
          // The listing is fetched with the page's code, so its photo (the largest paint) comes sooner.
          ({ id }) =>
            import('../features/properties/api.ts').then(({ propertyQuery }) =>
              queryClient.prefetchQuery(propertyQuery(id)),
            ),
        ),
      },
      { path: 'list-your-property', element: page(() => import('../routes/list-your-property.tsx')) },
      { path: 'payment/return', element: page(() => import('../routes/payment-return.tsx')) },
      { path: 'payment/cancel', element: page(() => import('../routes/payment-cancel.tsx')) },
      { path: 'reservation', element: <Navigate to="/reservation-management" replace /> },
      {
        element: <RouteGuard route="profile" />,
        children: [{ path: 'profile', element: page(() => import('../routes/profile.tsx')) }],
      },
      {
        element: <RouteGuard route="reservationBooking" />,
        children: [
          {
            path: 'reservation/:id',
            element: page(
              () => import('../routes/reservation-booking.tsx'),
              // The page draws once it has the session and the listing (both preloaded with the page:
              // docs/decisions/066): fetched before the first render, it is drawn whole in the first
              // paint, not a loader first that the page then pushes down (docs/decisions/070).
              ({ id }) =>
                Promise.all([
                  queryClient.prefetchQuery(currentUserQuery()),
                  import('../features/properties/api.ts').then(({ propertyQuery }) =>
                    queryClient.prefetchQuery(propertyQuery(id)),
                  ),
                ]),
            ),
          },
        ],
      },
      {
        element: <RouteGuard route="reservationManagement" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [
              {
                path: 'reservation-management',
                element: page(() => import('../routes/reservation-management.tsx')),
              },
            ],
          },
        ],
      },
      {
        element: <RouteGuard route="myReservations" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [
              { path: 'my-reservations', element: page(() => import('../routes/my-reservations.tsx')) },
            ],
          },
        ],
      },
      {
        element: <RouteGuard route="calendar" />,
        children: [{ path: 'calendar', element: page(() => import('../routes/calendar.tsx')) }],
      },
      {
        element: <RouteGuard route="subscription" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [{ path: 'subscription', element: page(() => import('../routes/subscription.tsx')) }],
          },
        ],
      },
      {
        element: <RouteGuard route="billing" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [
              { path: 'billing/rates', element: page(() => import('../routes/billing-rates.tsx')) },
              { path: 'billing/stock', element: page(() => import('../routes/billing-stock.tsx')) },
              {
                path: 'billing/extra-charges',
                element: page(() => import('../routes/billing-extra-charges.tsx')),
              },
            ],
          },
        ],
      },
      {
        element: <RouteGuard route="users" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [{ path: 'users', element: page(() => import('../routes/users.tsx')) }],
          },
        ],
      },
      {
        element: <RouteGuard route="ownerUserManagement" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [
              {
                path: 'owner-user-management',
                element: page(() => import('../routes/owner-user-management.tsx')),
              },
            ],
          },
        ],
      },
      {
        element: <RouteGuard route="tenantManagement" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [
              { path: 'tenant-management', element: page(() => import('../routes/tenant-management.tsx')) },
            ],
          },
        ],
      },
      {
        element: <RouteGuard route="propertyManagement" />,
        children: [
          {
            element: page(() =>
              import('./subscription-guard.tsx').then(({ SubscriptionGuard }) => ({
                default: SubscriptionGuard,
              })),
            ),
            children: [
              {
                element: page(() => import('./modals-outlet.tsx')),
                children: [
                  {
                    path: 'property-management',
                    element: page(() => import('../routes/property-management.tsx')),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <RouteGuard route="help" />,
        children: [
          { path: 'help', element: page(() => import('../routes/help.tsx')) },
          { path: 'help/:id', element: page(() => import('../routes/help.tsx')) },
        ],
      },
      {
        element: <RouteGuard route="supportInbox" />,
        children: [{ path: 'admin/support', element: page(() => import('../routes/support-inbox.tsx')) }],
      },
      {
        element: <RouteGuard route="photography" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [{ path: 'photography', element: page(() => import('../routes/photography.tsx')) }],
          },
        ],
      },
      {
        element: <RouteGuard route="adminPhotography" />,
        children: [
          { path: 'admin/photography', element: page(() => import('../routes/admin-photography.tsx')) },
        ],
      },
      {
        element: <RouteGuard route="agreement" />,
        children: [{ path: 'agreement', element: page(() => import('../routes/agreement.tsx')) }],
      },
      { path: 'agreements/:ownerId/:version', element: page(() => import('../routes/agreement-view.tsx')) },
      { path: 'b/:slug', element: page(() => import('../routes/business-profile.tsx')) },
      {
        element: <RouteGuard route="reports" />,
        children: [{ path: 'reports', element: page(() => import('../routes/reports.tsx')) }],
      },
      {
        element: <RouteGuard route="adminOverview" />,
        children: [{ path: 'admin', element: page(() => import('../routes/admin-overview.tsx')) }],
      },
      {
        element: <RouteGuard route="clientRecord" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [
              {
                path: 'tenant-management/:clientId',
                element: page(() => import('../routes/client-record.tsx')),
              },
            ],
          },
        ],
      },
      {
        element: <RouteGuard route="today" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [{ path: 'today', element: page(() => import('../routes/today.tsx')) }],
          },
        ],
      },
      {
        // A listing's calendar sync (issue 22, docs/decisions/052, 053): who manages listings.
        element: <RouteGuard route="calendarSync" />,
        children: [
          {
            element: page(() => import('./modals-outlet.tsx')),
            children: [
              {
                path: 'property-management/:propertyId/calendar-sync',
                element: page(() => import('../routes/calendar-sync.tsx')),
              },
            ],
          },
        ],
      },
      {
        element: <RouteGuard route="adminAudit" />,
        children: [{ path: 'admin/audit', element: page(() => import('../routes/admin-audit.tsx')) }],
      },
      // A payment link's page (issue 23, decision 061): public, the token is the permission.
      { path: 'pay/:token', element: page(() => import('../routes/pay-link.tsx')) },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the screens (and lazy layouts) of `pathname`, and the data some of them prefetch, so that the
 * first render shows the whole page at once: header and page in the same first paint, as the data
 * router did. Never rejects.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((match) =>
      match.route.element ? preloaders.get(match.route.element as ReactElement)?.(match.params) : null,
    ),
  ).then(
    () => {},
    () => {},
  );
}
