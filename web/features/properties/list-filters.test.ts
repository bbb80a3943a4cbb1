import { describe, expect, it } from 'vitest';
import { aProperty } from '../../test/wire-fixtures.ts';
import {
  hasListingFilters,
  listingState,
  matchesListingFilters,
  NO_FILTERS,
  readListingFilters,
  writeListingFilters,
} from './list-filters.ts';

const loft = aProperty({
  title: 'Sea Point Loft',
  city: 'Cape Town',
  location: 'Sea Point',
  description: 'A bright loft a block from the promenade.',
});

describe('listingState', () => {
  it.each([
    [{ archived_at: '2026-11-01T00:00:00.000Z', is_active: false, status: 'maintenance' }, 'archived'],
    [{ archived_at: null, is_active: false, status: 'available' }, 'hidden'],
    [{ archived_at: null, is_active: true, status: 'maintenance' }, 'maintenance'],
    [{ archived_at: null, is_active: true, status: 'available' }, 'available'],
  ] as const)('%j is %s', (listing, state) => {
    expect(listingState(listing)).toBe(state);
  });
});

describe('matchesListingFilters', () => {
  it.each([
    ['sea point', true],
    ['LOFT cape', true],
    ['promenade', true],
    ['  town   sea ', true],
    ['knysna', false],
    ['loft knysna', false],
    ['', true],
  ])('text %j → %s (title, city, location, description; every word)', (q, expected) => {
    expect(matchesListingFilters(loft, { ...NO_FILTERS, q })).toBe(expected);
  });

  it('ignores accents and case', () => {
    expect(
      matchesListingFilters(aProperty({ title: 'Café in Franschhoek' }), { ...NO_FILTERS, q: 'cafe' }),
    ).toBe(true);
  });

  it('filters by type and by state together with the text', () => {
    const filters = { q: 'loft', type: 'accommodation' as const, state: 'available' as const };
    expect(matchesListingFilters(loft, filters)).toBe(true);
    expect(matchesListingFilters(loft, { ...filters, type: 'vehicle' })).toBe(false);
    expect(matchesListingFilters(loft, { ...filters, state: 'maintenance' })).toBe(false);
    expect(
      matchesListingFilters({ ...loft, status: 'maintenance' }, { ...filters, state: 'maintenance' }),
    ).toBe(true);
  });
});

describe('the filters in the address', () => {
  it('reads known values and ignores unknown ones', () => {
    expect(readListingFilters(new URLSearchParams('q=loft&type=vehicle&status=archived'))).toEqual({
      q: 'loft',
      type: 'vehicle',
      state: 'archived',
    });
    expect(readListingFilters(new URLSearchParams('type=castle&status=sold'))).toEqual(NO_FILTERS);
  });

  it('writes only the filters set and keeps other parameters', () => {
    const written = writeListingFilters(new URLSearchParams('q=old&other=1'), {
      q: '',
      type: 'event_space',
      state: null,
    });
    expect(written.toString()).toBe('other=1&type=event_space');
    expect(hasListingFilters(readListingFilters(written))).toBe(true);
    expect(hasListingFilters({ ...NO_FILTERS, q: '   ' })).toBe(false);
  });
});
