import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../../../domain/access.ts';
import { defaultPermissions } from '../../../../domain/permissions.ts';
import {
  type ApiCall,
  type ApiReply,
  buttonNamed,
  isDisabled,
  mockApi,
  renderWithProviders,
  toastTexts,
} from '../../../test/render.tsx';
import { aBusinessDetails, aReservation } from '../../../test/wire-fixtures.ts';
import type { BusinessProperty, Client, Reservation } from '../api.ts';
import { ReservationEditor } from './reservation-editor.tsx';

const OWNER = '3f2a9c1e-77aa-4bcd-9e0f-1234567890ab';
const property = (
  id: string,
  title: string,
  type: BusinessProperty['type'],
  pricePerDayCents: number,
  cleaningFeeCents: number,
  specifications: Record<string, unknown> = {},
): BusinessProperty => ({
  id,
  title,
  type,
  price_per_day_cents: pricePerDayCents,
  cleaning_fee_cents: cleaningFeeCents,
  security_deposit_cents: 0,
  specifications: { type, ...specifications },
  owner_id: OWNER,
  archived: false,
  is_active: true,
  status: 'available',
});

const LOFT = property(
  '7c0e8a52-1111-4000-8000-000000000001',
  'Sea Point Loft',
  'accommodation',
  125_000,
  30_000,
  {
    maxGuests: 4,
  },
);
const CAR = property('7c0e8a52-1111-4000-8000-000000000002', 'Polo Vivo', 'vehicle', 45_000, 0, {
  seatingCapacity: 5,
});
const HALL = property('7c0e8a52-1111-4000-8000-000000000003', 'Karoo Hall', 'event_space', 300_000, 50_000, {
  capacity: 80,
});
const DRILL = property('7c0e8a52-1111-4000-8000-000000000004', 'Hilti Drill', 'equipment', 15_000, 0);
const STORE = property('7c0e8a52-1111-4000-8000-000000000005', 'Lock-up Garage', 'storage_space', 90_000, 0);

const ARCHIVED = {
  ...property('7c0e8a52-1111-4000-8000-000000000006', 'Old Barn', 'accommodation', 10_000, 0),
  archived: true,
};

const INACTIVE = {
  ...property('7c0e8a52-1111-4000-8000-000000000007', 'Hidden Cottage', 'accommodation', 10_000, 0),
  is_active: false,
};
const MAINTENANCE = {
  ...property('7c0e8a52-1111-4000-8000-000000000008', 'Leaky Chalet', 'accommodation', 10_000, 0),
  status: 'maintenance' as const,
};

/** Karoo Hall's taken times by day, as GET /api/properties/:id/availability/times answers. */
const TAKEN_TIMES: Record<string, Array<{ start: string; end: string }>> = {
  '2026-03-12': [{ start: '14:00', end: '16:00' }],
};

const LERATO: Client = {
  id: 'c0ffee00-2222-4000-8000-000000000001',
  owner_id: OWNER,
  first_name: 'Lerato',
  last_name: 'Dlamini',
  email: 'lerato@example.co.za',
  phone: null,
  region: 'ZA',
  is_active: true,
  registered: false,
};

beforeEach(() => {
  // Only Date is faked: "today" in Johannesburg is Tuesday 10 March 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const actor = (role: Actor['role'], id = OWNER, parent: string | null = null): Actor => ({
  id,
  role,
  parent_owner_id: parent,
  permissions: defaultPermissions(role),
});
const OWNER_ACTOR = actor('owner');

/** The Loft's high season from 13 March: R 1 500 a night (GET /api/properties/:id/rates). */
const LOFT_RATES = [
  {
    id: 'a1b2c3d4-3333-4000-8000-000000000001',
    property_id: LOFT.id,
    owner_id: OWNER,
    start_date: '2026-03-13',
    end_date: '2026-04-01',
    rate_cents: 150_000,
    currency: 'ZAR',
    created_at: '2026-01-01T08:00:00.000Z',
    updated_at: '2026-01-01T08:00:00.000Z',
  },
];

function renderEditor(
  onSave: (call: ApiCall) => ApiReply = () => ({ status: 201, body: aReservation() }),
  who: Actor = OWNER_ACTOR,
  reservation?: Reservation,
  vatRegistered = true,
) {
  const api = mockApi((call) => {
    const rates = /^\/api\/properties\/([^/]+)\/rates$/.exec(call.url);
    if (call.method === 'GET' && rates) return { body: rates[1] === LOFT.id ? LOFT_RATES : [] };
    if (call.method === 'GET' && call.url.startsWith('/api/business/details'))
      return { body: aBusinessDetails({ owner_id: OWNER, vat_registered: vatRegistered }) };
    if (call.method === 'GET' && call.url === '/api/business/properties') {
      return { body: [LOFT, CAR, HALL, DRILL, STORE, ARCHIVED, INACTIVE, MAINTENANCE] };
    }
    if (call.method === 'GET' && call.url.startsWith('/api/clients?')) {
      // The picker's search (docs/decisions/072): Lerato matches her name or email, or no text.
      const q = new URL(call.url, 'http://localhost').searchParams.get('q')?.toLowerCase() ?? '';
      const items = `lerato dlamini ${LERATO.email}`.includes(q) ? [LERATO] : [];
      return { body: { items, total: items.length, page: 1, pageSize: 20 } };
    }
    const times = /^\/api\/properties\/([^/]+)\/availability\/times\?date=(.+)$/.exec(call.url);
    if (call.method === 'GET' && times)
      return {
        body: {
          date: times[2],
          bookable_hours: { start: '10:00', end: '20:00' },
          minimum_hours: 2,
          taken: TAKEN_TIMES[times[2] as string] ?? [],
        },
      };
    if (reservation && call.method === 'GET' && call.url === `/api/reservations/${reservation.id}`)
      return { body: reservation };
    if (call.method === 'POST' && call.url === '/api/reservations') return onSave(call);
    if (reservation && call.method === 'PATCH') return onSave(call);
    return undefined;
  });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(
    <ReservationEditor
      user={who}
      opened
      reservationId={reservation?.id}
      onClose={onClose}
      onSaved={onSaved}
    />,
  );
  return { user, onClose, onSaved, ...api, ...view };
}

type User = ReturnType<typeof userEvent.setup>;

const createButton = () => buttonNamed('Create Reservation');
const input = (label: string | RegExp) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
/** Intl puts no-break spaces in en-ZA amounts; compare with plain spaces. */
const totalPrice = () => input('Total price').value.replace(/\s/g, ' ');

/** Enters a whole value at once (a paste). */
async function fill(user: User, label: RegExp, value: string) {
  await user.click(input(label));
  await user.paste(value);
}

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function pickDate(user: User, label: string, day: string) {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(await screen.findByRole('button', { name: day }));
  await waitFor(() => expect(screen.queryByRole('button', { name: day })).toBeNull());
}

/** Waits for the properties and clients to load. */
const loaded = () => screen.findByRole('combobox', { name: 'Property' });

describe('reservation editor', { timeout: 30_000 }, () => {
  it('keeps Create Reservation disabled until a property, dates and a client are chosen', async () => {
    const { user } = renderEditor();
    await loaded();
    // Dates default to today and tomorrow.
    expect(screen.getByRole('button', { name: 'Start date' }).textContent).toBe('10/03/2026');
    expect(screen.getByRole('button', { name: 'End date' }).textContent).toBe('11/03/2026');
    expect(isDisabled(createButton())).toBe(true);

    await choose(user, 'Property', 'Sea Point Loft');
    expect(isDisabled(createButton())).toBe(true); // no client yet
    await choose(user, 'Client', 'Lerato Dlamini (lerato@example.co.za)');
    expect(isDisabled(createButton())).toBe(false);
  });

  it('accepts a new client instead, but only with first name, last name and email all filled', async () => {
    const { user } = renderEditor();
    await loaded();
    await choose(user, 'Property', 'Polo Vivo');
    await choose(user, 'Client', '+ New client');
    expect(isDisabled(createButton())).toBe(true);

    await fill(user, /^Client first name/, 'Ayanda');
    expect(isDisabled(createButton())).toBe(true);
    await fill(user, /^Client last name/, 'Zulu');
    expect(isDisabled(createButton())).toBe(true);
    await fill(user, /^Client email/, 'ayanda@example.co.za');
    expect(isDisabled(createButton())).toBe(false);
    await user.clear(input(/^Client last name/));
    expect(isDisabled(createButton())).toBe(true);
  });

  it('asks for guests only for accommodation and event spaces', async () => {
    const { user } = renderEditor();
    await loaded();
    const guestsShown = () => screen.queryByLabelText('Guests', { selector: 'input' }) !== null;
    expect(guestsShown()).toBe(false);
    await choose(user, 'Property', 'Sea Point Loft');
    expect(guestsShown()).toBe(true);
    await choose(user, 'Property', 'Polo Vivo');
    expect(guestsShown()).toBe(false);
    await choose(user, 'Property', 'Karoo Hall');
    expect(guestsShown()).toBe(true);
    await choose(user, 'Property', 'Hilti Drill');
    expect(guestsShown()).toBe(false);
    await choose(user, 'Property', 'Lock-up Garage');
    expect(guestsShown()).toBe(false);
  });

  it('recomputes the one total (each night at its season’s rate + cleaning fee, to the cent) when the property or dates change', async () => {
    const { user } = renderEditor();
    await loaded();
    expect(totalPrice()).toBe('—');

    await choose(user, 'Property', 'Polo Vivo');
    await waitFor(() => expect(totalPrice()).toBe('R 450.00')); // 1 day × R450, no cleaning fee
    await choose(user, 'Property', 'Sea Point Loft');
    await waitFor(() => expect(totalPrice()).toBe('R 1 550.00')); // 1 night × R1 250 + R300 cleaning

    await pickDate(user, 'End date', '14 March 2026');
    expect(totalPrice()).toBe('R 5 550.00'); // 3 × R1 250 + 1 × R1 500 (high season from 13 March) + R300
    expect(screen.getByText('4 nights')).toBeTruthy();

    await pickDate(user, 'Start date', '12 March 2026');
    expect(totalPrice()).toBe('R 3 050.00'); // R1 250 + R1 500 + R300

    await user.type(input('Discount %'), '10');
    expect(totalPrice()).toBe('R 2 775.00'); // 10 % off the rental only: R2 750 − R275 + R300

    await choose(user, 'Property', 'Polo Vivo');
    await waitFor(() => expect(totalPrice()).toBe('R 810.00')); // 2 × R450 less 10 %, no cleaning fee
    expect(screen.getByText('2 days')).toBeTruthy();
  });

  it('says VAT is included for a VAT vendor, and offers no tax field to a business that may not charge VAT', async () => {
    renderEditor(undefined, OWNER_ACTOR, undefined, false);
    await loaded();
    expect(screen.queryByLabelText('Tax %')).toBeNull();
    await waitFor(() => expect(input('VAT').value).toBe('No VAT'));
    expect(screen.getByText('Not registered for VAT: no VAT is charged')).toBeTruthy();
  });

  it('clamps a negative discount and rate override to 0', async () => {
    const { user, calls } = renderEditor();
    await loaded();
    await choose(user, 'Property', 'Sea Point Loft');
    await choose(user, 'Client', 'Lerato Dlamini (lerato@example.co.za)');

    for (const [label, typed, clamped] of [
      ['Discount %', '-10', '0'],
      ['Rate override per day (R)', '-200', '0.00'],
    ] as const) {
      await user.clear(input(label));
      await user.type(input(label), typed);
      expect(totalPrice()).toBe(label.startsWith('Rate') ? 'R 300.00' : 'R 1 550.00'); // never a negative rate
      await user.tab(); // leaving the field shows the clamped value, never the negative one
      expect(input(label).value).toBe(clamped);
    }
    expect(totalPrice()).toBe('R 300.00'); // a zero rate leaves only the cleaning fee

    await user.click(createButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body;
    expect(body).toMatchObject({ discount_percent: 0, rate_override_per_day_cents: 0 });
    expect(body).not.toHaveProperty('tax_percent'); // the server sets the VAT (decision 029)
  });

  it('creates the reservation with the chosen values, then reports success and closes', async () => {
    const { user, calls, onClose, onSaved } = renderEditor();
    await loaded();
    await choose(user, 'Property', 'Sea Point Loft');
    await choose(user, 'Client', 'Lerato Dlamini (lerato@example.co.za)');
    await pickDate(user, 'End date', '13 March 2026');
    const guests = input('Guests');
    await user.clear(guests);
    await user.type(guests, '3');
    expect(input('VAT').value).toBe('Included');
    await user.click(createButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    expect(toastTexts()).toContain('Reservation created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      property_id: LOFT.id,
      client_id: LERATO.id,
      start_date: '2026-03-10',
      end_date: '2026-03-13',
      guests: 3,
      special_requests: null,
      voucher_number: null,
      purchase_order_number: null,
      discount_percent: 0,
      rate_override_per_day_cents: null,
    });
  });

  it('tells the user to save first on the Transactions tab of a new reservation', async () => {
    const { user } = renderEditor();
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByText('Save the reservation first to add charges and payments.')).toBeTruthy();
  });

  it('shows the server’s message when the dates were taken meanwhile (409)', async () => {
    const taken = 'Those dates are no longer available. Please choose different dates.';
    const { user, onClose } = renderEditor(() => ({
      status: 409,
      body: { error: 'CONFLICT', message: taken },
    }));
    await loaded();
    await choose(user, 'Property', 'Sea Point Loft');
    await choose(user, 'Client', 'Lerato Dlamini (lerato@example.co.za)');
    await user.click(createButton());

    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toBe(taken);
    await waitFor(() => expect(toastTexts()).toContain(taken));
    expect(onClose).not.toHaveBeenCalled();
    expect(isDisabled(createButton())).toBe(false); // the user can pick other dates and retry
  });

  it('front-office staff (no tenants permission) pick from the business’s clients but cannot add one', async () => {
    const { user } = renderEditor(undefined, actor('frontoffice', 'staff-1', OWNER));
    await loaded();
    await choose(user, 'Property', 'Sea Point Loft');
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    expect(await screen.findByRole('option', { name: 'Lerato Dlamini (lerato@example.co.za)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '+ New client' })).toBeNull();
  });

  it('an admin gets the clients of the chosen listing’s owner and may add a new one for them', async () => {
    const { user, calls } = renderEditor(undefined, actor('admin', 'admin-1'));
    await loaded();
    expect(calls.some((call) => call.url.startsWith('/api/clients'))).toBe(false);
    await choose(user, 'Property', 'Polo Vivo');
    await waitFor(() =>
      expect(calls.some((call) => call.url === `/api/clients?owner_id=${OWNER}&page=1&pageSize=20`)).toBe(
        true,
      ),
    );
    await choose(user, 'Client', '+ New client');
    expect(input(/^Client first name/)).toBeTruthy();
  });

  it('saving a vehicle booking leaves the seats the client booked alone (no guests field, none sent)', async () => {
    const booked = aReservation({
      property_id: CAR.id,
      owner_id: OWNER,
      client_id: LERATO.id,
      start_date: '2026-03-12',
      end_date: '2026-03-14',
      guests: 4,
      property: {
        title: CAR.title,
        type: 'vehicle',
        location: 'Cape Town',
        city: 'Cape Town',
        cover_url: null,
        archived: false,
      },
    });
    const { user, calls } = renderEditor(() => ({ status: 200, body: booked }), OWNER_ACTOR, booked);
    await screen.findByRole('button', { name: 'Save Changes' });
    expect(screen.queryByLabelText('Guests', { selector: 'input' })).toBeNull();
    await choose(user, 'Status', 'Confirmed');
    await user.click(buttonNamed('Save Changes'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const body = calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'confirmed', property_id: CAR.id });
    expect(body).not.toHaveProperty('guests');
  });

  it('offers only listings that take bookings for a new booking: no archived, inactive or maintenance one', async () => {
    const { user } = renderEditor();
    await loaded();
    await user.click(screen.getByRole('combobox', { name: 'Property' }));
    expect(await screen.findByRole('option', { name: 'Sea Point Loft' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Old Barn/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /Hidden Cottage/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /Leaky Chalet/ })).toBeNull();
  });

  it('a new hourly booking today starts no earlier than the half hour in progress (Johannesburg)', async () => {
    vi.setSystemTime(new Date('2026-03-10T11:10:00Z')); // 13:10 in Johannesburg
    const { user } = renderEditor();
    await loaded();
    await choose(user, 'Property', 'Karoo Hall');
    await screen.findByRole('button', { name: 'Date' });
    await user.click(screen.getByRole('combobox', { name: 'Start time' }));
    const starts = await screen.findAllByRole('option');
    const enabled = starts.filter((option) => !option.hasAttribute('data-combobox-disabled'));
    expect(enabled[0]?.textContent).toBe('13:00');
    expect(
      starts.find((option) => option.textContent === '12:30')?.hasAttribute('data-combobox-disabled'),
    ).toBe(true);
  });

  it('keeps a booking’s own listing shown, saying why it takes no new bookings; the others stay out', async () => {
    const booked = aReservation({
      property_id: MAINTENANCE.id,
      owner_id: OWNER,
      client_id: LERATO.id,
      start_date: '2026-03-12',
      end_date: '2026-03-14',
      property: {
        title: MAINTENANCE.title,
        type: 'accommodation',
        location: 'Cape Town',
        city: 'Cape Town',
        cover_url: null,
        archived: false,
      },
    });
    const { user } = renderEditor(() => ({ status: 200, body: booked }), OWNER_ACTOR, booked);
    await screen.findByRole('button', { name: 'Save Changes' });
    await user.click(screen.getByRole('combobox', { name: 'Property' }));
    expect(await screen.findByRole('option', { name: 'Leaky Chalet (under maintenance)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Hidden Cottage/ })).toBeNull();
  });

  it('books an hourly listing by a date and start and end times inside its bookable hours, taken times disabled', async () => {
    const { user, calls } = renderEditor();
    await loaded();
    await choose(user, 'Property', 'Karoo Hall');
    await choose(user, 'Client', 'Lerato Dlamini (lerato@example.co.za)');
    // A date and two times instead of the end date.
    expect(screen.queryByRole('button', { name: 'End date' })).toBeNull();
    await pickDate(user, 'Date', '12 March 2026');
    expect(
      await screen.findByText(/Bookable 10:00–20:00, at least 2 hours\. Taken on this day: 14:00–16:00\./),
    ).toBeTruthy();
    expect(isDisabled(createButton())).toBe(true); // no times yet
    expect(totalPrice()).toBe('—');

    await user.click(screen.getByRole('combobox', { name: 'Start time' }));
    const starts = await screen.findAllByRole('option');
    // 10:00 … 18:00 (a 2-hour minimum fits before 20:00); 12:30 to 15:30 cross the taken 14:00–16:00.
    expect(starts.map((option) => option.textContent)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
    ]);
    const disabled = starts.filter((option) => option.hasAttribute('data-combobox-disabled'));
    expect(disabled.map((option) => option.textContent)).toEqual([
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
    ]);
    await user.click(screen.getByRole('option', { name: '10:00' }));

    await user.click(screen.getByRole('combobox', { name: 'End time' }));
    const ends = await screen.findAllByRole('option');
    expect(ends.filter((o) => !o.hasAttribute('data-combobox-disabled')).map((o) => o.textContent)).toEqual([
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
    ]);
    await user.click(screen.getByRole('option', { name: '14:00' }));

    // 4 hours × R3 000 + R500 cleaning, the units stated.
    expect(totalPrice()).toBe('R 12 500.00');
    expect(screen.getByText('10:00–14:00 (4 hours)')).toBeTruthy();
    expect(input('Rate override per hour (R)')).toBeTruthy();

    await user.click(createButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      property_id: HALL.id,
      start_date: '2026-03-12',
      start_time: '10:00',
      end_time: '14:00',
      guests: 1,
    });
    expect(body).not.toHaveProperty('end_date');
    expect(body).not.toHaveProperty('months');
  });

  it('books a storage listing by a start date and a number of months, showing the end date', async () => {
    const { user, calls } = renderEditor();
    await loaded();
    await choose(user, 'Property', 'Lock-up Garage');
    await choose(user, 'Client', 'Lerato Dlamini (lerato@example.co.za)');
    expect(screen.queryByRole('button', { name: 'End date' })).toBeNull();
    const months = input(/^Months/);
    expect(months.value).toBe('1');
    expect(totalPrice()).toBe('R 900.00'); // 1 month × R900
    expect(screen.getByText('Ends 10 April 2026')).toBeTruthy();
    expect(screen.getByText('1 month')).toBeTruthy();

    await user.clear(months);
    await user.type(months, '2');
    expect(totalPrice()).toBe('R 1 800.00'); // 2 × the monthly price, not 61 days of it
    expect(screen.getByText('2 months')).toBeTruthy();
    expect(screen.getByText('Ends 10 May 2026')).toBeTruthy();

    await user.clear(months);
    expect(isDisabled(createButton())).toBe(true); // no months, no booking
    await user.type(months, '2');
    await user.click(createButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ property_id: STORE.id, start_date: '2026-03-10', months: 2 });
    expect(body).not.toHaveProperty('end_date');
    expect(body).not.toHaveProperty('start_time');
  });

  it('editing an hourly booking keeps its own times choosable and sends the day with its times', async () => {
    const booked = aReservation({
      property_id: HALL.id,
      owner_id: OWNER,
      client_id: LERATO.id,
      status: 'confirmed',
      start_date: '2026-03-12',
      end_date: '2026-03-13',
      start_time: '14:00',
      end_time: '16:00',
      price_unit: 'hour',
      units: 2,
      duration: '14:00–16:00 (2 hours)',
      property: {
        title: HALL.title,
        type: 'event_space',
        location: 'Cape Town',
        city: 'Cape Town',
        cover_url: null,
        archived: false,
      },
    });
    const { user, calls } = renderEditor(() => ({ status: 200, body: booked }), OWNER_ACTOR, booked);
    await screen.findByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(screen.getByText(/Nothing is booked on this day yet/)).toBeTruthy());
    // The time selects swap in from their stand-ins one idle turn at a time; wait for both to settle.
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Start time' })).toHaveProperty('value', '14:00');
      expect(screen.getByRole('combobox', { name: 'End time' })).toHaveProperty('value', '16:00');
    });
    expect(screen.getByText('14:00–16:00 (2 hours)')).toBeTruthy();
    // The stored total, not the listing's price now (decision 029); new times price it again.
    expect(totalPrice()).toBe('R 1 000.00');
    await choose(user, 'End time', '17:00');
    expect(totalPrice()).toBe('R 9 500.00'); // 3 hours × R3 000 + R500 cleaning
    await user.click(buttonNamed('Save Changes'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      start_date: '2026-03-12',
      end_date: '2026-03-13',
      start_time: '14:00',
      end_time: '17:00',
    });
  });

  it('saving a storage booking made before monthly booking (ending mid-month) keeps its end and its price', async () => {
    const booked = aReservation({
      property_id: STORE.id,
      owner_id: OWNER,
      client_id: LERATO.id,
      start_date: '2026-03-10',
      end_date: '2026-04-20',
      price_unit: 'month',
      units: 2,
      duration: '2 months',
      property: {
        title: STORE.title,
        type: 'storage_space',
        location: 'Cape Town',
        city: 'Cape Town',
        cover_url: null,
        archived: false,
      },
    });
    const { user, calls } = renderEditor(() => ({ status: 200, body: booked }), OWNER_ACTOR, booked);
    await screen.findByRole('button', { name: 'Save Changes' });
    await choose(user, 'Status', 'Confirmed');
    await user.click(buttonNamed('Save Changes'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const body = calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'confirmed', start_date: '2026-03-10', end_date: '2026-04-20' });
    expect(body).not.toHaveProperty('months');
  });

  it('a stay longer than 90 nights (made before the limit) saves a status change; moving its dates shows the limit', async () => {
    const booked = aReservation({
      property_id: LOFT.id,
      owner_id: OWNER,
      client_id: LERATO.id,
      start_date: '2026-03-12',
      end_date: '2026-07-12',
      price_unit: 'night',
      units: 122,
      duration: '122 nights',
      property: {
        title: LOFT.title,
        type: 'accommodation',
        location: 'Cape Town',
        city: 'Cape Town',
        cover_url: null,
        archived: false,
      },
    });
    const { user, calls } = renderEditor(() => ({ status: 200, body: booked }), OWNER_ACTOR, booked);
    await screen.findByRole('button', { name: 'Save Changes' });
    expect(screen.queryByText('A booking cannot be longer than 90 nights')).toBeNull();
    expect(isDisabled(buttonNamed('Save Changes'))).toBe(false);

    await pickDate(user, 'Start date', '13 March 2026');
    expect(await screen.findByText('A booking cannot be longer than 90 nights')).toBeTruthy();
    expect(isDisabled(buttonNamed('Save Changes'))).toBe(true);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
