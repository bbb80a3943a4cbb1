import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { aProperty } from '../../../test/wire-fixtures.ts';
import { PropertyCard } from './property-card.tsx';

const LONG_TITLE = 'Lagoon cottage with a jetty, a braai deck and a view of the Knysna Heads';

describe('PropertyCard', () => {
  it.each([
    ['Sea Point', 'Cape Town', 'Sea Point, Cape Town'],
    ['Sea Point, Cape Town', 'Cape Town', 'Sea Point, Cape Town'],
    ['Cape Town', 'Cape Town', 'Cape Town'],
    ['Thesen Islands', 'knysna', 'Thesen Islands, knysna'],
  ])('names the city once: %j in %j → %j', (location, city, place) => {
    renderWithProviders(<PropertyCard property={aProperty({ location, city })} />);
    expect(screen.getByText(place, { exact: true })).toBeTruthy();
  });

  it('a long title is clamped to two lines, its link named with the whole title', () => {
    renderWithProviders(<PropertyCard property={aProperty({ title: LONG_TITLE })} />);
    const link = screen.getByRole('link', { name: LONG_TITLE });
    expect(link.getAttribute('data-line-clamp')).toBe('true');
    expect(link.style.getPropertyValue('--text-line-clamp')).toBe('2');
    expect(link.getAttribute('title')).toBe(LONG_TITLE);
  });

  it('a boosted listing (featured) carries the Featured badge; others do not', () => {
    const { unmount } = renderWithProviders(
      <PropertyCard property={{ ...aProperty({ title: 'Boosted loft' }), featured: true }} />,
    );
    expect(screen.getByText('Featured', { exact: true })).toBeTruthy();
    unmount();
    renderWithProviders(
      <PropertyCard property={{ ...aProperty({ title: 'Plain loft' }), featured: false }} />,
    );
    expect(screen.queryByText('Featured', { exact: true })).toBeNull();
  });
});
