import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import type { Role } from '../../domain/roles.ts';
import type { Rate } from '../../domain/schemas/billing.ts';
import {
  type ApiCall,
  type ApiReply,
  buttonNamed,
  isDisabled,
  mockApi,
  renderWithProviders,
  toastTexts,
} from '../test/render.tsx';
import { aBusinessProperty, aUserProfile } from '../test/wire-fixtures.ts';
import BillingRatesPage from './billing-rates.tsx';

const OVERLAP = 'This date range overlaps an existing rate period for the selected property.';
const END_AFTER_START = 'End date must be after start date.';

const LOFT = aBusinessProperty({
  id: 'loft',
  title: 'Sea Point Loft',
  type: 'accommodation',
  owner_id: 'o1',
});
const CAR = aBusinessProperty({ id: 'car', title: 'Hilux 4x4', type: 'vehicle', owner_id: 'o1' });
const HALL = aBusinessProperty({ id: 'hall', title: 'Karoo Hall', type: 'event_space', owner_id: 'o2' });
const UNIT = aBusinessProperty({ id: 'unit', title: 'Garage 7', type: 'storage_space', owner_id: 'o2' });

const aRate = (changes: Partial<Rate>): Rate => ({
  id: 'r-dec',
  property_id: 'loft',
  owner_id: 'o1',
  start_date: '2026-12-01',
  end_date: '2026-12-16',
  rate_cents: 185_050,
  currency: 'ZAR',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...changes,
});
const DECEMBER = aRate({});

beforeEach(() => {
  // "Today" is 10 November 2026: the pickers open on November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-10T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Options {
  role?: Role;
  rates?: Rate[];
  onWrite?: (call: ApiCall) => ApiReply;
  properties?: ApiReply;
  ratesReply?: ApiReply;
}

function renderPage({ role = 'owner', rates = [DECEMBER], onWrite, properties, ratesReply }: Options = {}) {
  let stored = rates;
  const api = mockApi((call) => {
    if (call.url === '/api/session') return { body: { user: aUserProfile({ role }) } };
    if (call.url === '/api/business/properties') return properties ?? { body: [LOFT, CAR, HALL, UNIT] };
    if (call.url === '/api/business/owners')
      return {
        body: [
          { id: 'o1', first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za' },
          { id: 'o2', first_name: 'Pieter', last_name: 'Botha', email: 'pieter@example.co.za' },
        ],
      };
    const list = /^\/api\/billing\/rates\?property_id=(.+)$/.exec(call.url);
    if (call.method === 'GET' && list)
      return ratesReply ?? { body: stored.filter((rate) => rate.property_id === list[1]) };
    if (call.url.startsWith('/api/billing/rates') && call.method !== 'GET') {
      const reply = onWrite?.(call) ?? { status: 500 };
      if ((reply.status ?? 200) < 300 && call.method === 'POST') stored = [...stored, reply.body as Rate];
      if ((reply.status ?? 200) < 300 && call.method === 'DELETE')
        stored = stored.filter((rate) => !call.url.endsWith(rate.id));
      return reply;
    }
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  return { user, ...api, ...renderWithProviders(<BillingRatesPage />, { path: '/billing/rates' }) };
}

type User = ReturnType<typeof userEvent.setup>;

async function chooseProperty(user: User, title: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Property' }));
  await user.click(await screen.findByRole('option', { name: title }));
}

async function pickDate(user: User, label: string, day: string) {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(await screen.findByRole('button', { name: day }));
  await waitFor(() => expect(screen.queryByRole('button', { name: day })).toBeNull());
}

async function typeRate(user: User, label: string, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, value);
}

const save = () => buttonNamed('Save');
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('Property Rates', { timeout: 30_000 }, () => {
  it('asks for a property first, then shows its periods with 2 decimals, or No rates', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Property Rates', level: 1 })).toBeTruthy();
    expect(screen.getByText('Select a property to see its rate periods and add one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await chooseProperty(user, 'Sea Point Loft');
    const item = await screen.findByRole('listitem');
    expect(plain(item.textContent)).toContain('1 December 2026');
    expect(plain(item.textContent)).toContain('16 December 2026');
    expect(plain(item.textContent)).toContain(plain(formatRandCents(185_050)));
    expect(plain(item.textContent)).toContain('ZAR');
    await chooseProperty(user, 'Hilux 4x4');
    expect(await screen.findByText('No rates')).toBeTruthy();
  });

  it('from 768 px the periods are a table, with No rates as its one row when there are none', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(min-width: 48em)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { user } = renderPage();
    await chooseProperty(user, 'Sea Point Loft');
    const table = await screen.findByRole('table', { name: 'Rates' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const [header, row] = within(table).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Start', 'End', 'Rate', 'Currency', 'Actions']);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => plain(cell.textContent)),
    ).toEqual(['1 December 2026', '16 December 2026', plain(formatRandCents(185_050)), 'ZAR']);
    await chooseProperty(user, 'Hilux 4x4');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Rates' })).getByRole('cell').textContent).toBe(
        'No rates',
      ),
    );
  });

  it.each([
    ['Sea Point Loft', 'Rate/night'],
    ['Hilux 4x4', 'Rate/day'],
    ['Karoo Hall', 'Rate/hour'],
    ['Garage 7', 'Rate/month'],
  ])('labels the rate of %s “%s”', async (title, label) => {
    const { user } = renderPage();
    await chooseProperty(user, title);
    expect(await screen.findByRole('textbox', { name: label })).toBeTruthy();
  });

  it('enables Save only for a complete period that overlaps no other, with the spec’s messages', async () => {
    const { user } = renderPage();
    await chooseProperty(user, 'Sea Point Loft');
    await screen.findByRole('listitem');
    expect(isDisabled(save())).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Rate/night' }) as HTMLInputElement).value).toBe('0.00');

    await pickDate(user, 'Start', '20 November 2026');
    await pickDate(user, 'End (exclusive)', '20 November 2026');
    expect(screen.getByText(END_AFTER_START)).toBeTruthy();
    await typeRate(user, 'Rate/night', '1200');
    expect(isDisabled(save())).toBe(true);

    await pickDate(user, 'End (exclusive)', '2 December 2026');
    expect(screen.getByText(OVERLAP)).toBeTruthy();
    expect(screen.queryByText(END_AFTER_START)).toBeNull();
    expect(isDisabled(save())).toBe(true);

    // Ending on the day December starts only touches it.
    await pickDate(user, 'End (exclusive)', '1 December 2026');
    expect(screen.queryByText(OVERLAP)).toBeNull();
    expect(isDisabled(save())).toBe(false);

    await typeRate(user, 'Rate/night', '0');
    expect(isDisabled(save())).toBe(true);
  });

  it('saves in cents, says Rate saved, refreshes the list and resets the form', async () => {
    const { user, calls } = renderPage({
      onWrite: (call) => ({ status: 201, body: aRate({ id: 'r-nov', ...(call.body as Partial<Rate>) }) }),
    });
    await chooseProperty(user, 'Sea Point Loft');
    await pickDate(user, 'Start', '20 November 2026');
    await pickDate(user, 'End (exclusive)', '1 December 2026');
    await typeRate(user, 'Rate/night', '1234.56');
    await user.click(save());
    await waitFor(() => expect(toastTexts()).toContain('Rate saved'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      property_id: 'loft',
      start_date: '2026-11-20',
      end_date: '2026-12-01',
      rate_cents: 123_456,
      currency: 'ZAR',
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(plain(screen.getAllByRole('listitem')[1]?.textContent)).toContain(plain(formatRandCents(123_456)));
    expect((screen.getByRole('textbox', { name: 'Rate/night' }) as HTMLInputElement).value).toBe('0.00');
    expect(screen.getByRole('button', { name: 'Start' }).textContent).toBe('Pick a date');
  });

  it('shows why a save failed (the earlier app said nothing)', async () => {
    const { user } = renderPage({ onWrite: () => ({ status: 409, body: { message: OVERLAP } }) });
    await chooseProperty(user, 'Sea Point Loft');
    await pickDate(user, 'Start', '20 November 2026');
    await pickDate(user, 'End (exclusive)', '1 December 2026');
    await typeRate(user, 'Rate/night', '900');
    await user.click(save());
    await waitFor(() => expect(toastTexts()).toContain(OVERLAP));
    expect(toastTexts()).not.toContain('Rate saved');
  });

  it('Edit loads a copy; the period may overlap itself; Save sends a PUT; Reset clears to 0', async () => {
    const { user, calls } = renderPage({
      onWrite: (call) => ({ status: 200, body: aRate(call.body as Partial<Rate>) }),
    });
    await chooseProperty(user, 'Sea Point Loft');
    await user.click(await screen.findByRole('button', { name: /^Edit rate 1 December 2026/ }));
    expect(screen.getByRole('heading', { name: 'Edit rate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' }).textContent).toBe('01/12/2026');
    expect(screen.getByRole('button', { name: 'End (exclusive)' }).textContent).toBe('16/12/2026');
    expect((screen.getByRole('textbox', { name: 'Rate/night' }) as HTMLInputElement).value).toBe('1 850.50');

    // The picker opens on December; the last days of November lead its first week.
    await pickDate(user, 'Start', '30 November 2026');
    expect(screen.queryByText(OVERLAP)).toBeNull();
    await user.click(save());
    await waitFor(() => expect(toastTexts()).toContain('Rate saved'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/billing/rates/r-dec');
    expect(put?.body).toMatchObject({
      start_date: '2026-11-30',
      end_date: '2026-12-16',
      rate_cents: 185_050,
    });

    await user.click(await screen.findByRole('button', { name: /^Edit rate/ }));
    await user.click(buttonNamed('Reset'));
    expect(screen.getByRole('heading', { name: 'Add a rate' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Rate/night' }) as HTMLInputElement).value).toBe('0.00');
    expect((screen.getByRole('combobox', { name: 'Currency' }) as HTMLInputElement).value).toBe('ZAR');
  });

  it('deletes after the confirm “Delete this rate?” and says Rate deleted; a failure is shown', async () => {
    let allow = false;
    const { user, calls } = renderPage({
      onWrite: () =>
        allow
          ? { status: 204 }
          : { status: 403, body: { message: 'You do not have permission to perform this action.' } },
    });
    await chooseProperty(user, 'Sea Point Loft');
    await user.click(await screen.findByRole('button', { name: /^Delete rate 1 December 2026/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this rate?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain('You do not have permission to perform this action.'));

    allow = true;
    await user.click(screen.getByRole('button', { name: /^Delete rate 1 December 2026/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this rate?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Rate deleted'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/billing/rates/r-dec',
      '/api/billing/rates/r-dec',
    ]);
    expect(await screen.findByText('No rates')).toBeTruthy();
  });

  it('Cancel in the confirm deletes nothing', async () => {
    const { user, calls } = renderPage();
    await chooseProperty(user, 'Sea Point Loft');
    await user.click(await screen.findByRole('button', { name: /^Delete rate/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this rate?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('says Failed to load properties', async () => {
    renderPage({ properties: { status: 500, body: { message: 'boom' } } });
    await waitFor(() => expect(toastTexts()).toContain('Failed to load properties'));
  });

  it('says Failed to load rates', async () => {
    const { user } = renderPage({ ratesReply: { status: 500, body: { message: 'boom' } } });
    await chooseProperty(user, 'Sea Point Loft');
    await waitFor(() => expect(toastTexts()).toContain('Failed to load rates'));
  });

  it('says Not signed in when the session has gone', async () => {
    renderPage({ properties: { status: 401, body: { message: 'Not signed in' } } });
    await waitFor(() => expect(toastTexts()).toContain('Not signed in'));
  });

  it('an admin sees every business’s listings under their owner’s name', async () => {
    const { user } = renderPage({ role: 'admin' });
    await user.click(await screen.findByRole('combobox', { name: 'Property' }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getByText('Pieter Botha')).toBeTruthy());
    expect(within(listbox).getByText('Thandi Nkosi')).toBeTruthy();
    expect(within(listbox).getByRole('option', { name: 'Karoo Hall' })).toBeTruthy();
  });
});
