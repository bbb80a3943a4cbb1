import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../../../routes/home.tsx';
import { buttonNamed, currentUrl, mockApi, renderWithProviders } from '../../../test/render.tsx';
import { aProperty } from '../../../test/wire-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SUGGESTIONS = ['Cape Town', 'Durban', 'Knysna'];

function renderHome(path = '/') {
  const api = mockApi((call) => {
    if (call.url === '/api/properties/cities') return { body: SUGGESTIONS };
    if (call.url.startsWith('/api/properties?')) {
      return {
        body: {
          items: [{ ...aProperty({ title: 'Lagoon Cottage' }), featured: false }],
          total: 1,
          totalCapped: false,
          nextCursor: null,
          page: 1,
          pageSize: 12,
        },
      };
    }
    return undefined;
  });
  const rendered = renderWithProviders(<HomePage />, { path, route: '/' });
  return { api, ...rendered };
}

const searchParamsOf = (url: string) => new URL(url, 'http://x').searchParams;

describe('home search form: free text and any city', () => {
  it('the text and a city typed in lower case go into the address and the search', async () => {
    const user = userEvent.setup();
    const { api, router } = renderHome();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '  lagoon ');
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'knysna');
    await user.click(buttonNamed('Search'));
    await waitFor(() => expect(currentUrl(router)).toContain('type=accommodation'));
    const url = searchParamsOf(currentUrl(router));
    expect(url.get('q')).toBe('lagoon');
    expect(url.get('city')).toBe('knysna');
    await waitFor(() =>
      expect(
        api.calls.some((call) => {
          const sent = searchParamsOf(call.url);
          return (
            call.url.startsWith('/api/properties?') &&
            sent.get('q') === 'lagoon' &&
            sent.get('city') === 'knysna'
          );
        }),
      ).toBe(true),
    );
    expect(await screen.findByText('Accommodation in knysna · matching “lagoon”')).toBeTruthy();
  });

  it('the city field suggests the cities listings use', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'kn');
    await user.click(await screen.findByRole('option', { name: 'Knysna' }));
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveProperty('value', 'Knysna');
  });

  it('opened from an address, the form shows its text and city', async () => {
    renderHome('/?type=accommodation&q=lagoon&city=knysna');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveProperty('value', 'lagoon');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveProperty('value', 'knysna');
  });

  it('an empty text is left out of the address', async () => {
    const user = userEvent.setup();
    const { router } = renderHome();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '   ');
    await user.click(buttonNamed('Search'));
    await waitFor(() => expect(currentUrl(router)).toContain('type=accommodation'));
    expect(searchParamsOf(currentUrl(router)).has('q')).toBe(false);
  });
});
