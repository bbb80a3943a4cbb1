import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed, CalendarSyncOverview } from '../../domain/schemas/calendar-import.ts';
import { buttonNamed, mockApi, renderWithProviders } from '../test/render.tsx';
import CalendarSyncPage from './calendar-sync.tsx';

const PROPERTY = 'a0ffee00-0000-4000-8000-000000000001';
const FEED = 'b0ffee00-0000-4000-8000-000000000002';

const aFeed = (changes: Partial<CalendarFeed> = {}): CalendarFeed => ({
  id: FEED,
  property_id: PROPERTY,
  label: 'Airbnb',
  url: 'https://www.airbnb.com/calendar/ical/1.ics?s=abc',
  created_at: '2026-11-20T08:00:00.000Z',
  last_synced_at: '2026-11-26T08:00:00.000Z',
  last_error: null,
  last_error_at: null,
  event_count: 3,
  conflict_count: 0,
  ...changes,
});

function renderPage(
  overview: CalendarSyncOverview,
  onAdd?: (body: unknown) => { status: number; body: unknown },
) {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.url === `/api/properties/${PROPERTY}/calendar-feeds`)
      return { body: overview };
    if (call.method === 'POST' && call.url === `/api/properties/${PROPERTY}/calendar-feeds` && onAdd)
      return onAdd(call.body);
    return undefined;
  });
  renderWithProviders(<CalendarSyncPage />, {
    path: `/property-management/${PROPERTY}/calendar-sync`,
    route: '/property-management/:propertyId/calendar-sync',
  });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('Calendar sync page', () => {
  it('shows the listing, each feed’s last sync and error, and the conflicts', async () => {
    renderPage({
      property: { id: PROPERTY, title: 'Sea Point flat' },
      feeds: [
        aFeed({ conflict_count: 1 }),
        aFeed({
          id: 'c0ffee00-0000-4000-8000-000000000003',
          label: 'Google',
          last_error: 'The calendar could not be read: the server answered 404.',
          last_error_at: '2026-11-26T09:00:00.000Z',
        }),
      ],
      conflicts: [
        {
          id: 'd0ffee00-0000-4000-8000-000000000004',
          feed_id: FEED,
          feed_label: 'Airbnb',
          external_uid: 'x@airbnb.com',
          summary: 'Reserved',
          start_date: '2026-12-10',
          end_date: '2026-12-12',
          reservation_id: null,
          clash: 'Booking RZ-7K3M9Q',
          detected_at: '2026-11-26T08:00:00.000Z',
        },
      ],
    });
    expect(await screen.findByText('Sea Point flat')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Calendar sync', level: 1 })).toBeTruthy();
    const google = screen.getByRole('listitem', { name: 'Google' });
    expect(within(google).getByRole('alert').textContent).toContain('the server answered 404.');
    expect(within(google).getByText('Sync failed')).toBeTruthy();
    const conflicts = screen.getByRole('table', { name: 'Calendar conflicts' });
    expect(within(conflicts).getByText('Booking RZ-7K3M9Q')).toBeTruthy();
    expect(within(conflicts).getByText('Reserved')).toBeTruthy();
  });

  it('the import dialog checks the address before sending, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const api = renderPage(
      { property: { id: PROPERTY, title: 'Sea Point flat' }, feeds: [], conflicts: [] },
      () => ({
        status: 400,
        body: { message: 'The calendar could not be read: the server answered 404.' },
      }),
    );
    expect(await screen.findByText(/No calendars imported yet/)).toBeTruthy();
    await user.click(buttonNamed('Import a calendar'));
    const dialog = await screen.findByRole('dialog', { name: 'Import a calendar' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Airbnb');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Calendar address/ }),
      'ftp://example.com/a.ics',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import calendar' }));
    expect(await within(dialog).findByText('Please enter a valid http:// or https:// address')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    const address = within(dialog).getByRole('textbox', { name: /Calendar address/ });
    await user.clear(address);
    await user.type(address, 'https://example.com/gone.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Import calendar' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'The calendar could not be read: the server answered 404.',
      ),
    );
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      label: 'Airbnb',
      url: 'https://example.com/gone.ics',
    });
  });
});
