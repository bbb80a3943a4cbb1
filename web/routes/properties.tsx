import {
  Button,
  Checkbox,
  Container,
  Drawer,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { todayInBusinessZone } from '../../domain/dates.ts';
import {
  AMENITIES,
  CATEGORIES_BY_TYPE,
  humanize,
  type PropertyType,
  SEARCH_MAX_GUESTS,
} from '../../domain/property.ts';
import { validateSearchDates } from '../../domain/schemas/property.ts';
import type { SearchParams } from '../features/properties/api.ts';
import { CITY_OPTIONS, TYPE_OPTIONS } from '../features/properties/components/search-form.tsx';
import { SearchResults } from '../features/properties/components/search-results.tsx';
import { readSearchParams } from '../features/properties/search-params.ts';
import { toQueryString } from '../lib/query-string.ts';

const randToCents = (value: string | number) =>
  typeof value === 'number' && value > 0 ? Math.round(value * 100) : undefined;

function Filters({ params, onChange }: { params: SearchParams; onChange: (next: SearchParams) => void }) {
  const today = todayInBusinessZone();
  const set = (changes: Partial<SearchParams>) => onChange({ ...params, ...changes, page: undefined });
  const dateError = validateSearchDates(params.checkIn ?? null, params.checkOut ?? null, today);
  const categories = params.type ? CATEGORIES_BY_TYPE[params.type] : [];
  return (
    <Stack gap="sm">
      <Select
        label="Type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        value={params.type ?? null}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear type' }}
        onChange={(value) =>
          set({ type: (value as PropertyType) ?? undefined, category: undefined, guests: undefined })
        }
      />
      <Select
        label="Category"
        placeholder={params.type ? 'All categories' : 'Choose a type first'}
        data={categories.map((category) => ({ value: category, label: humanize(category) }))}
        value={params.category ?? null}
        disabled={!params.type}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear selection' }}
        onChange={(value) => set({ category: value ?? undefined })}
      />
      <Select
        label="City"
        placeholder="Any city"
        data={CITY_OPTIONS}
        value={params.city ?? null}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear selection' }}
        searchable
        onChange={(value) => set({ city: value ?? undefined })}
      />
      <DatePickerInput
        type="range"
        label="Dates"
        placeholder="Check-in – check-out"
        clearButtonProps={{ 'aria-label': 'Clear dates' }}
        valueFormat="DD/MM/YYYY"
        minDate={today}
        clearable
        allowSingleDateInRange={false}
        value={[params.checkIn ?? null, params.checkOut ?? null]}
        error={dateError}
        onChange={([start, end]) => {
          if (start && !end) return;
          set({ checkIn: start ? String(start) : undefined, checkOut: end ? String(end) : undefined });
        }}
      />
      {params.type === 'accommodation' && (
        <NumberInput
          label="Guests"
          min={1}
          max={SEARCH_MAX_GUESTS}
          clampBehavior="strict"
          allowDecimal={false}
          value={params.guests ?? 1}
          onChange={(value) => set({ guests: typeof value === 'number' && value > 1 ? value : undefined })}
        />
      )}
      <Group grow>
        <NumberInput
          label="Min price (R)"
          min={0}
          allowDecimal={false}
          thousandSeparator=" "
          value={params.minPrice ? params.minPrice / 100 : ''}
          onChange={(value) => set({ minPrice: randToCents(value) })}
        />
        <NumberInput
          label="Max price (R)"
          min={0}
          allowDecimal={false}
          thousandSeparator=" "
          value={params.maxPrice ? params.maxPrice / 100 : ''}
          onChange={(value) => set({ maxPrice: randToCents(value) })}
        />
      </Group>
      <Select
        label="Sort by"
        data={[
          { value: 'newest', label: 'Newest' },
          { value: 'price', label: 'Price: low to high' },
          { value: 'rating', label: 'Rating' },
        ]}
        value={params.sortBy ?? 'newest'}
        allowDeselect={false}
        onChange={(value) =>
          set({ sortBy: value === 'newest' ? undefined : (value as SearchParams['sortBy']) })
        }
      />
      <Checkbox.Group
        label="Amenities"
        value={params.amenities ?? []}
        onChange={(amenities) => set({ amenities })}
      >
        <Stack gap={6} mt={6}>
          {AMENITIES.map((amenity) => (
            <Checkbox key={amenity} value={amenity} label={humanize(amenity)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Button variant="default" onClick={() => onChange({})}>
        Clear filters
      </Button>
    </Stack>
  );
}

/** Browse every listing with filters and paging; the criteria live in the URL. */
export default function PropertiesPage() {
  const [urlParams, setUrlParams] = useSearchParams();
  const params = readSearchParams(urlParams);
  const [filtersOpen, filters] = useDisclosure(false);
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
          onClick={filters.open}
        >
          Filters
        </Button>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Paper withBorder p="md" radius="md" component="aside" aria-label="Filters">
            <Filters params={params} onChange={update} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <SearchResults
            params={{ ...searchParams, pageSize: 12 }}
            onPage={(page) => update({ ...params, page })}
          />
        </Grid.Col>
      </Grid>
      <Drawer
        opened={filtersOpen}
        onClose={filters.close}
        title="Filters"
        closeButtonProps={{ 'aria-label': 'Close filters' }}
        hiddenFrom="md"
      >
        <Filters params={params} onChange={update} />
      </Drawer>
    </Container>
  );
}
