import { Skeleton, Stack } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { SearchFilters as Filters } from './search-filters.tsx';

// The filters (selects, dates, amenities, the city field) load beside the results, not before the
// page can draw: docs/decisions/011.
const SearchFilters = lazy(() =>
  import('./search-filters.tsx').then(({ SearchFilters }) => ({ default: SearchFilters })),
);

function FiltersSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading filters">
      {['type', 'category', 'city', 'dates', 'guests', 'price', 'amenities'].map((field) => (
        <Skeleton key={field} height={field === 'amenities' ? 160 : 58} />
      ))}
    </Stack>
  );
}

/** SearchFilters, loaded on first use with a skeleton of about its size meanwhile. */
export function LazySearchFilters(props: ComponentProps<typeof Filters>) {
  return (
    <Suspense fallback={<FiltersSkeleton />}>
      <SearchFilters {...props} />
    </Suspense>
  );
}
