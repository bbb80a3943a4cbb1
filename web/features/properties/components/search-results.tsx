import { Alert, Anchor, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { emptySearchMessage, TYPE_LABELS } from '../../../../domain/property.ts';
import { stayQuery } from '../../../../domain/search-to-booking.ts';
import { SHOW_HOME_STATE } from '../../../app/signed-in-landing.tsx';
import { toQueryString } from '../../../lib/query-string.ts';
import { type SearchParams, useSearchProperties } from '../api.ts';
import { PropertyGrid } from './property-grid.tsx';

export function describeCriteria(params: SearchParams): string {
  const parts: string[] = [params.type ? TYPE_LABELS[params.type] : 'All rentals'];
  if (params.city) parts[0] += ` in ${params.city}`;
  if (params.q) parts.push(`matching “${params.q}”`);
  if (params.checkIn && params.checkOut) {
    parts.push(`${formatDisplayDate(params.checkIn)} – ${formatDisplayDate(params.checkOut)}`);
  }
  if (params.guests && params.guests > 1) parts.push(`${params.guests} guests`);
  return parts.join(' · ');
}

/** Results of a search: summary, spinner, the composed empty message, paging and the way back. */
export function SearchResults({
  params,
  onPage,
  backLink,
}: {
  params: SearchParams;
  onPage: (page: number) => void;
  backLink?: boolean;
}) {
  const { data, isPending, isError, isFetching } = useSearchProperties(params);
  // Past the counted total (capped) the pages go on one at a time while there is a next one.
  const pageCount = data
    ? Math.max(Math.ceil(data.total / data.pageSize), data.nextCursor ? data.page + 1 : 0)
    : 0;
  return (
    <Stack gap="md" aria-live="polite">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Search results</Title>
          <Text c="dimmed">{describeCriteria(params)}</Text>
        </div>
        {backLink && (
          <Group gap="md">
            {/* The same criteria on the full search page, with its text search, price and amenities. */}
            <Anchor component={Link} to={`/properties?${toQueryString({ ...params, pageSize: undefined })}`}>
              More filters
            </Anchor>
            <Anchor component={Link} to="/" state={SHOW_HOME_STATE}>
              Back to Featured Properties
            </Anchor>
          </Group>
        )}
      </Group>
      {isPending && (
        <Center py="xl">
          <Loader role="status" aria-label="Searching" />
        </Center>
      )}
      {isError && (
        <Alert color="red" role="alert">
          An error occurred while searching. Please try again.
        </Alert>
      )}
      {data && data.items.length === 0 && (
        <Text py="xl" ta="center" size="lg">
          {emptySearchMessage({
            city: params.city,
            type: params.type,
            hasDates: !!(params.checkIn && params.checkOut),
          })}
        </Text>
      )}
      {data && data.items.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {data.totalCapped ? `More than ${data.total}` : data.total}{' '}
            {data.total === 1 && !data.totalCapped ? 'rental' : 'rentals'} found
            {isFetching ? ' · updating…' : ''}
          </Text>
          <PropertyGrid
            properties={data.items}
            stay={stayQuery({ ...params, guests: params.guests ?? null })}
          />
          {pageCount > 1 && (
            <Center>
              <Pagination
                total={pageCount}
                value={data.page}
                onChange={onPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}
