import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { addDays, todayInBusinessZone } from '../../../../domain/dates.ts';
import {
  AMENITIES,
  CATEGORIES_BY_TYPE,
  humanize,
  normalizeCity,
  type PropertyType,
  SEARCH_MAX_GUESTS,
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
import { TYPE_OPTIONS } from './search-form.tsx';

const randToCents = (value: string | number) =>
  typeof value === 'number' && value > 0 ? Math.round(value * 100) : undefined;

/**
 * The city filter. Live, it searches once a city is picked, on Enter or on leaving the field (not on
 * every key: a half-typed city matches nothing); otherwise every change goes to the draft.
 */
function CityFilter({
  value,
  live,
  onCity,
}: {
  value: string | undefined;
  live: boolean;
  onCity: (city: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const chosen = useRef(value ?? '');
  useEffect(() => {
    if ((value ?? '') !== chosen.current) {
      chosen.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);
  const choose = (next: string) => {
    const city = normalizeCity(next);
    if (city === chosen.current) return;
    chosen.current = city;
    onCity(city || undefined);
  };
  const latest = useRef(text);
  latest.current = text;

  return (
    <CityField
      placeholder="Any city"
      value={text}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear city' }}
      onChange={(next) => {
        setText(next);
        if (!live) choose(next);
      }}
      onOptionSubmit={choose}
      onClear={() => choose('')}
      onBlur={() => choose(latest.current)}
      onKeyDown={(event) => {
        // After the list has had its turn: Enter on a highlighted suggestion picks that one.
        if (event.key === 'Enter') setTimeout(() => choose(latest.current));
      }}
    />
  );
}

/**
 * The /properties filters. `live`: each change searches at once (the sidebar); otherwise the changes
 * are a draft the caller applies (the mobile drawer).
 */
export function SearchFilters({
  params,
  onChange,
  live,
}: {
  params: SearchParams;
  onChange: (next: SearchParams) => void;
  live: boolean;
}) {
  const today = todayInBusinessZone();
  const set = (changes: Partial<SearchParams>) => onChange({ ...params, ...changes, page: undefined });
  const dateError = validateSearchDates(params.checkIn ?? null, params.checkOut ?? null, today);
  const categories = params.type ? CATEGORIES_BY_TYPE[params.type] : [];
  const words = searchDateWords(params.type ?? 'accommodation');
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
      <CityFilter value={params.city} live={live} onCity={(city) => set({ city })} />
      {!words.end ? (
        <DatePickerInput
          label={words.start}
          placeholder="Choose a day"
          clearButtonProps={{ 'aria-label': 'Clear event date' }}
          valueFormat="DD/MM/YYYY"
          minDate={today}
          clearable
          value={params.checkIn ?? null}
          error={dateError}
          onChange={(value) => {
            const day = value ? String(value) : undefined;
            set({ checkIn: day, checkOut: day && addDays(day, 1) });
          }}
        />
      ) : (
        <DatePickerInput
          type="range"
          label="Dates"
          placeholder={`${words.start} – ${words.end.toLowerCase()}`}
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
      )}
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
      {live && (
        <Button variant="default" onClick={() => onChange({ q: params.q })}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
