import { Box, Button, Container, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { todayInBusinessZone } from '../../domain/dates.ts';
import { validateSearchDates } from '../../domain/property.ts';
import { LazyDrawer as Drawer } from '../components/lazy-drawer.tsx';
import type { SearchParams } from '../features/properties/api.ts';
import { LazySearchFilters as SearchFilters } from '../features/properties/components/lazy-search-filters.tsx';
import { SearchResults } from '../features/properties/components/search-results.tsx';
import { SearchTextField } from '../features/properties/components/search-text-field.tsx';
import { readSearchParams } from '../features/properties/search-params.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { toQueryString } from '../lib/query-string.ts';

/** Browse every listing with text search, filters and paging; the criteria live in the URL. */
export default function PropertiesPage() {
  usePageTitle('Search for Rentals');
  const [urlParams, setUrlParams] = useSearchParams();
  const params = readSearchParams(urlParams);
  const [filtersOpen, filters] = useDisclosure(false);
  // The drawer edits a copy; Apply searches with it, closing the drawer discards it.
  const [draft, setDraft] = useState<SearchParams>(params);
  const update = (next: SearchParams) => setUrlParams(toQueryString(next));
  const validDates = !validateSearchDates(
    params.checkIn ?? null,
    params.checkOut ?? null,
    todayInBusinessZone(),
  );
  const searchParams = validDates ? params : { ...params, checkIn: undefined, checkOut: undefined };

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>Search for Rentals</Title>
        <Button
          hiddenFrom="md"
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => {
            setDraft(params);
            filters.open();
          }}
        >
          Filters
        </Button>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Paper withBorder p="md" radius="md" component="aside" aria-label="Filters">
            <SearchFilters params={params} onChange={update} live />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="lg">
            <SearchTextField value={params.q} onSearch={(q) => update({ ...params, q, page: undefined })} />
            <SearchResults
              params={{ ...searchParams, pageSize: 12 }}
              onPage={(page) => update({ ...params, page })}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Drawer
        opened={filtersOpen}
        onClose={filters.close}
        title="Filters"
        closeButtonProps={{ 'aria-label': 'Close filters' }}
        hiddenFrom="md"
      >
        <SearchFilters params={draft} onChange={setDraft} live={false} />
        <Box
          pos="sticky"
          bottom={0}
          mt="md"
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 1 }}
        >
          <Group grow>
            <Button variant="default" onClick={() => setDraft({ q: params.q })}>
              Clear
            </Button>
            <Button
              onClick={() => {
                update({ ...draft, q: params.q, page: undefined });
                filters.close();
              }}
            >
              Apply
            </Button>
          </Group>
        </Box>
      </Drawer>
    </Container>
  );
}
