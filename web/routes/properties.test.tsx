import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, currentUrl, mockApi, renderWithProviders } from '../test/render.tsx';
import { aProperty } from '../test/wire-fixtures.ts';
import PropertiesPage from './properties.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(path = '/properties') {
  const api = mockApi((call) => {
    if (call.url === '/api/properties/cities') return { body: ['Cape Town', 'Knysna'] };
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
  const rendered = renderWithProviders(<PropertiesPage />, { path, route: '/properties' });
  return { api, ...rendered };
}

const query = (router: Parameters<typeof currentUrl>[0]) =>
  new URL(currentUrl(router), 'http://x').searchParams;
const searched = (api: ReturnType<typeof mockApi>, key: string, value: string) =>
  api.calls.some(
    (call) =>
      call.url.startsWith('/api/properties?') &&
      new URL(call.url, 'http://x').searchParams.get(key) === value,
  );
const sidebar = () => within(screen.getByRole('complementary', { name: 'Filters' }));

describe('/properties: free-text search', () => {
  it('searches the text typed, once the typing pauses, and keeps it in the address', async () => {
    const user = userEvent.setup();
    const { api, router } = renderPage('/properties?type=accommodation');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'lagoon view');
    await waitFor(() => expect(query(router).get('q')).toBe('lagoon view'));
    expect(query(router).get('type')).toBe('accommodation');
    await waitFor(() => expect(searched(api, 'q', 'lagoon view')).toBe(true));
    expect(searched(api, 'q', 'l')).toBe(false);
    expect(await screen.findByText('Accommodation · matching “lagoon view”')).toBeTruthy();
  });

  it('Enter searches at once; emptied, the text leaves the address', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/properties?q=lagoon');
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search).toHaveProperty('value', 'lagoon');
    await user.clear(search);
    await user.type(search, 'forest{Enter}');
    expect(query(router).get('q')).toBe('forest');
    await user.clear(search);
    await waitFor(() => expect(query(router).has('q')).toBe(false));
  });
});

describe('/properties: the city filter takes any city', () => {
  it('a city typed in lower case searches on Enter, not while it is being typed', async () => {
    const user = userEvent.setup();
    const { api, router } = renderPage();
    const city = sidebar().getByRole('combobox', { name: 'City' });
    await user.type(city, 'knys');
    expect(query(router).has('city')).toBe(false);
    await user.type(city, 'na{Enter}');
    await waitFor(() => expect(query(router).get('city')).toBe('knysna'));
    await waitFor(() => expect(searched(api, 'city', 'knysna')).toBe(true));
    expect(searched(api, 'city', 'knys')).toBe(false);
    expect(await screen.findByText('All rentals in knysna')).toBeTruthy();
  });

  it('a suggestion picked searches at once; emptied, on leaving the field every city is searched', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    const city = sidebar().getByRole('combobox', { name: 'City' });
    await user.type(city, 'kn');
    await user.click(await screen.findByRole('option', { name: 'Knysna' }));
    await waitFor(() => expect(query(router).get('city')).toBe('Knysna'));
    await user.clear(city);
    expect(query(router).get('city')).toBe('Knysna');
    await user.tab();
    await waitFor(() => expect(query(router).has('city')).toBe(false));
  });
});

describe('/properties: the filter drawer (phones) applies on Apply', () => {
  it('changes wait for Apply, which searches with them and closes the drawer', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/properties?q=lagoon');
    await user.click(buttonNamed('Filters'));
    const drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
    await user.click(drawer.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Vehicle' }));
    await user.type(drawer.getByRole('combobox', { name: 'City' }), 'knysna');
    await user.click(drawer.getByRole('checkbox', { name: 'Parking' }));
    expect(query(router).has('type')).toBe(false);
    await user.click(drawer.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    const applied = query(router);
    expect(applied.get('type')).toBe('vehicle');
    expect(applied.get('city')).toBe('knysna');
    expect(applied.getAll('amenities')).toEqual(['parking']);
    expect(applied.get('q')).toBe('lagoon');
  });

  it('Clear empties the filters (not the text) for Apply; closing without Apply changes nothing', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/properties?q=lagoon&type=vehicle&city=Knysna');
    await user.click(buttonNamed('Filters'));
    let drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
    await user.click(drawer.getByRole('button', { name: 'Clear' }));
    await user.click(drawer.getByRole('button', { name: 'Close filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    expect(query(router).get('type')).toBe('vehicle');

    await user.click(buttonNamed('Filters'));
    drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(drawer.getByRole('combobox', { name: 'City' })).toHaveProperty('value', 'Knysna');
    await user.click(drawer.getByRole('button', { name: 'Clear' }));
    expect(drawer.getByRole('combobox', { name: 'City' })).toHaveProperty('value', '');
    await user.click(drawer.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(query(router).has('type')).toBe(false));
    expect(query(router).has('city')).toBe(false);
    expect(query(router).get('q')).toBe('lagoon');
  });
});

describe('/properties: paging', () => {
  /** Pages of 12 over a total counted up to its cap, each with the cursor of the page after it. */
  function renderPaged(path: string) {
    const api = mockApi((call) => {
      if (call.url === '/api/properties/cities') return { body: [] };
      if (call.url.startsWith('/api/properties?')) {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page') ?? 1);
        return {
          body: {
            items: [{ ...aProperty({ title: `Listing on page ${page}` }), featured: false }],
            total: 1000,
            totalCapped: true,
            nextCursor: `cursor-after-${page}`,
            page,
            pageSize: 12,
          },
        };
      }
      return undefined;
    });
    return { api, ...renderWithProviders(<PropertiesPage />, { path, route: '/properties' }) };
  }
  const calledWith = (api: ReturnType<typeof mockApi>, page: string) =>
    api.calls
      .filter((call) => call.url.startsWith('/api/properties?'))
      .map((call) => new URL(call.url, 'http://x').searchParams)
      .filter((params) => params.get('page') === page);

  it('says when more match than were counted, and asks for the next page after the last one seen', async () => {
    const user = userEvent.setup();
    const { api, router } = renderPaged('/properties?q=cottage');
    expect(await screen.findByText('More than 1000 rentals found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Listing on page 2')).toBeTruthy();
    expect(query(router).get('page')).toBe('2');
    expect(calledWith(api, '2').map((params) => params.get('after'))).toEqual(['cursor-after-1']);
    expect(calledWith(api, '2')[0]?.get('q')).toBe('cottage');
  });

  it('a page opened from its address is asked for by its number, and its next page by cursor', async () => {
    const user = userEvent.setup();
    const { api } = renderPaged('/properties?q=villa&page=84');
    expect(await screen.findByText('Listing on page 84')).toBeTruthy();
    expect(calledWith(api, '84')[0]?.has('after')).toBe(false);
    // Past the counted pages, the next one is still offered while there is one.
    await user.click(screen.getByRole('button', { name: 'next page' }));
    expect(await screen.findByText('Listing on page 85')).toBeTruthy();
    expect(calledWith(api, '85')[0]?.get('after')).toBe('cursor-after-84');
  });
});
