import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRandCents } from '../../domain/money.ts';
import type { ClientBookings, ClientRecord } from '../../domain/schemas/clients.ts';
import { type ApiCall, buttonNamed, mockApi, renderWithProviders, toastTexts } from '../test/render.tsx';
import { aUserProfile } from '../test/wire-fixtures.ts';
import ClientRecordPage from './client-record.tsx';

/** As the page shows it, after Testing Library's whitespace normalising (no-break spaces read as spaces). */
const rand = (cents: number) => formatRandCents(cents).replace(/\s/g, ' ');

const ID = 'c0ffee00-0000-4000-8000-000000000001';

const aRecord = (changes: Partial<ClientRecord> = {}): ClientRecord => ({
  id: ID,
  owner_id: 'o1',
  first_name: 'Lerato',
  last_name: 'Dlamini',
  email: 'lerato@example.co.za',
  phone: null,
  region: 'ZA',
  is_active: true,
  registered: false,
  notes: '',
  notes_updated_at: null,
  created_at: '2026-11-01T08:00:00.000Z',
  ...changes,
});

const BOOKINGS: ClientBookings = {
  bookings: [
    {
      id: 'r1',
      reference: 'RZ-7K3M9Q',
      status: 'confirmed',
      start_date: '2026-12-10',
      end_date: '2026-12-13',
      start_time: null,
      end_time: null,
      property: { id: 'p1', title: 'Sea Point Loft', type: 'accommodation', archived: false },
      total_price_cents: 300_000,
      billed_cents: 345_050,
      received_cents: 120_025,
      balance_due_cents: 225_025,
      credit_cents: 0,
    },
  ],
  totals: { billed_cents: 345_050, received_cents: 120_025, balance_due_cents: 225_025 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(
  options: {
    record?: ClientRecord;
    role?: 'owner' | 'backoffice';
    onWrite?: (call: ApiCall) => unknown;
  } = {},
) {
  let record = options.record ?? aRecord();
  const api = mockApi((call) => {
    if (call.url === '/api/session')
      return {
        body: {
          user: aUserProfile({
            role: options.role ?? 'owner',
            ...(options.role === 'backoffice'
              ? {
                  permissions: {
                    canManageProperties: false,
                    canManageReservations: false,
                    canManageTenants: true,
                    canManageUsers: false,
                    canViewReports: false,
                  },
                }
              : {}),
          }),
        },
      };
    if (call.url === `/api/clients/${ID}` && call.method === 'GET') return { body: record };
    if (call.url === `/api/clients/${ID}/bookings`) return { body: BOOKINGS };
    if (call.url === `/api/clients/${ID}` && call.method === 'PATCH') {
      const refusal = options.onWrite?.(call);
      if (refusal) return refusal as { status: number; body: unknown };
      record = { ...record, ...(call.body as Partial<ClientRecord>) };
      return { body: record };
    }
    if (call.url === `/api/clients/${ID}/notes` && call.method === 'PUT') {
      record = {
        ...record,
        notes: (call.body as { notes: string }).notes.trim(),
        notes_updated_at: '2026-11-20T10:00:00.000Z',
      };
      return { body: record };
    }
    return undefined;
  });
  const user = userEvent.setup({ delay: null });
  return {
    user,
    ...api,
    ...renderWithProviders(<ClientRecordPage />, {
      path: `/tenant-management/${ID}`,
      route: '/tenant-management/:clientId',
    }),
  };
}

describe('a client’s page', () => {
  it('shows the details, the bookings with their balance, and the totals', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lerato Dlamini' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Not Registered')).toBeTruthy();
    expect(screen.getByText('lerato@example.co.za')).toBeTruthy();
    const totals = await screen.findByLabelText('Totals');
    expect(within(totals).getByText(rand(345_050))).toBeTruthy();
    expect(within(totals).getByText(rand(120_025))).toBeTruthy();
    expect(within(totals).getByText(rand(225_025))).toBeTruthy();
    // jsdom is a narrow screen: a card per booking.
    const card = await screen.findByRole('article', { name: 'RZ-7K3M9Q' });
    expect(within(card).getByRole('button', { name: 'Open booking RZ-7K3M9Q' })).toBeTruthy();
    expect(within(card).getByText('Sea Point Loft')).toBeTruthy();
    expect(within(card).getByText('Confirmed')).toBeTruthy();
    expect(within(card).getByText(`Balance due ${rand(225_025)}`)).toBeTruthy();
  });

  it('edits the phone: a wrong number is refused in the dialog, a right one is saved', async () => {
    const { user, calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit client' });
    const phone = within(form).getByRole('textbox', { name: 'Phone' });
    await user.type(phone, '12');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText('Please enter a valid phone number')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(phone);
    await user.type(phone, '082 555 1234');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastTexts()).toContain('Client updated successfully'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      first_name: 'Lerato',
      email: 'lerato@example.co.za',
      phone: '082 555 1234',
    });
  });

  it('a registered client’s email is read only in the dialog', async () => {
    const { user } = renderPage({ record: aRecord({ registered: true }) });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit client' });
    expect(within(form).getByRole('textbox', { name: 'Email' }).hasAttribute('readonly')).toBe(true);
    expect(within(form).getByText('They registered with this email: only they can change it.')).toBeTruthy();
  });

  it('shows the server’s reason when an edit is refused', async () => {
    const { user } = renderPage({
      onWrite: () => ({ status: 409, body: { message: 'This email is already one of your clients' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit client' });
    await user.clear(within(form).getByRole('textbox', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'taken@example.co.za');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastTexts()).toContain('This email is already one of your clients'));
  });

  it('saves private notes; Save Notes waits for a change', async () => {
    const { user, calls } = renderPage();
    const notes = await screen.findByRole('textbox', { name: 'Private notes' });
    const save = buttonNamed('Save Notes');
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(notes, 'Prefers WhatsApp');
    await user.click(save);
    await waitFor(() => expect(toastTexts()).toContain('Notes saved'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ notes: 'Prefers WhatsApp' });
  });

  it('deactivates the client from the page', async () => {
    const { user, calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Lerato Dlamini' }));
    await waitFor(() => expect(toastTexts()).toContain('Client deactivated successfully'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ is_active: false });
  });

  it('staff without the reservations permission see the bookings without opening them', async () => {
    renderPage({ role: 'backoffice' });
    expect(await screen.findByText('RZ-7K3M9Q')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open booking RZ-7K3M9Q' })).toBeNull();
  });
});
