import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache (routes prefetch into it before the first render: router.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});
