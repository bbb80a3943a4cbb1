import { Box, Button, Chip, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { todayInBusinessZone } from '../../domain/dates.ts';
import {
  FEATURED_COUNT,
  FEATURED_FILTERS,
  type PropertyType,
  validateSearchDates,
} from '../../domain/property.ts';
import { useSearchProperties } from '../features/properties/api.ts';
import { PropertyGrid, PropertyGridSkeleton } from '../features/properties/components/property-grid.tsx';
import {
  criteriaFrom,
  criteriaToParams,
  SearchForm,
} from '../features/properties/components/search-form.tsx';
import { readSearchParams } from '../features/properties/search-params.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { toQueryString } from '../lib/query-string.ts';

// Results (with their pagination) load once someone searches: the first visit shows the featured grid.
const SearchResults = lazy(() =>
  import('../features/properties/components/search-results.tsx').then((module) => ({
    default: module.SearchResults,
  })),
);

function FeaturedProperties() {
  const [type, setType] = useState<PropertyType | null>(null);
  const { data, isPending, isError } = useSearchProperties({
    type: type ?? undefined,
    pageSize: FEATURED_COUNT,
  });
  return (
    <Stack gap="md">
      <Title order={2}>Featured Properties</Title>
      <Chip.Group
        value={type ?? 'all'}
        onChange={(value) => setType(value === 'all' ? null : (value as PropertyType))}
      >
        <Group gap="xs" role="group" aria-label="Filter featured properties">
          {FEATURED_FILTERS.map((filter) => (
            <Chip key={filter.label} value={filter.type ?? 'all'} variant="outline">
              {filter.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {isPending && <PropertyGridSkeleton />}
      {isError && <Text c="red">Failed to load properties</Text>}
      {data && data.items.length === 0 && <Text c="dimmed">No properties listed yet.</Text>}
      {data && data.items.length > 0 && <PropertyGrid properties={data.items} />}
    </Stack>
  );
}

export default function HomePage() {
  usePageTitle(null);
  const [urlParams, setUrlParams] = useSearchParams();
  const params = readSearchParams(urlParams);
  const searching = urlParams.has('type');
  const location = useLocation();
  const resultsRef = useRef<HTMLDivElement>(null);
  // On a phone the results start below the form: Search brings them into view (docs/decisions/043).
  useEffect(() => {
    if ((location.state as { scroll?: string } | null)?.scroll !== 'results') return;
    if (window.matchMedia('(max-width: 48em)').matches) {
      resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [location]);
  const datesValid = !validateSearchDates(
    params.checkIn ?? null,
    params.checkOut ?? null,
    todayInBusinessZone(),
  );

  return (
    <>
      <Box
        pt={{ base: 48, sm: 80 }}
        pb={{ base: 96, sm: 120 }}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-cyan-9) 0%, var(--mantine-color-teal-9) 100%)',
        }}
      >
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            <Title order={1} c="white" fz={{ base: 36, sm: 56 }} lh={1.1}>
              Anything. Anywhere. Anytime.
            </Title>
            <Text c="white" fz={{ base: 'md', sm: 'xl' }}>
              Rent homes, cars, tools, cameras, venues and storage from owners across South Africa.
            </Text>
            <Group>
              <Button component={Link} to="/list-your-property" size="lg" color="white" c="cyan.9">
                List Your Property
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" mt={-64}>
        <SearchForm
          key={urlParams.toString()}
          initial={criteriaFrom(params)}
          onSearch={(criteria) =>
            setUrlParams(toQueryString(criteriaToParams(criteria)), { state: { scroll: 'results' } })
          }
        />
      </Container>
      <Container size="lg" py="xl" ref={resultsRef} style={{ scrollMarginTop: 64 }}>
        {searching && datesValid && (
          <Suspense fallback={<PropertyGridSkeleton />}>
            <SearchResults
              params={{ ...params, pageSize: 12 }}
              backLink
              onPage={(page) => setUrlParams(toQueryString({ ...params, page }))}
            />
          </Suspense>
        )}
        {!searching && <FeaturedProperties />}
      </Container>
    </>
  );
}
