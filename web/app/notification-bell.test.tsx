import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InAppNotification } from '../../domain/schemas/in-app-notifications.ts';
import { currentUrl, mockApi, renderWithProviders, toastTexts } from '../test/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

afterEach(() => vi.unstubAllGlobals());

const BASE = '/api/me/notifications';
const SETTINGS = { email: true, sms: true, app: true, sms_available: false };
const item = (overrides: Partial<InAppNotification>): InAppNotification => ({
  id: crypto.randomUUID(),
  kind: 'booking_request',
  title: 'New booking request from Sipho Ndlovu',
  body: 'Karoo Cottage, 13 December 2026 to 14 December 2026 (RZ-7K3M9Q)',
  link: '/reservation-management?reservation=0b0b0b0b-0000-4000-8000-000000000000',
  read: false,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...overrides,
});

function fakeServer(items: InAppNotification[], settings = SETTINGS) {
  let unread = items.filter((entry) => !entry.read).length;
  return mockApi((call) => {
    if (call.url === `${BASE}/unread-count`) return { body: { unread } };
    if (call.url === `${BASE}?page=1`)
      return { body: { items, page: 1, page_size: 20, has_more: false, unread } };
    if (call.url === '/api/me/notification-settings') return { body: settings };
    if (call.method === 'POST' && call.url === `${BASE}/read-all`) {
      unread = 0;
      return { body: { unread: 0 } };
    }
    if (call.method === 'POST' && call.url.endsWith('/read')) {
      unread = Math.max(0, unread - 1);
      return { body: { unread } };
    }
    return undefined;
  });
}

describe('the notification bell', { timeout: 30_000 }, () => {
  it('names the unread count, lists the newest with time ago, and a click marks it read and opens it', async () => {
    const request = item({});
    const api = fakeServer([
      request,
      item({ title: 'Your booking is confirmed', read: true, link: '/my-reservations' }),
    ]);
    const { router } = renderWithProviders(<NotificationBell />, {
      routes: [{ path: '/reservation-management', element: <p>Reservations</p> }],
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const user = userEvent.setup({ delay: null });
    await user.click(bell);

    const open = await screen.findByRole('button', {
      name: /^Unread: New booking request from Sipho Ndlovu/,
    });
    expect(open.textContent).toContain('5 min ago');
    expect(screen.getByRole('button', { name: /^Your booking is confirmed/ })).toBeTruthy();

    await user.click(open);
    await waitFor(() => expect(currentUrl(router)).toBe(request.link));
    await waitFor(() =>
      expect(
        api.calls.some((call) => call.method === 'POST' && call.url === `${BASE}/${request.id}/read`),
      ).toBe(true),
    );
  });

  it('marks all as read', async () => {
    fakeServer([item({}), item({ title: 'Payment of R 250.00 received', kind: 'payment_recorded' })]);
    renderWithProviders(<NotificationBell />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    // As a person does: once the list is there (the button is disabled until it loads).
    await screen.findByRole('button', { name: /^Unread: Payment of R 250.00 received/ });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(toastTexts()).toContain('All notifications marked as read'));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeTruthy();
  });

  it('empty, with in-app switched off: says so and where to switch it on', async () => {
    fakeServer([], { ...SETTINGS, app: false });
    renderWithProviders(<NotificationBell />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Switch them on' });
    expect(link.getAttribute('href')).toBe('/profile#notification-settings');
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
