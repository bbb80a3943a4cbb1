import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import type { Role } from '../../domain/roles.ts';
import type { ExtraChargeType, StockItem } from '../../domain/schemas/billing.ts';
import {
  type ApiCall,
  type ApiReply,
  buttonNamed,
  isDisabled,
  mockApi,
  renderWithProviders,
  toastTexts,
} from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import BillingExtraChargesPage from './billing-extra-charges.tsx';
import BillingStockPage from './billing-stock.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stamps = { created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' };
const FIREWOOD: StockItem = {
  id: 's1',
  owner_id: 'o1',
  name: 'Firewood bundle',
  sku: 'FW-01',
  unit_price_cents: 4_550,
  tax_percent: 15,
  unit: 'bundle',
  ...stamps,
};
const LATE_CHECKOUT: ExtraChargeType = {
  id: 'e1',
  owner_id: 'o1',
  name: 'Late checkout',
  default_amount_cents: 35_000,
  tax_percent: 7.5,
  ...stamps,
};

/** The two catalogue screens; every rule below holds for both. */
const SCREENS = [
  {
    label: 'Stock Items',
    page: <BillingStockPage />,
    path: '/billing/stock',
    api: '/api/billing/stock-items',
    entry: FIREWOOD as StockItem | ExtraChargeType,
    amountLabel: 'Unit Price',
    amountInInput: '45.50',
    texts: {
      empty: 'No items',
      question: 'Delete this item?',
      saved: 'Stock saved',
      deleted: 'Stock deleted',
      loadFailed: 'Failed to load stock',
    },
    /** What a new entry named Welcome pack with R 12.50 sends when the other fields are left as they are. */
    created: { name: 'Welcome pack', sku: null, unit_price_cents: 1_250, tax_percent: 0, unit: 'ea' },
    shown: [formatRandCents(4_550), '15%', 'bundle'],
  },
  {
    label: 'Ad Hoc Charge Types',
    page: <BillingExtraChargesPage />,
    path: '/billing/extra-charges',
    api: '/api/billing/extra-charge-types',
    entry: LATE_CHECKOUT as StockItem | ExtraChargeType,
    amountLabel: 'Default Amount',
    amountInInput: '350.00',
    texts: {
      empty: 'No types',
      question: 'Delete this type?',
      saved: 'Extra charge saved',
      deleted: 'Extra charge deleted',
      loadFailed: 'Failed to load types',
    },
    created: { name: 'Welcome pack', default_amount_cents: 1_250, tax_percent: 0 },
    shown: [formatRandCents(35_000), '7.5%'],
  },
];

interface Options {
  role?: Role;
  entries?: Array<StockItem | ExtraChargeType>;
  onWrite?: (call: ApiCall) => ApiReply;
  list?: ApiReply;
}

function renderScreen(screenUnderTest: (typeof SCREENS)[number], options: Options = {}) {
  const { role = 'owner', entries = [screenUnderTest.entry], onWrite, list } = options;
  let stored = entries;
  const api = mockApi((call) => {
    if (call.url === '/api/session') return { body: { user: aUserProfile({ role }) } };
    if (call.url === '/api/business/owners')
      return {
        body: [{ id: 'o1', first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za' }],
      };
    if (call.method === 'GET' && call.url.startsWith(screenUnderTest.api)) return list ?? { body: stored };
    if (call.url.startsWith(screenUnderTest.api)) {
      const reply = onWrite?.(call) ?? { status: 500 };
      if ((reply.status ?? 200) < 300 && call.method === 'POST')
        stored = [...stored, reply.body as StockItem];
      if ((reply.status ?? 200) < 300 && call.method === 'DELETE') stored = [];
      return reply;
    }
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  const page: ReactElement = screenUnderTest.page;
  return { user, ...api, ...renderWithProviders(page, { path: screenUnderTest.path }) };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe.each(SCREENS)('$label', { timeout: 30_000 }, (under) => {
  it('lists the entries with amounts in 2 decimals', async () => {
    renderScreen(under);
    expect(await screen.findByRole('heading', { name: under.label, level: 1 })).toBeTruthy();
    const item = await screen.findByRole('listitem');
    for (const text of [under.entry.name, ...under.shown])
      expect(plain(item.textContent)).toContain(plain(text));
  });

  it('shows the spec’s empty text', async () => {
    renderScreen(under, { entries: [] });
    expect(await screen.findByText(under.texts.empty)).toBeTruthy();
  });

  it('enables Save once a name is given; amounts show 2 decimals and default to 0', async () => {
    const { user } = renderScreen(under);
    await screen.findByRole('listitem');
    expect(field(under.amountLabel).value).toBe('0.00');
    expect(field('Tax %').value).toBe('0');
    expect(isDisabled(buttonNamed('Save'))).toBe(true);
    await user.type(field('Name'), '   ');
    expect(isDisabled(buttonNamed('Save'))).toBe(true);
    await user.type(field('Name'), 'Welcome pack');
    expect(isDisabled(buttonNamed('Save'))).toBe(false);
  });

  it('saves in cents, says so, refreshes the list and empties the form', async () => {
    const { user, calls } = renderScreen(under, {
      onWrite: (call) => ({ status: 201, body: { ...under.entry, id: 'new', ...(call.body as object) } }),
    });
    await screen.findByRole('listitem');
    await user.type(field('Name'), 'Welcome pack');
    await user.clear(field(under.amountLabel));
    await user.type(field(under.amountLabel), '12.5');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(toastTexts()).toContain(under.texts.saved));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: under.api,
      body: under.created,
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(field('Name').value).toBe('');
  });

  it('shows the server’s message when a save fails', async () => {
    const { user } = renderScreen(under, {
      onWrite: () => ({ status: 400, body: { message: 'Tax % must be 100 or less' } }),
    });
    await screen.findByRole('listitem');
    await user.type(field('Name'), 'Welcome pack');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(toastTexts()).toContain('Tax % must be 100 or less'));
  });

  it('Edit loads the entry; Save sends a PUT; Reset empties the form', async () => {
    const { user, calls } = renderScreen(under, {
      onWrite: (call) => ({ status: 200, body: { ...under.entry, ...(call.body as object) } }),
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${under.entry.name}` }));
    expect(field('Name').value).toBe(under.entry.name);
    expect(field(under.amountLabel).value).toBe(under.amountInInput);
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Renamed');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(toastTexts()).toContain(under.texts.saved));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: `${under.api}/${under.entry.id}`,
      body: { name: 'Renamed', tax_percent: under.entry.tax_percent },
    });
    await user.click(screen.getByRole('button', { name: `Edit ${under.entry.name}` }));
    await user.click(buttonNamed('Reset'));
    expect(field('Name').value).toBe('');
  });

  it('deletes after the spec’s confirm and says so', async () => {
    const { user, calls } = renderScreen(under, {
      onWrite: () => ({ status: 200, body: { archived: true } }),
    });
    await user.click(await screen.findByRole('button', { name: `Delete ${under.entry.name}` }));
    const dialog = await screen.findByRole('dialog', { name: under.texts.question });
    expect(within(dialog).getByText(/archived instead/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain(under.texts.deleted));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`${under.api}/${under.entry.id}`);
    expect(await screen.findByText(under.texts.empty)).toBeTruthy();
  });

  it('says when the list failed to load', async () => {
    renderScreen(under, { list: { status: 500, body: { message: 'boom' } } });
    await waitFor(() => expect(toastTexts()).toContain(under.texts.loadFailed));
  });

  it('an admin picks the business first; the list and new entries are that business’s', async () => {
    const { user, calls } = renderScreen(under, {
      role: 'admin',
      onWrite: (call) => ({ status: 201, body: { ...under.entry, id: 'new', ...(call.body as object) } }),
    });
    expect(
      await screen.findByText(`Choose a business to manage its ${under.label.toLowerCase()}.`),
    ).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith(under.api))).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Business' }));
    await user.click(await screen.findByRole('option', { name: 'Thandi Nkosi (thandi@example.co.za)' }));
    await screen.findByRole('listitem');
    expect(calls.find((call) => call.url.startsWith(under.api))?.url).toBe(`${under.api}?owner_id=o1`);
    await user.type(field('Name'), 'Welcome pack');
    await user.click(buttonNamed('Save'));
    await waitFor(() => expect(toastTexts()).toContain(under.texts.saved));
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(`${under.api}?owner_id=o1`);
  });
});

describe('Stock Items fields', { timeout: 30_000 }, () => {
  it('has Name, SKU, Unit Price, Tax % and Unit (ea by default, placeholder “ea, day...”)', async () => {
    const { user } = renderScreen(SCREENS[0] as (typeof SCREENS)[number]);
    await screen.findByRole('listitem');
    expect(field('SKU').value).toBe('');
    expect(field('Unit').value).toBe('ea');
    await user.clear(field('Unit'));
    expect(field('Unit').placeholder).toBe('ea, day...');
  });
});
