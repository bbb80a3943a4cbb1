import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, mockApi, renderWithProviders } from '../../../test/render.tsx';
import type { Property } from '../api.ts';
import { PropertyForm } from './property-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOFT: Property = {
  id: '7c0e8a52-1111-4000-8000-000000000001',
  owner_id: '3f2a9c1e-77aa-4bcd-9e0f-1234567890ab',
  type: 'accommodation',
  category: 'apartment',
  title: 'Sea Point Loft',
  description: 'A bright loft a block from the promenade.',
  city: 'Cape Town',
  location: '12 Beach Road, Sea Point',
  price_per_day_cents: 125_000,
  currency: 'ZAR',
  amenities: ['wifi'],
  availability_start: '2031-01-01',
  availability_end: '2031-06-30',
  is_active: true,
  status: 'maintenance',
  cleaning_fee_cents: 30_000,
  security_deposit_cents: 0,
  specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
  images: [],
  archived_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const DRILL: Property = {
  ...LOFT,
  id: '7c0e8a52-1111-4000-8000-000000000004',
  type: 'equipment',
  category: 'tools',
  title: 'Hilti Drill',
  status: 'available',
  availability_start: null,
  availability_end: null,
  specifications: { type: 'equipment', brand: 'Hilti', model: 'TE 30', condition: 'good' },
};

function renderForm(property: Property) {
  const onDone = vi.fn();
  const api = mockApi((call) =>
    call.method === 'PUT' ? { body: { ...property, ...(call.body as object) } } : undefined,
  );
  renderWithProviders(<PropertyForm property={property} onDone={onDone} />);
  return { api, onDone };
}

describe('PropertyForm: status and availability window', () => {
  it('shows the listing’s status and window, and a description edit saves them unchanged', async () => {
    const user = userEvent.setup();
    const { api, onDone } = renderForm(LOFT);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'Maintenance');
    expect(screen.getByRole('button', { name: /Available from/ }).textContent).toContain('01/01/2031');
    expect(screen.getByRole('button', { name: /Available until/ }).textContent).toContain('30/06/2031');

    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    // Pasted, not typed key by key: the form (with its payment fields) re-renders on every change.
    await user.paste('Freshly painted.');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());

    const save = api.calls.find((call) => call.method === 'PUT');
    expect(save?.url).toBe(`/api/properties/${LOFT.id}`);
    expect(save?.body).toMatchObject({
      description: 'Freshly painted.',
      status: 'maintenance',
      availability_start: '2031-01-01',
      availability_end: '2031-06-30',
      is_active: true,
      cleaning_fee_cents: 30_000,
      amenities: ['wifi'],
      instantBook: false,
      paymentPlan: null,
    });
  });

  it('the status is picked from the list and the window cleared with its buttons', async () => {
    const user = userEvent.setup();
    const { api, onDone } = renderForm(LOFT);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Available' }));
    await user.click(screen.getByRole('button', { name: 'Clear available from' }));
    await user.click(screen.getByRole('button', { name: 'Clear available until' }));
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      status: 'available',
      availability_start: null,
      availability_end: null,
    });
  });
});

describe('PropertyForm: equipment dimensions', () => {
  it('has length, width and height inputs; filled, they are saved as the dimensions', async () => {
    const user = userEvent.setup();
    const { api, onDone } = renderForm(DRILL);
    await user.type(screen.getByRole('textbox', { name: 'Length (cm)' }), '45');
    await user.type(screen.getByRole('textbox', { name: 'Width (cm)' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Height (cm)' }), '30');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      specifications: { type: 'equipment', dimensions: { length: 45, width: 12, height: 30 } },
    });
  });

  it('one dimension alone asks for the others and Save stays disabled', async () => {
    const user = userEvent.setup();
    renderForm(DRILL);
    await user.type(screen.getByRole('textbox', { name: 'Length (cm)' }), '45');
    await user.click(screen.getByRole('textbox', { name: 'Width (cm)' }));
    await user.click(screen.getByRole('textbox', { name: 'Height (cm)' }));
    await user.tab();
    await waitFor(() => expect(screen.getByText('Width is required')).toBeTruthy());
    expect(screen.getByText('Height is required')).toBeTruthy();
    expect(buttonNamed('Save').hasAttribute('disabled')).toBe(true);
  });

  it('left empty, no dimensions are sent', async () => {
    const user = userEvent.setup();
    const { api, onDone } = renderForm(DRILL);
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = api.calls.find((call) => call.method === 'PUT')?.body as { specifications: object };
    expect(body.specifications).not.toHaveProperty('dimensions');
  });
});

describe('PropertyForm: the city is typed freely, with suggestions', () => {
  const SUGGESTIONS = ['Bloemfontein', 'Cape Town', 'Durban', 'Knysna', 'Stellenbosch'];

  function renderWithSuggestions(property: Property) {
    const onDone = vi.fn();
    const api = mockApi((call) => {
      if (call.method === 'GET' && call.url === '/api/properties/cities') return { body: SUGGESTIONS };
      if (call.method === 'PUT') return { body: { ...property, ...(call.body as object) } };
      return undefined;
    });
    renderWithProviders(<PropertyForm property={property} onDone={onDone} />);
    return { api, onDone };
  }

  it('suggests the cities listings use as you type, and saves the one picked', async () => {
    const user = userEvent.setup();
    const { api, onDone } = renderWithSuggestions(LOFT);
    const city = screen.getByRole('combobox', { name: 'City' });
    expect(city).toHaveProperty('value', 'Cape Town');
    await user.clear(city);
    await user.type(city, 'kny');
    await user.click(await screen.findByRole('option', { name: 'Knysna' }));
    expect(city).toHaveProperty('value', 'Knysna');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ city: 'Knysna' });
  });

  it('a town no listing names yet is saved as typed, its spacing tidied', async () => {
    const user = userEvent.setup();
    const { api, onDone } = renderWithSuggestions(LOFT);
    const city = screen.getByRole('combobox', { name: 'City' });
    await user.clear(city);
    await user.type(city, '  Plettenberg   Bay ');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ city: 'Plettenberg Bay' });
  });

  it('a blank city or one with digits is explained and Save stays disabled', async () => {
    const user = userEvent.setup();
    renderWithSuggestions(LOFT);
    const city = screen.getByRole('combobox', { name: 'City' });
    await user.clear(city);
    await waitFor(() => expect(screen.getByText('Please enter the city')).toBeTruthy());
    expect(buttonNamed('Save').hasAttribute('disabled')).toBe(true);
    await user.type(city, 'Knysna 6570');
    await waitFor(() =>
      expect(screen.getByText('City can only contain letters, spaces, hyphens and apostrophes')).toBeTruthy(),
    );
    expect(buttonNamed('Save').hasAttribute('disabled')).toBe(true);
  });
});

describe('PropertyForm: an event space’s bookable hours and minimum', { timeout: 60_000 }, () => {
  const HALL: Property = {
    ...LOFT,
    id: '7c0e8a52-1111-4000-8000-000000000003',
    type: 'event_space',
    category: 'venue',
    title: 'Karoo Hall',
    status: 'available',
    availability_start: null,
    availability_end: null,
    // Saved before listings had bookable hours: the form shows the defaults.
    specifications: { type: 'event_space', capacity: 80, indoorArea: 200, layouts: [], amenities: [] },
  };
  const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: option }, { timeout: 5_000 }));
  };

  it('shows 08:00–22:00 and 4 hours by default; the chosen hours and minimum are saved in the specifications', async () => {
    const user = userEvent.setup();
    const { api, onDone } = renderForm(HALL);
    expect(screen.getByRole('combobox', { name: 'Bookable from' })).toHaveProperty('value', '08:00');
    expect(screen.getByRole('combobox', { name: 'Bookable until' })).toHaveProperty('value', '22:00');
    const minimum = screen.getByRole('textbox', { name: /^Minimum hours/ }) as HTMLInputElement;
    expect(minimum.value).toBe('4');

    await choose(user, 'Bookable from', '10:00');
    await choose(user, 'Bookable until', '20:00');
    await user.clear(minimum);
    await user.type(minimum, '2.5');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      specifications: {
        type: 'event_space',
        bookableHours: { start: '10:00', end: '20:00' },
        minimumHours: 2.5,
      },
    });
  });

  it('shows the schema’s messages on the fields and keeps Save disabled', async () => {
    const user = userEvent.setup();
    renderForm(HALL);
    await choose(user, 'Bookable until', '07:00');
    await waitFor(() => expect(screen.getByText('Bookable until must be after bookable from')).toBeTruthy());
    expect(buttonNamed('Save').hasAttribute('disabled')).toBe(true);

    await choose(user, 'Bookable until', '10:00');
    const minimum = screen.getByRole('textbox', { name: /^Minimum hours/ });
    await user.click(minimum);
    await user.tab();
    await waitFor(() =>
      expect(screen.getByText('Minimum hours cannot be longer than the bookable hours')).toBeTruthy(),
    );
    await user.clear(minimum);
    await user.type(minimum, '1.2');
    await user.tab();
    await waitFor(() => expect(screen.getByText('Minimum hours must be whole or half hours')).toBeTruthy());
    await user.clear(minimum);
    await user.tab();
    await waitFor(() => expect(screen.getByText('Minimum hours is required')).toBeTruthy());
    await user.type(minimum, '2');
    await waitFor(() => expect(buttonNamed('Save').hasAttribute('disabled')).toBe(false));
  });
});
