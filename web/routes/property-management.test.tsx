import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnedProperty } from '../features/properties/api.ts';
import { buttonNamed, currentUrl, deferred, mockApi, renderWithProviders } from '../test/render.tsx';
import { aProperty } from '../test/wire-fixtures.ts';
import PropertyManagementPage, { VIEW_STORAGE_KEY } from './property-management.tsx';

const owned = (overrides: Partial<OwnedProperty>): OwnedProperty => ({
  ...aProperty(overrides),
  has_reservations: false,
  instantBook: false,
  paymentPlan: null,
});

const LOFT = owned({
  id: '7c0e8a52-1111-4000-8000-000000000001',
  title: 'Sea Point Loft',
  city: 'Cape Town',
  location: 'Sea Point',
  specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
});
const HILUX = owned({
  id: '7c0e8a52-1111-4000-8000-000000000002',
  type: 'vehicle',
  category: 'car',
  title: 'Toyota Hilux',
  city: 'Bloemfontein',
  location: 'Westdene',
  description: 'Double-cab bakkie for the Karoo.',
  price_per_day_cents: 95_000,
  status: 'maintenance',
  specifications: { type: 'vehicle', make: 'Toyota', model: 'Hilux', year: 2022 },
});
const HALL = owned({
  id: '7c0e8a52-1111-4000-8000-000000000003',
  type: 'event_space',
  category: 'venue',
  title: 'Old Mill Hall',
  city: 'Durban',
  location: 'Umhlanga',
  description: 'A hall for 120 guests.',
  archived_at: '2026-11-01T00:00:00.000Z',
  has_reservations: true,
  specifications: { type: 'event_space', capacity: 120 },
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function onWideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(min-width: 48em)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function renderPage(path = '/property-management', listings = [LOFT, HILUX, HALL]) {
  let current = listings;
  const api = mockApi((call) => {
    if (call.url === '/api/my/properties') return { body: current };
    if (call.method === 'PUT' && call.url.startsWith('/api/properties/')) {
      const id = call.url.split('/').pop();
      const before = current.find((listing) => listing.id === id);
      if (!before) return undefined;
      const saved = { ...before, ...(call.body as object) } as OwnedProperty;
      current = current.map((listing) => (listing.id === id ? saved : listing));
      return { body: saved };
    }
    return undefined;
  });
  const rendered = renderWithProviders(<PropertyManagementPage />, { path, route: '/property-management' });
  return { api, ...rendered };
}

const query = (router: Parameters<typeof currentUrl>[0]) =>
  new URL(currentUrl(router), 'http://x').searchParams;
const titles = () =>
  ['Sea Point Loft', 'Toyota Hilux', 'Old Mill Hall'].filter((title) => screen.queryByText(title));

async function choose(user: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Property Management: search and filters', () => {
  it('searches title, city, location and description, keeping the text in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('Sea Point Loft');
    expect(titles()).toEqual(['Sea Point Loft', 'Toyota Hilux', 'Old Mill Hall']);

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'karoo');
    expect(titles()).toEqual(['Toyota Hilux']);
    expect(query(router).get('q')).toBe('karoo');
    expect(screen.getByText('Showing 1 of 3 listings')).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'umhlanga');
    expect(titles()).toEqual(['Old Mill Hall']);
    await user.clear(search);
    await user.type(search, 'cape town');
    expect(titles()).toEqual(['Sea Point Loft']);
  });

  it('filters by type and by status; the filters come back from the address', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('Sea Point Loft');
    await choose(user, 'Type', 'Vehicle');
    expect(titles()).toEqual(['Toyota Hilux']);
    expect(query(router).get('type')).toBe('vehicle');

    await choose(user, 'Type', 'All types');
    await choose(user, 'Status', 'Archived');
    expect(titles()).toEqual(['Old Mill Hall']);
    expect(query(router).get('type')).toBeNull();
    expect(query(router).get('status')).toBe('archived');

    await router.navigate(-1);
    await waitFor(() => expect(titles()).toEqual(['Sea Point Loft', 'Toyota Hilux', 'Old Mill Hall']));
    await router.navigate(-1);
    await waitFor(() => expect(titles()).toEqual(['Toyota Hilux']));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Type' })).toHaveProperty('value', 'Vehicle'),
    );
  });

  it('starts from the filters in the address, and nothing matching has its own empty state', async () => {
    const user = userEvent.setup();
    renderPage('/property-management?type=accommodation&status=maintenance');
    expect(await screen.findByText('No listings match your search and filters.')).toBeTruthy();
    expect(screen.queryByText(/Click "Add New Property"/)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'Maintenance');
    await user.click(buttonNamed('Clear filters'));
    expect(titles()).toEqual(['Sea Point Loft', 'Toyota Hilux', 'Old Mill Hall']);
  });

  it('with no listings at all, keeps the spec’s empty state and no filters', async () => {
    renderPage('/property-management', []);
    expect(
      await screen.findByText('No properties found. Click "Add New Property" to create one.'),
    ).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
  });
});

describe('Property Management: list view', () => {
  it('switches to a table (photo, title, type, location, price, status, actions) and remembers it', async () => {
    onWideScreen();
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await screen.findByText('Sea Point Loft');
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'List' }));
    const table = screen.getByRole('table', { name: 'Listings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Photo', 'Title', 'Type', 'Location', 'Price', 'Status', 'Actions']);
    const hilux = within(table).getByText('Toyota Hilux').closest('tr') as HTMLElement;
    expect(within(hilux).getByText('Vehicle')).toBeTruthy();
    expect(within(hilux).getByText('Westdene, Bloemfontein')).toBeTruthy();
    expect(within(hilux).getByText('per day')).toBeTruthy();
    expect(within(hilux).getByText('maintenance')).toBeTruthy();
    expect(within(hilux).getByRole('link', { name: 'Create Reservation' }).getAttribute('href')).toBe(
      `/reservation/${HILUX.id}`,
    );
    const hall = within(table).getByText('Old Mill Hall').closest('tr') as HTMLElement;
    expect(within(hall).getByText('Archived')).toBeTruthy();
    expect(within(hall).getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe('list');

    unmount();
    renderPage();
    expect(await screen.findByRole('table', { name: 'Listings' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'List' })).toHaveProperty('checked', true);
  });

  it('on a phone the list view is one compact row per listing', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Sea Point Loft');
    await user.click(screen.getByRole('radio', { name: 'List' }));
    const list = screen.getByRole('list', { name: 'Listings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('the view switch works from the keyboard', async () => {
    onWideScreen();
    // user-event walks radio groups with CSS.escape, which jsdom lacks.
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Sea Point Loft');
    screen.getByRole('radio', { name: 'Cards' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('table', { name: 'Listings' })).toBeTruthy();
  });
});

describe('Property Management: the saved listing', () => {
  async function editLoft(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByText('Sea Point Loft');
    await user.click(buttonNamed('Edit'));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Harbour Flat');
  }
  const save = async (user: ReturnType<typeof userEvent.setup>, api: ReturnType<typeof mockApi>) => {
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    return waitFor(() => {
      const marked = document.querySelector<HTMLElement>('[data-highlighted]');
      expect(marked?.textContent).toContain('Harbour Flat');
      return marked as HTMLElement;
    });
  };

  it('is highlighted, scrolled to and announced, the filters kept when it still matches them', async () => {
    const user = userEvent.setup();
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    const { router, api } = renderPage('/property-management?q=promenade&type=accommodation');
    await editLoft(user);
    const marked = await save(user, api);
    expect(marked.getAttribute('data-listing-id')).toBe(LOFT.id);
    expect(scrolled.mock.contexts).toContain(marked);
    expect(query(router).get('q')).toBe('promenade');
    expect(query(router).get('type')).toBe('accommodation');
    expect(screen.getByText('“Harbour Flat” is highlighted in the list.')).toBeTruthy();
    expect(screen.queryByText(/does not match the search and filters/)).toBeNull();
  });

  it('when the filters would hide it, clears them and says so', async () => {
    const user = userEvent.setup();
    const { router, api } = renderPage('/property-management?status=available&type=accommodation');
    await editLoft(user);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Maintenance' }));
    const marked = await save(user, api);
    expect(marked.getAttribute('data-listing-id')).toBe(LOFT.id);
    expect(query(router).get('status')).toBeNull();
    expect(query(router).get('type')).toBeNull();
    expect(
      screen.getByText(
        '“Harbour Flat” does not match the search and filters, so they were cleared to show it.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('“Harbour Flat” is highlighted in the list.')).toBeTruthy();
    expect(titles()).toEqual(['Toyota Hilux', 'Old Mill Hall']);
  });
});

describe('Property Management: while parts are loading', () => {
  it('names the homepage boost it is loading, and axe finds nothing while it loads', async () => {
    const boosts = deferred<{ body: unknown }>();
    mockApi((call) => {
      if (call.url === '/api/my/properties') return { body: [LOFT] };
      if (call.url === '/api/my/boosts') return boosts.promise;
      return undefined;
    });
    renderWithProviders(<PropertyManagementPage />, { path: '/property-management' });
    await screen.findByText('Sea Point Loft');
    expect(screen.getByRole('status', { name: 'Loading homepage boost' })).toBeTruthy();
    // jsdom draws nothing: contrast is checked by the journeys in Chromium. The page is drawn
    // without the app shell, whose <main> holds it (region).
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
