import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  type ApiReply,
  buttonNamed,
  isDisabled,
  mockApi,
  renderWithProviders,
  toastTexts,
} from '../../../test/render.tsx';
import type { BusinessProperty, Client } from '../api.ts';
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

const LERATO: Client = {
  id: 'c0ffee00-2222-4000-8000-000000000001',
  owner_id: OWNER,
  first_name: 'Lerato',
  last_name: 'Dlamini',
  email: 'lerato@example.co.za',
  phone: null,
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

function renderEditor(onSave: (call: ApiCall) => ApiReply = () => ({ status: 201, body: { id: 'r1' } })) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/business/properties') {
      return { body: [LOFT, CAR, HALL, DRILL, STORE] };
    }
    if (call.method === 'GET' && call.url === '/api/clients') return { body: [LERATO] };
    if (call.method === 'POST' && call.url === '/api/reservations') return onSave(call);
    return undefined;
  });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(<ReservationEditor opened onClose={onClose} onSaved={onSaved} />);
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

  it('recomputes the total (price × nights + cleaning fee, in whole rand) when the property or dates change', async () => {
    const { user } = renderEditor();
    await loaded();
    expect(totalPrice()).toBe('R 0');

    await choose(user, 'Property', 'Sea Point Loft');
    expect(totalPrice()).toBe('R 1 550'); // 1 night × R1 250 + R300 cleaning
    await choose(user, 'Property', 'Karoo Hall');
    expect(totalPrice()).toBe('R 3 500'); // 1 × R3 000 + R500

    await pickDate(user, 'End date', '14 March 2026');
    expect(totalPrice()).toBe('R 12 500'); // 4 × R3 000 + R500
    expect(screen.getByText('4 nights')).toBeTruthy();

    await pickDate(user, 'Start date', '12 March 2026');
    expect(totalPrice()).toBe('R 6 500'); // 2 × R3 000 + R500

    await choose(user, 'Property', 'Polo Vivo');
    expect(totalPrice()).toBe('R 900'); // 2 × R450, no cleaning fee
  });

  it('clamps negative tax, discount and rate override to 0', async () => {
    const { user, calls } = renderEditor();
    await loaded();
    await choose(user, 'Property', 'Sea Point Loft');
    await choose(user, 'Client', 'Lerato Dlamini (lerato@example.co.za)');

    for (const [label, typed, clamped] of [
      ['Tax %', '-15', '0'],
      ['Discount %', '-10', '0'],
      ['Rate override per day (R)', '-200', '0.00'],
    ] as const) {
      await user.clear(input(label));
      await user.type(input(label), typed);
      expect(totalPrice()).toBe(label.startsWith('Rate') ? 'R 300' : 'R 1 550'); // never a negative rate
      await user.tab(); // leaving the field shows the clamped value, never the negative one
      expect(input(label).value).toBe(clamped);
    }
    expect(totalPrice()).toBe('R 300'); // a zero rate leaves only the cleaning fee

    await user.click(createButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      tax_percent: 0,
      discount_percent: 0,
      rate_override_per_day_cents: 0,
    });
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
    await user.type(input('Tax %'), '15');
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
      tax_percent: 15,
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
});
