import { Alert, Button, Grid, Paper, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { addDays, todayInBusinessZone } from '../../../../domain/dates.ts';
import {
  normalizeCity,
  PROPERTY_TYPES,
  type PropertyType,
  SEARCH_MAX_GUESTS,
  TYPE_LABELS,
  validateSearchDates,
} from '../../../../domain/property.ts';
import { searchDateWords } from '../../../../domain/search-to-booking.ts';
import {
  LazyDatePickerInput as DatePickerInput,
  LazyNumberInput as NumberInput,
  LazySelect as Select,
} from '../../../components/lazy-inputs.tsx';
import type { SearchParams } from '../api.ts';
import { CityField } from './city-field.tsx';

export interface SearchCriteria {
  /** Free text matched in the title, area, city and description. */
  q: string;
  type: PropertyType;
  city: string | null;
  checkIn: string | null;
  checkOut: string | null;
  guests: number;
}

export const TYPE_OPTIONS = PROPERTY_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

export function criteriaFrom(params: SearchParams): SearchCriteria {
  return {
    q: params.q ?? '',
    type: params.type ?? 'accommodation',
    city: params.city ?? null,
    checkIn: params.checkIn ?? null,
    checkOut: params.checkOut ?? null,
    guests: params.guests ?? 1,
  };
}

/**
 * The home search: free text, type (default accommodation), city (any, suggestions offered), dates
 * and, for accommodation only, guests 1–10.
 */
export function SearchForm({
  initial,
  onSearch,
}: {
  initial: SearchCriteria;
  onSearch: (criteria: SearchCriteria) => void;
}) {
  const [criteria, setCriteria] = useState<SearchCriteria>(initial);
  const today = todayInBusinessZone();
  const dateError = validateSearchDates(criteria.checkIn, criteria.checkOut, today);
  const set = (changes: Partial<SearchCriteria>) => setCriteria((current) => ({ ...current, ...changes }));
  const words = searchDateWords(criteria.type);

  return (
    <Paper
      component="form"
      role="search"
      aria-label="Search rentals"
      withBorder
      shadow="md"
      p="md"
      radius="md"
      onSubmit={(event) => {
        event.preventDefault();
        if (!dateError) onSearch(criteria);
      }}
    >
      <TextInput
        label="Search"
        placeholder="Title, area or keyword"
        mb="sm"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={criteria.q}
        onChange={(event) => set({ q: event.currentTarget.value })}
      />
      <Grid align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6, md: 2.5 }}>
          <Select
            label="Property type"
            data={TYPE_OPTIONS}
            value={criteria.type}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              const type = value as PropertyType;
              // A venue's one day keeps its day; the range of a stay becomes that day.
              const checkOut =
                !searchDateWords(type).end && criteria.checkIn
                  ? addDays(criteria.checkIn, 1)
                  : criteria.checkOut;
              set({ type, guests: 1, checkOut });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 2.5 }}>
          <CityField
            placeholder="Any city"
            value={criteria.city ?? ''}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear city' }}
            onChange={(value) => set({ city: value || null })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: words.end ? 6 : 12, md: words.end ? 2 : 4 }}>
          <DatePickerInput
            label={words.start}
            placeholder={words.end ? 'Start date' : 'Choose a day'}
            clearButtonProps={{ 'aria-label': `Clear ${words.start.toLowerCase()} date` }}
            value={criteria.checkIn}
            minDate={today}
            clearable
            valueFormat="DD/MM/YYYY"
            onChange={(value) => {
              const checkIn = value ? String(value) : null;
              // A venue is searched for one day: the day's night is the range the server checks.
              const checkOut = !words.end
                ? checkIn && addDays(checkIn, 1)
                : checkIn && criteria.checkOut && criteria.checkOut <= checkIn
                  ? addDays(checkIn, 1)
                  : criteria.checkOut;
              set({ checkIn, checkOut });
            }}
          />
        </Grid.Col>
        {words.end && (
          <Grid.Col span={{ base: 6, md: 2 }}>
            <DatePickerInput
              label={words.end}
              placeholder="End date"
              clearButtonProps={{ 'aria-label': `Clear ${words.end.toLowerCase()} date` }}
              value={criteria.checkOut}
              minDate={criteria.checkIn ? addDays(criteria.checkIn, 1) : addDays(today, 1)}
              clearable
              valueFormat="DD/MM/YYYY"
              onChange={(value) => set({ checkOut: value ? String(value) : null })}
            />
          </Grid.Col>
        )}
        {criteria.type === 'accommodation' && (
          <Grid.Col span={{ base: 12, sm: 6, md: 1.5 }}>
            <NumberInput
              label="Guests"
              min={1}
              max={SEARCH_MAX_GUESTS}
              clampBehavior="strict"
              allowDecimal={false}
              value={criteria.guests}
              onChange={(value) => set({ guests: typeof value === 'number' ? value : 1 })}
            />
          </Grid.Col>
        )}
        <Grid.Col
          span={{
            base: 12,
            sm: criteria.type === 'accommodation' ? 6 : 12,
            md: criteria.type === 'accommodation' ? 1.5 : 3,
          }}
        >
          <Button
            type="submit"
            fullWidth
            leftSection={<IconSearch size={16} aria-hidden />}
            disabled={!!dateError}
          >
            Search
          </Button>
        </Grid.Col>
      </Grid>
      {dateError && (
        <Alert color="red" mt="sm" role="alert">
          {dateError}
        </Alert>
      )}
    </Paper>
  );
}

export function criteriaToParams(criteria: SearchCriteria): SearchParams {
  return {
    q: criteria.q.trim() || undefined,
    type: criteria.type,
    city: normalizeCity(criteria.city ?? '') || undefined,
    checkIn: criteria.checkIn ?? undefined,
    checkOut: criteria.checkOut ?? undefined,
    guests: criteria.type === 'accommodation' && criteria.guests > 1 ? criteria.guests : undefined,
  };
}
