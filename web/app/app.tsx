import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AppRouter } from './history.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes, preloadRoute } from './router.tsx';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

// The toast container loads when the first toast is shown, or when the browser is idle a few seconds
// after the page has loaded; not with the page (docs/decisions/011). notifications.show() waits in
// Mantine's store until it is there.
const Notifications = lazy(() => import('./notifications.lazy.tsx'));

function DeferredNotifications() {
  const { notifications } = useNotifications();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterLoad = () => {
      timer = setTimeout(() => {
        if ('requestIdleCallback' in window)
          window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
        else setIdle(true);
      }, 3000);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      clearTimeout(timer);
    };
  }, []);
  if (!idle && notifications.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <DatesProvider settings={{ firstDayOfWeek: 0, weekendDays: [0, 6], consistentWeeks: true }}>
          <DeferredNotifications />
          <AppRouter preparePage={preloadRoute}>
            <AppRoutes />
          </AppRouter>
          {/* Mantine portals menus, dropdowns, pickers, dialogs and toasts into the element marked as its
              shared portal node (else it adds an unmarked one to <body>): a named section is a landmark, so what
              they show is inside one (axe region). */}
          <section data-mantine-shared-portal-node="true" aria-label="Pop-ups" />
        </DatesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
